import { beforeAll, describe, expect, it } from 'vitest';
import { backend, type CitadellesRoundAction, type Seat } from '$lib/backend';
import { calledRound } from '../test-support';
import {
	build,
	buildables,
	citadellesFor,
	moveCompletion,
	searchBuildables,
	placeCompletion,
	removeCompletion,
	toCitadellesState,
	wantsCitadellesSheet
} from './citadelles';

const seats: Seat[] = ['Ani', 'Dirk', 'Lilli', 'Frank'].map((name, i) => ({
	seat: i,
	player_id: i + 1,
	player_name: name,
	colour: null,
	first_player: i === 0
}));
// The core's catalogue: the classique profile's districts and wonders.
let all: ReturnType<typeof buildables>;
beforeAll(async () => {
	const catalogue = await backend.citadellesCatalogue();
	all = buildables(catalogue, 'classique');
});

describe('Citadelles model', () => {
	it('searches districts by French or English name, ignoring accents and case', () => {
		expect(searchBuildables(all, 'chateau').map((b) => b.id)).toEqual(['castle']);
		expect(searchBuildables(all, 'CASTLE').map((b) => b.id)).toEqual(['castle']);
		expect(searchBuildables(all, 'miracles').map((b) => b.id)).toEqual(['haunted_city']);
		// Word starts rank before matches inside a word.
		expect(searchBuildables(all, 'port')[0].id).toBe('harbor');
		expect(searchBuildables(all, 'zzz')).toEqual([]);
	});

	it('places a complete city where the table says, and takes it out again', () => {
		let m = citadellesFor('classique', seats);
		m = placeCompletion(m, 2, 0);
		m = placeCompletion(m, 1, 0);
		expect(m.completionOrder).toEqual([1, 2]);
		expect(moveCompletion(m, 0, 1).completionOrder).toEqual([2, 1]);
		expect(placeCompletion(m, 3, 9).completionOrder).toEqual([1, 2, 3]);
		expect(removeCompletion(m, 1).completionOrder).toEqual([2]);
	});

	it('round-trips through the table state, the game over included', () => {
		let m = citadellesFor('classique', seats);
		m = build(m, 0, 'haunted_city');
		m = { ...m, crown: 3, gameOver: true, players: m.players.map((p, i) => ({ ...p, charactersLastRound: [[4], [1], [], [6]][i] })) };
		const state = toCitadellesState(m);
		expect(state.crown).toBe(3);
		expect(state.game_over).toBe(true);
		expect(state.players.map((p) => p.characters_last_round)).toEqual([[4], [1], [], [6]]);
		expect(wantsCitadellesSheet(state)).toBe(true);
		expect(wantsCitadellesSheet({ variant: 'classique', players: [{ name: 'Ani', points: {} }] })).toBe(false);
		const back = citadellesFor('classique', seats, JSON.parse(JSON.stringify(state)));
		expect(back).toEqual(m);
		expect('game_over' in toCitadellesState({ ...m, gameOver: false })).toBe(false);
	});

	it('takes a finished round from the core: crown, characters, the completed city and the game over', async () => {
		let m = citadellesFor('classique', seats);
		for (const id of ['temple', 'church', 'watchtower', 'prison', 'manor', 'tavern', 'market']) m = build(m, 1, id);
		const reveal = (seat: number | null): CitadellesRoundAction => ({ action: 'reveal', seat });
		const round = await calledRound(
			seats.map((s) => s.player_name),
			[
				...[2, null, 0, 1].map(reveal),
				{ action: 'complete_city' }, // Dirk, the King, builds his seventh district
				...[null, 3, null, null].map(reveal),
				{ action: 'end_round' }
			]
		);
		const next = citadellesFor('classique', seats, await backend.citadellesApplyRound(toCitadellesState(m), round));
		expect(next.crown).toBe(1);
		expect(next.players.map((p) => p.charactersLastRound)).toEqual([[3], [4], [1], [6]]);
		expect(next.completionOrder).toEqual([1]);
		expect(next.gameOver).toBe(true);
		expect(next.roundInProgress).toBeNull();
	});

	it('reads characters given by id as the core does, so that a save from the sheet keeps them', async () => {
		// The core (and the CLI) take ranks or ids; the sheet used to keep only numbers.
		const saved = {
			variant: 'classique',
			players: seats.map((s, i) => ({ name: s.player_name, districts: [], characters_last_round: [['assassin', 'king'], [7], [], []][i] }))
		};
		const m = citadellesFor('classique', seats, saved);
		const characters = (await backend.citadellesCatalogue()).profiles.flatMap((p) => p.characters);
		const rank = (id: string) => characters.find((c) => c.id === id)?.rank;
		expect(m.players.map((p) => p.charactersLastRound)).toEqual([[rank('assassin'), rank('king')], [7], [], []]);
		expect(toCitadellesState(m).players[0].characters_last_round).toEqual([rank('assassin'), rank('king')]);
	});
});
