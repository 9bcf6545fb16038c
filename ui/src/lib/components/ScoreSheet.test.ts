import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { setBackend, type GameSummary } from '$lib/backend';
import { createFakeBackend, FAKE_GAMES } from '$lib/backend/fake';
import { setLang } from '$lib/i18n.svelte';
import ScoreSheet from './ScoreSheet.svelte';

const valencia = FAKE_GAMES.find((g) => g.id === 'valencia') as GameSummary;

async function setup() {
	const fake = createFakeBackend();
	setBackend(fake);
	const ani = await fake.createPlayer('Ani', 'red');
	const dirk = await fake.createPlayer('Dirk', 'white');
	const play = await fake.startPlay({
		game: 'valencia',
		variant: 'base',
		location: null,
		notes: null,
		seats: [
			{ player_id: ani.id, colour: 'red' },
			{ player_id: dirk.id, colour: 'white' }
		],
		first_seat: 0
	});
	const onfinished = vi.fn();
	render(ScoreSheet, { props: { play, game: valencia, debounceMs: 5, onfinished } });
	return { fake, play, onfinished };
}

const total = (seat: number) => screen.getByTestId(`total-${seat}`).textContent?.trim();

describe('ScoreSheet', () => {
	it('a stepper tap updates the total through the backend', async () => {
		const { fake, play } = await setup();
		await fireEvent.click(screen.getByTestId('cell-0-city-plus'));
		await fireEvent.click(screen.getByTestId('cell-0-city-plus'));
		expect((screen.getByTestId('cell-0-city') as HTMLInputElement).value).toBe('2');
		// The core's scoreboard arrives: Ani leads, and the sheet was autosaved.
		await waitFor(() => expect(screen.getByTestId('scoreboard')).toBeTruthy());
		expect(total(0)).toBe('2');
		expect(within(screen.getByTestId('rank-0')).getByText(/winner/)).toBeTruthy();
		await waitFor(() =>
			expect(fake.db.plays.find((p) => p.id === play.id)?.table_state).toEqual({
				sheet: 'generic',
				variant: 'base',
				players: [
					{ name: 'Ani', points: { city: 2 } },
					{ name: 'Dirk', points: {} }
				]
			})
		);
	});

	it('typing, negative categories, undo and finish', async () => {
		const { fake, play, onfinished } = await setup();
		await fireEvent.input(screen.getByTestId('cell-1-fountains'), { target: { value: '4' } });
		await fireEvent.input(screen.getByTestId('cell-1-missions_failed'), { target: { value: '1' } });
		await waitFor(() => expect(total(1)).toBe('3'));
		await waitFor(() =>
			expect(fake.db.plays[0].table_state).toMatchObject({
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
		const done = fake.db.plays.find((p) => p.id === play.id)!;
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

	it('a finished play reopened to correct it: live totals, nothing saved until « Save the correction », saved as an edit', async () => {
		const fake = createFakeBackend();
		setBackend(fake);
		const ani = await fake.createPlayer('Ani', 'red');
		const dirk = await fake.createPlayer('Dirk', 'white');
		const started = await fake.startPlay({
			game: 'valencia',
			variant: 'base',
			location: 'Maison',
			notes: null,
			seats: [
				{ player_id: ani.id, colour: 'red' },
				{ player_id: dirk.id, colour: 'white' }
			],
			first_seat: 0
		});
		const finished = await fake.finishPlay(started.id, {
			sheet: 'generic',
			variant: 'base',
			players: [
				{ name: 'Ani', points: { city: 5 } },
				{ name: 'Dirk', points: { city: 7 } }
			]
		} as never);
		const edits: unknown[] = [];
		const saves: unknown[] = [];
		const edit = fake.editPlay.bind(fake);
		fake.editPlay = async (id, e) => {
			edits.push(e);
			return edit(id, e);
		};
		fake.saveTableState = async (id, s) => {
			saves.push(s);
			throw new Error('a correction is never autosaved');
		};
		const onfinished = vi.fn();
		render(ScoreSheet, { props: { play: finished, game: valencia, debounceMs: 5, onfinished } });
		expect(screen.getByTestId('save-state').textContent).toMatch(/Correcting a finished play/);
		expect(screen.queryByTestId('abandon-play')).toBeNull();
		await fireEvent.input(screen.getByTestId('cell-0-city'), { target: { value: '15' } });
		await waitFor(() => expect(total(0)).toBe('15'));
		await new Promise((r) => setTimeout(r, 30));
		expect(saves).toEqual([]);
		await fireEvent.click(screen.getByTestId('save-correction'));
		await waitFor(() => expect(onfinished).toHaveBeenCalled());
		expect(edits).toEqual([
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
	});
});
