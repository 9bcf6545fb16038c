// Settings → "Share this history" and History's conflicts, on the real core: the
// page's history is a `greffier serve` of its own; the other device is a second history the
// test drives through the CLI (`greffier sync`, `greffier call`), both sharing one folder.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { inject } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backend } from '$lib/backend';
import { ownServer, startPlay } from '../../../test-support';
import SharePanel from './SharePanel.svelte';
import SyncConflicts from '../history/SyncConflicts.svelte';

let stop: () => Promise<void>;
let dir: string;
beforeEach(async () => {
	stop = (await ownServer()).stop;
	dir = mkdtempSync(join(tmpdir(), 'greffier-vitest-share-'));
});
afterEach(async () => {
	await stop();
	rmSync(dir, { recursive: true, force: true });
});

/** The other device: `greffier <args>` over its own history. */
function tablet(args: string[]): string {
	return execFileSync(inject('greffierBin'), [...args, '--db', join(dir, 'tablet.sqlite3')], { encoding: 'utf8' });
}

/** An operation on the other device, by name, with its request. */
function tabletCall(op: string, request: unknown): unknown {
	const file = join(dir, 'request.json');
	writeFileSync(file, JSON.stringify(request));
	return JSON.parse(tablet(['call', op, file, '--json']));
}

describe('Share this history', () => {
	it('shares a folder, lists this device and the other, and stops', async () => {
		const folder = join(dir, 'shared');
		render(SharePanel);
		await waitFor(() => expect(screen.getByTestId('share-not-shared')).toBeTruthy());
		await fireEvent.input(screen.getByTestId('share-folder'), { target: { value: folder } });
		await fireEvent.input(screen.getByTestId('share-device-name'), { target: { value: 'Laptop' } });
		await fireEvent.click(screen.getByTestId('share-go'));
		await waitFor(() => expect(screen.getByTestId('share-folder-shown').textContent).toContain('shared'));
		await waitFor(() => expect(screen.getByTestId('share-report').textContent).toBe('Sync done — files written: 0, applied: 0.'));
		// Each device plays; the other shares its file, "Sync now" writes ours and applies it.
		await startPlay('valencia', 'base', ['Ani', 'Dirk']);
		const ids = ['Lilli', 'Max'].map((name) => (tabletCall('create_player', { name, colour: null }) as { id: number }).id);
		tabletCall('start_play', {
			new_play: {
				game: 'valencia',
				variant: 'base',
				location: null,
				notes: null,
				seats: ids.map((player_id) => ({ player_id, colour: null })),
				first_seat: 0
			}
		});
		tablet(['sync', '--folder', folder, '--device-name', 'Tablet']);
		await fireEvent.click(screen.getByTestId('share-sync-now'));
		await waitFor(() => expect(screen.getAllByTestId('share-device').length).toBe(2));
		await waitFor(() => expect(screen.getByTestId('share-report').textContent).toBe('Sync done — files written: 1, applied: 1.'));
		const devices = screen.getAllByTestId('share-device').map((d) => d.textContent ?? '');
		expect(devices[0]).toContain('Laptop');
		expect(devices[0]).toContain('this device');
		expect(devices[0]).toContain('Files in the folder: 1');
		expect(devices[1]).toContain('Tablet');
		expect(screen.getByTestId('share-device-applied').textContent).toContain('Last change applied here: file 1,');
		expect(
			(
				await backend.listPlays({
					game: null,
					status: null,
					variant: null,
					player_id: null,
					from: null,
					to: null,
					outcome: null,
					won: null,
					deleted: false,
					limit: 20,
					offset: 0
				})
			).total
		).toBe(2);
		await fireEvent.click(screen.getByTestId('share-stop'));
		await waitFor(() => expect(screen.getByTestId('share-not-shared')).toBeTruthy());
		expect((await backend.syncStatus()).folder).toBeNull();
	});

	it('refuses the folder the history itself lives in, saying why', async () => {
		const status = await backend.syncStatus();
		expect(status.folder).toBeNull();
		const info = await backend.appInfo();
		const home = info.db_path.replace(/\/[^/]+$/, '');
		render(SharePanel);
		await waitFor(() => expect(screen.getByTestId('share-not-shared')).toBeTruthy());
		await fireEvent.input(screen.getByTestId('share-folder'), { target: { value: home } });
		await fireEvent.click(screen.getByTestId('share-go'));
		await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The history itself lives in this folder'));
		expect((await backend.syncStatus()).folder).toBeNull();
	});
});

describe('History: edited on two devices', () => {
	it('lists both versions and keeps the one chosen, everywhere', async () => {
		const folder = join(dir, 'shared');
		const play = await startPlay('valencia', 'base', ['Ani', 'Dirk'], 'Lyon');
		await backend.syncShare(folder, 'Laptop');
		await backend.syncNow(null);
		tablet(['sync', '--folder', folder]);
		// The same play, corrected on both devices before they synced.
		const page = tabletCall('list_plays', { filter: {} }) as { plays: { id: number }[] };
		const there = page.plays[0].id;
		tabletCall('edit_play', { play_id: there, edit: { location: 'Nantes', notes: 'from the tablet' } });
		tablet(['sync']);
		await backend.editPlay(play.id, {
			location: 'Lyon',
			notes: 'from the laptop',
			duration_minutes: null,
			started_at: null,
			table_state: null
		});
		const report = await backend.syncNow(null);
		expect(report.conflicts).toBe(1);

		render(SyncConflicts);
		await waitFor(() => expect(screen.getAllByTestId('sync-version').length).toBe(2));
		const versions = screen.getAllByTestId('sync-version').map((v) => v.textContent ?? '');
		expect(versions[0]).toContain('Shown now');
		expect(versions[1]).toContain('Kept aside');
		expect(versions.join(' ')).toContain('From Laptop');
		expect(versions.join(' ')).toContain('from the tablet');
		expect(versions.join(' ')).toContain('from the laptop');
		// Keep the tablet's.
		const tabletsIndex = versions.findIndex((v) => v.includes('from the tablet'));
		await fireEvent.click(screen.getAllByTestId('sync-keep')[tabletsIndex]);
		await waitFor(() => expect(screen.queryByTestId('sync-conflicts')).toBeNull());
		expect((await backend.getPlay(play.id)).notes).toBe('from the tablet');
		// The tablet applies the choice: nothing is left to settle there either.
		await backend.syncNow(null);
		tablet(['sync']);
		expect(tabletCall('sync_conflicts', {})).toEqual([]);
		expect((tabletCall('get_play', { play_id: there }) as { notes: string }).notes).toBe('from the tablet');
	});
});
