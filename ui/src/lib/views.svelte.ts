// Screen state kept while moving around (history filters and page, the rules search).
import type { GameId, PlayStatus, RuleKind } from '$lib/backend';

export const historyView = $state<{ game: GameId | null; status: PlayStatus | null; page: number }>({
	game: null,
	status: null,
	page: 0
});

export const rulesView = $state<{
	query: string;
	game: GameId | null;
	variant: string | null;
	kind: RuleKind | null;
	/** The game of the play last opened: its entries come first. */
	prefer: GameId | null;
}>({ query: '', game: null, variant: null, kind: null, prefer: null });
