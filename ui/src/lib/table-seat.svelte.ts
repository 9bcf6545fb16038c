// A phone at an open table (table mode): joining, the seat, the player's own entries
// saved through the core, and the other phones' changes coming in.
//
// The page is `/table?play=<id>#<join token>`. The phone joins with the join token and keeps
// the token the core gives it in localStorage (`greffier.table.<play>`), so a phone that drops
// or reloads comes back to its seat. What it shows is the core's `TableView` (the table state
// without the other seats' private entries, the seat's problems and live score); what it sends
// is only the fields of its own seat (`players[seat]`) that differ from the last view, one save
// at a time, the latest entries winning (the core merges field by field). A change announced by
// the live stream (another phone, the host, another process on the host's history) fetches the
// view again; entries typed meanwhile are kept on top of it. A seat another phone holds is
// asked for: the phone waits until its holder or the host answers, and a phone
// whose seat went to another one, or whose request was refused, is back at the seat list
// saying so. A closed table (closed, the play finished or abandoned, wherever) says so at once.
import { BackendError, createSeatBackend, openTableEvents } from '$lib/backend';
import type { AnyTableState, Backend, GameId, Lang, Problem, Seat, SeatOperations, TableChange, TableHelp, TableView } from '$lib/backend';
import { GAMES, type AnyModel } from '$lib/games';

/** Where a phone keeps its token for a play. */
export const tableKey = (play: number) => `greffier.table.${play}`;

interface Stored {
	device: number;
	token: string;
}

/** A game's model on a phone: built from the view's table state, written back as a state. */
export interface SeatGame<M extends AnyModel> {
	model(view: TableView, seats: Seat[]): M;
	state(model: M): { players?: object[] };
}

/** The registry's model functions, read from the view. */
function seatGame(game: GameId): SeatGame<AnyModel> {
	const ui = GAMES[game];
	return { model: (v, s) => ui.modelFor(v.variant, s, v.table), state: (m) => ui.toState(m) as { players?: object[] } };
}

