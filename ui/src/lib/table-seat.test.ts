// A phone's seat (table mode) against the real core: the suite's `greffier serve` is the local
// door (the host's), so the phone names its play and seat in each request, which the table
// door would fill in from its token; the joining, the saves and the score are the core's own.
import { describe, expect, it, vi } from 'vitest';
import { backend, BackendError, type PlayDetail, type TableChange, type TableStatus } from '$lib/backend';
import { startPlay } from '../test-support';
import { partOf, readJoinUrl, TableSeat, tableKey, withSeatPart } from './table-seat.svelte';
import { withCount, withFountainMembers, type ValenciaModel } from './valencia';

/** A second phone's own browser storage (each phone keeps its token apart). */
class PhoneStorage implements Storage {
	private items = new Map<string, string>();
	get length() {
		return this.items.size;
	}
	clear() {
		this.items.clear();
	}
	getItem(k: string) {
		return this.items.get(k) ?? null;
	}
	key(i: number) {
		return [...this.items.keys()][i] ?? null;
	}
	removeItem(k: string) {
		this.items.delete(k);
	}
	setItem(k: string, v: string) {
		this.items.set(k, v);
	}
}

async function host(operation: string, request: object): Promise<unknown> {
	const r = await fetch(`/api/${operation}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: new TextEncoder().encode(JSON.stringify(request))
	});
	const body = await r.json();
	if (!r.ok) throw new Error(JSON.stringify(body));
	return body;
}

/** A Valencia play for Ani, Dirk and Eve with two fountains placed (3 and 5), its table open. */
async function openTable(): Promise<{ play: PlayDetail; ticket: { join_token: string } }> {
	const play = await startPlay('valencia', 'base', ['Ani', 'Dirk', 'Eve']);
	await backend.saveTableState(play.id, {
		variant: 'base',
		fountains: [{ value: 3 }, { value: 5 }],
		players: [{ name: 'Ani', coins: 2, missions: [{ id: 'mission_palms', points: 4 }] }, { name: 'Dirk' }, { name: 'Eve' }]
	});
	const ticket = (await host('table_open', { play_id: play.id, seats: null })) as { join_token: string };
	return { play, ticket };
}

const valencia = (t: TableSeat) => t.model as unknown as ValenciaModel;

describe('a phone’s part of its seat', () => {
	it('is the fields that differ from the core’s last view, never the name', () => {
		const base = { name: 'Dirk', city_members: 2, resources: { wool: 1 }, council: [] };
		expect(partOf(base, { name: 'Mallory', city_members: 2, resources: { wool: 2 }, council: [] })).toEqual({ resources: { wool: 2 } });
		expect(partOf(undefined, { name: 'Dirk', coins: 0 })).toEqual({ coins: 0 });
		expect(withSeatPart({ variant: 'base', players: [{ name: 'A', coins: 1 }, { name: 'B' }] }, 1, { coins: 4 })).toEqual({
			variant: 'base',
			players: [
				{ name: 'A', coins: 1 },
				{ name: 'B', coins: 4 }
			]
		});
	});
});

describe('TableSeat on the real core', () => {
	it('joins a seat, keeps its token, saves only its seat and shows the core’s total', async () => {
		const { play, ticket } = await openTable();
		const phone = new TableSeat({ play: play.id, joinToken: ticket.join_token, events: null });
		await phone.start();
		expect(phone.phase).toBe('pick');
		expect(phone.view?.seats.map((s) => [s.player_name, s.offered, s.taken])).toEqual([
			['Ani', true, false],
			['Dirk', true, false],
			['Eve', true, false]
		]);

		await phone.pick(1);
		expect(phone.phase).toBe('seated');
		expect(phone.seat).toBe(1);
		const kept = JSON.parse(localStorage.getItem(tableKey(play.id)) ?? 'null');
		expect(kept.token).toMatch(/^d\d+_[0-9a-f]{40}$/);

		// Dirk: 7 in the city, 2 palms, 2 members at the 5 fountain: 7 + 2 + 10 = 19.
		let next = withCount(valencia(phone), 1, 'cityMembers', 7);
		next = withCount(next, 1, 'palmMembers', 2);
		phone.change(withFountainMembers(next, 1, 1, 2));
		await phone.settle();
		expect(phone.saveState).toBe('saved');
		expect(phone.view?.score).toEqual({ total: 19, rank: 1, complete: true });

		const stored = (await backend.getPlay(play.id)).table_state as { players: Record<string, unknown>[] };
		expect(stored.players[1]).toMatchObject({ name: 'Dirk', city_members: 7, palm_members: 2, fountain_members: [0, 2] });
		// Ani's seat is as the host left it: the phone sent Dirk's fields only.
		expect(stored.players[0]).toEqual({ name: 'Ani', coins: 2, missions: [{ id: 'mission_palms', points: 4 }] });
	});

	it('sends the latest entries, one save at a time, and follows the host’s change of another field', async () => {
		const { play, ticket } = await openTable();
		const phone = new TableSeat({ play: play.id, joinToken: ticket.join_token, events: null });
		await phone.start();
		await phone.pick(2);
		const saves: unknown[] = [];
		const save = phone.backend.tableSaveSeat;
		let inFlight = 0;
		let most = 0;
		phone.backend.tableSaveSeat = async (...args) => {
			saves.push(args[2]);
			most = Math.max(most, ++inFlight);
			try {
				return await save(...args);
			} finally {
				inFlight--;
			}
		};
		for (const city of [1, 2, 3, 8]) phone.change(withCount(valencia(phone), 2, 'cityMembers', city));
		await phone.settle();
		expect(most).toBe(1);
		expect(saves[0]).toEqual({ city_members: 1 });
		expect(saves.at(-1)).toEqual({ city_members: 8 });
		expect(saves.length).toBeLessThanOrEqual(2);
		expect(valencia(phone).players[2].cityMembers).toBe(8);

		// The host gives Eve 6 coins; the phone fetches the view again: both are there.
		const state = (await backend.getPlay(play.id)).table_state as { players: Record<string, unknown>[] };
		state.players[2] = { ...state.players[2], coins: 6 };
		await backend.saveTableState(play.id, state as never);
		await phone.refetch();
		expect(valencia(phone).players[2].coins).toBe(6);
		expect(valencia(phone).players[2].cityMembers).toBe(8);
		expect(phone.view?.score?.total).toBe(8);
	});

	it('asks for a seat another phone holds, and takes it once the phone holding it gives it', async () => {
		const { play, ticket } = await openTable();
		const first = new TableSeat({ play: play.id, joinToken: ticket.join_token, events: null });
		await first.start();
		await first.pick(0);
		const second = new TableSeat({ play: play.id, joinToken: ticket.join_token, events: null, storage: new PhoneStorage() });
		await second.start();
		await second.pick(0);
		expect(second.phase).toBe('pick');
		expect(second.taken).toBe(0);
		second.pickAnother();
		expect(second.taken).toBeNull();

		// Asking takes nothing; the holder's phone and the host see the request.
		await second.pick(0, true);
		expect([second.phase, second.asking, second.seat]).toEqual(['asking', 0, null]);
		const status = (await host('table_status', { play_id: play.id })) as TableStatus;
		const asker = status.seats[0].requests[0]?.device;
		expect(asker).toBeTypeOf('number');
		expect(status.seats[0].device).not.toBe(asker);
		await first.refetch();
		expect(first.view?.requests.map((r) => r.device)).toEqual([asker]);

		await first.answer(asker as number, true);
		expect([first.phase, first.seat, first.notice]).toEqual(['pick', null, 'lost']);
		await second.refetch();
		expect([second.phase, second.seat, second.asking]).toEqual(['seated', 0, null]);
		expect(valencia(second).players[0].coins).toBe(2);
	});

	it('stays seated when a view asked before it joined arrives after (two phones joining at once)', async () => {
		const { play, ticket } = await openTable();
		const phone = new TableSeat({ play: play.id, joinToken: ticket.join_token, events: null });
		await phone.start();
		// The stream tells another phone's join while this phone's own join is on its way: the
		// view is asked with the QR code's token, and answered only after the phone sat down.
		const view = phone.backend.tableView;
		let release = () => {};
		const held = new Promise<void>((r) => (release = r));
		phone.backend.tableView = async (...args) => {
			const answer = await view(...args);
			if (args[2] === null) await held;
			return answer;
		};
		const join = phone.backend.tableJoin;
		let late: Promise<void> = Promise.resolve();
		phone.backend.tableJoin = async (...args) => {
			const joined = await join(...args);
			late = phone.refetch();
			return joined;
		};
		await phone.pick(1);
		expect([phone.phase, phone.seat]).toEqual(['seated', 1]);
		release();
		await late;
		expect([phone.phase, phone.seat, phone.notice]).toEqual(['seated', 1, null]);
	});

	it('goes back to the seats, saying so, when the host refuses its request', async () => {
		const { play, ticket } = await openTable();
		const first = new TableSeat({ play: play.id, joinToken: ticket.join_token, events: null });
		await first.start();
		await first.pick(1);
		const second = new TableSeat({ play: play.id, joinToken: ticket.join_token, events: null, storage: new PhoneStorage() });
		await second.start();
		await second.pick(1, true);
		expect(second.phase).toBe('asking');
		const status = (await host('table_status', { play_id: play.id })) as TableStatus;
		await host('table_answer_request', { play_id: play.id, seat: 1, asker: status.seats[1].requests[0].device, give: false });
		await second.refetch();
		expect([second.phase, second.notice, second.seat]).toEqual(['pick', 'refused', null]);
		await first.refetch();
		expect([first.phase, first.seat]).toEqual(['seated', 1]);
	});

	it('says its entries are saved but to fix while they are invalid', async () => {
		const { play, ticket } = await openTable();
		const phone = new TableSeat({ play: play.id, joinToken: ticket.join_token, events: null });
		await phone.start();
		await phone.pick(1);
		// Two palm members with nobody in the city: stored, and a problem of this seat.
		phone.change(withCount(valencia(phone), 1, 'palmMembers', 2));
		await phone.settle();
		expect(phone.saveState).toBe('saved');
		expect(phone.problems.map((p) => p.field)).toEqual(['players[1].palm_members']);
		expect(phone.entry).toBe('invalid');
		phone.change(withCount(valencia(phone), 1, 'cityMembers', 3));
		await phone.settle();
		expect([phone.entry, phone.problems]).toEqual(['saved', []]);
	});

	it('marks on its field a save the core refuses as out of the game’s bounds', async () => {
		const { play, ticket } = await openTable();
		const phone = new TableSeat({ play: play.id, joinToken: ticket.join_token, events: null });
		await phone.start();
		await phone.pick(1);
		phone.change(withCount(valencia(phone), 1, 'coins', 99999));
		await phone.settle();
		expect(phone.entry).toBe('failed');
		expect(phone.problems.map((p) => [p.field, p.code])).toEqual([['players[1].coins', 'out_of_range']]);
		expect(phone.error).toBeNull();
		phone.change(withCount(valencia(phone), 1, 'coins', 9));
		await phone.settle();
		expect([phone.entry, phone.problems]).toEqual(['saved', []]);
		const stored = (await backend.getPlay(play.id)).table_state as { players: Record<string, unknown>[] };
		expect(stored.players[1].coins).toBe(9);
	});

	it('is closed at once when its stream says so, and when a dropped stream finds the table gone', async () => {
		const { play, ticket } = await openTable();
		let heard: ((c: TableChange) => void) | null = null;
		let state: ((up: boolean) => void) | null = null;
		const events = (_: unknown, onchange: (c: TableChange) => void, onstate?: (up: boolean) => void) => {
			heard = onchange;
			state = onstate ?? null;
			return () => {};
		};
		const phone = new TableSeat({ play: play.id, joinToken: ticket.join_token, events });
		await phone.start();
		await phone.pick(1);
		expect(phone.phase).toBe('seated');
		(heard as unknown as (c: TableChange) => void)({ play_id: play.id, revision: 99, seat: null, closed: true, elsewhere: true });
		expect(phone.phase).toBe('closed');

		// A stream that drops makes the phone ask: a refused token is a closed table.
		const other = new TableSeat({ play: play.id, joinToken: ticket.join_token, events, storage: new PhoneStorage() });
		await other.start();
		await other.pick(2);
		other.backend.tableView = async () => {
			throw new BackendError('unauthorized', 'this table is closed');
		};
		(state as unknown as (up: boolean) => void)(false);
		await vi.waitFor(() => expect(other.phase).toBe('closed'));
	});
	it('marks the seat finished for the host', async () => {
		const { play, ticket } = await openTable();
		const phone = new TableSeat({ play: play.id, joinToken: ticket.join_token, events: null });
		await phone.start();
		await phone.pick(1);
		await phone.setFinished(true);
		expect(phone.finished).toBe(true);
		const status = (await host('table_status', { play_id: play.id })) as { seats: { finished: boolean }[] };
		expect(status.seats.map((s) => s.finished)).toEqual([false, true, false]);
	});
});

describe('the join URL', () => {
	it('gives the play, the host’s language and the join token; any other language is none', () => {
		expect(readJoinUrl(new URL('http://192.168.1.20:40123/table?play=4&lang=fr#j4_x'))).toEqual({
			play: 4,
			hostLang: 'fr',
			joinToken: 'j4_x'
		});
		expect(readJoinUrl(new URL('http://h/table?play=4&lang=de#j4_x')).hostLang).toBeNull();
		expect(readJoinUrl(new URL('http://h/table?play=4')).hostLang).toBeNull();
	});
});
