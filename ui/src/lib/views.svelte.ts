// Screen state kept while moving around: the rules search (History's and Statistics' own live
// beside their components).
import type { GameId, RuleKind } from '$lib/backend';

export const rulesView = $state<{
	query: string;
	game: GameId | null;
	variant: string | null;
	kind: RuleKind | null;
	/** The game of the play last opened: its entries come first. */
	prefer: GameId | null;
}>({ query: '', game: null, variant: null, kind: null, prefer: null });
