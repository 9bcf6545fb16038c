// The games' limits and fixed lists come from the core (`<GAME>_LIMITS` in the generated
// bindings, from `<game>::limits()`), never typed again in TypeScript, where they drifted
// (the Museum stopped at 60 where the core accepts 99). This test fails when a game
// module declares a number or a list of ids of its own, or a game screen bounds a field with a
// number literal. The core's `tests/it/limits.rs` checks each exported bound is the one it
// enforces.
import { describe, expect, it } from 'vitest';
import { GAMES } from './games';

// Every game the registry knows: its module (`<game>.ts`) and its folder of screens.
const isGame = (file: string) => Object.keys(GAMES).some((id) => file === `./${id}.ts` || file.startsWith(`./components/${id}/`));
const games = (sources: Record<string, string>) => Object.fromEntries(Object.entries(sources).filter(([file]) => isGame(file)));

const modules = games(import.meta.glob('./*.ts', { query: '?raw', import: 'default', eager: true }) as Record<string, string>);

const screens = games(
	import.meta.glob('./components/*/*.svelte', { query: '?raw', import: 'default', eager: true }) as Record<string, string>
);

/**
 * `const NAME = 12`, `const NAME: T = -1`, `const NAME = ['a', …]`, `const NAME = [1, …]` — except
 * a list typed as keys of a core type (`(keyof ValenciaRawPlayer)[]`): tsc checks it against the core.
 */
const DECLARED = /^\s*(?:export\s+)?const\s+\w+\s*(?::(?![^=]*\bkeyof\b)[^=]+)?=\s*(?:-?\d|\[\s*['"\d])/gm;
/** A field's bound or default written as a number: `max={30}`, `max: 13`, `placeholder={2}`,
 * or a count row's bound `countRow(…, 5)`. */
const LITERAL_BOUND = /\b(?:max|placeholder)(?:=\{|:\s*)\d+|countRow\((?:[^()]|\([^()]*\))*,\s*\d+\s*(?:,\s*'[^']*')?\)/g;

function offences(sources: Record<string, string>, pattern: RegExp): string[] {
	return Object.entries(sources).flatMap(([file, text]) => [...text.matchAll(pattern)].map((m) => `${file}: ${m[0].trim()}`));
}

describe('game knowledge comes from the core', () => {
	it('reads every game’s module and its screens', () => {
		expect(Object.keys(modules)).toHaveLength(Object.keys(GAMES).length);
		expect(Object.keys(screens).length).toBeGreaterThan(15);
	});

	it('no game module declares a number or a list of ids of its own', () => {
		expect(offences(modules, DECLARED)).toEqual([]);
	});

	it('no game screen bounds a field with a number literal', () => {
		expect(offences(screens, LITERAL_BOUND)).toEqual([]);
	});

	it('catches what it is for', () => {
		const drifted = {
			'x.ts':
				"export const MAX_MUSEUM_CARDS = 60;\nconst GOODS = ['grain', 'wine'] as const;\nexport const STEPS: readonly S[] = ['A'];\nconst KEYS: readonly (keyof RawPlayer)[] = ['coins'];"
		};
		expect(offences(drifted, DECLARED)).toHaveLength(3);
		const screen = { 'x.svelte': "<Stepper max={30} />{@render countRow('gold', m.x(), f, `t`, 5)}{ key: 'f', max: 13 }" };
		expect(offences(screen, LITERAL_BOUND)).toHaveLength(3);
	});
});
