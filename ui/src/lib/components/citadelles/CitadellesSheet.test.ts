import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { backend, CITADELLES_LIMITS, type CitadellesTableState, type PlayDetail } from '$lib/backend';
import { game, recording, startPlay } from '../../../test-support';
import CitadellesSheet from './CitadellesSheet.svelte';

/** A four-player Citadelles play on the real core; what the sheet saves and logs is recorded. */
async function setup(finished = false, variant = 'classique') {
	const { calls } = recording('saveTableState', 'logRoundEvent', 'citadellesDraftPlan', 'setupChecklist');
	let play: PlayDetail = await startPlay('citadelles', variant, ['Ani', 'Dirk', 'Lilli', 'Frank']);
	if (finished) {
		// A finished play, reopened from History to be corrected in its sheet.
		play = await backend.finishPlay(play.id, {
			variant: 'classique',
			players: ['Ani', 'Dirk', 'Lilli', 'Frank'].map((name) => ({ name, districts: [] }))
		} as never);
		calls.saveTableState.length = 0;
	}
	const onfinished = vi.fn();
	render(CitadellesSheet, { props: { play, game: await game('citadelles'), debounceMs: 5, onfinished } });
	const sent = () => calls.saveTableState.map((c) => c[1] as CitadellesTableState);
	const logged = () => calls.logRoundEvent.map(([, round, kind, payload]) => ({ kind, round, payload }));
	return { play, sent, logged, onfinished, calls, last: () => sent()[sent().length - 1] };
}

