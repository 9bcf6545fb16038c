import { beforeAll, describe, expect, it } from 'vitest';
import type { GameSummary, Seat } from '$lib/backend';
import { game } from '../test-support';
import { parseCell, problemsByField, sheetFor, toTableState, typedTotal, UndoStack, withPoint } from '$lib/sheet';

// The core's summaries (categories, variants): the generic sheet is built from them.
let valencia: GameSummary;
let orleans: GameSummary;
beforeAll(async () => {
	valencia = await game('valencia');
	orleans = await game('orleans');
});

const seats: Seat[] = [
	// Deliberately out of order: the sheet follows the seat numbers.
	{ seat: 1, player_id: 7, player_name: 'Dirk', colour: 'blue', first_player: false },
	{ seat: 0, player_id: 3, player_name: 'Ani', colour: 'red', first_player: true }
];

describe('sheet → table_state JSON', () => {
	it('lists players in seat order with only the typed categories', () => {
		let s = sheetFor(valencia, 'base', seats);
		s = withPoint(s, 0, 'city', 5);
		s = withPoint(s, 1, 'city', 7);
		s = withPoint(s, 1, 'fountains', 4);
		s = withPoint(s, 1, 'missions_failed', -2);
		expect(toTableState(s)).toEqual({
			sheet: 'generic',
			variant: 'base',
			players: [
				{ name: 'Ani', points: { city: 5 } },
				{ name: 'Dirk', points: { city: 7, fountains: 4, missions_failed: -2 } }
			]
		});
		expect(typedTotal(s, 1)).toBe(9);
	});

	it('adds result only for co-op, solo and race variants', () => {
		const coop = sheetFor(orleans, 'invasion', seats);
		expect(toTableState({ ...coop, won: true, roundReached: 14 }).result).toEqual({ won: true, round_reached: 14 });
		expect('result' in toTableState(sheetFor(orleans, 'prosperite', seats))).toBe(false);
	});

	it('clearing a cell removes it from the JSON', () => {
		const s = withPoint(withPoint(sheetFor(valencia, 'base', seats), 0, 'palms', 3), 0, 'palms', null);
		expect(toTableState(s).players[0].points).toEqual({});
	});

	it('reloads a saved table state (resume)', () => {
		const saved = {
			variant: 'base',
			players: [
				{ name: 'Ani', points: { city: 5, bogus: 3 } },
				{ name: 'Dirk', points: { city: 7, fountains: 4 } }
			]
		};
		const s = sheetFor(valencia, 'base', seats, saved);
		expect(s.points[0].city).toBe(5);
		expect(s.points[1].fountains).toBe(4);
		expect(toTableState(s).players[0].points).toEqual({ city: 5 });
	});

	it('survives a garbage table state', () => {
		expect(sheetFor(valencia, 'base', seats, 'nope').points[0].city).toBeNull();
		expect(sheetFor(valencia, 'base', seats, { players: [null] }).points[0].city).toBeNull();
	});
});

describe('cells', () => {
	it('parses what is typed', () => {
		expect(parseCell('')).toBeNull();
		expect(parseCell(' 12 ')).toBe(12);
		expect(parseCell('-3')).toBe(-3);
		expect(parseCell('−3')).toBe(-3);
		expect(parseCell('1.5')).toBeUndefined();
		expect(parseCell('abc')).toBeUndefined();
		// Never rewritten: a big number is the core's to refuse; a decimal or an exponent is no
		// whole number (99999 became 9999, 1e2 became 1).
		expect(parseCell('99999')).toBe(99999);
		expect(parseCell('1e2')).toBeUndefined();
		expect(parseCell('3,5')).toBeUndefined();
	});

	it('routes problems to their field', () => {
		const r = problemsByField(
			[
				{ field: 'players[1].points.city', code: 'x', message: { fr: 'a', en: 'a' } },
				{ field: 'players', code: 'y', message: { fr: 'b', en: 'b' } }
			],
			(f) => f.startsWith('players[')
		);
		expect(r.byField.get('players[1].points.city')).toHaveLength(1);
		expect(r.general.map((p) => p.code)).toEqual(['y']);
	});
});

describe('undo', () => {
	it('groups keystrokes in one cell and undoes step by step', () => {
		const u = new UndoStack();
		const s0 = sheetFor(valencia, 'base', seats);
		const s1 = withPoint(s0, 0, 'city', 1);
		const s2 = withPoint(s1, 0, 'city', 12);
		u.record(s0, 'c'); // typing "1"
		u.record(s1, 'c'); // typing "2": same group
		u.close();
		u.record(s2, null); // a + tap
		expect(u.size).toBe(2);
		expect(u.undo()).toBe(s2);
		expect(u.undo()).toBe(s0);
		expect(u.undo()).toBeNull();
	});
});
