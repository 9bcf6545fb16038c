// The four games as the UI knows them: one entry per game, and nowhere else a test of the game's
// id. A game's screens live in its own folder (`components/<game>/`), its model in `<game>.ts`,
// its words in `messages/`; this file only says which of them the shared screens use. Typed as
// `Record<GameId, …>`, so a game the core adds is refused by `npm run check` until it has its
// entry. Nothing here is game data: catalogues, limits and texts come from the core.
import type { Component } from 'svelte';
import type { AnyTableState, CardValue, GameId, GameStats, Problem, Seat, TableHelp } from '$lib/backend';
import type { PlaySheetProps } from '$lib/play-session.svelte';
import { m } from '$lib/i18n.svelte';
import { citadellesFor, toCitadellesState, wantsCitadellesSheet } from '$lib/citadelles';
import { orleansFor, toOrleansState, wantsOrleansSheet } from '$lib/orleans';
import { splendorFor, toSplendorState, wantsSplendorSheet } from '$lib/splendor';
import { toValenciaState, valenciaFor, wantsValenciaSheet } from '$lib/valencia';

/** What a game's model has in common: one entry per seat. */
export type AnyModel = { players: unknown[] };

/** A phone's seat panel (table mode): the player's own part of the game's model, each change told. */
export interface SeatPanelProps<M extends AnyModel = AnyModel> {
	/** The phone's seat. */
	i: number;
	seat: Seat;
	model: M;
	help: TableHelp | null;
	/** The printed values the host's history remembers (offered when a card is added). */
	cardValues: CardValue[];
	fieldProblems: (prefix: string) => Problem[];
	onchange: (next: M) => void;
	onrule: (id: string) => void;
}

/** A game's own round log in History, read from the play's saved table state. */
export interface RoundLogProps {
	/** The play's saved table state. */
	saved: unknown;
	seats: Seat[];
	onrule: (id: string) => void;
}

/** A game's own charts in Statistics, after the charts every game has. */
export interface StatsChartsProps {
	stats: GameStats;
	onrule: (id: string) => void;
}

/** A screen piece loaded when it is first shown, so a page carries only its own game's. */
export type Lazy<P extends object> = () => Promise<{ default: Component<P> }>;

export interface GameUi<M extends AnyModel = AnyModel> {
	/** The game's own play screen. */
	sheet: Lazy<PlaySheetProps>;
	/** Whether a play's table state is the sheet's (null: a new play); an older generic state
	 * keeps the generic ScoreSheet. */
	wantsSheet: (saved: unknown) => boolean;
	/** The seat's panel on a phone. */
	seat: Lazy<SeatPanelProps<M>>;
	/** The model for `seats`, filled from a saved table state when there is one. */
	modelFor: (variant: string, seats: Seat[], saved?: unknown) => M;
	/** The model written back as the table state the core reads. */
	toState: (model: M) => AnyTableState;
	/** What Greffier does for the game, one line for the Home screen's first launch. */
	tagline: () => string;
	/** History's round log for a table state the sheet reads, when the game keeps one of its
	 * own: it replaces the stored events of the kind it names. */
	roundLog?: { panel: Lazy<RoundLogProps>; replaces: string };
	/** Statistics' charts of what only this game records (Valencia's missions…). */
	statsCharts?: Lazy<StatsChartsProps>;
}

/** One entry, checked against its own model type, then kept as any game's. */
function entry<M extends AnyModel>(ui: GameUi<M>): GameUi {
	return ui as unknown as GameUi;
}

export const GAMES: Record<GameId, GameUi> = {
	valencia: entry({
		sheet: () => import('$lib/components/valencia/ValenciaSheet.svelte'),
		wantsSheet: wantsValenciaSheet,
		seat: () => import('$lib/components/valencia/ValenciaSeat.svelte'),
		modelFor: valenciaFor,
		toState: toValenciaState,
		tagline: () => m.home_tagline_valencia(),
		statsCharts: () => import('$lib/components/valencia/ValenciaStats.svelte')
	}),
	citadelles: entry({
		sheet: () => import('$lib/components/citadelles/CitadellesSheet.svelte'),
		wantsSheet: wantsCitadellesSheet,
		seat: () => import('$lib/components/citadelles/CitadellesSeat.svelte'),
		modelFor: citadellesFor,
		toState: toCitadellesState,
		tagline: () => m.home_tagline_citadelles(),
		statsCharts: () => import('$lib/components/citadelles/CitadellesStats.svelte')
	}),
	orleans: entry({
		sheet: () => import('$lib/components/orleans/OrleansSheet.svelte'),
		wantsSheet: wantsOrleansSheet,
		seat: () => import('$lib/components/orleans/OrleansSeat.svelte'),
		modelFor: orleansFor,
		toState: toOrleansState,
		tagline: () => m.home_tagline_orleans(),
		roundLog: { panel: () => import('$lib/components/orleans/OrleansHistoryLog.svelte'), replaces: 'orleans_round' }
	}),
	splendor: entry({
		sheet: () => import('$lib/components/splendor/SplendorSheet.svelte'),
		wantsSheet: wantsSplendorSheet,
		seat: () => import('$lib/components/splendor/SplendorSeat.svelte'),
		modelFor: splendorFor,
		toState: toSplendorState,
		tagline: () => m.home_tagline_splendor()
	})
};