const text = (testid: string) => screen.getByTestId(testid).textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('CitadellesSheet', () => {
	it('takes a custom wonder’s cost and points in steppers bounded by the core, letters refused aloud', async () => {
		const { last } = await setup();
		await fireEvent.click(await screen.findByTestId('cit-custom-open-0'));
		await fireEvent.input(screen.getByTestId('cit-custom-name-0'), { target: { value: 'Tour de guet' } });
		expect(screen.getByTestId('cit-custom-name-0').getAttribute('maxlength')).toBe(String(CITADELLES_LIMITS.max_custom_name_chars));
		await fireEvent.input(screen.getByTestId('cit-custom-cost-0'), { target: { value: 'x' } });
		await screen.findByTestId('cit-custom-cost-0-refused');
		await fireEvent.input(screen.getByTestId('cit-custom-cost-0'), { target: { value: String(CITADELLES_LIMITS.max_custom_cost - 1) } });
		// + stops at the core's highest cost.
		await fireEvent.click(screen.getByTestId('cit-custom-cost-0-plus'));
		await fireEvent.click(screen.getByTestId('cit-custom-cost-0-plus'));
		expect((screen.getByTestId('cit-custom-cost-0') as HTMLInputElement).value).toBe(String(CITADELLES_LIMITS.max_custom_cost));
		// Extra points go below zero, down to the core's bound.
		await fireEvent.input(screen.getByTestId('cit-custom-extra-0'), { target: { value: String(-CITADELLES_LIMITS.max_custom_extra) } });
		await fireEvent.click(screen.getByTestId('cit-custom-extra-0-minus'));
		expect((screen.getByTestId('cit-custom-extra-0') as HTMLInputElement).value).toBe(String(-CITADELLES_LIMITS.max_custom_extra));
		await fireEvent.submit(screen.getByTestId('cit-custom-name-0').closest('form')!);
		await waitFor(() =>
			expect(last()?.players[0].custom_wonders).toEqual([
				{ name: 'Tour de guet', cost: CITADELLES_LIMITS.max_custom_cost, extra_points: -CITADELLES_LIMITS.max_custom_extra }
			])
		);
	});

	it('keeps the draft drawn, and asks nothing again for it, when a score is typed', async () => {
		const { calls, last } = await setup(false, 'deuxieme_edition');
		await fireEvent.click(await screen.findByTestId('cit-draft-draw'));
		await screen.findByTestId('cit-draft-seed');
		const seed = text('cit-draft-seed');
		await waitFor(() => expect(calls.setupChecklist.length).toBeGreaterThan(0));
		const [plans, checklists] = [calls.citadellesDraftPlan.length, calls.setupChecklist.length];
		await fireEvent.input(screen.getByTestId('cit-gold-0'), { target: { value: '4' } });
		await waitFor(() => expect(text('cit-rank-0')).not.toBe(''));
		await fireEvent.input(screen.getByTestId('cit-gold-0'), { target: { value: '5' } });
		// The second score has gone through the sheet to its autosave.
		await waitFor(() => expect(last()?.players[0]).toMatchObject({ gold: 5 }));
		expect(screen.queryByTestId('cit-draft-seed')?.textContent?.replace(/\s+/g, ' ').trim()).toBe(seed);
		expect(calls.citadellesDraftPlan.length).toBe(plans);
		expect(calls.setupChecklist.length).toBe(checklists);
		// A ninth character changes both questions: the plan and the checklist are asked again.
		await fireEvent.click(screen.getByTestId('cit-ninth'));
		await waitFor(() => expect(calls.citadellesDraftPlan.length).toBe(plans + 1));
		await waitFor(() => expect(calls.setupChecklist.length).toBe(checklists + 1));
	});

	it('offers the longer game only where the core says it applies (classic, 4 to 7 players)', async () => {
		await setup();
		await screen.findByTestId('cit-longer');
		cleanup();
		const three = await startPlay('citadelles', 'classique', ['Ani', 'Dirk', 'Lilli']);
		render(CitadellesSheet, { props: { play: three, game: await game('citadelles'), debounceMs: 5 } });
		await screen.findByTestId('cit-threshold');
		expect(screen.queryByTestId('cit-longer')).toBeNull();
	});

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
		// The core's catalogue has arrived once a district is offered.
		await fireEvent.input(search, { target: { value: 'temple' } });
		await screen.findByTestId('cit-add-1-temple');
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

	it('offers the Thief only the ranks the core lets it rob: not the Assassin, its victim or itself', async () => {
		// 004, Le Voleur: « le voleur ne peut pas voler l'Assassin ou sa victime » (QA: the murdered
		// Architect was a button for the Thief, and tapping it only gave an error).
		await setup();
		await fireEvent.click(await screen.findByTestId('cit-round-start'));
		await screen.findByTestId('cit-call');
		await fireEvent.click(screen.getByTestId('cit-reveal-0')); // Ani, the Assassin
		await screen.findByTestId('cit-murder-7');
		const offered = (kind: string) =>
			screen
				.getAllByRole('button')
				.map((b) => b.getAttribute('data-testid') ?? '')
				.filter((id) => id.startsWith(`cit-${kind}-`))
				.map((id) => Number(id.slice(`cit-${kind}-`.length)));
		expect(offered('murder')).toEqual([2, 3, 4, 5, 6, 7, 8]);
		await fireEvent.click(screen.getByTestId('cit-murder-7'));
		await waitFor(() => expect(screen.queryByTestId('cit-murder-7')).toBeNull());
		await fireEvent.click(await screen.findByTestId('cit-reveal-1')); // Dirk, the Thief
		await screen.findByTestId('cit-rob-3');
		expect(offered('rob')).toEqual([3, 4, 5, 6, 8]);
	});

	it('logs a called round and copies its characters and crown to the table', async () => {
		const { last, logged, play } = await setup();
		await fireEvent.click(await screen.findByTestId('cit-round-start'));
		await screen.findByTestId('cit-call');
		// The core calls the ranks in order, the Assassin first. Each player holds one character
		// (4 players): Ani the Magician, Lilli the King, Dirk the Bishop, Frank the Merchant.
		expect(text('cit-call')).toMatch(/Assassin \(1\)/);
		const holder: Record<string, number> = { 'Magician (3)': 0, 'King (4)': 2, 'Bishop (5)': 1, 'Merchant (6)': 3 };
		for (let calls = 0; calls < 8 && screen.queryByTestId('cit-call'); calls++) {
			const called = text('cit-call');
			const seat = Object.entries(holder).find(([name]) => called.includes(name))?.[1];
			await fireEvent.click(screen.getByTestId(seat === undefined ? 'cit-reveal-none' : `cit-reveal-${seat}`));
			await waitFor(() => expect(screen.queryByTestId('cit-call') === null || text('cit-call') !== called).toBe(true));
		}
		await fireEvent.click(await screen.findByTestId('cit-round-end'));
		await waitFor(() => expect(screen.getByTestId('cit-round-done')).toBeTruthy());
		// The King revealed takes the crown: Lilli (seat 2) holds it, and her character is kept.
		await waitFor(() => expect(last().crown).toBe(2));
		// The round is the table's (the core recorded it there), not an event beside it.
		expect(logged()).toEqual([]);
		expect(last().rounds).toHaveLength(1);
		await waitFor(async () => expect((await backend.getPlay(play.id)).table_log.map((l) => l.round)).toEqual([1]));
		expect(last().players.map((p) => p.characters_last_round)).toEqual([[3], [5], [4], [6]]);
		expect(text('cit-caller')).toMatch(/The crown goes to Lilli/);
		// The next round is numbered 2.
		await fireEvent.click(screen.getByTestId('cit-round-next'));
		await waitFor(() => expect(text('cit-caller')).toMatch(/Round 2/));
	});

	it('after the round in which a city was completed, says the game is over and offers the final scoring; undo takes the round back', async () => {
		// 004, Fin de partie: « On termine le tour en cours et la partie prend fin. »
		const { calls } = recording('saveTableState', 'logRoundEvent');
		let play: PlayDetail = await startPlay('citadelles', 'classique', ['Ani', 'Dirk', 'Lilli', 'Frank']);
		const seven = ['temple', 'church', 'watchtower', 'prison', 'manor', 'tavern', 'market'];
		const names = ['Ani', 'Dirk', 'Lilli', 'Frank'];
		await backend.saveTableState(play.id, { variant: 'classique', players: names.map((name, i) => ({ name, districts: i === 1 ? seven : [] })), crown: 0 } as never);
		play = await backend.getPlay(play.id);
		calls.saveTableState.length = 0;
		render(CitadellesSheet, { props: { play, game: await game('citadelles'), debounceMs: 5 } });
		await waitFor(() => expect(text('cit-end-banner')).toMatch(/the current round is finished/));
		expect(screen.queryByTestId('cit-final-scoring')).toBeNull();

		await fireEvent.click(await screen.findByTestId('cit-round-start'));
		await screen.findByTestId('cit-call');
		// Ani the Assassin (no victim), Dirk the King completes his city, Lilli the Merchant.
		const holder: Record<string, number> = { 'Assassin (1)': 0, 'King (4)': 1, 'Merchant (6)': 2, 'Architect (7)': 3 };
		for (let n = 0; n < 8 && screen.queryByTestId('cit-call'); n++) {
			const called = text('cit-call');
			const seat = Object.entries(holder).find(([name]) => called.includes(name))?.[1];
			await fireEvent.click(screen.getByTestId(seat === undefined ? 'cit-reveal-none' : `cit-reveal-${seat}`));
			await waitFor(() => expect(screen.queryByTestId('cit-call') === null || text('cit-call') !== called).toBe(true));
			if (seat === 1) {
				await fireEvent.click(await screen.findByTestId('cit-complete-city'));
				await screen.findByTestId('cit-completed-1');
			}
		}
		await fireEvent.click(await screen.findByTestId('cit-round-end'));
		await waitFor(() => expect(text('cit-end-banner')).toMatch(/The game is over/));
		expect(screen.getByTestId('cit-final-scoring')).toBeTruthy();
		expect(screen.queryByTestId('cit-caller')).toBeNull();
		const stored = async () => (await backend.getPlay(play.id)).table_state as unknown as CitadellesTableState;
		await waitFor(async () => expect((await stored()).game_over).toBe(true));
		expect((await stored()).crown).toBe(1);
		expect((await stored()).completion_order).toEqual([1]);

		// One step back: the round is not applied any more, the caller is back.
		const undo = screen.getByTestId('undo') as HTMLButtonElement;
		await waitFor(() => expect(undo.disabled).toBe(false));
		await fireEvent.click(undo);
		await waitFor(() => expect(text('cit-end-banner')).toMatch(/the current round is finished/));
		const back = await stored();
		expect([back.game_over, back.crown]).toEqual([undefined, 0]);
		expect(back.round_in_progress).toBeTruthy();
		expect(screen.getByTestId('cit-caller')).toBeTruthy();
		// The round went back with the table: History lists none, the caller calls round 1 again.
		expect(back.rounds ?? []).toEqual([]);
		expect((await backend.getPlay(play.id)).table_log).toEqual([]);
		await waitFor(() => expect(screen.getByRole('heading', { name: /Round 1\b/ })).toBeTruthy());
	});
});
