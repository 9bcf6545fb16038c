// Pure helpers of the statistics screen (tested without a DOM).
import type { CitadellesCatalogue, GameStats, PlayerStats } from '$lib/backend';

export type SuccessRate = PlayerStats['competitive'];
export type UsageCount = GameStats['districts'][number];

/** The top of a percentage chart's scale. */
export const WHOLE = 100;

/** Whole percentage of a success rate, or null when nothing was played. */
export function percent(r: SuccessRate | null | undefined): number | null {
	if (!r || r.plays === 0 || r.rate === null) return null;
	return Math.round(r.rate * WHOLE);
}

/** Wonder ids of every rule profile of the Citadelles catalogue. */
export function wonderIds(cat: CitadellesCatalogue): Set<string> {
	return new Set(cat.profiles.flatMap((p) => p.wonders.map((w) => w.id)));
}

/** The core counts every district in final cities: keep the wonders only. */
export function wondersOnly(districts: UsageCount[], cat: CitadellesCatalogue | null): UsageCount[] {
	if (!cat) return [];
	const ids = wonderIds(cat);
	return districts.filter((d) => ids.has(d.key));
}

/** Label of a distribution bucket `[from, from + width)`: "10–19". */
export function bucketLabel(from: number, width: number): string {
	return width <= 1 ? String(from) : `${from}–${from + width - 1}`;
}

/**
 * Where zero sits in a bar chart and how wide its value range is: bars start at zero, so
 * negative values (failed missions) get room on the left/bottom. `zero` is the fraction of the
 * plot before zero (0 without negative values); `span` the range drawn (never 0).
 */
export function barGeometry(values: number[], max: number | null = null): { zero: number; span: number } {
	const lo = Math.min(0, ...values);
	const hi = Math.max(max ?? 0, 0, ...values);
	const span = hi - lo || 1;
	return { zero: -lo / span, span };
}

/** How wide a character of a chart's 14 px text is taken to be (capitals and digits included). */
export const CHART_CHAR = 9;

/**
 * Room on the left of a column chart for its labels, drawn at 45° and ending under their
 * column: the first columns' labels reach further left than the drawing starts (« 0–9 »,
 * « déc. 2026 » were cut). `offset` is where the first column starts, `width` a column's width.
 */
export function columnLabelRoom(labels: string[], width: number, offset: number): number {
	// A label's length and its 14 px height, both turned 45°.
	const reach = labels.map((l, i) => (l.length * CHART_CHAR + 14) * Math.SQRT1_2 - (offset + i * width + width / 2));
	return Math.ceil(Math.max(0, ...reach));
}
