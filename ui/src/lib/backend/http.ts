// The Backend over `greffier serve`: `POST <base>/api/<operation>` with the request's fields as a
// JSON object, answered with the response as JSON or the core's ApiError (kind, message,
// problems). In a browser the page is served by the same server, so `base` is '' (same origin:
// the server refuses other origins); vitest gives the URL of the server its global setup started.
//
// Preferences are the window's, not the core's (the desktop app keeps them with
// tauri-plugin-store): in a browser they live in its localStorage, under PREFERENCES_KEY.
//
// A phone at an open table (`greffier table`) speaks to the same routes with its
// token on every call (`Authorization: Bearer …`): `createSeatBackend` is the Backend with that
// header plus the seat's own operations (join, view, save, finished) and the live stream
// (`openTableEvents`, Server-Sent Events: the token travels in the query, as EventSource cannot
// set a header). A tablet paired with the host carries the token it received when
// it paired, kept in this browser (`PAIRED_TOKEN_KEY`), on every call of the host's door:
// beyond this machine, the door answers nothing else. The host's own browser carries none.
import { BackendError } from './error';
import type { Backend } from './index';
import { backendOver } from './operations';
import type { LoadedPreferences, Preferences, TableChange } from './types';

export const PREFERENCES_KEY = 'greffier.preferences';

/** Where a paired device's browser keeps its token (per origin: the door's address). */
export const PAIRED_TOKEN_KEY = 'greffier.paired-token';

/** This browser's paired token, if it was paired. */
export function pairedToken(): string | null {
	try {
		return globalThis.localStorage?.getItem(PAIRED_TOKEN_KEY) ?? null;
	} catch {
		return null;
	}
}

/** Keeps the token this browser received when it paired. */
export function keepPairedToken(token: string): void {
	globalThis.localStorage?.setItem(PAIRED_TOKEN_KEY, token);
}

/** Forgets a token the host revoked. */
export function forgetPairedToken(): void {
	globalThis.localStorage?.removeItem(PAIRED_TOKEN_KEY);
}

const DEFAULT_PREFERENCES: Preferences = { language: null, theme: 'system', default_player_count: null };

/** Calls one operation over HTTP; `token` (a phone's, read at each call) goes as a Bearer. */
function post(base: string, token: (() => string | null) | null) {
	return async (operation: string, request: Record<string, unknown>): Promise<unknown> => {
		const headers: Record<string, string> = { 'Content-Type': 'application/json' };
		const bearer = token?.();
		if (bearer) headers.Authorization = `Bearer ${bearer}`;
		let response: Response;
		try {
			response = await fetch(`${base}/api/${operation}`, {
				method: 'POST',
				headers,
				// Bytes, not a string: happy-dom (vitest) announces a string's length in UTF-16
				// units, and a body with accents then arrives cut (the server resets).
				body: new TextEncoder().encode(JSON.stringify(request))
			});
		} catch (e) {
			throw new BackendError('io', `greffier serve cannot be reached: ${e instanceof Error ? e.message : String(e)}`);
		}
		const text = await response.text();
		let body: unknown;
		try {
			body = JSON.parse(text);
		} catch {
			throw new BackendError('internal', `HTTP ${response.status}: ${text.slice(0, 200)}`);
		}
		if (!response.ok) throw BackendError.from(body);
		return body;
	};
}

/**
 * A file's bytes to the core: `POST <base>/api/upload`, the file as the body, which the browser
 * streams from disk (never read whole into the page, never as text: a gzip backup is bytes).
 * Resolves to the upload's id. The browser does not tell the progress of a request's body: all
 * is sent when the server answers.
 */
