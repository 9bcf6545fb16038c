// The Backend over `greffier serve`: `POST <base>/api/<operation>` with the request's fields as a
// JSON object, answered with the response as JSON or the core's ApiError (kind, message,
// problems). In a browser the page is served by the same server, so `base` is '' (same origin:
// the server refuses other origins); vitest gives the URL of the server its global setup started.
//
// Preferences are the window's, not the core's (the desktop app keeps them with
// tauri-plugin-store): in a browser they live in its localStorage, under PREFERENCES_KEY.
//
// A phone at an open table (`greffier table`, issue #18) speaks to the same routes with its
// token on every call (`Authorization: Bearer …`): `createSeatBackend` is the Backend with that
// header plus the seat's own operations (join, view, save, finished) and the live stream
// (`openTableEvents`, Server-Sent Events: the token travels in the query, as EventSource cannot
// set a header). The desktop's doors never carry a token.
import { BackendError } from './error';
import type { Backend } from './index';
import { backendOver, operationName } from './operations';
import type { GameId, LoadedPreferences, Preferences, TableChange, TableHelp, TableJoined, TableView } from './types';

export const PREFERENCES_KEY = 'greffier.preferences';

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
		try {
			response = await fetch(`${base}/api/upload`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/octet-stream' },
				body: file
			});
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
	return backendOver(post(base, null), own(base));
}

/** A phone's own operations at an open table (the core's `seat` rows, plus the live help). */
export interface SeatOperations {
	/** Joins (`device` null: a new phone, whose token comes back once) and/or claims a seat; a
	 * seat another phone holds is refused, or with `ask`, asked for (its holder or the host
	 * answers). Claiming none gives up a request. */
	tableJoin(playId: number, device: number | null, claim: number | null, ask: boolean, name: string | null): Promise<TableJoined>;
	/** The play as this phone (`device`) may see it: the other seats' private entries left out,
	 * its seat's (`seat`, else the phone's) requests, the seat it asks for. */
	tableView(playId: number, seat: number | null, device: number | null): Promise<TableView>;
	/** Some fields of this seat (`players[seat]`), merged field by field by the core and saved. */
	tableSaveSeat(playId: number, seat: number | null, part: Record<string, unknown>): Promise<TableView>;
	tableSetFinished(playId: number, seat: number | null, finished: boolean): Promise<TableView>;
	/** The live help a game gives about a table state (Valencia's mission statuses); a state the
	 * core's scorer refuses is refused the same way (`invalid_input`, with its problems). */
	tableHelp(game: GameId, table: unknown): Promise<TableHelp>;
}

/** Each seat method's operation and its request's fields, in the order of its arguments. */
export const SEAT_OPERATION_FIELDS = {
	tableJoin: ['play_id', 'device', 'claim', 'ask', 'name'],
	tableView: ['play_id', 'seat', 'device'],
	tableSaveSeat: ['play_id', 'seat', 'part'],
	tableSetFinished: ['play_id', 'seat', 'finished'],
	tableHelp: ['game', 'table']
} as const satisfies Record<keyof SeatOperations, readonly string[]>;

/** The Backend of a phone at an open table: every call carries `token()` (the join token, then
 * the phone's own once it joined). */
export function createSeatBackend(token: () => string | null, base = ''): Backend & SeatOperations {
	const transport = post(base, token);
	const seat = Object.fromEntries(
		(Object.entries(SEAT_OPERATION_FIELDS) as [keyof SeatOperations, readonly string[]][]).map(([method, fields]) => [
			method,
			(...args: unknown[]) => transport(operationName(method), Object.fromEntries(fields.map((f, i) => [f, args[i] ?? null])))
		])
	) as unknown as SeatOperations;
	return { ...backendOver(transport, own(base)), ...seat };
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
	const query = 'token' in target ? `token=${encodeURIComponent(target.token)}` : `play=${target.play}`;
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
