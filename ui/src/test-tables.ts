// Inputs for tests: table states as a player would type them, never the core's answers (those
// come from the suite's `greffier serve`).
import type { GameTableState, SplendorTableState } from '$lib/backend';

/** A three-player Valencia game (the E2E's): counts, fountains, council seats, missions. */
export const VALENCIA_TABLE = {
	variant: 'base',
	fountains: [{ value: 6 }, { value: 2 }, { value: 4, central: true }],
	players: [
		{
			name: 'Ani',
			city_members: 8,
			palm_members: 3,
			fountain_members: [2, 1, 0],
			privileges: 1,
			coins: 5,
			council: ['nobility', 'wine'],
			council_points: 6,
			missions: [
				{ id: 'mission_palms', points: 4 },
				{ id: 'mission_square', points: 3, done: true }
			]
		},
		{
			name: 'Dirk',
			city_members: 6,
			palm_members: 5,
			fountain_members: [0, 2, 3],
			coins: 8,
			council: ['church'],
			council_points: 7,
			stefan_feld: true,
			missions: [{ id: 'mission_stefan_feld', points: 3 }]
		},
		{
			name: 'Lilli',
			city_members: 7,
			palm_members: 2,
			fountain_members: [1, 0, 2],
			privileges: 2,
			coins: 3,
			council_points: 5,
			missions: [{ id: 'mission_ten_minus_coins' }]
		}
	]
} as GameTableState;

/** Les Cités de Splendor, four seats: the cities module open, one city taken, trading posts, Orient. */
export const CITIES_OPEN_STATE: SplendorTableState = {
	variant: 'cities',
	cities_in_play: ['c13_r4k3', 'c15_same5', 'c17'],
	players: [
		{ name: 'Ani', bonuses: { white: 2, blue: 1, green: 0, red: 0, black: 0 }, card_prestige: 16, development_cards: 3, cities: [] },
		{ name: 'Dirk', bonuses: { white: 0, blue: 0, green: 0, red: 4, black: 3 }, card_prestige: 13, development_cards: 7, cities: [] }
	]
};

export const CITIES_TAKEN_STATE: SplendorTableState = {
	variant: 'cities',
	cities_in_play: ['c13_r4k3', 'c15_same5', 'c17'],
	players: [
		{ name: 'Ani', bonuses: { white: 2, blue: 1, green: 0, red: 0, black: 0 }, card_prestige: 16, development_cards: 3, cities: [] },
		{
			name: 'Dirk',
			bonuses: { white: 0, blue: 0, green: 0, red: 4, black: 3 },
			card_prestige: 13,
			development_cards: 7,
			cities: ['c13_r4k3']
		}
	]
};

export const TRADING_POSTS_STATE: SplendorTableState = {
	variant: 'trading_posts',
	players: [
		{ name: 'Ani', bonuses: { white: 2, blue: 0, green: 5, red: 3, black: 3 }, card_prestige: 6, nobles: 1 },
		{ name: 'Dirk', bonuses: { white: 1, blue: 3, green: 0, red: 0, black: 1 }, card_prestige: 4, nobles: 0 }
	]
};

export const ORIENT_STATE: SplendorTableState = {
	variant: 'orient',
	players: [
		{
			name: 'Ani',
			bonuses: { white: 2, blue: 1, green: 0, red: 0, black: 0 },
			card_prestige: 5,
			nobles: 0,
			orient: [{ card: 'o2_double_red' }, { card: 'o1_pair_r3u2', colour: 'blue' }],
			reserved_nobles: 0
		},
		{
			name: 'Dirk',
			bonuses: { white: 0, blue: 0, green: 0, red: 4, black: 3 },
			card_prestige: 9,
			nobles: 1,
			orient: [{ card: 'o2_noble_white' }],
			reserved_nobles: 1
		}
	]
};
