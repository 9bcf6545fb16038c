// The Backend over Tauri IPC. The commands are generated from the core's list of operations
// (src-tauri), so each is invoked by the operation's name with its fields in camelCase, as Tauri
// names a command's arguments; the preferences and the window's closing are the shell's own.
import { invoke } from '@tauri-apps/api/core';
import { listen } from '@tauri-apps/api/event';
import { commands, TABLE_CHANGED_EVENT } from './bindings';
import { BackendError } from './error';
import type { Backend, TableDoorControl } from './index';
import type { TableChange } from './types';
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
 * one), each call is noted in it as [operation, sent, answered] (`performance.now()`), to tell
 * the IPC's part of a keystroke from the screen's.
 */
type IpcTimings = [string, number, number][];
const timings = () => (window as unknown as { __greffierIpcTimings?: IpcTimings }).__greffierIpcTimings;

/** `play_id` → `playId`: Tauri's names for a command's arguments. */
const camel = (field: string) => field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function createTauriBackend(): Backend {
	return backendOver(
		async (operation, request) => {
			const args = Object.fromEntries(Object.entries(request).map(([k, v]) => [camel(k), v]));
			const sent = performance.now();
			try {
				return await invoke(operation, args);
			} catch (e) {
				throw BackendError.from(e);
			} finally {
				timings()?.push([operation, sent, performance.now()]);
			}
		},
		{
			getPreferences: () => call(commands.getPreferences()),
			setPreferences: (p) => call(commands.setPreferences(p))
		}
	);
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
	open: (playId) => call(commands.openTableToPhones(playId)),
	current: (playId) => call(commands.tableDoor(playId)),
	listen: (onchange) => listen<TableChange>(TABLE_CHANGED_EVENT, (event) => onchange(event.payload))
};
