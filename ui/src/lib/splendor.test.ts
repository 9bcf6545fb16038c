import { beforeAll, describe, expect, it } from 'vitest';
import { backend, type CardCatalogue, type Seat } from '$lib/backend';
import {
	addOrient,
	holderOf,
	isSplendorState,
	knownFields,
	orientAvailable,
	releaseCity,
	removeOrient,
	splendorFor,
	takeCity,
	toggleCityInPlay,
	toSplendorState,
	wantsSplendorSheet,
	withBonus,
	withCitiesInPlay,
	withCount
} from '$lib/splendor';
import { CITIES_TAKEN_STATE, ORIENT_STATE } from '../test-tables';

const seats: Seat[] = [
	// Deliberately out of order: the table state follows the seat numbers.
	{ seat: 1, player_id: 7, player_name: 'Dirk', colour: 'white', first_player: false },
	{ seat: 0, player_id: 3, player_name: 'Ani', colour: 'red', first_player: true }
];

// The core's city faces, Orient cards and trading-post powers.
let SPLENDOR_CATALOGUE: CardCatalogue;
beforeAll(async () => {
	SPLENDOR_CATALOGUE = await backend.splendorCatalogue();
});

const zero = { white: 0, blue: 0, green: 0, red: 0, black: 0 };

describe('Splendor model → table_state v2', () => {
	it('lists players in seat order with their names and every bonus colour (Cities)', () => {
		let s = splendorFor('cities', seats);
		s = withCitiesInPlay(s, ['c13_r4k3', 'c15_same5', 'c17']);
		s = withBonus(s, 1, 'red', 4);
		s = withBonus(s, 1, 'black', 3);
		s = withCount(s, 1, 'cardPrestige', 13);
		s = withCount(s, 0, 'cardPrestige', 16);
		s = takeCity(s, 1, 'c13_r4k3');
		expect(toSplendorState(s)).toEqual({
			variant: 'cities',
			cities_in_play: ['c13_r4k3', 'c15_same5', 'c17'],
			players: [
				{ name: 'Ani', bonuses: zero, card_prestige: 16, cities: [] },
				{ name: 'Dirk', bonuses: { ...zero, red: 4, black: 3 }, card_prestige: 13, cities: ['c13_r4k3'] }
			]
		});
		// Nobles are not used with the Cities: not sent to the core.
		expect(toSplendorState(withCount(s, 0, 'nobles', 2)).players[0]).not.toHaveProperty('nobles');
	});

	it('sends only the fields of the module: nobles (Trading Posts), Orient cards (Orient)', () => {
		let tp = splendorFor('trading_posts', seats);
		tp = withCount(tp, 0, 'nobles', 1);
		tp = withCount(tp, 0, 'cardPrestige', 6);
		const tpState = toSplendorState(tp);
		expect(tpState).not.toHaveProperty('cities_in_play');
		expect(tpState.players[0]).toEqual({ name: 'Ani', bonuses: zero, card_prestige: 6, nobles: 1 });

		let o = splendorFor('orient', seats);
		o = addOrient(o, 0, 'o2_double_red', null);
		o = addOrient(o, 0, 'o1_pair_r3u2', 'blue');
		o = withCount(o, 1, 'reservedNobles', 1);
		const oState = toSplendorState(o);
		expect(oState.players[0].orient).toEqual([{ card: 'o2_double_red' }, { card: 'o1_pair_r3u2', colour: 'blue' }]);
		expect(oState.players[1]).toMatchObject({ name: 'Dirk', orient: [], reserved_nobles: 1, nobles: 0 });
		expect(oState.players[0]).not.toHaveProperty('cities');

		const st = toSplendorState(splendorFor('strongholds', seats));
		expect(Object.keys(st.players[0]).sort()).toEqual(['bonuses', 'card_prestige', 'name', 'nobles']);
	});

	it('sends gold (any module) and strongholds (Strongholds) when there are some', () => {
		let s = splendorFor('strongholds', seats);
		s = withCount(s, 0, 'gold', 2);
		s = withCount(s, 1, 'strongholds', 3);
		const st = toSplendorState(s);
		expect(st.players[0].gold).toBe(2);
		expect(st.players[1].strongholds).toBe(3);
		expect(st.players[1]).not.toHaveProperty('gold');
		const back = splendorFor('strongholds', seats, st);
		expect(back.players[0].gold).toBe(2);
		expect(back.players[1].strongholds).toBe(3);
		// Strongholds belong to their module only.
		expect(toSplendorState({ ...s, module: 'orient' }).players[1]).not.toHaveProperty('strongholds');
	});

	it('sends the development-card count only when typed (the core checks it against the bonuses)', () => {
		let s = splendorFor('trading_posts', seats);
		expect(toSplendorState(s).players[0]).not.toHaveProperty('development_cards');
		s = withCount(s, 0, 'developmentCards', 5);
		expect(toSplendorState(s).players[0].development_cards).toBe(5);
		// A cleared count is sent as 0, not left out.
		s = withBonus(s, 1, 'green', null);
		expect(toSplendorState(s).players[1].bonuses?.green).toBe(0);
	});

	it('resumes from a saved v2 state, and the round trip is exact', () => {
		const resumed = splendorFor('cities', seats, CITIES_TAKEN_STATE);
		expect(resumed.citiesInPlay).toEqual(['c13_r4k3', 'c15_same5', 'c17']);
		expect(resumed.players.map((p) => p.name)).toEqual(['Ani', 'Dirk']);
		expect(resumed.players[1]).toMatchObject({ city: 'c13_r4k3', cardPrestige: 13, developmentCards: 7 });
		expect(resumed.players[1].bonuses).toEqual({ ...zero, red: 4, black: 3 });
		expect(toSplendorState(resumed)).toEqual(CITIES_TAKEN_STATE);

		const orient = splendorFor('orient', seats, ORIENT_STATE);
		expect(orient.players[0].orient).toEqual([
			{ card: 'o2_double_red', colour: null },
			{ card: 'o1_pair_r3u2', colour: 'blue' }
		]);
		expect(toSplendorState(orient)).toEqual(ORIENT_STATE);
	});

	it('tells a v2 state from a v1 generic sheet', () => {
		expect(isSplendorState(CITIES_TAKEN_STATE)).toBe(true);
		const v1 = { variant: 'cities', players: [{ name: 'Ani', points: { cards: 3 } }] };
		expect(isSplendorState(v1)).toBe(false);
		expect(wantsSplendorSheet(v1)).toBe(false);
		expect(wantsSplendorSheet(null)).toBe(true);
		// A v1 sheet is not read into the model.
		expect(splendorFor('cities', seats, v1).players[0].cardPrestige).toBe(0);
	});
});

