import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { setBackend, BackendError } from '$lib/backend';
import { createFakeBackend, FAKE_GAMES } from '$lib/backend/fake';
import { app } from '$lib/app.svelte';
import { dayBound, lastDeleted, logView, outcomeFilter } from './view.svelte';
import HistoryPage from '../../../routes/history/+page.svelte';
import PlayersPage from '../../../routes/players/+page.svelte';
import FilesPanel from './FilesPanel.svelte';
import { statsView } from '../stats/view.svelte';

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
	Object.assign(logView, { game: null, variant: null, status: null, playerId: null, outcome: '', from: '', to: '', bin: false, others: false, page: 0 });
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

describe('Other games', () => {
	it('History lists other games’ plays read-only, with scores as written, teams and expansions, filtered by game', async () => {
		const { fake } = await seeded();
		const asked: unknown[] = [];
		fake.listOtherPlays = async (f) => {
			asked.push(f);
			return {
				total: 1,
				games: [
					{ name: 'Catan', plays: 1 },
					{ name: 'Wingspan', plays: 3 }
				],
				plays: [
					{
						id: 9,
						game_name: 'Catan',
						bgg_id: 13,
						played_at: '2024-11-13T20:00:00Z',
						duration_minutes: 90,
						location: 'Maison',
						notes: null,
						cooperative: false,
						expansions: ['Catan: Seafarers'],
						seats: [
							{ player_id: 1, name: 'Ani', score: '10.5', winner: true, first_player: true, team: 'A', role: null },
							{ player_id: 2, name: 'Dirk', score: '9', winner: false, first_player: false, team: 'B', role: null }
						]
					}
				]
			};
		};
		render(HistoryPage);
		await fireEvent.click(await screen.findByTestId('history-others'));
		const row = await screen.findByTestId('other-play');
		expect(row.textContent).toContain('Catan');
		expect(row.textContent).toContain('+ Catan: Seafarers');
		expect(row.textContent).toContain('10.5');
		expect(row.textContent).toContain('(team A)');
		expect(screen.queryByTestId('delete-9')).toBeNull();
		await fireEvent.change(screen.getByTestId('others-game-filter'), { target: { value: 'Wingspan' } });
		await waitFor(() => expect(asked.at(-1)).toMatchObject({ game_name: 'Wingspan', offset: 0 }));
	});
});

describe('Roster', () => {
	it('shows each player’s play count from the core, linking to their statistics', async () => {
		const { fake, ani, dirk } = await seeded();
		fake.playerPlayCounts = async () => [
			{ player_id: ani.id, plays: 1, other_plays: 0 },
			{ player_id: dirk.id, plays: 12, other_plays: 3 }
		];
		render(PlayersPage);
		expect((await screen.findByTestId(`player-plays-${ani.id}`)).textContent?.trim()).toBe('1 play');
		const dirks = screen.getByTestId(`player-plays-${dirk.id}`);
		expect(dirks.textContent?.trim()).toBe('12 plays + 3 of other games');
		expect(dirks.getAttribute('href')).toBe('/stats');
		await fireEvent.click(dirks);
		expect(statsView.tab).toBe('player');
		expect(statsView.playerId).toBe(dirk.id);
	});

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

	it('a BG Stats import says which plays were skipped or kept as another game’s, what was dropped, and where other games went', async () => {
		const fake = createFakeBackend();
		fake.importFile = async () => ({
			kind: 'bgstats',
			players_added: 3,
			plays_added: 40,
			other_plays_added: 12,
			plays_already_present: 0,
			plays_ignored: 1,
			notes: [
				{
					field: 'plays[401]',
					uuid: 'X-01',
					game: 'Citadels',
					date: '2024-11-01 20:00:00',
					kind: 'kept_as_other_game',
					why: { fr: '9 joueurs : Citadelles se joue de 2 à 7.', en: '9 players: Citadelles is for 2 to 7.' }
				},
				{
					field: 'plays[407]',
					uuid: 'X-07',
					game: 'Catan',
					date: '2024-11-07 20:00:00',
					kind: 'skipped',
					why: { fr: 'Le joueur n° 99 (place 2) n’est pas dans le fichier.', en: 'Player #99 (seat 2) is not in the file.' }
				}
			],
			dropped: [{ field: 'playImages', plays: 2, what: { fr: 'Photos de la partie', en: 'Photos of the play' } }],
			other_games: [{ name: 'Catan', plays: 12 }]
		});
		setBackend(fake);
		render(FilesPanel);
		await fireEvent.change(screen.getByTestId('import-kind'), { target: { value: 'bgstats' } });
		const file = new File(['{}'], 'BGStatsExport.json', { type: 'application/json' });
		await fireEvent.change(screen.getByTestId('import-file') as HTMLInputElement, { target: { files: [file] } });
		await fireEvent.click(screen.getByTestId('import-go'));
		await waitFor(() =>
			expect(screen.getByTestId('import-done').textContent?.trim()).toBe(
				'Imported: 40 plays of our games, 12 plays of other games, 3 players added; 0 already there, 1 ignored in BG Stats.'
			)
		);
		const notes = screen.getAllByTestId('import-note').map((n) => n.textContent?.replace(/\s+/g, ' ').trim());
		expect(notes).toEqual([
			'Kept as another game’s play: Citadels, 2024-11-01 20:00:00 — 9 players: Citadelles is for 2 to 7.',
			'Not imported: Catan, 2024-11-07 20:00:00 — Player #99 (seat 2) is not in the file.'
		]);
		expect(within(screen.getByTestId('import-dropped')).getByText('Photos of the play — 2 plays')).toBeTruthy();
		expect(within(screen.getByTestId('import-other-games-list')).getByText('Catan — 12 plays')).toBeTruthy();
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
