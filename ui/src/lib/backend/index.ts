// The one door between the UI and the app core. Components import from `$lib/backend` only:
// inside the app the Backend goes over Tauri IPC (`tauri.ts`), in a plain browser over
// `greffier serve`'s HTTP (`http.ts`); both are the same map of methods to the core's
// operations (`operations.ts`). There is no other implementation: vitest runs on a real server.
import type { HistoryChange, Lang, PairedDoorAddress, TableChange, TableDoor } from './types';
import { OPERATION_FIELDS, type Backend } from './operations';

export * from './types';
export type { Backend, Operations, WindowOwn } from './operations';
export { BackendError } from './error';
export { createSeatBackend, forgetPairedToken, keepPairedToken, openTableEvents, pairedToken, type SeatOperations } from './http';

/** Every method, for the forwarding object below. */
const METHODS: (keyof Backend)[] = [
	...(Object.keys(OPERATION_FIELDS) as (keyof Backend)[]),
	'getPreferences',
	'setPreferences',
	'uploadFile'
];

/** True inside the Tauri webview. */
export function inTauri(): boolean {
	return typeof window !== 'undefined' && '__TAURI_INTERNALS__' in window;
}

let current: Promise<Backend> | null = null;

function resolveBackend(): Promise<Backend> {
	current ??= inTauri() ? import('./tauri').then((m) => m.createTauriBackend()) : import('./http').then((m) => m.createHttpBackend());
	return current;
}

/** Replaces the backend (vitest: the HTTP backend on the server its global setup started). */
export function setBackend(b: Backend): void {
	current = Promise.resolve(b);
}

/** The backend every screen uses; each call goes to the implementation chosen at first use. */
export const backend: Backend = Object.fromEntries(
	METHODS.map((name) => [
		name,
		async (...args: unknown[]) => {
			const b = await resolveBackend();
			return (b[name] as (...a: unknown[]) => Promise<unknown>)(...args);
		}
	])
) as unknown as Backend;

/**
 * Table mode's door: the desktop app serves a play's table to the phones on the
 * local network. Only the app can (a browser page is served by `greffier serve`, which keeps to
 * the loopback).
 */
export interface TableDoorControl {
	/** Opens the play's table (the same seats as before, if it was open) and serves it: the join
	 * URL, carrying the window's language `lang` for the phones, and its QR code. */
	open(playId: number, lang: Lang): Promise<TableDoor>;
	/** The door of a table this app serves now (null: not served, even if the core keeps it open). */
	current(playId: number): Promise<TableDoor | null>;
	/** Calls `onchange` for every change to a play whose table is open; resolves to the unsubscribe. */
	listen(onchange: (change: TableChange) => void): Promise<() => void>;
}

/** The desktop app's table door; null in a browser. */
export async function tableDoor(): Promise<TableDoorControl | null> {
	if (!inTauri()) return null;
	return (await import('./tauri')).tauriTableDoor;
}

/**
 * Where a paired device reaches this app: the desktop app serves its door for
 * paired devices on the local network when asked (this opens it); a browser page is served by
 * `greffier serve` at its own address, which a tablet reaches only when that is not the
 * loopback (`greffier serve --host 0.0.0.0`).
 */
export async function pairedDoor(): Promise<PairedDoorAddress> {
	if (inTauri()) return (await import('./tauri')).openPairedDoor();
	const host = location.hostname;
	const loopback = host === 'localhost' || host === '[::1]' || host.startsWith('127.');
	return { url: location.origin, lan: !loopback };
}

/**
 * The plays the shared history's passes rewrote underneath the screens (the desktop app's
 * sharing thread); a browser page hears nothing (`greffier serve` runs no sharing thread).
 */
export async function historyChanges(onchange: (change: HistoryChange) => void): Promise<() => void> {
	if (!inTauri()) return () => {};
	return (await import('./tauri')).listenHistoryChanges(onchange);
}

/** Runs `hook` (save what the sheets still hold) before the desktop window closes. */
export function beforeWindowCloses(hook: () => Promise<void>): void {
	if (inTauri()) void import('./tauri').then((m) => m.installCloseHook(hook));
}
