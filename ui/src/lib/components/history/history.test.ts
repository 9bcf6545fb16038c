import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { setLang } from '$lib/i18n.svelte';
import { backend, type OtherPlayFilter } from '$lib/backend';
import { allGames, choose, ownServer, players, recording, startPlay } from '../../../test-support';
import { app } from '$lib/app.svelte';
import { dayBound, lastDeleted, logView, outcomeFilter } from './view.svelte';
import HistoryPage from '../../../routes/history/+page.svelte';
import PlayersPage from '../../../routes/players/+page.svelte';
import FilesPanel from './FilesPanel.svelte';
import { statsView } from '../stats/view.svelte';

// These screens count the whole history: each test has a server of its own, on an empty one.
let stop: () => Promise<void>;
beforeEach(async () => {
	stop = (await ownServer()).stop;
});
afterEach(() => stop());

/** A BG Stats export from the core's own test fixtures. */
const bgStatsFile = (name: string) => readFileSync(resolve(import.meta.dirname, '../../../../../tests/fixtures', name), 'utf8');

/**
 * The app's own gzip backup of `n` finished Valencia plays (a real table of five players, from
 * the core's score fixtures), written by the core's CLI as a user's `history export -o x.gz`.
 */
function gzipBackup(n: number): Buffer<ArrayBuffer> {
	const dir = mkdtempSync(join(tmpdir(), 'greffier-vitest-backup-'));
	try {
		const [db, table, out] = ['h.sqlite3', 'table.json', 'greffier-backup.json.gz'].map((f) => join(dir, f));
		const fixture = JSON.parse(bgStatsFile('scores/valencia-bench.table.json')) as { table: unknown };
		writeFileSync(table, JSON.stringify(fixture.table));
		for (let i = 0; i < n; i++) execFileSync(inject('greffierBin'), ['history', '--db', db, 'add', 'valencia', table]);
		execFileSync(inject('greffierBin'), ['history', '--db', db, 'export', '-o', out]);
		return readFileSync(out) as Buffer<ArrayBuffer>;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** Picks `file` in the import form, as a person would, and imports it. */
async function importPicked(file: File) {
	await fireEvent.change(screen.getByTestId('import-file') as HTMLInputElement, { target: { files: [file] } });
	await fireEvent.click(screen.getByTestId('import-go'));
}

async function seeded() {
	app.games = await allGames();
	const [ani, dirk] = await players(['Ani', 'Dirk']);
	const play = await startPlay('valencia', 'base', ['Ani', 'Dirk']);
	Object.assign(logView, {
		game: null,
		variant: null,
		status: null,
		playerId: null,
		outcome: '',
		from: '',
		to: '',
		bin: false,
		others: false,
		page: 0
	});
	lastDeleted.id = null;
	const stored = () => backend.getPlay(play.id);
	return { ani, dirk, play, stored };
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
		const { play, stored } = await seeded();
		render(HistoryPage);
		await waitFor(() => expect(screen.getByTestId('history-total').textContent).toBe('1 play'));
		await fireEvent.click(screen.getByTestId(`delete-${play.id}`));
		expect((await stored()).deleted_at).toBeNull();
		expect(screen.getByTestId(`delete-${play.id}`).textContent).toBe('Confirm deletion');
		await fireEvent.click(screen.getByTestId(`delete-${play.id}`));
		await waitFor(() => expect(screen.getByTestId('history-empty')).toBeTruthy());
		expect((await stored()).deleted_at).not.toBeNull();
		expect(screen.getByTestId('deleted-banner').textContent).toMatch(/Valencia — Ani, Dirk/);
		await fireEvent.click(screen.getByTestId('undo-delete'));
		await waitFor(() => expect(screen.getByTestId('history-total').textContent).toBe('1 play'));
		expect((await stored()).deleted_at).toBeNull();
	});

	it('the bin lists deleted plays and restores them; the player filter narrows the list', async () => {
		const { play, dirk, stored } = await seeded();
		const [lilli] = await players(['Lilli']);
		await backend.deletePlay(play.id);
		render(HistoryPage);
		await waitFor(() => expect(screen.getByTestId('history-empty')).toBeTruthy());
		await fireEvent.click(screen.getByTestId('history-bin'));
		await waitFor(() => expect(screen.getByTestId(`restore-${play.id}`)).toBeTruthy());
		await fireEvent.click(screen.getByTestId(`restore-${play.id}`));
		await waitFor(async () => expect((await stored()).deleted_at).toBeNull());
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
		await seeded();
		await backend.importFile('bgstats', { text: bgStatsFile('bgstats-sample.json') });
		const { calls } = recording('listOtherPlays');
		const catan = (await backend.listOtherPlays({ game_name: 'Catan', limit: 10, offset: 0 } as OtherPlayFilter)).plays[0];
		render(HistoryPage);
		await fireEvent.click(await screen.findByTestId('history-others'));
		// The file's Catan play, as the core lists it: every seat with its score as written.
		await waitFor(() => expect(screen.getAllByTestId('other-play')).toHaveLength(2));
		const row = screen.getAllByTestId('other-play').find((r) => r.textContent?.includes('Catan'))!;
		for (const seat of catan.seats) {
			expect(row.textContent).toContain(seat.name);
			expect(row.textContent).toContain(seat.score);
		}
		expect(screen.queryByTestId(`delete-${catan.id}`)).toBeNull();
		await fireEvent.change(screen.getByTestId('others-game-filter'), { target: { value: 'Pandemic' } });
		await waitFor(() => expect(calls.listOtherPlays.at(-1)?.[0]).toMatchObject({ game_name: 'Pandemic', offset: 0 }));
		await waitFor(() => expect(screen.getAllByTestId('other-play')).toHaveLength(1));
	});
});

