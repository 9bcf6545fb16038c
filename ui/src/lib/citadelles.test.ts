import { beforeAll, describe, expect, it } from 'vitest';
import { backend, type CitadellesRoundRecord, type Seat } from '$lib/backend';
import {
	applyRoundRecord,
	build,
	buildables,
	citadellesFor,
	cityCount,
	defaultCharacters,
	moveCompletion,
	profileOf,
	searchBuildables,
	syncCompletion,
	placeCompletion,
	removeCompletion,
	unplacedComplete,
	threshold,
	toCitadellesState,
	unbuild,
	wantsCitadellesSheet
} from './citadelles';

const seats: Seat[] = ['Ani', 'Dirk', 'Lilli', 'Frank'].map((name, i) => ({
	seat: i,
	player_id: i + 1,
	player_name: name,
	colour: null,
	first_player: i === 0
}));
// The core's catalogue: districts, wonders and characters of the classique profile.
let all: ReturnType<typeof buildables>;
let classique: ReturnType<typeof profileOf>;
beforeAll(async () => {
	const catalogue = await backend.citadellesCatalogue();
	all = buildables(catalogue, 'classique');
	classique = profileOf(catalogue, 'classique');
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

	it('takes the threshold by player count and the longer-game option', () => {
		expect(threshold(classique, 4, false)).toBe(7);
		expect(threshold(classique, 4, true)).toBe(8);
		expect(defaultCharacters(classique, false, 4)).toHaveLength(8);
	});

	it('starts the completion order with the first complete city and asks about the next, never inferring it', () => {
		let m = citadellesFor('classique', seats);
		const seven = ['temple', 'church', 'manor', 'castle', 'market', 'prison', 'harbor'];
		for (const id of seven.slice(0, 6)) m = syncCompletion(build(m, 1, id), all, 7);
		expect(m.completionOrder).toEqual([]);
		for (const id of seven) m = syncCompletion(build(m, 2, id), all, 7);
		expect(m.completionOrder).toEqual([2]);
		m = syncCompletion(build(m, 1, 'palace'), all, 7);
		// The second complete city is not placed by typing order: the table is asked.
		expect(m.completionOrder).toEqual([2]);
		expect(unplacedComplete(m, all, 7)).toEqual([1]);
		m = placeCompletion(m, 1, 0);
		expect(m.completionOrder).toEqual([1, 2]);
		// Fixing a typo (a district taken out, then put back) keeps who completed first.
		m = syncCompletion(unbuild(m, 1, 0), all, 7);
		expect(m.completionOrder).toEqual([1, 2]);
		m = syncCompletion(build(m, 1, 'temple'), all, 7);
		expect(m.completionOrder).toEqual([1, 2]);
		expect(removeCompletion(m, 1).completionOrder).toEqual([2]);
	});

	it('round-trips through the table state and takes a round record', () => {
		let m = citadellesFor('classique', seats);
		m = build(m, 0, 'haunted_city');
		const record = { crown_after: 3, revealed: [[4], [1], [], [6]] } as unknown as CitadellesRoundRecord;
		m = applyRoundRecord(m, record);
		const state = toCitadellesState(m);
		expect(state.crown).toBe(3);
		expect(state.players.map((p) => p.characters_last_round)).toEqual([[4], [1], [], [6]]);
		expect(wantsCitadellesSheet(state)).toBe(true);
		expect(wantsCitadellesSheet({ variant: 'classique', players: [{ name: 'Ani', points: {} }] })).toBe(false);
		const back = citadellesFor('classique', seats, JSON.parse(JSON.stringify(state)));
		expect(back).toEqual(m);
	});
});
