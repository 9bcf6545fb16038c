// A sheet at an open table reads the core again when a phone saves, on the real core
// (the suite's `greffier serve`): the phone's entry is never overwritten by the sheet's older copy.
import { describe, expect, inject, it } from 'vitest';
import { backend, setBackend, type AnyTableState, type PlayDetail } from '$lib/backend';
import { createHttpBackend } from '$lib/backend/http';
import { PlaySession, pullPlay } from '$lib/play-session.svelte';
import { recording, startPlay } from '../test-support';

type Table = { variant: string; players: { name: string; coins?: number; palm_members?: number }[] };

/** What a phone sends through the table door, as the host's core runs it (`table_save_seat`). */
async function phoneSaves(play: number, seat: number, part: Record<string, unknown>): Promise<void> {
	const response = await fetch(`${inject('serverUrl')}/api/table_save_seat`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: new TextEncoder().encode(JSON.stringify({ play_id: play, seat, part }))
	});
	expect(response.status, await response.clone().text()).toBe(200);
}

async function coreTable(play: number): Promise<Table> {
	return (await backend.getPlay(play)).table_state as unknown as Table;
}

/** A Valencia play for Ani, Dirk and Eve, its table saved by the host, and a sheet on it. */
async function sheetAtTable(): Promise<{ play: PlayDetail; session: PlaySession<Table> }> {
	const started = await startPlay('valencia', 'base', ['Ani', 'Dirk', 'Eve']);
	const table: Table = { variant: 'base', players: [{ name: 'Ani', coins: 3 }, { name: 'Dirk', coins: 5 }, { name: 'Eve' }] };
	await backend.saveTableState(started.id, table as unknown as AnyTableState);
	const play = await backend.getPlay(started.id);
	const session = new PlaySession<Table>({
		play,
		model: play.table_state as unknown as Table,
		toState: (m) => m as unknown as AnyTableState,
		fromState: (s) => s as unknown as Table,
		// Long: the tests save when they say so (flush), never on a timer.
		debounceMs: 600_000
	});
	return { play, session };
}

/** Holds the host's saves on their way to the core until the returned function lets them go. */
function holdSaves(): () => void {
	const { backend: wrapped } = recording('saveTableState');
	const save = wrapped.saveTableState;
	let release!: () => void;
	const gate = new Promise<void>((r) => (release = r));
	wrapped.saveTableState = async (...args) => {
		await gate;
		return save(...args);
	};
	return release;
}

describe('PlaySession at an open table', () => {
	it('replaces the model and its preview with the core’s when a phone saves and nothing waits here', async () => {
		const { play, session } = await sheetAtTable();
		const before = (await backend.previewTableState(play.id, session.model as unknown as AnyTableState)).undo_steps;
		await phoneSaves(play.id, 1, { coins: 9, palm_members: 2 });
		await pullPlay(play.id);
		expect(session.model.players[1]).toEqual({ name: 'Dirk', coins: 9, palm_members: 2 });
		expect(session.model.players[0].coins).toBe(3);
		// The preview is the core's for the new state: the phone's save is one more undo step.
		expect(session.preview.undo_steps).toBe(before + 1);
		expect(session.undoCount).toBe(before + 1);
		// A later edit here keeps the phone's entry.
		session.change({ ...session.model, players: session.model.players.map((p, i) => (i === 0 ? { ...p, coins: 4 } : p)) });
		await session.flush();
		const saved = await coreTable(play.id);
		expect([saved.players[0].coins, saved.players[1].coins, saved.players[1].palm_members]).toEqual([4, 9, 2]);
		session.dispose();
	});

	it('merges a phone’s entry into an edit waiting for its save, field by field', async () => {
		const { play, session } = await sheetAtTable();
		// The host types Ani's coins; the autosave waits.
		session.change({ ...session.model, players: session.model.players.map((p, i) => (i === 0 ? { ...p, coins: 7 } : p)) }, 'coins-0');
		await phoneSaves(play.id, 1, { coins: 11 });
		await pullPlay(play.id);
		// Nothing read yet: the edit waits, untouched.
		expect(session.model.players[0].coins).toBe(7);
		await session.flush();
		const saved = await coreTable(play.id);
		expect([saved.players[0].coins, saved.players[1].coins]).toEqual([7, 11]);
		expect([session.model.players[0].coins, session.model.players[1].coins]).toEqual([7, 11]);
		session.dispose();
	});

	it('lets the later writer win when the host and a phone change the same field', async () => {
		const { play, session } = await sheetAtTable();
		await phoneSaves(play.id, 1, { coins: 11 });
		// The host changed Dirk's coins too, before hearing of the phone's save: its save is later.
		session.change({ ...session.model, players: session.model.players.map((p, i) => (i === 1 ? { ...p, coins: 6 } : p)) }, 'coins-1');
		await pullPlay(play.id);
		await session.flush();
		expect((await coreTable(play.id)).players[1].coins).toBe(6);
		session.dispose();
	});

	it('reads the core only after the save under way: the host’s own edit is never taken back by an older read', async () => {
		const { play, session } = await sheetAtTable();
		// The host's save is held on its way to the core until the test lets it go.
		const release = holdSaves();
		session.change({ ...session.model, players: session.model.players.map((p, i) => (i === 2 ? { ...p, coins: 2 } : p)) });
		const saving = session.flush();
		// A phone's change is told meanwhile: read now, the core would not have Eve's coins yet.
		const pulled = pullPlay(play.id);
		release();
		await Promise.all([saving, pulled]);
		const core = await coreTable(play.id);
		expect(core.players[2].coins).toBe(2);
		expect(session.model).toEqual(core);
		expect(session.saveState).toBe('saved');
		session.dispose();
		setBackend(createHttpBackend());
	});

	it('keeps a phone’s save that reaches the core while the host’s save is on its way', async () => {
		const { play, session } = await sheetAtTable();
		const release = holdSaves();
		// The host types Eve's coins; its save leaves, carrying the whole table as the host knows it.
		session.change({ ...session.model, players: session.model.players.map((p, i) => (i === 2 ? { ...p, coins: 2 } : p)) });
		const saving = session.flush();
		// Dirk's phone saves before the host's save reaches the core.
		await phoneSaves(play.id, 1, { coins: 11 });
		release();
		await saving;
		const core = await coreTable(play.id);
		expect([core.players[1].coins, core.players[2].coins]).toEqual([11, 2]);
		// The sheet shows what the core kept.
		expect(session.model).toEqual(core);
		session.dispose();
		setBackend(createHttpBackend());
	});
});