describe('Roster', () => {
	it('shows each player’s play count from the core, linking to their statistics', async () => {
		const { ani, dirk, play } = await seeded();
		// Ani and Dirk finish the Valencia play; the core's sample BG Stats file adds three plays
		// of ours for each, and of other games Catan and Pandemic for Ani, Pandemic for Dirk.
		await backend.finishPlay(play.id, {
			sheet: 'generic',
			variant: 'base',
			players: [
				{ name: 'Ani', points: { city: 5 } },
				{ name: 'Dirk', points: { city: 7 } }
			]
		} as never);
		await backend.importFile('bgstats', { text: bgStatsFile('bgstats-sample.json') });
		render(PlayersPage);
		const anis = await screen.findByTestId(`player-plays-${ani.id}`);
		expect(anis.textContent?.trim()).toBe('4 plays + 2 of other games');
		const dirks = screen.getByTestId(`player-plays-${dirk.id}`);
		expect(dirks.textContent?.trim()).toBe('4 plays + 1 of another game');
		expect(dirks.getAttribute('href')).toBe('/stats');
		await fireEvent.click(dirks);
		expect(statsView.tab).toBe('player');
		expect(statsView.playerId).toBe(dirk.id);
	});

	it('renames, archives and merges players through the core', async () => {
		const { ani, dirk, stored } = await seeded();
		const [dup] = await players(['Dirck']);
		const exists = async (id: number) => (await backend.listPlayers()).find((p) => p.id === id);
		render(PlayersPage);
		await fireEvent.click(await screen.findByTestId(`player-manage-${ani.id}`));
		await fireEvent.input(screen.getByTestId(`player-rename-${ani.id}`), { target: { value: 'Anaïs' } });
		await fireEvent.click(screen.getByTestId(`player-rename-save-${ani.id}`));
		await waitFor(() => expect(screen.getByTestId('roster-done').textContent).toBe('Ani is now Anaïs.'));
		expect((await stored()).seats[0].player_name).toBe('Anaïs');

		await fireEvent.click(screen.getByTestId(`player-manage-${dup.id}`));
		await fireEvent.change(screen.getByTestId(`player-merge-${dup.id}`), { target: { value: String(dirk.id) } });
		await fireEvent.click(screen.getByTestId(`player-merge-go-${dup.id}`));
		expect(await exists(dup.id)).toBeTruthy();
		await fireEvent.click(screen.getByTestId(`player-merge-go-${dup.id}`));
		await waitFor(async () => expect(await exists(dup.id)).toBeUndefined());

		await fireEvent.click(screen.getByTestId(`player-manage-${dirk.id}`));
		await fireEvent.click(screen.getByTestId(`player-archive-${dirk.id}`));
		await waitFor(() => expect(screen.queryByTestId(`player-${dirk.id}`)).toBeNull());
		expect((await exists(dirk.id))?.archived).toBe(true);
		await fireEvent.click(screen.getByTestId('show-archived'));
		expect(screen.getByTestId(`player-${dirk.id}`)).toBeTruthy();
	});
});

