// Every message file pair (messages/{fr,en}.json and one pair per area, messages/<area>/) must
// carry the same keys, the same variables and no empty text; no key may live in two areas.
import { describe, expect, it } from 'vitest';

type Messages = Record<string, unknown>;

const files = import.meta.glob<Messages>('../../messages/**/*.json', { eager: true, import: 'default' });
/** Merged per language, after checking that no key is defined in two files. */
function merged(lang: 'fr' | 'en'): { all: Messages; clashes: string[] } {
	const all: Messages = {};
	const clashes: string[] = [];
	for (const [path, m] of Object.entries(files)) {
		if (!path.endsWith(`/${lang}.json`)) continue;
		for (const [k, v] of Object.entries(m)) {
			if (k === '$schema') continue;
			if (k in all) clashes.push(`${k} (${path})`);
			all[k] = v;
		}
	}
	return { all, clashes };
}
const en = merged('en').all;
const fr = merged('fr').all;

/** Every text of a message (one for a plain string, one per variant for plural messages). */
function texts(v: unknown): string[] {
	if (typeof v === 'string') return [v];
	if (Array.isArray(v)) return v.flatMap((x) => texts((x as { match?: Record<string, string> }).match ?? {}));
	if (v && typeof v === 'object') return Object.values(v).flatMap(texts);
	return [];
}

const vars = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();

describe('message files', () => {
	const keys = (m: Messages) =>
		Object.keys(m)
			.filter((k) => k !== '$schema')
			.sort();

	it('are all found, one pair per area, and no key is defined twice', () => {
		expect(Object.keys(files).length).toBeGreaterThanOrEqual(2);
		expect(Object.keys(files).length % 2).toBe(0);
		// The shared file and the areas' files are all read (e.g. Citadelles' sheet).
		expect(Object.keys(en).length).toBeGreaterThan(200);
		expect(en.cit_city).toBe('City');
		expect(merged('en').clashes).toEqual([]);
		expect(merged('fr').clashes).toEqual([]);
	});

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

describe('French typography of the message files', () => {
	it('puts a narrow no-break space before « : ; ? ! » and inside « », never a plain space or none', () => {
		const wrong: string[] = [];
		for (const k of Object.keys(fr)) {
			if (k === '$schema') continue;
			for (const t of texts(fr[k])) {
				if (/[ \u00a0][:;?!»]|«[^\u202f]|[^\u202f]»|[^\s\u202f\d][:;?!](\s|$)/u.test(t)) wrong.push(`${k}: ${t}`);
			}
		}
		expect(wrong).toEqual([]);
	});

	it('writes the typographic apostrophe (’) in French, never the straight one', () => {
		const straight = Object.keys(fr)
			.filter((k) => k !== '$schema')
			.flatMap((k) =>
				texts(fr[k])
					.filter((t) => t.includes("'"))
					.map((t) => `${k}: ${t}`)
			);
		expect(straight).toEqual([]);
	});
});
