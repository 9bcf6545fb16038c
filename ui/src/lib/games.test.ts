// The games' registry is the one place the shared screens learn a game's own pieces: every game
// the core knows has its entry, and no screen outside a game's own folder tests a game's id (a
// fifth game is its folder, its module, its messages and one entry in games.ts).
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { allGames } from '../test-support';
import { GAMES } from './games';

const src = join(import.meta.dirname, '..');
const ids = Object.keys(GAMES);

function files(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (name === 'paraglide') return []; // generated from messages/
		return statSync(path).isDirectory() ? files(path) : [relative(src, path)];
	});
}

/** A game's own files: its folder of screens and its module. */
const ownedByAGame = (f: string) => ids.some((id) => f.startsWith(`lib/components/${id}/`) || f === `lib/${id}.ts`);

/** `game === 'splendor'`, `!== 'orleans'`, `case 'valencia':` — a dispatch on a game's id. */
function dispatches(text: string): string[] {
	return ids.flatMap((id) => [...text.matchAll(new RegExp(`(?:[!=]==\\s*|\\bcase\\s+)['"\`]${id}['"\`]`, 'g'))].map((m) => m[0]));
}

describe('the games registry', () => {
	it('has an entry for every game the core knows, and for none other', async () => {
		const core = (await allGames()).map((g) => g.id as string);
		expect([...ids].sort()).toEqual([...core].sort());
	});

	it('is the only place outside a game’s folder that tells the games apart', () => {
		const shared = files(src).filter(
			(f) => /\.(ts|svelte)$/.test(f) && !f.endsWith('.test.ts') && f !== 'lib/backend/bindings.ts' && !ownedByAGame(f)
		);
		expect(shared.length).toBeGreaterThan(30);
		const offences = shared.flatMap((f) => dispatches(readFileSync(join(src, f), 'utf8')).map((d) => `${f}: ${d}`));
		expect(offences).toEqual([]);
	});

	it('catches what it is for', () => {
		const screen = "{#if play.game === 'splendor'}…{:else if g !== \"orleans\"}… switch (x) { case 'valencia': }";
		expect(dispatches(screen)).toHaveLength(3);
		expect(dispatches("const v = $state({ game: 'valencia' }); help?.game")).toEqual([]);
	});
});
