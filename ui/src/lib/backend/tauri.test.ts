// The Tauri backend speaks the contract: command names, camelCase argument keys, errors.
import { afterEach, describe, expect, it } from 'vitest';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { BackendError, inTauri } from './index';
import { createTauriBackend, tauriTableDoor, UPLOAD_BLOCK_BYTES } from './tauri';

afterEach(() => clearMocks());

describe('Tauri backend', () => {
	it('asks a preview through the async IPC when the window has no synchronous door', async () => {
		// Outside the real window (here, jsdom) the `greffier:` scheme is not there: the
		// keystroke's preview still reaches the core, through the typed command.
		const calls: string[] = [];
		mockIPC((cmd) => {
			calls.push(cmd);
			return { scoreboard: null, problems: [], undo_steps: 0 };
		});
		const b = createTauriBackend();
		await b.previewTableState(3, { variant: 'base', players: [] });
		await b.previewTableState(3, { variant: 'base', players: [] });
		expect(calls).toEqual(['preview_table_state', 'preview_table_state']);
	});

	it('calls the commands with the argument names Tauri expects', async () => {
		const calls: [string, unknown][] = [];
		mockIPC((cmd, args) => {
			calls.push([cmd, args]);
			if (cmd === 'save_table_state') return { scoreboard: null, problems: [] };
			if (cmd === 'list_plays') return { plays: [], total: 0 };
			return null;
		});
		expect(inTauri()).toBe(true);
		const b = createTauriBackend();
		const state = { variant: 'base', players: [{ name: 'Ani', points: { city: 5 } }] };
		await b.saveTableState(3, state);
		await b.listPlays({ game: 'valencia', status: null, limit: 20, offset: 40 });
		await b.startPlay({ game: 'valencia', variant: 'base', location: null, notes: null, seats: [], first_seat: 0 });
		await b.searchRules('fontaine', { game: null, lang: 'fr', limit: 30 });
		// save_table_state(play_id, <the sheet>, base): whatever the sheet argument is named in Rust.
		const [saveCmd, saveArgs] = calls.shift()!;
		expect(saveCmd).toBe('save_table_state');
		expect(Object.keys(saveArgs as object)).toHaveLength(3);
		expect((saveArgs as Record<string, unknown>).base).toBeNull();
		expect((saveArgs as Record<string, unknown>).playId).toBe(3);
		expect(Object.values(saveArgs as object)).toContainEqual(state);
		expect(calls).toEqual([
			['list_plays', { filter: { game: 'valencia', status: null, limit: 20, offset: 40 } }],
			['start_play', { newPlay: { game: 'valencia', variant: 'base', location: null, notes: null, seats: [], first_seat: 0 } }],
			['search_rules', { query: 'fontaine', filter: { game: null, lang: 'fr', limit: 30 } }]
		]);
	});

	it('asks the core for the Splendor catalogue', async () => {
		const catalogue = { cities: [], orient: [], powers: [] };
		const calls: [string, unknown][] = [];
		mockIPC((cmd, args) => {
			calls.push([cmd, args]);
			return catalogue;
		});
		expect(await createTauriBackend().splendorCatalogue()).toEqual(catalogue);
		expect(calls).toEqual([['splendor_catalogue', {}]]);
	});

	it('opens the table to phones through the shell’s own commands (table mode)', async () => {
		const door = {
			play_id: 4,
			url: 'http://192.168.1.20:40123/table?play=4&lang=fr#j4_x',
			address: '192.168.1.20:40123',
			lan: true,
			qr_svg: '<svg/>'
		};
		const calls: [string, unknown][] = [];
		mockIPC((cmd, args) => {
			calls.push([cmd, args]);
			return cmd === 'open_table_to_phones' ? door : null;
		});
		expect(await tauriTableDoor.open(4, 'fr')).toEqual(door);
		expect(await tauriTableDoor.current(4)).toBeNull();
		await createTauriBackend().tableAssignSeat(4, 2, null);
		expect(calls).toEqual([
			['open_table_to_phones', { playId: 4, lang: 'fr' }],
			['table_door', { playId: 4 }],
			['table_assign_seat', { playId: 4, device: 2, seat: null }]
		]);
	});

	// The window read an import's file as text (a gzip backup failed). Its bytes go to
	// the shell's `upload_chunk` in blocks, raw bodies read one at a time from the file: the
	// first opens an upload, the next ones name it, the last says so.
	it('sends a file to the shell in blocks of raw bytes, naming its upload and marking the last', async () => {
		const sent: [string, Uint8Array, Record<string, string>][] = [];
		mockIPC((cmd) => (cmd === 'upload_chunk' ? 'u7' : null));
		const internals = (
			window as unknown as {
				__TAURI_INTERNALS__: { invoke: (c: string, a: unknown, o?: { headers?: Record<string, string> }) => Promise<unknown> };
			}
		).__TAURI_INTERNALS__;
		const inner = internals.invoke;
		internals.invoke = (cmd, args, options) => {
			sent.push([cmd, args as Uint8Array, options?.headers ?? {}]);
			return inner(cmd, args, options);
		};
		const bytes = new Uint8Array(UPLOAD_BLOCK_BYTES * 2 + 5).map((_, i) => i % 251);
		const progress: number[] = [];
		expect(await createTauriBackend().uploadFile(new Blob([bytes]), (n) => progress.push(n))).toBe('u7');
		expect(sent.map(([cmd, block, headers]) => [cmd, block.length, headers])).toEqual([
			['upload_chunk', UPLOAD_BLOCK_BYTES, {}],
			['upload_chunk', UPLOAD_BLOCK_BYTES, { 'greffier-upload': 'u7' }],
			['upload_chunk', 5, { 'greffier-upload': 'u7', 'greffier-upload-last': '1' }]
		]);
		const joined = new Uint8Array(bytes.length);
		let at = 0;
		for (const [, block] of sent) {
			expect(block).toBeInstanceOf(Uint8Array);
			joined.set(block, at);
			at += block.length;
		}
		// Compared byte by byte (a deep equality of 16 MiB would list every index).
		expect(joined.every((b, i) => b === bytes[i])).toBe(true);
		expect(progress).toEqual([UPLOAD_BLOCK_BYTES, UPLOAD_BLOCK_BYTES * 2, bytes.length]);

		sent.length = 0;
		await createTauriBackend().uploadFile(new Blob([]));
		expect(sent.map(([, block, headers]) => [block.length, headers])).toEqual([[0, { 'greffier-upload-last': '1' }]]);
	});

	it('turns an ApiError into a BackendError with its problems', async () => {
		const problem = { field: 'players[1].points.city', code: 'out_of_range', message: { fr: 'x', en: 'y' } };
		mockIPC(() => {
			throw { kind: 'invalid_input', message: 'invalid sheet', problems: [problem] };
		});
		const err = await createTauriBackend()
			.finishPlay(1, { variant: 'base', players: [] })
			.catch((e) => e);
		expect(err).toBeInstanceOf(BackendError);
		expect(err.kind).toBe('invalid_input');
		expect(err.problems).toEqual([problem]);
	});
});
