import type { ErrorKind, Problem } from './types';

/** What every Backend method throws: the core's ApiError, or "internal" for IPC failures. */
export class BackendError extends Error {
	readonly kind: ErrorKind;
	readonly problems: Problem[];

	constructor(kind: ErrorKind, message: string, problems: Problem[] = []) {
		super(message);
		this.name = 'BackendError';
		this.kind = kind;
		this.problems = problems;
	}

	/** Wraps anything caught around a backend call. */
	static from(e: unknown): BackendError {
		if (e instanceof BackendError) return e;
		if (e && typeof e === 'object' && 'kind' in e && 'message' in e) {
			const c = e as { kind: ErrorKind; message: string; problems?: Problem[] };
			return new BackendError(c.kind, String(c.message), c.problems ?? []);
		}
		return new BackendError('internal', e instanceof Error ? e.message : String(e));
	}
}
