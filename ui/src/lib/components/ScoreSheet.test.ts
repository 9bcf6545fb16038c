import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { backend } from '$lib/backend';
import { setLang } from '$lib/i18n.svelte';
import { game, recording, startPlay } from '../../test-support';
import ScoreSheet from './ScoreSheet.svelte';

/** Valencia's generic sheet (categories typed as points) for Ani and Dirk, on the real core: a
 * play kept in the first table-state shape (a new Valencia play starts from the core's setup, on
 * the Valencia sheet), its empty generic sheet saved. */
async function setup() {
	const started = await startPlay('valencia', 'base', ['Ani', 'Dirk']);
	await backend.saveTableState(started.id, {
		sheet: 'generic',
		variant: 'base',
		players: [
			{ name: 'Ani', points: {} },
			{ name: 'Dirk', points: {} }
		]
	});
	const play = await backend.getPlay(started.id);
	const onfinished = vi.fn();
	render(ScoreSheet, { props: { play, game: await game('valencia'), debounceMs: 5, onfinished } });
	return { play, onfinished, stored: async () => (await backend.getPlay(play.id)).table_state };
}

const total = (seat: number) => screen.getByTestId(`total-${seat}`).textContent?.trim();

describe('ScoreSheet', () => {
	it('a stepper tap updates the total through the backend', async () => {
		const { stored } = await setup();
		await fireEvent.click(screen.getByTestId('cell-0-city-plus'));
		await fireEvent.click(screen.getByTestId('cell-0-city-plus'));
		expect((screen.getByTestId('cell-0-city') as HTMLInputElement).value).toBe('2');
		// The core's scoreboard arrives: Ani leads, and the sheet was autosaved.
		await waitFor(() => expect(screen.getByTestId('scoreboard')).toBeTruthy());
		expect(total(0)).toBe('2');
		expect(within(screen.getByTestId('rank-0')).getByText(/leading/)).toBeTruthy();
		await waitFor(async () =>
			expect(await stored()).toEqual({
				sheet: 'generic',
				variant: 'base',
				players: [
					{ name: 'Ani', points: { city: 2 } },
					{ name: 'Dirk', points: {} }
				]
			})
		);
	});

	it('a slow save never lands after a newer one: saves reach the core in the order typed', async () => {
		// The first save is held back a moment on its way to the real core, as a busy machine
		// or a loaded server might; the second must not overtake it.
		const { backend: wrapped } = recording('saveTableState');
		const save = wrapped.saveTableState;
		let first = true;
		wrapped.saveTableState = async (...args) => {
			if (first) {
				first = false;
				await new Promise((r) => setTimeout(r, 300));
			}
			return save(...args);
		};
		const { stored } = await setup();
		await fireEvent.input(screen.getByTestId('cell-1-fountains'), { target: { value: '4' } });
		await fireEvent.input(screen.getByTestId('cell-1-missions_failed'), { target: { value: '1' } });
		await waitFor(() => expect(total(1)).toBe('3'));
		await new Promise((r) => setTimeout(r, 600));
		expect(await stored()).toMatchObject({
			players: [{ name: 'Ani' }, { name: 'Dirk', points: { fountains: 4, missions_failed: -1 } }]
		});
	});

	it('typing, negative categories, undo and finish', async () => {
		const { play, onfinished, stored } = await setup();
		await fireEvent.input(screen.getByTestId('cell-1-fountains'), { target: { value: '4' } });
		await fireEvent.input(screen.getByTestId('cell-1-missions_failed'), { target: { value: '1' } });
		await waitFor(() => expect(total(1)).toBe('3'));
		await waitFor(async () =>
			expect(await stored()).toMatchObject({
				players: [{ name: 'Ani' }, { name: 'Dirk', points: { fountains: 4, missions_failed: -1 } }]
			})
		);

		// Ctrl+Z takes back the last change (the failed mission).
		await fireEvent.blur(screen.getByTestId('cell-1-missions_failed'));
		await fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
		await waitFor(() => expect(total(1)).toBe('4'));
		expect((screen.getByTestId('cell-1-missions_failed') as HTMLInputElement).value).toBe('');

		await fireEvent.click(screen.getByTestId('finish-play'));
		await waitFor(() => expect(onfinished).toHaveBeenCalled());
		const done = await backend.getPlay(play.id);
		expect(done.status).toBe('finished');
		expect(done.scoreboard?.players.find((p) => p.winner)?.name).toBe('Dirk');
	});

	it('shows the problem next to the field, in the UI language', async () => {
		await setup();
		setLang('fr');
		await fireEvent.input(screen.getByTestId('cell-0-palms'), { target: { value: '1200' } });
		// 4 digits pass the field, the core refuses the range.
		await waitFor(() => expect(screen.getByTestId('problem-0-palms').textContent).toMatch(/hors limites/));
		expect(screen.getByTestId('sheet-problems').textContent).toMatch(/corriger/);
	});

	it('what is typed is never rewritten: 99999 is the core’s to refuse, 3.5 counts for nothing and holds the finish back', async () => {
		const { stored } = await setup();
		setLang('fr');
		const field = screen.getByTestId('cell-0-palms') as HTMLInputElement;
		await fireEvent.input(field, { target: { value: '99999' } });
		// The core's limit, beside the field, and the field still says 99999 (not 9999).
		await waitFor(() => expect(screen.getByTestId('problem-0-palms').textContent).toMatch(/^Palmiers\u202f: 99999 points, hors limites/));
		expect(field.value).toBe('99999');
		await waitFor(async () =>
			expect(await stored()).toMatchObject({ players: [{ name: 'Ani', points: { palms: 99999 } }, { name: 'Dirk' }] })
		);
		await fireEvent.input(field, { target: { value: '3' } });
		await waitFor(() => expect(total(0)).toBe('3'));
		await fireEvent.input(field, { target: { value: '3.5' } });
		expect(field.value).toBe('3.5');
		expect(screen.getByTestId('cell-0-palms-refused')).toBeTruthy();
		// Not 3: the cell counts for nothing, and the play cannot be finished without it.
		await waitFor(() => expect(total(0)).toBe('0'));
		await waitFor(async () => expect(await stored()).toMatchObject({ players: [{ name: 'Ani', points: {} }, { name: 'Dirk' }] }));
		expect((screen.getByTestId('finish-play') as HTMLButtonElement).disabled).toBe(true);
		const banner = screen.getByTestId('refused-fields');
		expect(banner.textContent).toMatch(/Ani — Palmiers/);
		await fireEvent.click(within(banner).getByRole('button', { name: 'Ani — Palmiers' }));
		expect(document.activeElement).toBe(field);
		await fireEvent.input(field, { target: { value: '4' } });
		await waitFor(() => expect(total(0)).toBe('4'));
		expect(screen.queryByTestId('refused-fields')).toBeNull();
		expect((screen.getByTestId('finish-play') as HTMLButtonElement).disabled).toBe(false);
		setLang('en');
	});

	it('a finished play reopened to correct it: live totals, nothing saved until « Save the correction », saved as an edit', async () => {
		const started = await startPlay('valencia', 'base', ['Ani', 'Dirk'], 'Maison');
		const finished = await backend.finishPlay(started.id, {
			sheet: 'generic',
			variant: 'base',
			players: [
				{ name: 'Ani', points: { city: 5 } },
				{ name: 'Dirk', points: { city: 7 } }
			]
		} as never);
		// What the sheet sends, recorded on its way to the core.
		const { calls } = recording('editPlay', 'saveTableState');
		const saves = calls.saveTableState;
		const onfinished = vi.fn();
		render(ScoreSheet, { props: { play: finished, game: await game('valencia'), debounceMs: 5, onfinished } });
		expect(screen.getByTestId('save-state').textContent).toMatch(/Correcting a finished play/);
		expect(screen.queryByTestId('abandon-play')).toBeNull();
		await fireEvent.input(screen.getByTestId('cell-0-city'), { target: { value: '15' } });
		await waitFor(() => expect(total(0)).toBe('15'));
		await new Promise((r) => setTimeout(r, 30));
		expect(saves).toEqual([]);
		await fireEvent.click(screen.getByTestId('save-correction'));
		await waitFor(() => expect(onfinished).toHaveBeenCalled());
		expect(calls.editPlay.map((c) => c[1])).toEqual([
			{
				location: 'Maison',
				notes: null,
				duration_minutes: finished.duration_minutes,
				table_state: {
					sheet: 'generic',
					variant: 'base',
					players: [
						{ name: 'Ani', points: { city: 15 } },
						{ name: 'Dirk', points: { city: 7 } }
					]
				}
			}
		]);
		// The core scored the correction again: Ani's 15 now beat Dirk's 7.
		const corrected = await backend.getPlay(finished.id);
		expect(corrected.scoreboard?.players.find((p) => p.winner)?.name).toBe('Ani');
	});
});
