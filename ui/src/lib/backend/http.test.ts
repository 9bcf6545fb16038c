// The HTTP backend against the real core (the suite's `greffier serve`).
import { describe, expect, inject, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { BackendError } from './index';
import { createHttpBackend, PREFERENCES_KEY } from './http';
import { OPERATION_FIELDS, operationName } from './operations';

describe('HTTP backend', () => {
	it('maps every method to an operation of the core with exactly its fields, in order', () => {
		const core = JSON.parse(execFileSync(inject('greffierBin'), ['operations', '--json'], { encoding: 'utf8' })) as {
			name: string;
			fields: string[];
		}[];
		const fields = new Map(core.map((o) => [o.name, o.fields]));
		for (const [method, ours] of Object.entries(OPERATION_FIELDS)) {
			expect(fields.get(operationName(method)), method).toEqual(ours);
		}
		// Every operation of the core, a phone's own (table mode) included.
		expect(Object.keys(OPERATION_FIELDS).map(operationName).sort()).toEqual([...fields.keys()].sort());
	});

	it('reaches the core', async () => {
		const games = await createHttpBackend().listGames();
		expect(games.map((g) => g.id)).toEqual(['valencia', 'citadelles', 'orleans', 'splendor']);
	});

	it('turns the core’s ApiError into a BackendError with its kind and problems', async () => {
		const err = await createHttpBackend()
			.getPlay(987654321)
			.catch((e) => e);
		expect(err).toBeInstanceOf(BackendError);
		expect(err.kind).toBe('not_found');
		const bad = await createHttpBackend()
			.listPlays({ game: 'valencia', status: null, limit: -1 as number, offset: 0 })
			.catch((e) => e);
		expect(bad).toBeInstanceOf(BackendError);
		expect(bad.kind).toBe('invalid_input');
		expect(bad.problems[0].field).toContain('limit');
	});

	it('keeps the preferences in the browser, and says when stored ones were unreadable', async () => {
		const b = createHttpBackend();
		expect(await b.getPreferences()).toEqual({
			preferences: { language: null, theme: 'system', default_player_count: null },
			notice: null
		});
		await b.setPreferences({ language: 'fr', theme: 'dark', default_player_count: 4 });
		expect((await b.getPreferences()).preferences).toEqual({ language: 'fr', theme: 'dark', default_player_count: 4 });
		localStorage.setItem(PREFERENCES_KEY, '{not json');
		expect((await b.getPreferences()).notice).toBe('reset');
	});
});
