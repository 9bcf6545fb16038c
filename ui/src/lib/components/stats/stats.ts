// Pure helpers of the statistics screen (tested without a DOM).
import type { CitadellesCatalogue, GameStats, PlayerStats } from '$lib/backend';

export type SuccessRate = PlayerStats['competitive'];
export type UsageCount = GameStats['districts'][number];

/** Whole percentage of a success rate, or null when nothing was played. */
export function percent(r: SuccessRate | null | undefined): number | null {
	if (!r || r.plays === 0 || r.rate === null) return null;
	return Math.round(r.rate * 100);
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
