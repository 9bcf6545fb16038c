// What every play screen does with its sheet, whatever the game: keep the model, ask the core
// for the live score on every change (preview_table_state, at once), autosave it (debounced, and
// at once when a field is left or the window closes) and undo through the core, which keeps every
// saved state (so undo survives a restart and takes back what a table helper wrote). Finish,
// abandon. Every game's sheet holds one.
import {
	backend,
	BackendError,
	type AnyTableState,
	type GameSummary,
	type PlayDetail,
	type PlayEdit,
	type ScorePreview,
	type Seat
} from '$lib/backend';

/** `correcting`: a finished play's sheet reopened; nothing is stored until the correction is saved. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'failed' | 'correcting';

/** What the Play route hands every game's sheet component. */
export interface PlaySheetProps {
	play: PlayDetail;
	game: GameSummary;
	onfinished?: (play: PlayDetail) => void;
	onabandoned?: (play: PlayDetail) => void;
	/** Autosave delay after the last change. */
	debounceMs?: number;
}

export interface PlaySessionOptions<T> {
	play: PlayDetail;
	model: T;
	/** The table_state JSON the core reads. */
	toState: (model: T) => AnyTableState;
	/** The model of a table state the core gives back (after an undo). */
	fromState: (state: unknown) => T;
	/** Autosave delay after the last change. */
	debounceMs: number;
	onfinished?: (play: PlayDetail) => void;
	onabandoned?: (play: PlayDetail) => void;
}

/** A game's model of a play's table state (`saved`: none yet for a new play). */
export type ModelFor<T> = (variant: string, seats: Seat[], saved?: unknown) => T;

/**
 * The session of a game's sheet, built the same way for every game: its model read from the
 * play's table state by `modelFor` (and again after an undo), written back by `toState`. `props`
 * are the sheet's own, read when the session calls them back.
 */
export function sheetSession<T>(props: PlaySheetProps, modelFor: ModelFor<T>, toState: (model: T) => AnyTableState): PlaySession<T> {
	const { play } = props;
	return new PlaySession<T>({
		play,
		model: modelFor(play.variant, play.seats, play.table_state),
		toState,
		fromState: (state) => modelFor(play.variant, play.seats, state),
		debounceMs: props.debounceMs ?? 300,
		onfinished: (p) => props.onfinished?.(p),
		onabandoned: (p) => props.onabandoned?.(p)
	});
}

/** What the Undo / Finish / Abandon buttons use, whatever the model. */
export type PlayControls = Pick<
	PlaySession<unknown>,
	'undo' | 'undoCount' | 'finish' | 'busy' | 'confirmAbandon' | 'abandon' | 'correcting'
>;

/** What the frame around a game's fields (PlaySheet) uses, whatever the model. */
export type SheetControls = PlayControls & Pick<PlaySession<unknown>, 'preview' | 'saveState' | 'error' | 'keydown' | 'flush' | 'dispose'>;

export class PlaySession<T> {
	// `model` and `preview` are only ever replaced whole (the sheets' edits return a new model,
	// the core a new answer), so they are raw state: a keystroke updates what reads the changed
	// player, not every field of the sheet through fresh deep proxies.
	model = $state.raw() as T;
	/** The core's last answer: live scoreboard, problems, game help. */
	preview = $state.raw<ScorePreview>({ scoreboard: null, problems: [], help: null, partial: null, left_out: [], undo_steps: 0 });
	saveState = $state<SaveState>('idle');
	error = $state<BackendError | null>(null);
	busy = $state(false);
	confirmAbandon = $state(false);
	/** Undo steps the core keeps, plus the change waiting for its autosave. */
	undoCount = $state(0);

	private timer: ReturnType<typeof setTimeout> | null = null;
	/** The field of the change waiting for its autosave (null: a tap, not typing). */
	private pendingCell: string | null = null;
	/** Orders the core's answers: only the newest change's answer is shown. */
	private seq = 0;
	private saving: Promise<void> | null = null;
	/**
	 * The table state the sheet's edits started from (JSON, in the model's own shape): sent with
	 * each save, so that the core merges in a phone's change stored since (table mode) instead
	 * of this sheet's older copy overwriting it.
	 */
	private base: string;
	private readonly opts: PlaySessionOptions<T>;
	/** `preview` is the core's answer for `model` as it is now (no change since it was asked). */
	private answered = false;
	/** Right after an undo, until the next change: `adopt` would redo what was undone. */
	private undone = false;
	/**
	 * A finished play reopened in its sheet to correct it: every change gets the core's live
	 * totals, nothing is stored until "Save the correction" (an edit the core rescores, and that
	 * History can undo); leaving without saving changes nothing.
	 */
	readonly correcting: boolean;