describe('Files', () => {
	it('exports a CSV with the options chosen and shows where it was written', async () => {
		await seeded();
		const { calls } = recording('exportFile');
		render(FilesPanel);
		await fireEvent.click(screen.getByTestId('csv-comma'));
		await fireEvent.click(screen.getByTestId('export-go'));
		// The core writes it into the exports folder beside the history (the server's machine is
		// the browser's: the path is where the user finds it).
		await waitFor(() => expect(screen.getByTestId('export-path').textContent).toMatch(/\/exports\/[^/]+\.csv$/));
		expect(screen.getByTestId('export-done').textContent).toMatch(/1 line written to/);
		expect(screen.getByTestId('export-served').textContent).toMatch(/computer that runs greffier serve/);
		expect(calls.exportFile).toEqual([['csv_plays', { delimiter: 'comma', bom: true, game: null, status: null }, 'en']]);
	});

	it('a JSON backup says how many plays it wrote, in a file named in the screen’s language', async () => {
		await seeded();
		render(FilesPanel);
		await choose(screen.getByTestId('export-kind') as HTMLSelectElement, 'backup');
		await fireEvent.click(screen.getByTestId('export-go'));
		await waitFor(() => expect(screen.getByTestId('export-path').textContent).toMatch(/\/exports\/greffier-backup-[^/]+\.json$/));
		expect(screen.getByTestId('export-done').textContent).toMatch(/\d+ plays? written to/);
		expect(screen.getByTestId('export-done').textContent).not.toMatch(/line/);
	});

	it('a BG Stats import says which plays were skipped or kept as another game’s, what was dropped, and where other games went', async () => {
		// The core's own BG Stats fixture: a club's 418 plays, with plays it must set aside.
		const text = bgStatsFile('bgstats-history.json');
		render(FilesPanel);
		await choose(screen.getByTestId('import-kind') as HTMLSelectElement, 'bgstats');
		const file = new File([text], 'BGStatsExport.json', { type: 'application/json' });
		await fireEvent.change(screen.getByTestId('import-file') as HTMLInputElement, { target: { files: [file] } });
		await fireEvent.click(screen.getByTestId('import-go'));
		await waitFor(
			() =>
				expect(screen.getByTestId('import-done').textContent?.trim()).toBe(
					'Imported: 166 plays of our games, 246 plays of other games, 15 players added; 0 already there, 1 ignored in BG Stats, 5 not imported.'
				),
			{ timeout: 20000 }
		);
		const notes = screen.getAllByTestId('import-note').map((n) => n.textContent?.replace(/\s+/g, ' ').trim());
		expect(notes).toHaveLength(8);
		expect(notes[0]).toBe('Kept as another game’s play: Citadels, 2024-11-01 20:00:00 — 9 players: Citadelles is for 2 to 7.');
		expect(within(screen.getByTestId('import-dropped')).getByText('Photos of the play — 2 plays')).toBeTruthy();
		expect(within(screen.getByTestId('import-other-games-list')).getByText('Catan — 39 plays')).toBeTruthy();
	}, 30000);

	// The picker offers `.gz`, but the page read the file as text: the app's own gzip
	// backup failed to import. Each count takes its noun's form, in both languages.
	it('the app’s own gzip backup imports from the picker, its counts said as counted', async () => {
		const file = new File([gzipBackup(3)], 'greffier-backup.json.gz', { type: 'application/gzip' });
		render(FilesPanel);
		await importPicked(file);
		await waitFor(
			() =>
				expect(screen.getByTestId('import-done').textContent?.trim()).toBe(
					'Imported: 3 plays, 5 players, 0 plays of other games, 0 card values; 0 plays already there.'
				),
			{ timeout: 20000 }
		);
		expect((await backend.listPlays({ game: null, status: null, limit: 20, offset: 0 })).total).toBe(3);
		setLang('fr');
		try {
			await fireEvent.click(screen.getByTestId('import-go'));
			await waitFor(() =>
				expect(screen.getByTestId('import-done').textContent?.trim()).toBe(
					'Importé\u202f: 0 partie, 0 joueur, 0 partie d’autres jeux, 0 valeur de carte\u202f; 3 parties déjà présentes.'
				)
			);
		} finally {
			setLang('en');
		}
	}, 30000);

	it('a BG Stats export scored per round imports every play, and says the one it skipped', async () => {
		render(FilesPanel);
		await choose(screen.getByTestId('import-kind') as HTMLSelectElement, 'bgstats');
		await importPicked(new File([bgStatsFile('bgstats-round-scores.json')], 'BGStatsExport.json', { type: 'application/json' }));
		await waitFor(() =>
			expect(screen.getByTestId('import-done').textContent?.trim()).toBe(
				'Imported: 2 plays of our games, 9 plays of other games, 5 players added; 0 already there, 0 ignored in BG Stats, 1 not imported.'
			)
		);
		expect(within(screen.getByTestId('import-other-games-list')).getByText('Zombie Dice — 1 play')).toBeTruthy();
	});

	// In a browser, the 32 MiB body limit refused the app's own backup above ~8k plays.
	// The file is streamed to the core as an upload, then imported.
	it('a backup over 32 MiB goes through the browser’s door', async () => {
		const backup = JSON.parse(gunzipSync(gzipBackup(1)).toString('utf8')) as {
			manifest: { counts: { plays: number } };
			plays: { uuid: string }[];
		};
		const model = backup.plays[0];
		const n = 3800;
		backup.plays = Array.from({ length: n }, (_, i) => ({ ...model, uuid: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}` }));
		backup.manifest.counts.plays = n;
		const bytes = new TextEncoder().encode(JSON.stringify(backup));
		expect(bytes.length).toBeGreaterThan(32 * 1024 * 1024);
		let sent = 0;
		const upload = await backend.uploadFile(new Blob([bytes]), (s) => (sent = s));
		expect(sent).toBe(bytes.length);
		const summary = await backend.importFile('backup', { upload });
		expect(summary.kind === 'backup' && summary.plays_added).toBe(n);
		await expect(backend.importFile('backup', { upload })).rejects.toMatchObject({ kind: 'not_found' });
	}, 60000);

	// A backup whose header was intact but whose body was cut short was listed as
	// usable. The core reads each file whole against its checksum: the screen says it is
	// damaged, and offers no way to restore it.
	it('a backup damaged past its header is listed as damaged, with nothing to restore it', async () => {
		await seeded();
		const good = await backend.backupNow();
		const damaged = await backend.backupNow();
		const { db_path } = await backend.appInfo();
		const file = join(db_path, '..', 'backups', damaged.file_name);
		const bytes = readFileSync(file);
		writeFileSync(file, bytes.subarray(0, bytes.length / 2));
		render(FilesPanel);
		await waitFor(() => expect(screen.getByTestId(`unusable-${damaged.file_name}`).textContent).toMatch(/This backup is damaged: /));
		expect(screen.queryByTestId(`restore-${damaged.file_name}`)).toBeNull();
		expect(screen.getByTestId(`restore-${good.file_name}`)).toBeTruthy();
		expect(screen.queryByTestId(`unusable-${good.file_name}`)).toBeNull();
	});

	it('an import finding a play in the bin says so apart, and links to the bin', async () => {
		const text = bgStatsFile('bgstats-sample.json');
		await backend.importFile('bgstats', { text });
		const first = (await backend.listPlays({})).plays[0];
		await backend.deletePlay(first.id);
		render(FilesPanel);
		await choose(screen.getByTestId('import-kind') as HTMLSelectElement, 'bgstats');
		const file = new File([text], 'BGStatsExport.json', { type: 'application/json' });
		await fireEvent.change(screen.getByTestId('import-file') as HTMLInputElement, { target: { files: [file] } });
		await fireEvent.click(screen.getByTestId('import-go'));
		await waitFor(() => expect(screen.getByTestId('import-done').textContent).toMatch(/; 4 already there,/));
		expect(screen.getByTestId('import-in-bin').textContent?.replace(/\s+/g, ' ').trim()).toBe(
			'Already in the bin: 1 — the import leaves them there, neither restored nor added a second time. Restore them from the bin'
		);
		expect(screen.getByTestId('import-in-bin-link').getAttribute('href')).toBe('/history?bin=1');
		expect((await backend.getPlay(first.id)).deleted_at).not.toBeNull();
	});

	it('a refused import says nothing was imported', async () => {
		render(FilesPanel);
		const input = screen.getByTestId('import-file') as HTMLInputElement;
		const file = new File(['{"hostile": true}'], 'x.json', { type: 'application/json' });
		await fireEvent.change(input, { target: { files: [file] } });
		await fireEvent.click(screen.getByTestId('import-go'));
		await waitFor(() => expect(within(screen.getByTestId('import-error')).getByText('Nothing was imported.')).toBeTruthy());
	});
});