/** The seats as the game modules read them (a phone knows their names only). */
export function seatsOf(view: TableView): Seat[] {
	return view.seats.map((s) => ({ seat: s.seat, player_id: 0, player_name: s.player_name, colour: s.colour, first_player: false }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a phone sends: the fields of its seat that differ from the seat as last seen from the
 * core (never the name, which is the host's).
 */
export function partOf(base: Record<string, unknown> | undefined, local: Record<string, unknown>): Record<string, unknown> {
	return Object.fromEntries(Object.entries(local).filter(([k, v]) => k !== 'name' && !same(v, base?.[k])));
}

/** The table state with `part` laid over `players[seat]`. */
export function withSeatPart(table: unknown, seat: number, part: Record<string, unknown>): unknown {
	if (!table || typeof table !== 'object' || !Array.isArray((table as { players?: unknown }).players)) return table;
	const t = table as { players: unknown[] };
	return { ...t, players: t.players.map((p, i) => (i === seat ? { ...(p && typeof p === 'object' ? p : {}), ...part } : p)) };
}

export type Phase = 'joining' | 'pick' | 'asking' | 'seated' | 'closed' | 'failed';

/** Why the phone is back at the seat list: its request was not granted, or its seat went to
 * another phone (its holder, or the host, gave it). */
export type SeatNotice = 'refused' | 'lost';

/** What the bar says of the seat's entries: being saved, not saved, saved with entries to fix,
 * or saved and seen by the host. */
export type EntryState = 'saving' | 'failed' | 'invalid' | 'saved';

export interface TableSeatOptions {
	play: number;
	/** The join token (the QR code's fragment); null when the phone only resumes. */
	joinToken: string | null;
	/** The host's language (the join URL's `lang`): the phone speaks it until its player picks one. */
	hostLang?: Lang | null;
	storage?: Storage;
	base?: string;
	/** Opens the live stream (tests may pass none). */
	events?: typeof openTableEvents | null;
}

export class TableSeat {
	readonly play: number;
	phase = $state<Phase>('joining');
	// Replaced whole, never changed in place: raw state, as PlaySession's model.
	/** The core's last answer. */
	view = $state.raw<TableView | null>(null);
	/** What the panel shows: the core's view plus the entries not saved yet. */
	model = $state.raw<AnyModel | null>(null);
	/** The game's live help for this phone's seat (mission statuses…), from its own entries. */
	help = $state.raw<TableHelp | null>(null);
	/** Why the core gives no help for the table as this phone sees it: the scorer's problems
	 * (shown where the help's answers would be), empty while it gives one. */
	helpProblems = $state.raw<Problem[]>([]);
	seat = $state<number | null>(null);
	/** A seat another phone holds, which this one picked: ask for it or pick another. */
	taken = $state<number | null>(null);
	/** The held seat this phone asked for, while its holder or the host has not answered. */
	asking = $state<number | null>(null);
	notice = $state<SeatNotice | null>(null);
	/** The problems of the last save the core refused (a field outside its bounds). */
	refused = $state.raw<Problem[]>([]);
	saveState = $state<'saved' | 'saving' | 'failed'>('saved');
	/** The live stream is up: the other phones' changes arrive. */
	live = $state(false);
	error = $state<BackendError | null>(null);

	readonly backend: Backend & SeatOperations;
	private readonly joinToken: string | null;
	private readonly storage: Storage | null;
	private readonly events: typeof openTableEvents | null;
	private stored: Stored | null;
	/** The seat's fields as last seen from the core (in the game module's own shape). */
	private base: Record<string, unknown> | undefined;
	private dirty = false;
	/** A save was sent and has not answered yet. */
	private inFlight = false;
	/** The saves under way (one at a time), until nothing waits. */
	private pumping: Promise<void> | null = null;
	private fetching: Promise<void> | null = null;
	private fetchAgain = false;
	private stopEvents: (() => void) | null = null;
	private disposed = false;
	private checking = false;

	constructor(o: TableSeatOptions) {
		this.play = o.play;
		this.joinToken = o.joinToken;
		this.storage = o.storage ?? globalThis.localStorage ?? null;
		this.events = o.events === undefined ? openTableEvents : o.events;
		this.stored = this.readStored();
		this.backend = createSeatBackend(() => this.stored?.token ?? this.joinToken, o.base ?? '');
	}

	get game(): SeatGame<AnyModel> | null {
		return this.view ? seatGame(this.view.game) : null;
	}

	get seats(): Seat[] {
		return this.view ? seatsOf(this.view) : [];
	}

	/** This seat's problems: the core's last view's, and those of a save it refused. */
	get problems(): Problem[] {
		const seen = this.view?.problems ?? [];
		return [...seen, ...this.refused.filter((r) => !seen.some((p) => p.field === r.field && p.code === r.code))];
	}

	/** The bar's word on the entries: "saved, the host sees it" only when nothing is to fix. */
	get entry(): EntryState {
		if (this.saveState !== 'saved') return this.saveState;
		return this.problems.length ? 'invalid' : 'saved';
	}

	get finished(): boolean {
		return this.view?.seats.find((s) => s.seat === this.seat)?.finished ?? false;
	}

	/** Resumes the seat held by this phone's token, else shows the seats to pick from. */
	async start(): Promise<void> {
		if (this.stored) {
			try {
				const { view } = await this.fetchView();
				if (view.seat !== null) return await this.seated(view.seat, view);
				this.view = view;
				this.asking = view.asking;
				this.phase = view.asking !== null ? 'asking' : 'pick';
				this.listen();
				return;
			} catch (e) {
				const err = BackendError.from(e);
				if (err.kind !== 'unauthorized') return this.fail(err);
				// Removed, or the table was closed and opened again: join afresh.
				this.forget();
			}
		}
		if (!this.joinToken) return this.fail(new BackendError('unauthorized', 'no join code'));
		try {
			this.view = (await this.fetchView()).view;
			this.phase = 'pick';
			// Seats taken meanwhile show on the list.
			this.listen();
		} catch (e) {
			this.fail(BackendError.from(e));
		}
	}

	/** Claims a seat; a seat another phone holds is `taken` (the phone's choice: `ask` for it,
	 * or pick another), then with `ask`, asked for. */
	async pick(seat: number, ask = false): Promise<void> {
		this.error = null;
		try {
			const joined = await this.backend.tableJoin(this.play, this.stored?.device ?? null, seat, ask, null);
			const fresh = joined.token !== null;
			if (joined.token) this.keep({ device: joined.device, token: joined.token });
			this.taken = null;
			this.notice = null;
			if (joined.seat !== null) return await this.seated(joined.seat, null);
			this.asking = joined.asking;
			this.phase = joined.asking !== null ? 'asking' : 'pick';
			// The stream again with this phone's own token: the answer comes as a change.
			if (fresh) this.relisten();
		} catch (e) {
			const err = BackendError.from(e);
			if (err.kind === 'seat_taken') this.taken = seat;
			else this.error = err;
		}
	}

	/** Back to the seat list after a refused claim. */
	pickAnother(): void {
		this.taken = null;
	}

	/** Gives up the request for a held seat. */
	async cancelAsk(): Promise<void> {
		try {
			await this.backend.tableJoin(this.play, this.stored?.device ?? null, null, false, null);
			this.asking = null;
			this.phase = 'pick';
			await this.refetch();
		} catch (e) {
			this.onFailure(BackendError.from(e));
		}
	}

	/** This phone's answer to another phone asking for its seat: `give` hands it over. */
	async answer(asker: number, give: boolean): Promise<void> {
		if (this.seat === null) return;
		await this.settle();
		try {
			// The answer is this phone's view: its seat kept, or none once given.
			this.adopt(await this.backend.tableAnswerRequest(this.play, this.seat, asker, give), this.stored?.device ?? null);
		} catch (e) {
			this.onFailure(BackendError.from(e));
		}
	}

	/** The panel changed: shown at once, sent when the previous save has answered. */
	change(next: AnyModel): void {
		this.model = next;
		this.dirty = true;
		void this.pump();
	}

	async setFinished(finished: boolean): Promise<void> {
		if (this.seat === null) return;
		await this.settle();
		try {
			this.adopt(await this.backend.tableSetFinished(this.play, this.seat, finished));
		} catch (e) {
			this.onFailure(BackendError.from(e));
		}
	}

	/** Sends what waits; resolves once nothing does (or a save failed). */
	async settle(): Promise<void> {
		while (this.pumping) await this.pumping;
		if (this.dirty && this.saveState !== 'failed') await this.pump();
	}

	dispose(): void {
		this.disposed = true;
		this.stopEvents?.();
		this.stopEvents = null;
	}

	private async seated(seat: number, view: TableView | null): Promise<void> {
		this.seat = seat;
		this.asking = null;
		this.phase = 'seated';
		if (view) this.adopt(view);
		else this.adoptFetched(await this.fetchView());
		// The stream again with this phone's own token (it listened with the join token).
		this.relisten();
	}

	/** The play as this phone sees it: the core binds its seat (the phone's token, or on the
	 * host's own door, its device's seat); `device`, the phone it was asked for (none before it
	 * joined). */
	private async fetchView(): Promise<{ view: TableView; device: number | null }> {
		const device = this.stored?.device ?? null;
		return { view: await this.backend.tableView(this.play, null, device), device };
	}

	private adoptFetched({ view, device }: { view: TableView; device: number | null }): void {
		this.adopt(view, device);
	}

	private relisten(): void {
		this.stopEvents?.();
		this.stopEvents = null;
		this.listen();
	}

	private listen(): void {
		if (this.stopEvents || !this.events || this.disposed) return;
		const token = this.stored?.token ?? this.joinToken;
		if (!token) return;
		this.stopEvents = this.events(
			{ token },
			(c) => this.heard(c),
			(up) => {
				this.live = up;
				// The stream dropped: a table closed meanwhile says so at once, not at the next save.
				if (!up) void this.checkOpen();
			}
		);
	}

	private heard(change: TableChange): void {
		if (change.closed) return this.closeDown();
		if (this.view && change.revision <= this.view.revision) return;
		void this.refetch();
	}

	/** Asks the core whether the table is still open to this phone (once at a time). */
	private async checkOpen(): Promise<void> {
		if (this.checking || this.disposed) return;
		this.checking = true;
		try {
			this.adoptFetched(await this.fetchView());
		} catch (e) {
			// Unreachable (the network, the host's computer asleep): the stream says so; only a
			// refused token means the table is closed to this phone.
			if (BackendError.from(e).kind === 'unauthorized') {
				this.forget();
				this.closeDown();
			}
		} finally {
			this.checking = false;
		}
	}

	private closeDown(): void {
		this.phase = 'closed';
		this.dispose();
	}

	/** Fetches the view again (one at a time; a change heard meanwhile fetches once more). */
	async refetch(): Promise<void> {
		if (this.fetching) {
			this.fetchAgain = true;
			return this.fetching;
		}
		this.fetching = (async () => {
			do {
				this.fetchAgain = false;
				try {
					this.adoptFetched(await this.fetchView());
				} catch (e) {
					this.onFailure(BackendError.from(e));
					return;
				}
			} while (this.fetchAgain && !this.disposed);
		})();
		try {
			await this.fetching;
		} finally {
			this.fetching = null;
		}
	}

	/** A view from the core: shown, with the entries typed since the last save laid over it. A
	 * view asked for this phone's device (`device`) also says where the phone sits: a seat
	 * granted, given away or taken back by the host changes the phase here. A view asked before
	 * the phone joined (the QR code's) says nothing of it, even when it arrives after. */
	private adopt(view: TableView, device: number | null = null): void {
		if (this.view && view.revision < this.view.revision) return;
		if (device !== null && device === this.stored?.device) this.followSeat(view);
		const game = seatGame(view.game);
		const seats = seatsOf(view);
		if (this.seat === null || view.seat === null) {
			this.view = view;
			this.model = game.model(view, seats);
			return;
		}
		const seat = this.seat;
		const fresh = game.model(view, seats);
		const freshSeat = game.state(fresh).players?.[seat] as Record<string, unknown> | undefined;
		const pending = this.model && (this.dirty || this.inFlight) ? partOf(this.base, this.localSeat()) : {};
		if (Object.keys(pending).length) {
			this.model = game.model({ ...view, table: withSeatPart(view.table, seat, pending) as TableView['table'] }, seats);
		} else if (this.model && same(this.localSeat(), freshSeat)) {
			// Nothing new for this seat: keep the model as typed (an emptied field stays empty
			// rather than turning into the 0 the core stored for it).
			const local = this.model.players[seat];
			this.model = { ...fresh, players: fresh.players.map((p, i) => (i === seat ? local : p)) };
		} else {
			this.model = fresh;
		}
		this.base = freshSeat;
		this.view = view;
		void this.refreshHelp();
	}

	/** The seat the core says this phone holds (or asks for), when it is not the one shown. */
	private followSeat(view: TableView): void {
		if (this.phase === 'closed' || this.phase === 'joining') return;
		if (view.seat !== null && view.seat !== this.seat) {
			// Granted (its holder or the host agreed), or moved by the host.
			this.seat = view.seat;
			this.asking = null;
			this.notice = null;
			this.base = undefined;
			this.model = null;
			this.phase = 'seated';
			this.relisten();
		} else if (view.seat === null && this.seat !== null) {
			this.seat = null;
			this.model = null;
			this.base = undefined;
			this.phase = 'pick';
			this.notice = 'lost';
		} else if (this.phase === 'asking' && view.asking === null) {
			this.asking = null;
			this.phase = 'pick';
			this.notice = 'refused';
		}
	}

	private localSeat(): Record<string, unknown> {
		if (!this.model || this.seat === null || !this.view) return {};
		return (seatGame(this.view.game).state(this.model).players?.[this.seat] ?? {}) as Record<string, unknown>;
	}

	private async refreshHelp(): Promise<void> {
		if (!this.model || !this.view) return;
		try {
			this.help = await this.backend.tableHelp(this.view.game, seatGame(this.view.game).state(this.model) as AnyTableState);
			this.helpProblems = [];
		} catch (e) {
			// The help is a comfort (mission statuses); the score and the seat's problems come
			// with the view. A table the core refuses says why, in place of the help.
			this.help = null;
			const error = BackendError.from(e);
			this.helpProblems = error.kind === 'invalid_input' ? error.problems : [];
		}
	}

	/** Sends the seat's changed fields, one save at a time, until nothing waits. */
	private pump(): Promise<void> {
		if (this.seat === null) return Promise.resolve();
		this.pumping ??= this.sendAll().finally(() => (this.pumping = null));
		return this.pumping;
	}

	private async sendAll(): Promise<void> {
		while (this.dirty && !this.disposed && this.seat !== null) {
			this.dirty = false;
			const part = partOf(this.base, this.localSeat());
			if (!Object.keys(part).length) continue;
			this.saveState = 'saving';
			this.inFlight = true;
			try {
				const view = await this.backend.tableSaveSeat(this.play, this.seat, part);
				this.inFlight = false;
				this.refused = [];
				this.adopt(view);
			} catch (e) {
				// Kept on screen: the next change (or Retry) sends it again.
				this.inFlight = false;
				this.dirty = true;
				this.onFailure(BackendError.from(e));
				return;
			}
		}
		this.saveState = 'saved';
	}

	/** Sends again what failed to save. */
	retry(): void {
		this.error = null;
		this.saveState = 'saving';
		void this.pump();
	}

	private onFailure(err: BackendError): void {
		if (err.kind === 'unauthorized') {
			// Removed by the host, or the table closed.
			this.forget();
			this.closeDown();
			return;
		}
		if (err.kind === 'forbidden' && this.seat !== null) {
			// The seat is no longer this phone's (given away, moved by the host): see where it is.
			void this.checkOpen();
			return;
		}
		this.saveState = 'failed';
		// A save refused for its fields: they are marked on the panel, not in a banner.
		if (err.kind === 'invalid_input' && err.problems.length) this.refused = err.problems;
		else this.error = err;
	}

	private fail(err: BackendError): void {
		this.error = err;
		this.phase = err.kind === 'unauthorized' ? 'closed' : 'failed';
	}

	private readStored(): Stored | null {
		try {
			const raw = this.storage?.getItem(tableKey(this.play));
			const s = raw ? (JSON.parse(raw) as Partial<Stored>) : null;
			return s && typeof s.token === 'string' && typeof s.device === 'number' ? { token: s.token, device: s.device } : null;
		} catch {
			return null;
		}
	}

	private keep(s: Stored): void {
		this.stored = s;
		this.storage?.setItem(tableKey(this.play), JSON.stringify(s));
	}

	private forget(): void {
		this.stored = null;
		this.storage?.removeItem(tableKey(this.play));
	}
}

/** `?play=12&lang=fr#j12_…` → the play, the host's language and the join token (null when
 * missing). */
export function readJoinUrl(url: URL): { play: number | null; hostLang: Lang | null; joinToken: string | null } {
	const play = Number(url.searchParams.get('play'));
	const lang = url.searchParams.get('lang');
	const hash = url.hash.replace(/^#/, '');
	return {
		play: Number.isInteger(play) && play > 0 ? play : null,
		hostLang: lang === 'fr' || lang === 'en' ? lang : null,
		joinToken: hash ? decodeURIComponent(hash) : null
	};
}