	constructor(opts: PlaySessionOptions<T>) {
		this.opts = opts;
		this.correcting = opts.play.status === 'finished';
		if (this.correcting) this.saveState = 'correcting';
		this.model = opts.model;
		this.base = JSON.stringify(opts.toState(opts.model));
		this.preview = { scoreboard: opts.play.scoreboard, problems: [], help: null, partial: null, left_out: [], undo_steps: 0 };
		activeSessions.add(this as PlaySession<unknown>);
		// The core's answer for the sheet as reopened: its help and the undo steps it keeps.
		void this.refresh();
	}

	/** Replaces the model, shows the core's answer for it at once, and schedules an autosave. */
	change(next: T, cell: string | null = null): void {
		if (this.correcting) {
			this.model = next;
			void this.refresh();
			return;
		}
		// Typing into another field ends the previous typing group, as leaving a field does.
		if (this.timer && cell !== this.pendingCell) void this.flush();
		this.pendingCell = cell;
		this.model = next;
		this.answered = false;
		this.undone = false;
		if (!this.timer) this.undoCount = this.preview.undo_steps + 1;
		this.schedule();
		void this.refresh();
	}

	/**
	 * Writes into the model what the core concluded from it (Citadelles: the only complete city
	 * is the first), so that the table keeps it as the players' record: only while the answer
	 * shown is for the model as it is, and never right after an undo (it would redo it). Saved
	 * with the change waiting for its autosave, or on its own.
	 */
	adopt(edit: (model: T) => T): void {
		if (!this.answered || this.undone) return;
		this.model = edit(this.model);
		if (!this.correcting && !this.timer) this.schedule();
	}

	/** Ends a typing group (a field lost focus): what was typed is saved now, as one undo step. */
	closeGroup(): void {
		if (this.timer) void this.flush();
	}

	schedule(): void {
		if (this.correcting) return;
		if (this.timer) clearTimeout(this.timer);
		this.saveState = 'saving';
		this.timer = setTimeout(() => void this.flush(), this.opts.debounceMs);
	}

	/** The core's score and help for the model as it is, without storing it. */
	private async refresh(): Promise<void> {
		const mine = ++this.seq;
		try {
			const r = await backend.previewTableState(this.opts.play.id, this.opts.toState(this.model));
			if (mine === this.seq) {
				this.preview = r;
				this.answered = true;
				this.undoCount = this.correcting ? 0 : r.undo_steps + (this.timer ? 1 : 0);
			}
		} catch (e) {
			if (mine === this.seq) this.error = BackendError.from(e);
		}
	}

	/** Saves now and keeps the core's answer (unless a newer change came meanwhile). */
	async flush(): Promise<void> {
		// A correction is stored only when saved as a whole (finish()).
		if (this.correcting) return;
		if (this.timer) clearTimeout(this.timer);
		this.timer = null;
		const mine = ++this.seq;
		this.saveState = 'saving';
		const state = this.opts.toState(this.model);
		const sent = JSON.stringify(state);
		// One save at a time, in the order asked: two requests in flight may reach the core in
		// either order (HTTP and IPC calls run in parallel), and the older state would then
		// overwrite the newer one. The chain never rejects (each save catches its own error).
		const previous = this.saving ?? Promise.resolve();
		const run = previous.then(async () => {
			try {
				// The core merges what a phone stored since `base` (table mode) and answers the
				// merged state.
				const r = await backend.saveTableState(this.opts.play.id, state, JSON.parse(this.base) as AnyTableState);
				this.undoCount = r.preview.undo_steps;
				if (mine === this.seq) {
					if (r.merged) this.model = this.opts.fromState(r.merged);
					this.base = r.merged ? JSON.stringify(this.opts.toState(this.model)) : sent;
					this.preview = r.preview;
					this.answered = true;
					this.saveState = 'saved';
				} else {
					// A newer edit waits: it grew from what was sent, and its own save brings
					// back what the core merged.
					this.base = sent;
					this.preview = { ...this.preview, undo_steps: r.preview.undo_steps };
				}
			} catch (e) {
				if (mine === this.seq) {
					this.saveState = 'failed';
					this.error = BackendError.from(e);
				}
			}
		});
		this.saving = run;
		await run;
	}

	/** Saves what waits, then asks the core for the previous saved state. */
	async undo(): Promise<void> {
		// A correction is undone as a whole, from History, once saved.
		if (this.correcting) return;
		if (this.timer) await this.flush();
		else if (this.saving) await this.saving;
		if (this.preview.undo_steps === 0) return;
		const mine = ++this.seq;
		try {
			const r = await backend.undoTableState(this.opts.play.id);
			if (mine !== this.seq) return;
			this.model = this.opts.fromState(r.state);
			this.base = JSON.stringify(this.opts.toState(this.model));
			this.preview = r.preview;
			this.answered = true;
			this.undone = true;
			this.undoCount = r.preview.undo_steps;
			this.saveState = 'saved';
			// Back to a play with nothing saved: the empty sheet's own answer, not the core's
			// complaint about an absent state.
			if (r.state === null) await this.refresh();
		} catch (e) {
			if (mine === this.seq) this.error = BackendError.from(e);
		}
	}

