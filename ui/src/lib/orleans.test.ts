import { describe, expect, it } from 'vitest';
import type { OrleansResolution, Seat } from '$lib/backend';
import {
	withStartCoins,
	applyPayment,
	closeRound,
	defaultDecision,
	goalRule,
	isOrleansState,
	orleansFor,
	roundsOf,
	setCount,
	setGood,
	toOrleansState,
	toggleObjective,
	wantsOrleansSheet
} from './orleans';

const seats = (names: string[]): Seat[] =>
	names.map((player_name, seat) => ({ seat, player_id: seat + 1, player_name, colour: null, first_player: seat === 0 }));

const res = (over: Partial<OrleansResolution>): OrleansResolution => ({
	event: 'revenus_2',
	seat: 0,
	status: 'gain',
	coins_gained: 0,
	coins_owed: 0,
	options: [],
	shortfall: 0,
	consequence: null,
	coins_after: 0,
	explanation: { fr: '', en: '' },
	...over
});

describe('Orléans table state', () => {
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
		expect(s.players[0]).toMatchObject({ name: 'Ani', coins: 0, development_level: 1, trading_posts: 0, goods: {}, objectives: {} });
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
		expect((back.players as Record<string, unknown>[])[1]).toMatchObject({ character: 'administrateur_terrien', dues: [2, 2, 3], books: 2 });
	});

	it('empty fields are sent as 0 (level 1), never dropped', () => {
		let m = withStartCoins(orleansFor('dignitaire', seats(['Ani'])), 5);
		m = setCount(m, 0, 'coins', null);
		m = setCount(m, 0, 'development_level', null);
		m = setGood(m, 0, 'wine', null);
		const p = (toOrleansState(m).players as Record<string, unknown>[])[0];
		expect(p.coins).toBe(0);
		expect(p.development_level).toBe(1);
		expect(p.goods).toEqual({});
	});

	it('ticks an objective with the current round and unticks it', () => {
		let m = { ...withStartCoins(orleansFor('vierzon', seats(['Ani'])), 5), round: 6 };
		m = toggleObjective(m, 0, 'batisseur', true);
		expect(m.players[0].objectives).toEqual({ batisseur: 6 });
		m = toggleObjective(m, 0, 'batisseur', false);
		expect(m.players[0].objectives).toEqual({});
	});

	it('rounds by player count from the scenario catalogue', () => {
		const info = { min_players: 2, rounds: [18, 18, 16, 16] } as Parameters<typeof roundsOf>[0];
		expect(roundsOf(info, 3)).toBe(18);
		expect(roundsOf(info, 5)).toBe(16);
	});

	it('goal entries: common goals, characters, race objectives, citizens', () => {
		expect(goalRule('invasion', { id: 'ramparts', seat: null }, null)).toBe('orleans.invasion.common_goals');
		expect(goalRule('invasion', { id: 'x', seat: 0 }, 'maire')).toBe('orleans.character.maire');
		expect(goalRule('duel', { id: 'x', seat: 1 }, null)).toBe('orleans.objectives.duel');
		expect(goalRule('dignitaire', { id: 'citizens', seat: 0 }, null)).toBe('orleans.scoring.citizens');
	});
});

describe('closing a round', () => {
	it('applies a gain and a payment to the sheet, logs each seat, and moves on', () => {
		let m = { ...withStartCoins(orleansFor('duel', seats(['Ani', 'Dirk'])), 5), round: 5 };
		m = setGood(m, 1, 'wool', 2);
		const rs = [
			res({ seat: 0, status: 'gain', coins_gained: 4 }),
			res({ seat: 1, status: 'payable', event: 'cotisation_7pv', options: [{ coins: 3, goods: { grain: 0, cheese: 0, wine: 0, wool: 1, brocade: 0 } }] })
		];
		const { model, lines } = closeRound(m, rs, rs.map(defaultDecision), true);
		expect(model.round).toBe(6);
		expect(model.players[0].counts.coins).toBe(9);
		expect(model.players[1].counts.coins).toBe(2);
		expect(model.players[1].goods.wool).toBe(1);
		expect(lines).toEqual([
			// Numbers, not words: the log is read in whichever language the screen is in.
			{ round: 5, event: 'revenus_2', seat: 0, paid: true, gained: 4, note: '' },
			{
				round: 5,
				event: 'cotisation_7pv',
				seat: 1,
				paid: true,
				payment: { coins: 3, goods: { grain: 0, cheese: 0, wine: 0, wool: 1, brocade: 0 } },
				gained: 0,
				note: ''
			}
		]);
		expect(model.log).toEqual(lines);
	});

	it('an unpaid demand is logged as not paid; without applying, the sheet is untouched', () => {
		const m = { ...withStartCoins(orleansFor('dignitaire', seats(['Ani'])), 5), round: 7 };
		const rs = [res({ event: 'cotisation_5', status: 'partial', coins_owed: 5, shortfall: 2, options: [{ coins: 3 }] })];
		const { model, lines } = closeRound(m, rs, rs.map(defaultDecision), false);
		expect(model.players[0].counts.coins).toBe(5);
		expect(lines[0]).toMatchObject({ round: 7, event: 'cotisation_5', paid: false });
	});

	it('an offer taken records what it bought: Avancée’s trading post is built with the 4 coins paid', () => {
		const m = { ...withStartCoins(orleansFor('invasion', seats(['Ani', 'Dirk'])), 5), round: 4 };
		const gain = (trading_posts: number, fortifications: number) => ({ monks: 0, citizens: 0, fortifications, trading_posts });
		const rs = [res({ event: 'avancee', status: 'offer', coins_owed: 4, options: [{ coins: 4, gained: gain(0, 1) }, { coins: 4, gained: gain(1, 0) }] })];
		const { model, lines } = closeRound(m, rs, [{ option: 1 }], true);
		expect(model.players[0].counts.coins).toBe(1);
		expect(model.players[0].counts.trading_posts).toBe(1);
		expect(model.players[0].counts.fortifications).toBe(0);
		expect(lines[0]).toMatchObject({ payment: { coins: 4, gained: gain(1, 0) }, gained: 0, note: '' });
	});

	it('a team payment takes each seat its share', () => {
		let m = { ...withStartCoins(orleansFor('invasion', seats(['Ani', 'Dirk'])), 5), round: 2 };
		m = setCount(setCount(m, 0, 'coins', 6), 1, 'coins', 4);
		const rs = [res({ event: 'taxes_3', seat: null, status: 'payable', coins_owed: 5, options: [{ coins: 5 }] })];
		const { model, lines } = closeRound(m, rs, [{ option: 0, contributions: [2, 3] }], true);
		expect(model.players.map((p) => p.counts.coins)).toEqual([4, 1]);
		expect(lines[0]).toEqual({ round: 2, event: 'taxes_3', paid: true, payment: { coins: 5 }, note: 'Ani: 2, Dirk: 3' });
		const short = closeRound(m, rs, [{ option: 0, contributions: [1, 0] }], true);
		expect(short.lines[0].paid).toBe(false);
	});

	it('a payment never takes a count below zero', () => {
		const seat = withStartCoins(orleansFor('duel', seats(['Ani', 'Dirk'])), 5).players[0];
		const after = applyPayment(seat, { coins: 9, knights: 2, development: 3 });
		expect(after.counts.coins).toBe(0);
		expect(after.counts.knights).toBe(0);
		expect(after.counts.development_points).toBe(0);
	});
});
