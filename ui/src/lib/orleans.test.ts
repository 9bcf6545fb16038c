import { describe, expect, it } from 'vitest';
import type { CardValue, Seat } from '$lib/backend';
import {
	withStartCoins,
	isOrleansState,
	orleansFor,
	setCount,
	setGood,
	toOrleansState,
	toggleObjective,
	wantsOrleansSheet,
	withDue
} from './orleans';

const seats = (names: string[]): Seat[] =>
	names.map((player_name, seat) => ({ seat, player_id: seat + 1, player_name, colour: null, first_player: seat === 0 }));

describe('Orléans table state', () => {
	it("a seat's Administrateur terrien payment: earlier rounds get the remembered printed dues, round 1 the book's, else 0", () => {
		const m = orleansFor('invasion', seats(['Ani', 'Dirk']));
		// The host remembered round 3's printed due (5); round 1's and 2's were never typed.
		const remembered: CardValue[] = [{ game: 'orleans', card: 'administrateur_terrien.dues.3', value: 5 }];
		const host = withDue(m, 1, 4, 6, remembered);
		// Round 1: the book's 2 (ORLEANS_LIMITS.administrator_first_due); round 2: unknown, 0; round 3: 5.
		expect(host.players[1].dues).toEqual([2, 0, 5, 6]);
		expect(host.players[0].dues).toEqual([]);
		// A phone knows no remembered values: the book's round 1, the rest 0.
		expect(withDue(m, 1, 3, 4, []).players[1].dues).toEqual([2, 0, 4]);
		// Typing over an existing round keeps the others; clearing it drops it and the later ones.
		expect(withDue(host, 1, 3, 7, []).players[1].dues).toEqual([2, 0, 7, 6]);
		expect(withDue(host, 1, 2, null, []).players[1].dues).toEqual([2]);
		// A seat that is not there: the model unchanged.
		expect(withDue(m, 5, 1, 3, [])).toBe(m);
	});

	it('a state with round is schema 2; a generic sheet or one without round is not', () => {
		expect(wantsOrleansSheet(null)).toBe(true);
		expect(isOrleansState({ variant: 'dignitaire', round: 3, players: [{ name: 'Ani' }] })).toBe(true);
		expect(wantsOrleansSheet({ variant: 'dignitaire', players: [{ name: 'Ani', coins: 3 }] })).toBe(false);
		expect(wantsOrleansSheet({ variant: 'prosperite', round: 1, players: [{ name: 'Ani', points: { coins: 3 } }] })).toBe(false);
	});

	it('a new dignitaire play starts at round 1, level 1, with the coins the core gives; the state carries round and the counts', () => {
		const blank = orleansFor('dignitaire', seats(['Ani']));
		expect(blank.players[0].counts.coins).toBeNull();
		// The core's start_coins for Le dignitaire: « Vous commencez la partie sans argent ».
		const m = withStartCoins(blank, 0);
		const s = toOrleansState(m) as Record<string, unknown> & { players: Record<string, unknown>[] };
		expect(s.variant).toBe('dignitaire');
		expect(s.round).toBe(1);
		expect(s.players[0]).toMatchObject({ name: 'Ani', coins: 0, trading_posts: 0, goods: {}, objectives: {} });
		// One development fact, the track's space, typed when known (the core reads level 1 until then).
		expect('development_level' in s.players[0]).toBe(false);
		expect('development_points' in s.players[0]).toBe(false);
		expect('fortifications' in s.players[0]).toBe(false);
		expect('team' in s).toBe(false);
		expect('deck' in s).toBe(false);
	});

	it('round-trips a saved Invasion state (team, deck, log, character, objectives)', () => {
		const saved = {
			variant: 'invasion',
			round: 4,
			options: { easy: false, one_per_round: false, in_order: false },
			players: [
				{ name: 'Ani', coins: 7, goods: { wine: 2 }, development_level: 3, fortifications: 1, character: 'maire', objectives: { m1: 2 } },
				{ name: 'Dirk', coins: 1, character: 'administrateur_terrien', dues: [2, 2, 3], books: 2 }
			],
			team: { ramparts: 3, citizens: 2, treasury: 10, fortifications: 1, warehouse: { grain: 4 } },
			deck: { seed: 42, set_aside: ['soutien'], hard_mode: false, order: ['a', 'b'] },
			log: [{ round: 3, event: 'peste', seat: 1, paid: false, note: 'x' }]
		};
		const m = orleansFor('invasion', seats(['Ani', 'Dirk']), saved);
		expect(m.round).toBe(4);
		expect(m.players[0].goods.wine).toBe(2);
		expect(m.players[0].objectives).toEqual({ m1: 2 });
		expect(m.players[1].dues).toEqual([2, 2, 3]);
		const back = toOrleansState(m) as Record<string, unknown>;
		expect(back.team).toEqual({ ramparts: 3, citizens: 2, treasury: 10, fortifications: 1, warehouse: { grain: 4 } });
		expect(back.deck).toEqual(saved.deck);
		expect(back.log).toEqual([{ round: 3, event: 'peste', seat: 1, paid: false, note: 'x' }]);
		expect((back.players as Record<string, unknown>[])[1]).toMatchObject({
			character: 'administrateur_terrien',
			dues: [2, 2, 3],
			books: 2
		});
	});

	it('empty fields are sent as 0, never dropped; an empty development space is not sent', () => {
		let m = withStartCoins(orleansFor('dignitaire', seats(['Ani'])), 5);
		m = setCount(m, 0, 'coins', null);
		m = setCount(m, 0, 'development_points', null);
		m = setGood(m, 0, 'wine', null);
		const p = (toOrleansState(m).players as Record<string, unknown>[])[0];
		expect(p.coins).toBe(0);
		expect('development_points' in p).toBe(false);
		expect(p.goods).toEqual({});
	});

	it('the development track space is the one fact: a space typed replaces an older play’s level, beside it or alone', () => {
		// Schema 3 wrote both: read back as stored, until the space is typed, which clears the
		// level in the table (a phone too: it sends what it changed).
		let both = orleansFor('dignitaire', seats(['Ani']), {
			variant: 'dignitaire',
			round: 2,
			players: [{ name: 'Ani', development_level: 3, development_points: 12 }]
		});
		expect((toOrleansState(both).players as Record<string, unknown>[])[0]).toMatchObject({ development_points: 12, development_level: 3 });
		both = setCount(both, 0, 'development_points', 14);
		expect((toOrleansState(both).players as Record<string, unknown>[])[0]).toMatchObject({
			development_points: 14,
			development_level: null
		});
		// A level typed alone (older plays) is kept as it is…
		let alone = orleansFor('dignitaire', seats(['Ani']), {
			variant: 'dignitaire',
			round: 2,
			players: [{ name: 'Ani', development_level: 4 }]
		});
		const sent = (toOrleansState(alone).players as Record<string, unknown>[])[0];
		expect(sent.development_level).toBe(4);
		expect('development_points' in sent).toBe(false);
		// …until the space is typed, which replaces it.
		alone = setCount(alone, 0, 'development_points', 16);
		expect((toOrleansState(alone).players as Record<string, unknown>[])[0]).toMatchObject({
			development_points: 16,
			development_level: null
		});
	});

	it('ticks an objective with the current round and unticks it', () => {
		let m = { ...withStartCoins(orleansFor('vierzon', seats(['Ani'])), 5), round: 6 };
		m = toggleObjective(m, 0, 'batisseur', true);
		expect(m.players[0].objectives).toEqual({ batisseur: 6 });
		m = toggleObjective(m, 0, 'batisseur', false);
		expect(m.players[0].objectives).toEqual({});
	});
});

// Closing a round (applying and logging the resolutions) and the rule entry of a goal are the
// core's: `orleans::close` tests them.
