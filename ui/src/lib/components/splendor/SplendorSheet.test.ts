import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { backend, type SplendorTableState } from '$lib/backend';
import { setLang } from '$lib/i18n.svelte';
import { game, recording, startPlay } from '../../../test-support';
import { CITIES_OPEN_STATE, TRADING_POSTS_STATE } from '../../../test-tables';
import SplendorSheet from './SplendorSheet.svelte';

/** A Splendor play on the real core, Ani (seat 0) and Dirk (seat 1); the states saved are recorded. */
async function setup(variant: string, opts: { saved?: SplendorTableState } = {}) {
	const { calls } = recording('saveTableState');
	let play = await startPlay('splendor', variant, ['Ani', 'Dirk']);
	if (opts.saved) {
		await backend.saveTableState(play.id, opts.saved);
		play = await backend.getPlay(play.id);
		calls.saveTableState.length = 0;
	}
	const onfinished = vi.fn();
	render(SplendorSheet, { props: { play, game: await game('splendor'), debounceMs: 5, onfinished } });
	const sent = () => calls.saveTableState.map((c) => c[1] as SplendorTableState);
	return { play, sent, onfinished, last: () => sent()[sent().length - 1] };
}

const text = (testid: string) => screen.getByTestId(testid).textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('SplendorSheet — Cities', () => {
	it('shows each player’s eligibility per city from the core’s help', async () => {
		await setup('cities', { saved: CITIES_OPEN_STATE });
		// Wait for the core's help, not only for the rows.
		await waitFor(() => expect(screen.getByTestId('city-c13_r4k3-seat-1').classList.contains('meets')).toBe(true));

		// Dirk meets 13 prestige, 4 red and 3 black: highlighted, ✔, and he may take it.
		const dirk = screen.getByTestId('city-c13_r4k3-seat-1');
		expect(dirk.classList.contains('meets')).toBe(true);
		expect(dirk.textContent).toContain('✔');
		// The box takes it at the end of the turn; here the table confirms it with the tap beside.
		expect(text('city-c13_r4k3-why-1')).toBe('takes it at the end of their turn: to confirm');
		expect(screen.getByTestId('city-take-c13_r4k3-1')).toBeTruthy();

		// Ani has more prestige but not the bonuses: ✘ and what she lacks, no button.
		const ani = screen.getByTestId('city-c13_r4k3-seat-0');
		expect(ani.classList.contains('meets')).toBe(false);
		expect(ani.textContent).toContain('✘');
		expect(text('city-c13_r4k3-why-0')).toBe('4 red bonuses and 3 black bonuses missing');
		expect(screen.queryByTestId('city-take-c13_r4k3-0')).toBeNull();
		expect(text('city-c15_same5-why-1')).toMatch(/closest: red 4\/5/);

		// Nobody holds a city: nobody would win yet, whatever the prestige; no end banner.
		expect(text('round-winners')).toMatch(/Nobody holds a city yet/);
		expect(screen.queryByTestId('end-banner')).toBeNull();
		// Live ranking from the scoreboard: Ani leads on prestige, without a star.
		expect(text('total-0')).toBe('16');
		expect(screen.queryByTestId('rank-0')?.textContent ?? '').not.toMatch(/winner/);
	});

	it('taking a city puts it in the state, then the end-of-round banner names the winner', async () => {
		const { last, play, onfinished } = await setup('cities', { saved: CITIES_OPEN_STATE });
		await fireEvent.click(await screen.findByTestId('city-take-c13_r4k3-1'));
		await waitFor(() => expect(last().players[1].cities).toEqual(['c13_r4k3']));
		expect(last().players[0].cities).toEqual([]);
		expect(last().cities_in_play).toEqual(['c13_r4k3', 'c15_same5', 'c17']);

		await waitFor(() => expect(screen.getByTestId('end-banner')).toBeTruthy());
		expect(text('end-banner')).toMatch(/A city was taken: finish the round/);
		expect(text('end-winners')).toBe('If the round ended now: Dirk');
		expect(text('round-winners')).toBe('If the round ended now: Dirk');
		expect(text('city-held-c13_r4k3')).toMatch(/Taken by Dirk/);
		expect(text('total-city-1')).toMatch(/City 13/);
		expect(screen.getByTestId('city-release-c13_r4k3-1')).toBeTruthy();

		// Ctrl+Z gives the city back: the core puts the stored state back.
		await fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
		const stored = async () => (await backend.getPlay(play.id)).table_state as unknown as SplendorTableState;
		await waitFor(async () => expect((await stored()).players[1].cities).toEqual([]));
		await waitFor(() => expect(screen.queryByTestId('end-banner')).toBeNull());

		// Take it again and finish: the only city holder wins with less prestige.
		await fireEvent.click(await screen.findByTestId('city-take-c13_r4k3-1'));
		await waitFor(() => expect(last().players[1].cities).toEqual(['c13_r4k3']));
		await fireEvent.click(screen.getByTestId('finish-play'));
		await waitFor(() => expect(onfinished).toHaveBeenCalled());
		const done = await backend.getPlay(play.id);
		expect(done.status).toBe('finished');
		expect(done.scoreboard?.players.filter((p) => p.winner).map((p) => p.name)).toEqual(['Dirk']);
	});

	it('a fresh play: pick the 3 cities, then type bonuses and prestige with the steppers', async () => {
		const { last } = await setup('cities');
		await screen.findByTestId('cities-count');
		expect(text('cities-count')).toMatch(/Choose the 3 cities .*\(0\/3\)/);
		// "Give the 3 cities" is the picker's prompt here, not a loud error.
		await waitFor(() => expect(last()).toBeTruthy());
		expect(screen.queryByTestId('sheet-problems')).toBeNull();
		for (const id of ['c13_r4k3', 'c15_same5', 'c17']) await fireEvent.click(screen.getByTestId(`city-pick-${id}`));
		// The third pick closes the picker and shows the cities in play.
		await waitFor(() => expect(screen.getByTestId('city-c17')).toBeTruthy());
		expect(screen.queryByTestId('city-pick-c12_same6')).toBeNull();

		for (let k = 0; k < 4; k++) await fireEvent.click(screen.getByTestId('sp-bonus-1-red-plus'));
		await fireEvent.input(screen.getByTestId('sp-bonus-1-black'), { target: { value: '3' } });
		await fireEvent.input(screen.getByTestId('sp-prestige-1'), { target: { value: '13' } });
		await waitFor(() =>
			expect(last()).toEqual({
				variant: 'cities',
				cities_in_play: ['c13_r4k3', 'c15_same5', 'c17'],
				players: [
					{ name: 'Ani', bonuses: { white: 0, blue: 0, green: 0, red: 0, black: 0 }, card_prestige: 0, cities: [] },
					{ name: 'Dirk', bonuses: { white: 0, blue: 0, green: 0, red: 4, black: 3 }, card_prestige: 13, cities: [] }
				]
			})
		);
		// No nobles in this module; the development-card count defaults to the bonuses (the core's).
		expect(screen.queryByTestId('sp-nobles-0')).toBeNull();
		await waitFor(() => expect((screen.getByTestId('sp-cards-1') as HTMLInputElement).placeholder).toBe('7'));
		// The core's scoreboard: Dirk's 13 prestige.
		await waitFor(() => expect(text('total-1')).toBe('13'));
	});

	it('shows a problem next to the named field, in the UI language, with a loud banner', async () => {
		setLang('fr');
		await setup('trading_posts');
		await fireEvent.input(screen.getByTestId('sp-bonus-1-green'), { target: { value: '41' } });
		await waitFor(() => expect(text('sp-bonus-1-green-problem')).toMatch(/hors limites/));
		expect(screen.getByTestId('sp-bonus-1-green').getAttribute('aria-invalid')).toBe('true');
		// The banner says what, and where: the player's name (the field may be off screen).
		expect(text('sheet-problems')).toMatch(/1 saisie à corriger/);
		expect(text('sheet-problems')).toMatch(/Dirk — .*41/);
		// The live help stays, from the table without the wrong field.
		await waitFor(() => expect(screen.getByTestId('power-double_gold-seat-1')).toBeTruthy());
		expect(screen.queryByTestId('help-note')).toBeNull();
	});
});

