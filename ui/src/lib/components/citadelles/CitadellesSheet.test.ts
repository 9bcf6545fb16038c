import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { backend, CITADELLES_LIMITS, type CitadellesTableState, type PlayDetail } from '$lib/backend';
import { setLang } from '$lib/i18n.svelte';
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
		// CIT §Le Voleur: « le voleur ne peut pas voler l'Assassin ou sa victime » (QA: the murdered
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
		// CIT §Fin de partie: « On termine le tour en cours et la partie prend fin. »
		const { calls } = recording('saveTableState', 'logRoundEvent');
		let play: PlayDetail = await startPlay('citadelles', 'classique', ['Ani', 'Dirk', 'Lilli', 'Frank']);
		const seven = ['temple', 'church', 'watchtower', 'prison', 'manor', 'tavern', 'market'];
		const names = ['Ani', 'Dirk', 'Lilli', 'Frank'];
		await backend.saveTableState(play.id, {
			variant: 'classique',
			players: names.map((name, i) => ({ name, districts: i === 1 ? seven : [] })),
			crown: 0
		} as never);
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

	/** Answers each call with the seat `holder` gives for the text it shows (nobody else); returns
	 * the calls shown, in order, and how many were answered « Nobody ». */
	async function callRound(holder: Record<string, number>, after: (seat: number) => Promise<void> = async () => {}) {
		const shown: string[] = [];
		let nobody = 0;
		for (let n = 0; n < 9 && screen.queryByTestId('cit-call'); n++) {
			const called = text('cit-call');
			shown.push(called);
			const seat = Object.entries(holder).find(([name]) => called.includes(name))?.[1];
			if (seat === undefined) nobody++;
			else expect((screen.getByTestId(`cit-reveal-${seat}`) as HTMLButtonElement).disabled).toBe(false);
			await fireEvent.click(screen.getByTestId(seat === undefined ? 'cit-reveal-none' : `cit-reveal-${seat}`));
			await waitFor(() => expect(screen.queryByTestId('cit-call') === null || text('cit-call') !== called).toBe(true));
			if (seat !== undefined) await after(seat);
		}
		return { shown, nobody };
	}

	it('never calls a character discarded face up: nobody greyed, no extra « Nobody »', async () => {
		// CIT §Choix des personnages: cards set aside « face visible »; Tours des joueurs: « Si un
		// personnage annoncé ne se manifeste pas, le joueur avec la Couronne appelle le personnage
		// suivant » (QA: each face-up card was called with every seat greyed as if all had played,
		// and took one more « Nobody »).
		const { last } = await setup();
		await fireEvent.click(await screen.findByTestId('cit-face-up-2'));
		await fireEvent.click(screen.getByTestId('cit-face-up-6'));
		await fireEvent.click(screen.getByTestId('cit-round-start'));
		await screen.findByTestId('cit-call');
		// Ani the Assassin, Dirk the Magician, Lilli the King, Frank the Warlord; the Bishop and the
		// Architect were not chosen (one of them face down).
		const { shown, nobody } = await callRound({ 'Assassin (1)': 0, 'Magician (3)': 1, 'King (4)': 2, 'Warlord (8)': 3 });
		expect(shown.map((c) => /\((\d)\)/.exec(c)?.[1])).toEqual(['1', '3', '4', '5', '7', '8']);
		expect(nobody).toBe(2);
		expect(text('cit-round-log')).toMatch(/The Thief \(2\) was set aside face up: nobody holds it, so it is not called\./);
		await fireEvent.click(await screen.findByTestId('cit-round-end'));
		await waitFor(() => expect(last().players.map((p) => p.characters_last_round)).toEqual([[1], [3], [4], [8]]));
	});

	describe('in French', () => {
		afterEach(() => setLang('en'));
		it('writes the articles before the characters: « l’appel de l’Évêque », « du Magicien »', async () => {
			setLang('fr');
			await setup();
			await fireEvent.click(await screen.findByTestId('cit-round-start'));
			await screen.findByTestId('cit-call');
			expect(text('cit-call')).toMatch(/appelle l’Assassin \(1\)\./);
			await callRound({ 'Assassin (1)': 0, 'Roi (4)': 1, 'Condottiere (8)': 2, 'Architecte (7)': 3 });
			const log = text('cit-round-log');
			expect(log).toContain('Personne ne répond à l’appel du Magicien (3)');
			expect(log).toContain('Personne ne répond à l’appel de l’Évêque (5)');
			expect(log).toContain('Lilli révèle le Condottiere (8) et joue.');
			expect(log).not.toMatch(/de le |de É|de A/);
		});
	});

	it('lets the Witch bewitch, then play the bewitched King: her city and the crown', async () => {
		// FACT-CIT-B4, the Witch: « gather resources, bewitch a character, resume as that
		// character after it gathers resources » (QA: a bewitched character could not be recorded).
		const { last } = await setup(false, 'deuxieme_edition');
		// Dirk holds the crown as the round starts.
		await fireEvent.change(await screen.findByTestId('cit-crown-select'), { target: { value: '1' } });
		await waitFor(() => expect(last()?.crown).toBe(1));
		const rank1 = (await screen.findByLabelText('Rank 1')) as HTMLSelectElement;
		await fireEvent.change(rank1, { target: { value: 'witch' } });
		await waitFor(() => expect(last()?.characters_in_play?.[0]).toBe('witch'));
		// The caller has the core's characters in play.
		await waitFor(() => expect(text('cit-face-up-1')).toMatch(/Witch/));
		await fireEvent.click(await screen.findByTestId('cit-round-start'));
		await screen.findByTestId('cit-call');
		expect(text('cit-call')).toMatch(/Witch \(1\)/);
		await fireEvent.click(screen.getByTestId('cit-reveal-0')); // Ani, the Witch
		await fireEvent.click(await screen.findByTestId('cit-bewitch-4'));
		// Her own turn: she neither builds nor completes her city in it.
		await waitFor(() => expect(screen.queryByTestId('cit-bewitch-4')).toBeNull());
		expect(screen.queryByTestId('cit-complete-city')).toBeNull();
		await callRound({ 'Thief (2)': 1, 'King (4)': 2, 'Bishop (5)': 3 }, async (seat) => {
			if (seat !== 2) return;
			// Lilli revealed the King; Ani plays the rest of its turn and completes her city.
			expect(text('cit-current')).toMatch(
				/Bewitched: Lilli only gathers resources, then Ani \(Witch\) plays the rest of the turn as the King\./
			);
			expect(text('cit-complete-city')).toBe('Ani completed their city');
			await fireEvent.click(screen.getByTestId('cit-complete-city'));
			await screen.findByTestId('cit-completed-0');
		});
		await fireEvent.click(await screen.findByTestId('cit-round-end'));
		await waitFor(() => expect(last().players.map((p) => p.characters_last_round)).toEqual([[1], [2], [4], [5]]));
		// The crown went from Dirk to the Witch, who played the King; her city was completed first.
		expect(last().crown).toBe(0);
		expect(last().rounds?.[0]).toMatchObject({ crown_before: 1, crown_after: 0, bewitched: 4, completed: [0] });
	});

	it('takes the focus to the completion question when a city is completed far below it', async () => {
		// CIT §Fin de partie: « +4 pour le premier joueur qui a complété sa cité, +2 pour les autres »:
		// the table is asked who came first (QA: the question appeared far above the panel being typed
		// in, 72 Shift+Tab away).
		const names = ['Ani', 'Dirk', 'Lilli', 'Frank'];
		let play: PlayDetail = await startPlay('citadelles', 'classique', names);
		const seven = ['temple', 'church', 'watchtower', 'prison', 'manor', 'tavern', 'market'];
		const six = ['castle', 'monastery', 'fortress', 'palace', 'harbor', 'town_hall'];
		await backend.saveTableState(play.id, {
			variant: 'classique',
			players: names.map((name, i) => ({ name, districts: i === 0 ? seven : i === 3 ? six : [] })),
			completion_order: [0],
			crown: 0
		} as never);
		play = await backend.getPlay(play.id);
		render(CitadellesSheet, { props: { play, game: await game('citadelles'), debounceMs: 5 } });
		const search = (await screen.findByTestId('cit-search-3')) as HTMLInputElement;
		// The core's help has answered for the table as it opened (nothing to ask then).
		await screen.findByTestId('cit-threshold');
		await screen.findByTestId('cit-completion');
		search.focus();
		expect(screen.queryByTestId('cit-completion-ask-3')).toBeNull();
		await fireEvent.input(search, { target: { value: 'caserne' } });
		// The core's catalogue has arrived once the district is offered.
		await screen.findByTestId('cit-add-3-barracks');
		await fireEvent.keyDown(search, { key: 'Enter' });
		const question = await screen.findByTestId('cit-completion-ask-3');
		await waitFor(() => expect(document.activeElement).toBe(question));
		expect(question.getAttribute('role')).toBe('group');
		expect(screen.getByRole('group', { name: /^Frank.s city is complete: when was it completed\?$/ })).toBe(question);
	});
});
