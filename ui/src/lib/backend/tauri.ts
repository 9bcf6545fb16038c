// The Backend over Tauri IPC. The commands are generated from the core's list of operations
// (src-tauri), so each is invoked by the operation's name with its fields in camelCase, as Tauri
// names a command's arguments; the preferences and the window's closing are the shell's own.
import { invoke } from '@tauri-apps/api/core';
import { listen } from '@tauri-apps/api/event';
import { commands, HISTORY_CHANGED_EVENT, INSTANT_OPERATIONS, TABLE_CHANGED_EVENT } from './bindings';
import { BackendError } from './error';
import type { Backend, TableDoorControl } from './index';
import type { HistoryChange, PairedDoorAddress, TableChange } from './types';
import { backendOver } from './operations';

type Res<T> = { status: 'ok'; data: T } | { status: 'error'; error: unknown };

async function call<T>(p: Promise<Res<T>>): Promise<T> {
	let r: Res<T>;
	try {
		r = await p;
	} catch (e) {
		throw BackendError.from(e);
	}
	if (r.status === 'ok') return r.data;
	throw BackendError.from(r.error);
}

/**
 * Diagnostics: when the page holds a `__greffierIpcTimings` list (the E2E's keystroke timing sets
 * one), each call is noted in it as [operation, sent, answered, at once] (`performance.now()`;
 * whether it was answered synchronously), to tell the IPC's part of a keystroke from the screen's.
 */
type IpcTimings = [string, number, number, boolean][];
const timings = () => (window as unknown as { __greffierIpcTimings?: IpcTimings }).__greffierIpcTimings;

/** `play_id` → `playId`: Tauri's names for a command's arguments. */
const camel = (field: string) => field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Whether the shell answers the `greffier:` scheme (not under a test runtime, for one). */
let atOnce = true;

/**
 * Asks the shell synchronously (src-tauri/src/keystroke.rs): the keystroke's preview, so that
 * the total is in the page before the typed digit's frame is drawn. `undefined`
 * when this way is not there: the caller then goes through the async IPC.
 */
function callAtOnce(operation: string, request: Record<string, unknown>): unknown {
	if (!atOnce || !(INSTANT_OPERATIONS as readonly string[]).includes(operation)) return undefined;
	const xhr = new XMLHttpRequest();
	try {
		xhr.open('POST', `greffier://localhost/${operation}`, false);
		xhr.setRequestHeader('Content-Type', 'application/json');
		xhr.send(JSON.stringify(request));
	} catch {
		atOnce = false;
		return undefined;
	}
	if (xhr.status === 200) return JSON.parse(xhr.responseText);
	if (xhr.status === 400) throw BackendError.from(JSON.parse(xhr.responseText));
	atOnce = false;
	return undefined;
}

export function createTauriBackend(): Backend {
	return backendOver(
		async (operation, request) => {
			const args = Object.fromEntries(Object.entries(request).map(([k, v]) => [camel(k), v]));
			const sent = performance.now();
			let now: unknown;
			try {
				now = callAtOnce(operation, request);
				if (now !== undefined) return now;
				return await invoke(operation, args);
			} catch (e) {
				throw BackendError.from(e);
			} finally {
				timings()?.push([operation, sent, performance.now(), now !== undefined]);
			}
		},
		{
			getPreferences: () => call(commands.getPreferences()),
			setPreferences: (p) => call(commands.setPreferences(p)),
			uploadFile
		}
	);
}

/** The size of each block of a file sent to the shell. */
export const UPLOAD_BLOCK_BYTES = 8 * 1024 * 1024;

/**
 * A file's bytes to the core, in blocks read one at a time from the file (never the whole file
 * in the page), each a raw IPC body of the shell's `upload_chunk` (src-tauri/src/commands/
 * upload.rs): the first opens an upload, each next one names it, the last closes it.
 */
async function uploadFile(file: Blob, onSent?: (sent: number) => void): Promise<string> {
	let upload: string | null = null;
	let at = 0;
	do {
		const end = Math.min(at + UPLOAD_BLOCK_BYTES, file.size);
		const block = new Uint8Array(await file.slice(at, end).arrayBuffer());
		const headers: Record<string, string> = {};
		if (upload !== null) headers['greffier-upload'] = upload;
		if (end === file.size) headers['greffier-upload-last'] = '1';
		try {
			upload = (await invoke('upload_chunk', block, { headers })) as string;
		} catch (e) {
			throw BackendError.from(e);
		}
		at = end;
		onSent?.(at);
	} while (at < file.size);
	if (upload === null) throw new BackendError('internal', 'the shell answered no upload');
	return upload;
}

/**
 * The shell asks the page before the window closes (it evaluates `__greffierBeforeClose`, and
 * closes the window itself if the page does not answer): save what waits, then let it close.
 */
export function installCloseHook(hook: () => Promise<void>): void {
	(window as unknown as { __greffierBeforeClose?: () => Promise<void> }).__greffierBeforeClose = async () => {
		try {
			await hook();
		} finally {
			await commands.closeWindow();
		}
	};
}

/** Table mode's door: the shell's commands, and its window event for each table change. */
export const tauriTableDoor: TableDoorControl = {
	open: (playId, lang) => call(commands.openTableToPhones(playId, lang)),
	current: (playId) => call(commands.tableDoor(playId)),
	listen: (onchange) => listen<TableChange>(TABLE_CHANGED_EVENT, (event) => onchange(event.payload))
};

/** The door for paired devices: opened (or the one serving), where a device reaches it. */
export async function openPairedDoor(): Promise<PairedDoorAddress> {
	return call(commands.openPairedDoor());
}

/** The plays a pass of the sharing thread rewrote here (the shell's window event). */
export function listenHistoryChanges(onchange: (change: HistoryChange) => void): Promise<() => void> {
	return listen<HistoryChange>(HISTORY_CHANGED_EVENT, (event) => onchange(event.payload));
}