describe('SplendorSheet — other modules', () => {
	it('Trading Posts: the route’s powers, unlocked or what is missing, per player', async () => {
		await setup('trading_posts', { saved: TRADING_POSTS_STATE });
		// Dirk's 3 blue bonuses and 1 white unlock the double gold (the core's answer).
		await waitFor(() => expect(screen.getByTestId('power-double_gold-seat-1').classList.contains('unlocked')).toBe(true));
		const unlocked = screen.getByTestId('power-double_gold-seat-1');
		expect(unlocked.textContent).toMatch(/flag placed/);
		expect(text('power-double_gold-seat-0')).toMatch(/3 blue bonuses missing/);
		expect(text('power-five_prestige-seat-1')).toMatch(/5 green bonuses and 1 noble missing/);
		// Ani passed 15 prestige: finish the round.
		expect(text('end-banner')).toMatch(/15 prestige reached: finish the round/);
		expect(text('sp-prestige-text-0')).toBe('Prestige: 6 (cards) + 3 (nobles) + 9 (powers) = 18');
		// A power's name opens its rule entry.
		await fireEvent.click(screen.getByTestId('power-rule-double_gold'));
		await waitFor(() => expect(screen.getByTestId('rule-panel')).toBeTruthy());
		await waitFor(() => expect(screen.getByTestId('rule-body').textContent).toMatch(/gold/));
	});

	it('Orient: add a pairing card with its colour, remove a card, see the effective bonuses', async () => {
		const { last } = await setup('orient');
		// A pairing card copies a colour the player already has: Ani has one blue card.
		await fireEvent.click(await screen.findByTestId('sp-bonus-0-blue-plus'));
		const pick = await screen.findByTestId('sp-orient-pick-0');
		await fireEvent.change(pick, { target: { value: 'o1_pair_r3u2' } });
		// A pairing card needs the colour it copies before it can be added.
		expect((screen.getByTestId('sp-orient-add-0') as HTMLButtonElement).disabled).toBe(true);
		await fireEvent.click(screen.getByTestId('sp-orient-colour-0-blue'));
		await fireEvent.click(screen.getByTestId('sp-orient-add-0'));
		await fireEvent.change(screen.getByTestId('sp-orient-pick-0'), { target: { value: 'o2_double_red' } });
		expect(screen.queryByTestId('sp-orient-colour-0-blue')).toBeNull();
		await fireEvent.click(screen.getByTestId('sp-orient-add-0'));
		await waitFor(() => expect(last().players[0].orient).toEqual([{ card: 'o1_pair_r3u2', colour: 'blue' }, { card: 'o2_double_red' }]));
		// Owned cards are no longer offered.
		const options = [...(screen.getByTestId('sp-orient-pick-0') as HTMLSelectElement).options].map((o) => o.value);
		expect(options).not.toContain('o2_double_red');

		// The core's effective bonuses: her blue card and the pairing card copying it.
		await waitFor(() => expect(text('sp-effective-0')).toMatch(/2 blue \(incl\. 1 from Orient cards\)/));

		await fireEvent.click(screen.getByTestId('sp-orient-remove-0-0'));
		await waitFor(() => expect(last().players[0].orient).toEqual([{ card: 'o2_double_red' }]));
	});

	it('Strongholds: no extra inputs, a note with the rule entries', async () => {
		const { last } = await setup('strongholds');
		expect(screen.getByTestId('module-note').textContent).toMatch(/change no score/);
		expect(screen.getByTestId('sp-nobles-0')).toBeTruthy();
		expect(screen.queryByTestId('sp-orient-0')).toBeNull();
		await fireEvent.click(screen.getByTestId('module-rule'));
		await waitFor(() => expect(screen.getByTestId('rule-panel')).toBeTruthy());
		await waitFor(() => expect(last()?.variant).toBe('strongholds'));
	});
});
