import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { setBackend, BackendError } from '$lib/backend';
import { createFakeBackend, FAKE_GAMES } from '$lib/backend/fake';
import { app } from '$lib/app.svelte';
import { dayBound, lastDeleted, logView, outcomeFilter } from './view.svelte';
import HistoryPage from '../../../routes/history/+page.svelte';
import PlayersPage from '../../../routes/players/+page.svelte';
import FilesPanel from './FilesPanel.svelte';

async function seeded() {
	const fake = createFakeBackend();
	setBackend(fake);
	app.games = FAKE_GAMES;
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
	Object.assign(logView, { game: null, variant: null, status: null, playerId: null, outcome: '', from: '', to: '', bin: false, page: 0 });
	lastDeleted.id = null;
	return { fake, ani, dirk, play };
}

describe('play log filters', () => {
	it('maps the outcome choice and the day bounds to the core filter', () => {
		expect(outcomeFilter('coop_lost')).toEqual({ outcome: 'coop', won: false });
		expect(outcomeFilter('points')).toEqual({ outcome: 'points', won: null });
		expect(outcomeFilter('')).toEqual({ outcome: null, won: null });
		const from = dayBound('2026-03-01', false)!;
		const to = dayBound('2026-03-01', true)!;
		expect(Date.parse(to) - Date.parse(from)).toBe(24 * 3600 * 1000);
		expect(dayBound('garbage', false)).toBeNull();
	});
});

describe('History', () => {
	it('deleting asks once, moves the play to the bin, and undo brings it back', async () => {
		const { fake, play } = await seeded();
		render(HistoryPage);
		await waitFor(() => expect(screen.getByTestId('history-total').textContent).toBe('1 play'));
		await fireEvent.click(screen.getByTestId(`delete-${play.id}`));
		expect(fake.db.plays[0].deleted_at).toBeNull();
		expect(screen.getByTestId(`delete-${play.id}`).textContent).toBe('Confirm deletion');
		await fireEvent.click(screen.getByTestId(`delete-${play.id}`));
		await waitFor(() => expect(screen.getByTestId('history-empty')).toBeTruthy());
		expect(fake.db.plays[0].deleted_at).not.toBeNull();
		expect(screen.getByTestId('deleted-banner').textContent).toMatch(/Valencia — Ani, Dirk/);
		await fireEvent.click(screen.getByTestId('undo-delete'));
		await waitFor(() => expect(screen.getByTestId('history-total').textContent).toBe('1 play'));
		expect(fake.db.plays[0].deleted_at).toBeNull();
	});

	it('the bin lists deleted plays and restores them; the player filter narrows the list', async () => {
		const { fake, play, dirk } = await seeded();
		const lilli = await fake.createPlayer('Lilli', null);
		await fake.deletePlay(play.id);
		render(HistoryPage);
		await waitFor(() => expect(screen.getByTestId('history-empty')).toBeTruthy());
		await fireEvent.click(screen.getByTestId('history-bin'));
		await waitFor(() => expect(screen.getByTestId(`restore-${play.id}`)).toBeTruthy());
		await fireEvent.click(screen.getByTestId(`restore-${play.id}`));
		await waitFor(() => expect(fake.db.plays[0].deleted_at).toBeNull());
		await fireEvent.click(screen.getByTestId('history-bin'));
		await waitFor(() => expect(screen.getByTestId('history-total').textContent).toBe('1 play'));
		await fireEvent.change(screen.getByTestId('history-player-filter'), { target: { value: String(lilli.id) } });
		await waitFor(() => expect(screen.getByTestId('history-total').textContent).toBe('0 plays'));
		await fireEvent.change(screen.getByTestId('history-player-filter'), { target: { value: String(dirk.id) } });
		await waitFor(() => expect(screen.getByTestId('history-total').textContent).toBe('1 play'));
	});
});

describe('Roster', () => {
	it('renames, archives and merges players through the core', async () => {
		const { fake, ani, dirk } = await seeded();
		const dup = await fake.createPlayer('Dirck', null);
		render(PlayersPage);
		await fireEvent.click(await screen.findByTestId(`player-manage-${ani.id}`));
		await fireEvent.input(screen.getByTestId(`player-rename-${ani.id}`), { target: { value: 'Anaïs' } });
		await fireEvent.click(screen.getByTestId(`player-rename-save-${ani.id}`));
		await waitFor(() => expect(screen.getByTestId('roster-done').textContent).toBe('Ani is now Anaïs.'));
		expect(fake.db.plays[0].seats[0].player_name).toBe('Anaïs');

		await fireEvent.click(screen.getByTestId(`player-manage-${dup.id}`));
		await fireEvent.change(screen.getByTestId(`player-merge-${dup.id}`), { target: { value: String(dirk.id) } });
		await fireEvent.click(screen.getByTestId(`player-merge-go-${dup.id}`));
		expect(fake.db.players.some((p) => p.id === dup.id)).toBe(true);
		await fireEvent.click(screen.getByTestId(`player-merge-go-${dup.id}`));
		await waitFor(() => expect(fake.db.players.some((p) => p.id === dup.id)).toBe(false));

		await fireEvent.click(screen.getByTestId(`player-manage-${dirk.id}`));
		await fireEvent.click(screen.getByTestId(`player-archive-${dirk.id}`));
		await waitFor(() => expect(screen.queryByTestId(`player-${dirk.id}`)).toBeNull());
		expect(fake.db.players.find((p) => p.id === dirk.id)?.archived).toBe(true);
		await fireEvent.click(screen.getByTestId('show-archived'));
		expect(screen.getByTestId(`player-${dirk.id}`)).toBeTruthy();
	});
});

describe('Files', () => {
	it('exports a CSV with the options chosen and shows where it was written', async () => {
		const fake = createFakeBackend();
		let asked: unknown = null;
		fake.exportFile = async (kind, csv) => {
			asked = { kind, csv };
			return { path: '/home/ani/Documents/Greffier/greffier-plays.csv', count: 3 };
		};
		setBackend(fake);
		render(FilesPanel);
		await fireEvent.click(screen.getByTestId('csv-comma'));
		await fireEvent.click(screen.getByTestId('export-go'));
		await waitFor(() => expect(screen.getByTestId('export-path').textContent).toBe('/home/ani/Documents/Greffier/greffier-plays.csv'));
		expect(screen.getByTestId('export-done').textContent).toMatch(/3 lines written to/);
		expect(asked).toEqual({ kind: 'csv_plays', csv: { delimiter: 'comma', bom: true, game: null, status: null } });
	});

	it('a refused import says nothing was imported', async () => {
		const fake = createFakeBackend();
		fake.importFile = async () => {
			throw new BackendError('invalid_input', 'not a Greffier backup', [{ field: 'manifest', code: 'missing', message: { fr: 'Manifeste absent.', en: 'No manifest.' } }]);
		};
		setBackend(fake);
		render(FilesPanel);
		const input = screen.getByTestId('import-file') as HTMLInputElement;
		const file = new File(['{"hostile": true}'], 'x.json', { type: 'application/json' });
		await fireEvent.change(input, { target: { files: [file] } });
		await fireEvent.click(screen.getByTestId('import-go'));
		await waitFor(() => expect(within(screen.getByTestId('import-error')).getByText('Nothing was imported.')).toBeTruthy());
	});
});
