// Helpers for tests on the real core (the suite's `greffier serve`, see vitest.global-setup.ts).
// The history is shared by every test file: players are found or created by name (a player is
// only a name), plays are each test's own, and assertions look at those plays only.
import { inject } from 'vitest';
import {
	backend,
	setBackend,
	type Backend,
	type CitadellesRound,
	type CitadellesRoundAction,
	type GameId,
	type GameSummary,
	type PlayDetail,
	type Player
} from '$lib/backend';
import { createHttpBackend } from '$lib/backend/http';

let games: Promise<GameSummary[]> | null = null;

/** A classic Citadelles round for four seats named `names`, the crown with the first, called by
 * the core's round caller through `actions` in order (the core's own round, as the sheet keeps it). */
export async function calledRound(names: string[], actions: CitadellesRoundAction[]): Promise<CitadellesRound> {
	let view = await backend.citadellesStartRound({
		variant: 'classique',
		players: 4,
		longer_game: false,
		ninth_character: false,
		characters: [],
		crown: 0,
		names,
		face_up: []
	});
	for (const action of actions) view = await backend.citadellesRoundApply(view.round, action);
	return view.round;
}

/** The core's own summary of a game (variants, categories, player counts). */
export async function game(id: GameId): Promise<GameSummary> {
	games ??= backend.listGames();
	const found = (await games).find((g) => g.id === id);
	if (!found) throw new Error(`the core knows no game ${id}`);
	return found;
}

/** Every game, as the core lists them. */
export async function allGames(): Promise<GameSummary[]> {
	games ??= backend.listGames();
	return games;
}

/** The players of these names, created when missing (another test file may create them too). */
export async function players(names: string[]): Promise<Player[]> {
	const found: Player[] = [];
	for (const name of names) {
		const existing = (await backend.listPlayers()).find((p) => p.name === name);
		if (existing) {
			found.push(existing);
			continue;
		}
		try {
			found.push(await backend.createPlayer(name, null));
		} catch (e) {
			// Created meanwhile by a test running in parallel.
			const again = (await backend.listPlayers()).find((p) => p.name === name);
			if (!again) throw e;
			found.push(again);
		}
	}
	return found;
}

/** A name no other test uses (for statistics, which count every play of a player). */
export function unique(name: string): string {
	return `${name} ${Math.random().toString(36).slice(2, 8)}`;
}

/** Starts a play of `game` with these players in seat order (the first one starts). */
export async function startPlay(gameId: GameId, variant: string, names: string[], location: string | null = null): Promise<PlayDetail> {
	const seated = await players(names);
	return backend.startPlay({
		game: gameId,
		variant,
		location,
		notes: null,
		seats: seated.map((p) => ({ player_id: p.id, colour: null })),
		first_seat: 0
	});
}

/**
 * The real backend, with every call of the methods named recorded (their arguments, as sent)
 * before it goes to the core: for tests about what the screen sends. Installed as the backend.
 */
export function recording<K extends keyof Backend>(...methods: K[]): { backend: Backend; calls: Record<K, unknown[][]> } {
	const real = createHttpBackend();
	const calls = Object.fromEntries(methods.map((m) => [m, []])) as unknown as Record<K, unknown[][]>;
	const wrapped: Backend = { ...real };
	for (const m of methods) {
		const original = real[m] as (...a: unknown[]) => Promise<unknown>;
		(wrapped as unknown as Record<K, unknown>)[m] = (...args: unknown[]) => {
			calls[m].push(JSON.parse(JSON.stringify(args)));
			return original(...args);
		};
	}
	setBackend(wrapped);
	return { backend: wrapped, calls };
}

/**
 * A `greffier serve` of this test's own, on an empty history (for what only an empty history
 * shows: the first launch). The page moves to its origin, as the server refuses others; `stop`
 * ends it and brings the page back to the suite's server.
 */
export async function ownServer(): Promise<{ url: string; stop: () => Promise<void> }> {
	const { spawn } = await import('node:child_process');
	const { mkdtempSync, rmSync } = await import('node:fs');
	const { tmpdir } = await import('node:os');
	const { join } = await import('node:path');
	const dir = mkdtempSync(join(tmpdir(), 'greffier-vitest-own-'));
	const server = spawn(inject('greffierBin'), ['serve', '--port', '0', '--db', join(dir, 'h.sqlite3'), '--ui', join(dir, 'none')], {
		stdio: ['ignore', 'pipe', 'ignore']
	});
	const url = await new Promise<string>((ok, fail) => {
		let out = '';
		server.stdout!.on('data', (c: Buffer) => {
			out += c.toString();
			if (out.includes('\n')) ok(out.split('\n')[0].trim().replace(/\/$/, ''));
		});
		server.on('exit', (code) => fail(new Error(`greffier serve exited (${code})`)));
	});
	const page = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;
	page.setURL(`${url}/`);
	setBackend(createHttpBackend());
	games = null;
	return {
		url,
		stop: async () => {
			const stopped = new Promise((done) => server.once('exit', done));
			server.kill('SIGTERM');
			await stopped;
			rmSync(dir, { recursive: true, force: true });
			page.setURL(`${inject('serverUrl')}/`);
			setBackend(createHttpBackend());
			games = null;
		}
	};
}

/**
 * Picks `value` in a `<select bind:value>`. Svelte reads the choice with `:checked`, which
 * happy-dom does not match on options, and then falls back to the first enabled option: the
 * options before the chosen one are disabled while the change is dispatched.
 */
export async function choose(select: HTMLSelectElement, value: string): Promise<void> {
	const { fireEvent } = await import('@testing-library/svelte');
	const options = [...select.options];
	const at = options.findIndex((o) => o.value === value);
	if (at < 0) throw new Error(`no option ${value}`);
	const before = options.slice(0, at).filter((o) => !o.disabled);
	for (const o of before) o.disabled = true;
	select.value = value;
	await fireEvent.change(select);
	for (const o of before) o.disabled = false;
}
