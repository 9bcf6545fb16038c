// The UI keeps no second copy of the core: catalogues, limits, texts and answers come
// from the core at run time, or from files generated from it (bindings.ts). This test fails when
// ui/src grows game data again. What it checks is listed in ui/README.md ("One source").
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const src = import.meta.dirname;

function files(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (name === 'paraglide') return []; // generated from messages/
		return statSync(path).isDirectory() ? files(path) : [relative(src, path)];
	});
}

const all = files(src);
const code = all.filter((f) => /\.(ts|svelte)$/.test(f) && !f.endsWith('.test.ts'));
const tests = all.filter((f) => f.endsWith('.test.ts'));

describe('one source: the core', () => {
	it('holds no hand-written file under lib/backend/ but the doors themselves', () => {
		// Generated: bindings.ts. Hand-written: the Backend interface, the map of its methods to
		// the core's operations, the two transports over it, the error and the type names.
		const known = ['bindings.ts', 'error.ts', 'http.ts', 'index.ts', 'operations.ts', 'tauri.ts', 'types.ts'];
		const backend = all.filter((f) => f.startsWith('lib/backend/') && !f.endsWith('.test.ts')).map((f) => f.slice('lib/backend/'.length));
		expect(backend.sort()).toEqual(known.sort());
	});

	it('has no fixture or catalogue file', () => {
		expect(all.filter((f) => /(fixtures|catalogue|fake)[^/]*\.(ts|json)$/i.test(f))).toEqual([]);
	});

	it('writes no bilingual text of the core by hand (those come from the core as {fr, en})', () => {
		// UI strings live in messages/*.json; a `fr:` literal in code is a copied core text.
		const copied = code.filter((f) => /\bfr\s*:\s*['"`]/.test(readFileSync(join(src, f), 'utf8')));
		expect(copied).toEqual([]);
	});

	it('sorts no names itself: lists come from the core in French order (collation::compare)', () => {
		// `localeCompare` orders by the browser's locale, not as the core (and the history's
		// `COLLATE french`) does: a list the core gives is shown in the core's order.
		const sorting = code.filter((f) => /\blocaleCompare\b|\bIntl\.Collator\b/.test(readFileSync(join(src, f), 'utf8')));
		expect(sorting).toEqual([]);
	});

	it('bounds no field by a number of its own: lengths and counts are the core’s limits', () => {
		// A literal `maxlength="60"` or `max="20"` drifts from what the core keeps (it did: 80
		// and 60 characters, 20 and 99 points). The bindings' *_LIMITS carry them.
		const bounded = code.filter((f) => /\b(maxlength|min|max)="-?\d+"/.test(readFileSync(join(src, f), 'utf8')));
		expect(bounded).toEqual([]);
	});

	it('tests talk to the real core: no stand-in backend', () => {
		// A test may wrap the real backend to record what a screen sends (test-support's
		// `recording`), never replace its answers with an object of its own.
		const standIns = tests.filter((f) => /setBackend\(\s*\{/.test(readFileSync(join(src, f), 'utf8')));
		expect(standIns).toEqual([]);
	});
});
