// The generic score sheet on the Play screen: what the user typed, how it becomes the
// table_state JSON of the contract, and how the core's problems map back onto fields.
import type { GameSummary, PlayMode, Problem, Seat, TableState, Variant } from '$lib/backend';

export interface SheetModel {
	variant: string;
	mode: PlayMode;
	/** Player names in seat order (the seats' player_name). */
	names: string[];
	/** points[seat][category key]; null = not typed. Stored as the signed value the core reads. */
	points: Record<string, number | null>[];
	won: boolean | null;
	roundReached: number | null;
}

export function hasResult(mode: PlayMode): boolean {
	return mode !== 'competitive';
}

export function findVariant(game: GameSummary, id: string): Variant | undefined {
	return game.variants.find((v) => v.id === id);
}

/** A sheet for `seats`, filled from a saved table_state when there is one (resuming a play). */
export function sheetFor(game: GameSummary, variantId: string, seats: Seat[], saved?: unknown): SheetModel {
	const variant = findVariant(game, variantId);
	const ordered = [...seats].sort((a, b) => a.seat - b.seat);
	const model: SheetModel = {
		variant: variantId,
		mode: variant?.mode ?? 'competitive',
		names: ordered.map((s) => s.player_name),
		points: ordered.map(() => Object.fromEntries(game.categories.map((c) => [c.key, null]))),
		won: null,
		roundReached: null
	};
	const st = saved as Partial<TableState> | null | undefined;
	if (st && typeof st === 'object' && Array.isArray(st.players)) {
		st.players.forEach((p, i) => {
			// Match by name first (seat order is the contract), then by position.
			const seat = model.names.findIndex((n) => n === p?.name);
			const idx = seat >= 0 ? seat : i;
			if (idx >= model.points.length || !p || typeof p.points !== 'object' || !p.points) return;
			for (const c of game.categories) {
				const v = (p.points as Record<string, unknown>)[c.key];
				if (typeof v === 'number' && Number.isFinite(v)) model.points[idx][c.key] = v;
			}
		});
		if (st.result && typeof st.result === 'object') {
			model.won = typeof st.result.won === 'boolean' ? st.result.won : null;
			model.roundReached = typeof st.result.round_reached === 'number' ? st.result.round_reached : null;
		}
	}
	return model;
}

/** The table_state JSON sent to save_table_state / finish_play. Untyped cells are left out. */
export function toTableState(s: SheetModel): TableState {
	const state: TableState = {
		// The core reads this shape only when it says so.
		sheet: 'generic',
		variant: s.variant,
		players: s.names.map((name, i) => {
			const points: Record<string, number> = {};
			for (const [k, v] of Object.entries(s.points[i] ?? {})) if (v !== null) points[k] = v;
			return { name, points };
		})
	};
	if (hasResult(s.mode)) state.result = { won: s.won, round_reached: s.roundReached };
	return state;
}

export function withPoint(s: SheetModel, seat: number, key: string, value: number | null): SheetModel {
	const points = s.points.map((p, i) => (i === seat ? { ...p, [key]: value } : p));
	return { ...s, points };
}

/** Running total of what is typed (shown before the core answers). */
export function typedTotal(s: SheetModel, seat: number): number {
	return Object.values(s.points[seat] ?? {}).reduce<number>((a, v) => a + (v ?? 0), 0);
}

/**
 * Parses what is in a cell: "" → null, a whole number written in digits (optionally signed) →
 * that number, whatever its size (the core's limits decide, and say so), else undefined
 * (refused: « 3.5 », « 1e2 », « abc » are not whole numbers).
 */
export function parseCell(text: string): number | null | undefined {
	const t = text.trim().replace(/^[−–]/, '-');
	if (t === '') return null;
	if (!/^-?\d+$/.test(t)) return undefined;
	return Number(t);
}

/** The cell's field name as the core reports it, e.g. "players[1].points.city". */
export function cellField(seat: number, key: string): string {
	return `players[${seat}].points.${key}`;
}

/** The seats in their order around the table. */
export function bySeat(seats: Seat[]): Seat[] {
	return [...seats].sort((a, b) => a.seat - b.seat);
}

/** Problems on a field or inside it (`players[0].goods` covers `players[0].goods.wine`). */
export function problemsUnder(problems: Problem[], prefix: string): Problem[] {
	return problems.filter((p) => p.field === prefix || p.field.startsWith(`${prefix}.`) || p.field.startsWith(`${prefix}[`));
}

/** Groups problems by field; those matching no known field are returned apart. */
export function problemsByField(problems: Problem[], known: (field: string) => boolean) {
	const byField = new Map<string, Problem[]>();
	const general: Problem[] = [];
	for (const p of problems) {
		if (known(p.field)) byField.set(p.field, [...(byField.get(p.field) ?? []), p]);
		else general.push(p);
	}
	return { byField, general };
}

/** Undo history of sheet snapshots; consecutive typing in one cell counts as one change. */
export class UndoStack<T = SheetModel> {
	private stack: { sheet: T; cell: string | null }[] = [];
	private open: string | null = null;
	constructor(private readonly max = 200) {}

	/** Call before changing the sheet. `cell` groups keystrokes; null = a discrete change. */
	record(before: T, cell: string | null): void {
		if (cell !== null && cell === this.open) return;
		this.stack.push({ sheet: before, cell });
		if (this.stack.length > this.max) this.stack.shift();
		this.open = cell;
	}

	/** Ends the current typing group (e.g. on blur). */
	close(): void {
		this.open = null;
	}

	undo(): T | null {
		this.open = null;
		return this.stack.pop()?.sheet ?? null;
	}

	get size(): number {
		return this.stack.length;
	}
}
