// The Backend over `greffier serve`: `POST <base>/api/<operation>` with the request's fields as a
// JSON object, answered with the response as JSON or the core's ApiError (kind, message,
// problems). In a browser the page is served by the same server, so `base` is '' (same origin:
// the server refuses other origins); vitest gives the URL of the server its global setup started.
//
// Preferences are the window's, not the core's (the desktop app keeps them with
// tauri-plugin-store): in a browser they live in its localStorage, under PREFERENCES_KEY.
import { BackendError } from './error';
import type { Backend } from './index';
import { backendOver } from './operations';
import type { LoadedPreferences, Preferences } from './types';

export const PREFERENCES_KEY = 'greffier.preferences';

const DEFAULT_PREFERENCES: Preferences = { language: null, theme: 'system', default_player_count: null };

export function createHttpBackend(base = ''): Backend {
	return backendOver(
		async (operation, request) => {
			let response: Response;
			try {
				response = await fetch(`${base}/api/${operation}`, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json' },
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
		},
		{ getPreferences: async () => readPreferences(), setPreferences: async (p) => writePreferences(p) }
	);
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
