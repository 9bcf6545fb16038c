// The contract's types, re-exported from the (generated) bindings, plus names for the nested
// shapes that the generator may or may not name. Only src/lib/backend/ imports bindings.
import type { CitadellesRound, Colour, GameSummary, PlaySummary, RuleHit, RuleView, Scoreboard } from './bindings';

/**
 * Each game's limits and fixed lists (steppers' bounds, ids, lists to draw buttons from),
 * generated from the core (`<game>::limits()`): the only place the UI learns them.
 */
export { CITADELLES_LIMITS, ORLEANS_LIMITS, SPLENDOR_LIMITS, VALENCIA_LIMITS } from './bindings';

export type {
	ApiError,
	CitadellesLimits,
	OrleansCountLimit,
	OrleansGood,
	OrleansLimits,
	OrleansRawDeck,
	OrleansRawLogEntry,
	OrleansRawOptions,
	OrleansRawPlayer,
	OrleansRawTable,
	OrleansRawTeam,
	SplendorLimits,
	Module as SplendorModule,
	ValenciaLimits,
	ValenciaProgress,
	ValenciaRawFountain,
	ValenciaRawMission,
	ValenciaRawPlayer,
	ValenciaRawTable,
	ValenciaResource,
	ValenciaVariant,
	AppInfo,
	BackupFile,
	BgStatsReport,
	CsvDelimiter,
	CsvOptions,
	ExportKind,
	ExportedFile,
	GameStats,
	ImportKind,
	ImportReport,
	ImportSummary,
	MonthCount,
	OutcomeKind,
	OtherPlayFilter,
	OtherPlayPage,
	OtherPlaySummary,
	PlayerPlayCount,
	PlayEdit,
	PlayerStats,
	SuccessRate,
	Progress,
	ProgressStage,
	ScenarioStats,
	OrleansActInfo,
	OrleansCharacterInfo,
	OrleansClosedRound,
	OrleansDeck,
	OrleansDecision,
	OrleansDeckPlan,
	OrleansDuty,
	OrleansEventInfo,
	OrleansEventNow,
	OrleansEventSpot,
	OrleansFailure,
	OrleansForecast,
	OrleansForecastRound,
	OrleansGoal,
	OrleansGoods,
	OrleansHelp,
	OrleansMoment,
	OrleansObjectiveInfo,
	OrleansOptionInfo,
	OrleansPayment,
	OrleansResolution,
	OrleansResolutionStatus,
	OrleansScenario,
	OrleansScenarioInfo,
	OrleansState,
	OrleansStatus,
	OrleansTileChoice,
	OrleansUpcoming,
	ValenciaAuction,
	ValenciaBid,
	ValenciaCardValue,
	ValenciaCouncil,
	ValenciaCouncilSeat,
	ValenciaDeckLeft,
	ValenciaHelp,
	ValenciaJudging,
	ValenciaMissionHelp,
	ValenciaMissionInfo,
	ValenciaMissionKind,
	ValenciaMissionStatus,
	ValenciaMoment,
	ValenciaNinaBid,
	ValenciaRawAuction,
	ValenciaRawBid,
	ValenciaRawCard,
	ValenciaRawCouncil,
	ValenciaRawCouncillor,
	ValenciaRawRound,
	ValenciaRawRoundPlayer,
	ValenciaResourceCounts,
	ValenciaRound,
	ValenciaSeatHelp,
	ValenciaStep,
	CardValue,
	CardCatalogue,
	CitadellesCall,
	CitadellesCatalogue,
	CitadellesCharacterInfo,
	CitadellesCustomWonder,
	CitadellesDestroyTarget,
	CitadellesDestruction,
	CitadellesDestructionQuote,
	CitadellesDistrictInfo,
	CitadellesDistrictType,
	CitadellesDraftAction,
	CitadellesDraftDraw,
	CitadellesDraftPlan,
	CitadellesDraftStep,
	CitadellesDrawnCharacter,
	CitadellesHelp,
	CitadellesProfileInfo,
	CitadellesRound,
	CitadellesRoundAction,
	CitadellesRoundCharacter,
	CitadellesRoundRecord,
	CitadellesRoundSetup,
	CitadellesRoundView,
	CitadellesSeatHelp,
	CitadellesThreshold,
	CitadellesTurn,
	CitadellesTurnOutcome,
	CitadellesVariant,
	CitadellesWonderEffect,
	CitadellesWonderInfo,
	CitiesHelp,
	CityEligibility,
	CityHelp,
	CityInfo,
	CityMissing,
	CityRequirement,
	Colour,
	ColourCounts,
	EndHelp,
	GameId,
	GameSummary,
	Help,
	Lang,
	LoadedPreferences,
	NewPlay,
	NewSeat,
	OrientCardInfo,
	OrientKind,
	Outcome,
	PlayDetail,
	PlayFilter,
	PlayMode,
	PlayPage,
	PlayStatus,
	PlaySummary,
	Player,
	PowerId,
	PowerInfo,
	PowerStatus,
	Preferences,
	Prestige,
	Problem,
	SetupStep,
	RoundEvent,
	RuleHit,
	RuleKind,
	RuleSearch,
	SearchFilter,
	Scoreboard,
	ScorePreview,
	UndoneState,
	Seat,
	SeatHelp,
	TableHelp,
	Text,
	Theme,
	// Table mode, the host's side (issue #18).
	TableChange,
	TableDevice,
	TableDoor,
	TableSeatStatus,
	TableSession,
	TableStatus
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
export type ErrorKind = import('./bindings').ApiError['kind'];

/** The generic score sheet stored as a play's table_state (contract: "The generic score sheet"). */
export interface TableState {
	/** The marker of this shape: the core never guesses it. */
	sheet: 'generic';
	variant: string;
	players: { name: string; points: Record<string, number | null> }[];
	result?: { won: boolean | null; round_reached: number | null };
}

/**
 * Les Cités de Splendor's table state, schema version 2 (the core's `games::splendor` docs).
 * Counts absent or null are 0; fields of another module may be sent empty or at 0.
 */
export interface SplendorTableState {
	/** The module: `cities`, `trading_posts`, `orient` or `strongholds`. */
	variant: string;
	/** Cities module: the 3 faces on the table. */
	cities_in_play?: string[];
	/** In seat order. */
	players: SplendorPlayerState[];
}

export interface SplendorPlayerState {
	name: string;
	/** Bonuses from ordinary development cards (Orient cards are counted from `orient`). */
	bonuses: Partial<Record<Colour, number | null>>;
	card_prestige?: number | null;
	/** Ordinary development cards; when given it must equal the sum of `bonuses`. */
	development_cards?: number | null;
	/** Nobles who visited (not in the Cities module). */
	nobles?: number | null;
	/** Cities module: the city taken, at most one. */
	cities?: string[];
	/** Orient module: the Orient cards owned; `colour` only on pairing cards. */
	orient?: { card: string; colour?: Colour }[];
	/** Orient module: nobles reserved that have not visited yet. */
	reserved_nobles?: number | null;
	/** Gold tokens in hand (no points). */
	gold?: number | null;
	/** Strongholds module: strongholds standing on cards (no points). */
	strongholds?: number | null;
}

/**
 * Citadelles' table state, schema version 2 (the core's `games::citadelles` table). Counts
 * absent or null are 0, lists empty, flags false.
 */
export interface CitadellesTableState {
	/** `classique` or `deuxieme_edition`. */
	variant: string;
	/** Classique: 8 districts complete a city whatever the player count. */
	longer_game?: boolean;
	/** 2e édition: a rank-9 character is in play. */
	ninth_character?: boolean;
	/** One character id per rank (absent: the base characters). */
	characters_in_play?: string[];
	/** In seat order. */
	players: CitadellesPlayerState[];
	/** Seats in the order their cities were completed. */
	completion_order?: number[];
	/** Seat holding the crown at the end. */
	crown?: number | null;
	/** The round the caller is calling now (the core's own state of it). */
	round_in_progress?: CitadellesRound | null;
}

export interface CitadellesPlayerState {
	name: string;
	/** District ids from the profile's catalogue. */
	districts?: string[];
	custom_wonders?: { name: string; cost: number; extra_points: number }[];
	gold?: number | null;
	cards_in_hand?: number | null;
	/** Ranks revealed in the last round (an assassinated character was not). */
	characters_last_round?: number[];
	haunted_city_built_last_round?: boolean;
	museum_cards?: number | null;
	secret_vault?: boolean;
	beautified?: string[];
}

/**
 * Another game's table state (Valencia, Orléans): the play screen's own module types it; the
 * core checks it.
 */
export interface GameTableState {
	variant: string;
	players: object[];
	[key: string]: unknown;
}

/** Any table state a play screen sends. */
export type AnyTableState =
	| TableState
	| SplendorTableState
	| CitadellesTableState
	| import('./bindings').ValenciaRawTable
	| import('./bindings').OrleansRawTable
	| GameTableState;
