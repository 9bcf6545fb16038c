// fr.json and en.json must carry the same keys, the same variables and no empty text.
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import fr from '../../messages/fr.json';

type Messages = Record<string, unknown>;

/** Every text of a message (one for a plain string, one per variant for plural messages). */
function texts(v: unknown): string[] {
	if (typeof v === 'string') return [v];
	if (Array.isArray(v)) return v.flatMap((x) => texts((x as { match?: Record<string, string> }).match ?? {}));
	if (v && typeof v === 'object') return Object.values(v).flatMap(texts);
	return [];
}

const vars = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();

describe('message files', () => {
	const keys = (m: Messages) => Object.keys(m).filter((k) => k !== '$schema').sort();

	it('have exactly the same keys', () => {
		expect(keys(fr as Messages)).toEqual(keys(en as Messages));
	});

	it('have no empty strings', () => {
		for (const [name, file] of [
			['en', en],
			['fr', fr]
		] as const) {
			for (const k of keys(file as Messages)) {
				const all = texts((file as Messages)[k]);
				expect(all.length, `${name}.${k} has text`).toBeGreaterThan(0);
				for (const t of all) expect(t.trim(), `${name}.${k} is not empty`).not.toBe('');
			}
		}
	});

	it('use the same variables in both languages', () => {
		for (const k of keys(en as Messages)) {
			const e = new Set(texts((en as Messages)[k]).flatMap(vars));
			const f = new Set(texts((fr as Messages)[k]).flatMap(vars));
			expect([...f].sort(), k).toEqual([...e].sort());
		}
	});
});
