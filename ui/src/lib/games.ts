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
import CitadellesSheet from '$lib/components/citadelles/CitadellesSheet.svelte';
import CitadellesSeat from '$lib/components/citadelles/CitadellesSeat.svelte';
import CitadellesStats from '$lib/components/citadelles/CitadellesStats.svelte';
import OrleansSheet from '$lib/components/orleans/OrleansSheet.svelte';
import OrleansSeat from '$lib/components/orleans/OrleansSeat.svelte';
import OrleansHistoryLog from '$lib/components/orleans/OrleansHistoryLog.svelte';
import SplendorSheet from '$lib/components/splendor/SplendorSheet.svelte';
import SplendorSeat from '$lib/components/splendor/SplendorSeat.svelte';
import ValenciaSheet from '$lib/components/valencia/ValenciaSheet.svelte';
import ValenciaSeat from '$lib/components/valencia/ValenciaSeat.svelte';
import ValenciaStats from '$lib/components/valencia/ValenciaStats.svelte';

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

export interface GameUi<M extends AnyModel = AnyModel> {
	/** The game's own play screen. */
	sheet: Component<PlaySheetProps>;
	/** Whether a play's table state is the sheet's (null: a new play); an older generic state
	 * keeps the generic ScoreSheet. */
	wantsSheet: (saved: unknown) => boolean;
	/** The seat's panel on a phone. */
	seat: Component<SeatPanelProps<M>>;
	/** The model for `seats`, filled from a saved table state when there is one. */
	modelFor: (variant: string, seats: Seat[], saved?: unknown) => M;
	/** The model written back as the table state the core reads. */
	toState: (model: M) => AnyTableState;
	/** What Greffier does for the game, one line for the Home screen's first launch. */
	tagline: () => string;
	/** History's round log for a table state the sheet reads, when the game keeps one of its
	 * own: it replaces the stored events of the kind it names. */
	roundLog?: { panel: Component<RoundLogProps>; replaces: string };
	/** Statistics' charts of what only this game records (Valencia's missions…). */
	statsCharts?: Component<StatsChartsProps>;
}

/** One entry, checked against its own model type, then kept as any game's. */
function entry<M extends AnyModel>(ui: GameUi<M>): GameUi {
	return ui as unknown as GameUi;
}

export const GAMES: Record<GameId, GameUi> = {
	valencia: entry({
		sheet: ValenciaSheet,
		wantsSheet: wantsValenciaSheet,
		seat: ValenciaSeat,
		modelFor: valenciaFor,
		toState: toValenciaState,
		tagline: () => m.home_tagline_valencia(),
		statsCharts: ValenciaStats
	}),
	citadelles: entry({
		sheet: CitadellesSheet,
		wantsSheet: wantsCitadellesSheet,
		seat: CitadellesSeat,
		modelFor: citadellesFor,
		toState: toCitadellesState,
		tagline: () => m.home_tagline_citadelles(),
		statsCharts: CitadellesStats
	}),
	orleans: entry({
		sheet: OrleansSheet,
		wantsSheet: wantsOrleansSheet,
		seat: OrleansSeat,
		modelFor: orleansFor,
		toState: toOrleansState,
		tagline: () => m.home_tagline_orleans(),
		roundLog: { panel: OrleansHistoryLog, replaces: 'orleans_round' }
	}),
	splendor: entry({
		sheet: SplendorSheet,
		wantsSheet: wantsSplendorSheet,
		seat: SplendorSeat,
		modelFor: splendorFor,
		toState: toSplendorState,
		tagline: () => m.home_tagline_splendor()
	})
};
