// The play log's filters and page, and the last play sent to the bin (for its undo), kept while
// moving around the app.
import type { GameId, OutcomeKind, PlayStatus } from '$lib/backend';

/** The outcome filter's choices: competitive, or co-op / solo won or lost, or a race. */
export type OutcomeChoice = '' | 'points' | 'coop_won' | 'coop_lost' | 'solo_won' | 'solo_lost' | 'objective_race';

export const logView = $state<{
	game: GameId | null;
	variant: string | null;
	status: PlayStatus | null;
	playerId: number | null;
	outcome: OutcomeChoice;
	/** `YYYY-MM-DD`, from the date inputs; '' for no bound. */
	from: string;
	to: string;
	bin: boolean;
	/** Listing the plays of other games (BG Stats imports) instead of ours. */
	others: boolean;
	page: number;
}>({ game: null, variant: null, status: null, playerId: null, outcome: '', from: '', to: '', bin: false, others: false, page: 0 });

export const lastDeleted = $state<{ id: number | null; label: string }>({ id: null, label: '' });

/** The core's `outcome` and `won` for an outcome choice. */
export function outcomeFilter(c: OutcomeChoice): { outcome: OutcomeKind | null; won: boolean | null } {
	switch (c) {
		case '':
			return { outcome: null, won: null };
		case 'points':
		case 'objective_race':
			return { outcome: c, won: null };
		default: {
			const [kind, res] = c.split('_') as ['coop' | 'solo', 'won' | 'lost'];
			return { outcome: kind, won: res === 'won' };
		}
	}
}

/** A local calendar day as the instant it starts (the `to` bound: the day after, exclusive). */
export function dayBound(day: string, end: boolean): string | null {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
	const d = new Date(`${day}T00:00:00`);
	if (Number.isNaN(d.getTime())) return null;
	if (end) d.setDate(d.getDate() + 1);
	return d.toISOString();
}