describe('Splendor edits', () => {
	it('chooses at most 3 cities, toggling them', () => {
		let s = splendorFor('cities', seats);
		for (const id of ['c17', 'c12_same6', 'c13_each2', 'c16_each1']) s = toggleCityInPlay(s, id);
		expect(s.citiesInPlay).toEqual(['c17', 'c12_same6', 'c13_each2']);
		s = toggleCityInPlay(s, 'c12_same6');
		expect(s.citiesInPlay).toEqual(['c17', 'c13_each2']);
	});

	it('takes and gives back a city; one city per player', () => {
		let s = withCitiesInPlay(splendorFor('cities', seats), ['c13_r4k3', 'c15_same5', 'c17']);
		s = takeCity(s, 1, 'c13_r4k3');
		expect(holderOf(s, 'c13_r4k3')).toBe(1);
		s = takeCity(s, 1, 'c17');
		expect(holderOf(s, 'c13_r4k3')).toBe(-1);
		expect(toSplendorState(s).players[1].cities).toEqual(['c17']);
		s = releaseCity(s, 1);
		expect(toSplendorState(s).players[1].cities).toEqual([]);
	});

	it('offers each Orient card once, and removes one', () => {
		let s = splendorFor('orient', seats);
		s = addOrient(s, 1, 'o3_cascade_red', null);
		s = addOrient(s, 1, 'o2_double_blue', null);
		const left = orientAvailable(s, SPLENDOR_CATALOGUE).map((c) => c.id);
		expect(left).toHaveLength(SPLENDOR_CATALOGUE.orient.length - 2);
		expect(left).not.toContain('o3_cascade_red');
		s = removeOrient(s, 1, 0);
		expect(s.players[1].orient).toEqual([{ card: 'o2_double_blue', colour: null }]);
	});

	it('knows the fields the core reports problems on', () => {
		const s = addOrient(splendorFor('orient', seats), 1, 'o1_pair_r3u2', null);
		const f = knownFields(s);
		expect(f.has('players[1].bonuses.green')).toBe(true);
		expect(f.has('players[1].orient[0].colour')).toBe(true);
		expect(f.has('players[0].reserved_nobles')).toBe(true);
		expect(f.has('cities_in_play')).toBe(false);
		const c = knownFields(splendorFor('cities', seats));
		expect(c.has('cities_in_play')).toBe(true);
		expect(c.has('players[0].cities[0]')).toBe(true);
		expect(c.has('players[0].nobles')).toBe(false);
	});
});
