import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import {
	setBackend,
	type AnyTableState,
	type Backend,
	type CitadellesRoundView,
	type CitadellesTableState,
	type GameSummary,
	type PlayDetail
} from '$lib/backend';
import { createFakeBackend, FAKE_GAMES } from '$lib/backend/fake';
import CitadellesSheet from './CitadellesSheet.svelte';

const citadelles = FAKE_GAMES.find((g) => g.id === 'citadelles') as GameSummary;

/** A stand-in for the core's round caller: one call (rank 4), then the end of the round. */
function roundView(stage: 'call' | 'ready' | 'done'): CitadellesRoundView {
	const t = (s: string) => ({ fr: s, en: s });
	const round = {
		variant: 'classique',
		players: 4,
		threshold: 7,
		per_seat: 1,
		names: [],
		crown_before: 0,
		characters: [{ rank: 4, id: 'king', name: t('King'), face_up: false }],
		next: stage === 'call' ? 0 : 1,
		turns: [],
		murdered: null,
		robbed: null,
		destructions: [],
		crown_given_to: null,
		murdered_seat: null,
		crown_after: stage === 'done' ? 2 : null,
		finished: stage === 'done'
	} as CitadellesRoundView['round'];
	return {
		round,
		call: stage === 'call' ? { rank: 4, character: 'king', name: t('King'), text: t('The crown holder calls: King (4).'), can_reveal: [0, 1, 2, 3] } : null,
		current: null,
		record:
			stage === 'done'
				? {
						variant: 'classique',
						crown_before: 0,
						crown_after: 2,
						murdered: null,
						murdered_seat: null,
						robbed: null,
						robbed_seat: null,
						thief_seat: null,
						turns: [],
						destructions: [],
						revealed: [[1], [], [4], [8]]
					}
				: null
	};
}

async function setup(finished = false) {
	const fake = createFakeBackend();
	const sent: CitadellesTableState[] = [];
	const logged: { kind: string; round: number; payload: unknown }[] = [];
	const backend: Backend = {
		...fake,
		async saveTableState(id: number, state: AnyTableState) {
			sent.push(JSON.parse(JSON.stringify(state)));
			return fake.saveTableState(id, state);
		},
		async citadellesStartRound() {
			return roundView('call');
		},
		async citadellesRoundApply(_round, action) {
			return roundView(action.action === 'end_round' ? 'done' : 'ready');
		},
		async logRoundEvent(id, round, kind, payload) {
			logged.push({ kind, round, payload });
			return fake.logRoundEvent(id, round, kind, payload);
		},
		async citadellesDraftPlan() {
			throw new Error('not used here');
		}
	};
	setBackend(backend);
	const ids = [];
	for (const name of ['Ani', 'Dirk', 'Lilli', 'Frank']) ids.push((await fake.createPlayer(name, null)).id);
	const play: PlayDetail = await fake.startPlay({
		game: 'citadelles',
		variant: 'classique',
		location: null,
		notes: null,
		seats: ids.map((player_id) => ({ player_id, colour: null })),
		first_seat: 0
	});
	const onfinished = vi.fn();
	// A finished play, reopened from History to be corrected in its sheet.
	const shown: PlayDetail = finished ? { ...play, status: 'finished', table_state: { variant: 'classique', players: [] } as unknown as PlayDetail['table_state'] } : play;
	render(CitadellesSheet, { props: { play: shown, game: citadelles, debounceMs: 5, onfinished } });
	return { fake, play, sent, logged, onfinished, last: () => sent[sent.length - 1] };
}

const text = (testid: string) => screen.getByTestId(testid).textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('CitadellesSheet', () => {
	it('corrected after the game, it leaves out the draft, the round caller and the setup checklist', async () => {
		await setup(true);
		await screen.findByTestId('cit-search-1');
		await waitFor(() => expect(screen.getByTestId('save-correction')).toBeTruthy());
		// The catalogue is in (its districts are searched): the panels would be there by now.
		await fireEvent.input(screen.getByTestId('cit-search-1'), { target: { value: 'temple' } });
		await screen.findByTestId('cit-add-1-temple');
		expect(screen.queryByTestId('cit-draft-panel')).toBeNull();
		expect(screen.queryByTestId('cit-caller-panel')).toBeNull();
		expect(screen.queryByTestId('setup-checklist')).toBeNull();
	});


	it('builds districts from the search box and keeps the completion order', async () => {
		const { last } = await setup();
		const search = await screen.findByTestId('cit-search-1');
		// Enter builds the first match; accents do not matter.
		for (const q of ['chateau', 'temple', 'eglise', 'manoir', 'marche', 'prison']) {
			await fireEvent.input(search, { target: { value: q } });
			await fireEvent.keyDown(search, { key: 'Enter' });
		}
		await waitFor(() => expect(last().players[1].districts).toEqual(['castle', 'temple', 'church', 'manor', 'market', 'prison']));
		expect(last().completion_order).toEqual([]);
		// The seventh district completes Dirk's city: he is first in the completion order.
		await fireEvent.input(search, { target: { value: 'port' } });
		await fireEvent.click(await screen.findByTestId('cit-add-1-harbor'));
		await waitFor(() => expect(last().completion_order).toEqual([1]));
		expect(text('cit-completion')).toMatch(/Dirk — \+4 \(first\)/);
		// Removing one (a typing correction) does not rewrite who completed first: he keeps his
		// place, which the core flags, until the table takes him out.
		await fireEvent.click(screen.getByTestId('cit-remove-1-0'));
		await waitFor(() => expect(last().players[1].districts).toHaveLength(6));
		expect(last().completion_order).toEqual([1]);
		await fireEvent.click(screen.getByTestId('cit-unplace-1'));
		await waitFor(() => expect(last().completion_order).toEqual([]));
	});

	it('logs a called round and copies its characters and crown to the table', async () => {
		const { last, logged } = await setup();
		await fireEvent.click(await screen.findByTestId('cit-round-start'));
		await screen.findByTestId('cit-call');
		expect(text('cit-call')).toMatch(/The crown holder calls: King \(4\)/);
		await fireEvent.click(screen.getByTestId('cit-reveal-2'));
		await fireEvent.click(await screen.findByTestId('cit-round-end'));
		await waitFor(() => expect(screen.getByTestId('cit-round-done')).toBeTruthy());
		expect(logged).toEqual([expect.objectContaining({ kind: 'citadelles_round', round: 1 })]);
		await waitFor(() => expect(last().crown).toBe(2));
		expect(last().players.map((p) => p.characters_last_round)).toEqual([[1], [], [4], [8]]);
		expect(text('cit-caller')).toMatch(/The crown goes to Lilli/);
		// The next round is numbered 2.
		await fireEvent.click(screen.getByTestId('cit-round-next'));
		expect(text('cit-caller')).toMatch(/Round 2/);
	});
});