	/**
	 * Someone else changed the play in the core (a phone at the open table): the
	 * sheet reads it again, after the saves under way. With an edit of its own waiting, nothing
	 * is read: that edit's save is merged with the phone's change by the core and brings it back.
	 */
	pull(): Promise<void> {
		if (this.correcting || this.timer) return Promise.resolve();
		const previous = this.saving ?? Promise.resolve();
		const run = previous.then(() => this.pullNow());
		this.saving = run;
		return run;
	}

	private async pullNow(): Promise<void> {
		if (this.timer) return;
		try {
			const mine = ++this.seq;
			const play = await backend.getPlay(this.opts.play.id);
			if (play.status !== 'in_progress') return;
			// Typed while it was read: that edit's save brings the phone's change back.
			if (this.timer || mine !== this.seq) return;
			this.model = this.opts.fromState(play.table_state);
			this.base = JSON.stringify(this.opts.toState(this.model));
			this.saveState = 'saved';
			await this.refresh();
		} catch (e) {
			this.error = BackendError.from(e);
		}
	}

	/** Window keydown: Ctrl+Z (⌘Z) undoes the last change. */
	keydown(e: KeyboardEvent): void {
		if ((e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'z') {
			e.preventDefault();
			void this.undo();
		}
	}

	private stopTimer(): void {
		if (this.timer) clearTimeout(this.timer);
		this.timer = null;
	}

	async finish(): Promise<void> {
		this.busy = true;
		this.error = null;
		// The waiting edit is saved first: its save merges a phone's change, which the sheet
		// then holds and finishes with.
		if (!this.correcting) await this.settle();
		this.stopTimer();
		this.seq++;
		try {
			const { play } = this.opts;
			const done = this.correcting
				? await backend.editPlay(play.id, {
						location: play.location,
						notes: play.notes,
						duration_minutes: play.duration_minutes,
						table_state: this.opts.toState(this.model) as unknown as PlayEdit['table_state']
					})
				: await backend.finishPlay(play.id, this.opts.toState(this.model));
			this.opts.onfinished?.(done);
		} catch (e) {
			this.error = BackendError.from(e);
			// A table the core refuses: its problems take the preview's place. A valid table whose
			// game is not over yet (Orléans: the last round not closed) keeps its preview, so that
			// the round can still be closed; the banner says why.
			if (this.error.problems.length && !this.preview.scoreboard)
				this.preview = {
					scoreboard: null,
					problems: this.error.problems,
					help: null,
					partial: null,
					left_out: [],
					undo_steps: this.preview.undo_steps
				};
		} finally {
			this.busy = false;
		}
	}

	/** First call asks for confirmation; the second abandons. */
	async abandon(): Promise<void> {
		// Leaving a correction unsaved: the play stays as it was.
		if (this.correcting) {
			this.opts.onabandoned?.(this.opts.play);
			return;
		}
		if (!this.confirmAbandon) {
			this.confirmAbandon = true;
			return;
		}
		this.busy = true;
		this.stopTimer();
		try {
			const done = await backend.abandonPlay(this.opts.play.id);
			this.opts.onabandoned?.(done);
		} catch (e) {
			this.error = BackendError.from(e);
		} finally {
			this.busy = false;
			this.confirmAbandon = false;
		}
	}

	get playId(): number {
		return this.opts.play.id;
	}

	/** Leaving the screen with a change still waiting: save it now. */
	dispose(): void {
		activeSessions.delete(this as PlaySession<unknown>);
		if (this.timer) void this.flush();
	}

	/** Saves what waits and lets the save under way end (the window is closing). */
	async settle(): Promise<void> {
		if (this.timer) await this.flush();
		else if (this.saving) await this.saving;
	}
}

/**
 * A phone changed play `playId` (table mode): every sheet on screen for it reads the core again
 * (see PlaySession.pull). Resolves once they did.
 */
export async function pullPlay(playId: number): Promise<void> {
	await Promise.all([...activeSessions].filter((s) => s.playId === playId).map((s) => s.pull()));
}

/** The sheets on screen, so that closing the window first saves what each still holds. */
const activeSessions = new Set<PlaySession<unknown>>();

/** Saves every sheet's pending change: called by the backend before the window closes. */
export async function settleAllSessions(): Promise<void> {
	await Promise.all([...activeSessions].map((s) => s.settle()));
}
