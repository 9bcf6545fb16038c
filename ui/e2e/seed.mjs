// A history worth looking at, built over `greffier serve`'s /api as the app would build it: the
// BG Stats history of the fixtures (418 plays of the four games and others, for the statistics
// and the other-games list), then a play of each game typed through the core's own operations:
// finished when the core accepts the table, left in progress otherwise, and one play of each
// game started and left empty (its sheet as a new play shows it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.resolve(here, '..', '..', 'tests', 'fixtures');

/** One operation of the core through the served door (no Origin header: not a page). */
export async function call(url, operation, request = {}) {
	const r = await fetch(`${url}/api/${operation}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(request)
	});
	const body = await r.json();
	if (!r.ok) throw new Error(`${operation}: ${r.status} ${JSON.stringify(body)}`);
	return body;
}

/** Tables as players type them at the end of a game: inputs, never the core's answers. */
const TABLES = {
	valencia: {
		variant: 'base',
		fountains: [{ value: 6 }, { value: 2 }, { value: 4, central: true }],
		players: [
			{
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
			{ city_members: 6, palm_members: 5, fountain_members: [0, 2, 3], coins: 8, council: ['church'], council_points: 7 },
			{ city_members: 7, palm_members: 2, fountain_members: [1, 0, 2], privileges: 2, coins: 3, council_points: 5 }
		]
	},
	citadelles: {
		variant: 'classique',
		players: [
			{ districts: ['temple', 'manor', 'castle', 'market'], characters_last_round: ['king', 1] },
			{ districts: ['haunted_city', 'tavern'], characters_last_round: [6, 3] },
			{ districts: ['watchtower', 'prison', 'harbor'], characters_last_round: [2, 5] }
		]
	},
	orleans: {
		variant: 'prosperite',
		round: 17,
		players: [
			{ trading_posts: 6, citizens: 1, development_points: 5, coins: 4 },
			{ trading_posts: 2, citizens: 2, development_points: 9, coins: 8 },
			{ trading_posts: 3, citizens: 0, development_points: 4, coins: 2 }
		]
	},
	splendor: {
		variant: 'cities',
		cities_in_play: ['c13_r4k3', 'c15_same5', 'c17'],
		players: [
			{ bonuses: { white: 2, blue: 1, green: 0, red: 0, black: 0 }, card_prestige: 16, development_cards: 3, cities: [] },
			{ bonuses: { white: 0, blue: 0, green: 0, red: 4, black: 3 }, card_prestige: 13, development_cards: 7, cities: ['c13_r4k3'] },
			{ bonuses: { white: 1, blue: 2, green: 2, red: 0, black: 1 }, card_prestige: 9, development_cards: 6, cities: [] }
		]
	}
};

/** Seeds the history behind `url`; resolves to the play ids by game: `{ finished, empty }`. */
export async function seedHistory(url) {
	await call(url, 'import_file', { kind: 'bgstats', file: { text: readFileSync(path.join(fixtures, 'bgstats-history.json'), 'utf8') } });
	const roster = await call(url, 'list_players');
	const names = ['Ani', 'Dirk', 'Lilli'];
	const seats = [];
	for (const name of names) {
		const known = roster.find((p) => p.name === name);
		seats.push(known ?? (await call(url, 'create_player', { name, colour: null })));
	}
	const start = (game, variant) =>
		call(url, 'start_play', {
			new_play: {
				game,
				variant,
				location: 'Maison',
				notes: null,
				seats: seats.map((p) => ({ player_id: p.id, colour: null })),
				first_seat: 0
			}
		});
	const finished = {};
	const inProgress = {};
	const empty = {};
	for (const [game, table] of Object.entries(TABLES)) {
		const play = await start(game, table.variant);
		const typed = { ...table, players: table.players.map((p, i) => ({ name: names[i], ...p })) };
		await call(url, 'save_table_state', { play_id: play.id, table: typed, base: null });
		try {
			await call(url, 'finish_play', { play_id: play.id, table: typed });
			finished[game] = play.id;
		} catch (e) {
			console.log(`# seed: the ${game} play stays in progress (${e.message.slice(0, 200)})`);
			inProgress[game] = play.id;
		}
		empty[game] = (await start(game, table.variant)).id;
	}
	return { finished, inProgress, empty };
}
