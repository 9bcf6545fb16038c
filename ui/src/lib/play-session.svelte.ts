// What every play screen does with its sheet, whatever the game: keep the model, autosave it
// (debounced) to save_table_state and keep the core's answer, undo (Ctrl+Z), finish, abandon.
// The generic ScoreSheet and the Splendor sheet each hold one.
import { backend, BackendError, type AnyTableState, type GameSummary, type PlayDetail, type ScorePreview } from '$lib/backend';
import { UndoStack } from '$lib/sheet';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

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
	/** Autosave delay after the last change. */
	debounceMs: number;
	onfinished?: (play: PlayDetail) => void;
	onabandoned?: (play: PlayDetail) => void;
}

/** What the Undo / Finish / Abandon buttons use, whatever the model. */
export type PlayControls = Pick<
	PlaySession<unknown>,
	'undo' | 'undoCount' | 'finish' | 'busy' | 'confirmAbandon' | 'abandon'
>;

export class PlaySession<T> {
	model = $state() as T;
	/** The core's last answer: live scoreboard, problems, game help. */
	preview = $state<ScorePreview>({ scoreboard: null, problems: [], help: null });
	saveState = $state<SaveState>('idle');
	error = $state<BackendError | null>(null);
	busy = $state(false);
	confirmAbandon = $state(false);
	undoCount = $state(0);

	private readonly undoStack = new UndoStack<T>();
	private timer: ReturnType<typeof setTimeout> | null = null;
	private seq = 0;
	private readonly opts: PlaySessionOptions<T>;

	constructor(opts: PlaySessionOptions<T>) {
		this.opts = opts;
		this.model = opts.model;
		this.preview = { scoreboard: opts.play.scoreboard, problems: [], help: null };
	}

	/** Replaces the model (recorded for undo) and schedules an autosave. `cell` groups keystrokes. */
	change(next: T, cell: string | null = null): void {
		this.undoStack.record($state.snapshot(this.model) as T, cell);
		this.undoCount = this.undoStack.size;
		this.model = next;
		this.schedule();
	}

	/** Ends a typing group (a field lost focus). */
	closeGroup(): void {
		this.undoStack.close();
	}

	schedule(): void {
		if (this.timer) clearTimeout(this.timer);
		this.saveState = 'saving';
		this.timer = setTimeout(() => void this.flush(), this.opts.debounceMs);
	}

	/** Saves now and keeps the core's answer (unless a newer save started meanwhile). */
	async flush(): Promise<void> {
		if (this.timer) clearTimeout(this.timer);
		this.timer = null;
		const mine = ++this.seq;
		this.saveState = 'saving';
		try {
			const r = await backend.saveTableState(this.opts.play.id, this.opts.toState(this.model));
			if (mine === this.seq) {
				this.preview = r;
				this.saveState = 'saved';
			}
		} catch (e) {
			if (mine === this.seq) {
				this.saveState = 'failed';
				this.error = BackendError.from(e);
			}
		}
	}

	undo(): void {
		const prev = this.undoStack.undo();
		this.undoCount = this.undoStack.size;
		if (prev) {
			this.model = prev;
			this.schedule();
		}
	}

	/** Window keydown: Ctrl+Z (⌘Z) undoes the last change. */
	keydown(e: KeyboardEvent): void {
		if ((e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'z') {
			e.preventDefault();
			this.undo();
		}
	}

	private stopTimer(): void {
		if (this.timer) clearTimeout(this.timer);
		this.timer = null;
	}

	async finish(): Promise<void> {
		this.busy = true;
		this.error = null;
		this.stopTimer();
		this.seq++;
		try {
			const done = await backend.finishPlay(this.opts.play.id, this.opts.toState(this.model));
			this.opts.onfinished?.(done);
		} catch (e) {
			this.error = BackendError.from(e);
			if (this.error.problems.length) this.preview = { scoreboard: null, problems: this.error.problems, help: null };
		} finally {
			this.busy = false;
		}
	}

	/** First call asks for confirmation; the second abandons. */
	async abandon(): Promise<void> {
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

	/** Leaving the screen with a change still waiting: save it now. */
	dispose(): void {
		if (this.timer) void this.flush();
	}
}
