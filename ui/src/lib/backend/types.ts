// The contract's types, re-exported from the (generated) bindings, plus names for the nested
// shapes that the generator may or may not name. Only src/lib/backend/ imports bindings.
import type { GameSummary, PlaySummary, RuleHit, RuleView, Scoreboard } from './bindings';

export type {
	AppInfo,
	CommandError,
	GameId,
	GameSummary,
	Lang,
	LoadedPreferences,
	NewPlay,
	NewSeat,
	Outcome,
	PlayDetail,
	PlayFilter,
	PlayMode,
	PlayPage,
	PlayStatus,
	PlaySummary,
	Player,
	Preferences,
	Problem,
	RuleHit,
	RuleKind,
	Scoreboard,
	ScorePreview,
	Seat,
	Text,
	Theme
} from './bindings';

/** A rule entry ready to show (the contract's RuleEntry; generated as RuleView). */
export type RuleEntry = RuleView;

export type Variant = GameSummary['variants'][number];
export type Category = GameSummary['categories'][number];
export type PlayerScore = Scoreboard['players'][number];
export type CategoryScore = PlayerScore['categories'][number];
export type TieBreak = Scoreboard['tie_breaks'][number];
export type SummaryPlayer = PlaySummary['players'][number];
export type SnippetSegment = RuleHit['snippet'][number];
export type RelatedRule = RuleEntry['related'][number];
export type ErrorKind = import('./bindings').CommandError['kind'];

/** The generic score sheet stored as a play's table_state (contract: "The generic score sheet"). */
export interface TableState {
	variant: string;
	players: { name: string; points: Record<string, number | null> }[];
	result?: { won: boolean | null; round_reached: number | null };
}