function upload(base: string) {
	return async (file: Blob, onSent?: (sent: number) => void): Promise<string> => {
		let response: Response;
		const headers: Record<string, string> = { 'Content-Type': 'application/octet-stream' };
		const bearer = pairedToken();
		if (bearer) headers.Authorization = `Bearer ${bearer}`;
		try {
			response = await fetch(`${base}/api/upload`, { method: 'POST', headers, body: file });
		} catch (e) {
			throw new BackendError('io', `greffier serve cannot be reached: ${e instanceof Error ? e.message : String(e)}`);
		}
		const text = await response.text();
		let body: { upload?: string };
		try {
			body = JSON.parse(text);
		} catch {
			throw new BackendError('internal', `HTTP ${response.status}: ${text.slice(0, 200)}`);
		}
		if (!response.ok || typeof body.upload !== 'string') throw BackendError.from(body);
		onSent?.(file.size);
		return body.upload;
	};
}

function own(base: string) {
	return {
		getPreferences: async () => readPreferences(),
		setPreferences: async (p: Preferences) => writePreferences(p),
		uploadFile: upload(base)
	};
}

export function createHttpBackend(base = ''): Backend {
	return backendOver(post(base, pairedToken), own(base));
}

/** A phone's own operations at an open table (the core's `seat` rows, plus the live help). */
export type SeatOperations = Pick<Backend, 'tableJoin' | 'tableView' | 'tableSaveSeat' | 'tableSetFinished' | 'tableHelp'>;

/** The Backend of a phone at an open table: every call carries `token()` (the join token, then
 * the phone's own once it joined). */
export function createSeatBackend(token: () => string | null, base = ''): Backend {
	return backendOver(post(base, token), own(base));
}

/** How long a stream the server refused (or ended for good) waits before it is opened again. */
export const STREAM_RETRY_MS = 3000;

/**
 * Follows the table's live stream: `onchange` hears each change ("revision n, by seat s", or
 * closed), the first one the revision at connection; `onstate` whether the stream is up. The
 * browser reconnects by itself after a drop, but not after an answer other than the stream (a
 * door with too many streams open, a closed table): the stream is then opened again after
 * `STREAM_RETRY_MS`. Returns what stops it. A phone names its token, the host's browser on the
 * local door the play.
 */
export function openTableEvents(
	target: { token: string } | { play: number },
	onchange: (change: TableChange) => void,
	onstate: (connected: boolean) => void = () => {},
	base = ''
): () => void {
	// The host's door names the play, and a paired tablet adds its token (no header here).
	const paired = 'play' in target ? pairedToken() : null;
	const query =
		'token' in target
			? `token=${encodeURIComponent(target.token)}`
			: `play=${target.play}${paired ? `&token=${encodeURIComponent(paired)}` : ''}`;
	let source: EventSource | null = null;
	let retry: ReturnType<typeof setTimeout> | null = null;
	let stopped = false;
	const open = () => {
		retry = null;
		if (stopped) return;
		const s = new EventSource(`${base}/api/table/events?${query}`);
		source = s;
		s.addEventListener('open', () => onstate(true));
		s.addEventListener('error', () => {
			onstate(false);
			if (s.readyState === EventSource.CLOSED && !stopped) retry = setTimeout(open, STREAM_RETRY_MS);
		});
		s.addEventListener('change', (e) => {
			try {
				onchange(JSON.parse((e as MessageEvent<string>).data) as TableChange);
			} catch {
				// A malformed event is not a change: the next one will carry the revision.
			}
		});
	};
	open();
	return () => {
		stopped = true;
		if (retry) clearTimeout(retry);
		source?.close();
	};
}

function readPreferences(): LoadedPreferences {
	const stored = globalThis.localStorage?.getItem(PREFERENCES_KEY);
	if (stored == null) return { preferences: { ...DEFAULT_PREFERENCES }, notice: null };
	try {
		const p = JSON.parse(stored) as Partial<Preferences>;
		return { preferences: { ...DEFAULT_PREFERENCES, ...p }, notice: null };
	} catch {
		// As the desktop app does with an unreadable file: defaults, and say so once.
		globalThis.localStorage?.removeItem(PREFERENCES_KEY);
		return { preferences: { ...DEFAULT_PREFERENCES }, notice: 'reset' };
	}
}

function writePreferences(p: Preferences): Preferences {
	globalThis.localStorage?.setItem(PREFERENCES_KEY, JSON.stringify(p));
	return p;
}
