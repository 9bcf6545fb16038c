// How the statistics tabs write their figures and names, in the page's language.
import type { GameId } from '$lib/backend';
import { app } from '$lib/app.svelte';
import { dateFormat, fmtNumber, m, tx } from '$lib/i18n.svelte';
import { percent, type SuccessRate } from './stats';

/** A success rate as a percentage, or “—” when nothing was played. */
export const pct = (r: SuccessRate | null | undefined) => {
	const p = percent(r);
	return p === null ? '—' : fmtNumber(p / 100, { style: 'percent' });
};

/** « 3 of 5 — 60% », or that nothing was played. */
export const rateText = (r: SuccessRate) =>
	r.plays === 0 ? m.st_rate_none() : m.st_rate({ wins: fmtNumber(r.wins), plays: fmtNumber(r.plays), rate: pct(r) });

/** An average, to one decimal. */
export const dec = (n: number | null | undefined) => fmtNumber(n, { maximumFractionDigits: 1 });

/** « déc. 2026 » for the core's "2026-12". */
export const monthLabel = (mo: string) => {
	const d = new Date(`${mo}-01T12:00:00`);
	return Number.isNaN(d.getTime()) ? mo : dateFormat({ month: 'short', year: 'numeric' }).format(d);
};

export const gameName = (g: GameId) => tx(app.game(g)?.name) || g;
export const variantName = (g: GameId, v: string) => tx(app.game(g)?.variants.find((x) => x.id === v)?.label) || v;
