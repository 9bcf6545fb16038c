// The Backend, derived from the generated bindings: one method per operation of the core's table
// (`src/api/operations.rs`), named as its Tauri command (`save_table_state` →
// `saveTableState`), taking its request's fields in order (`OPERATION_FIELDS`, generated from the
// same table) and answering its response. Nothing here is written per operation: a new one is
// its row in the table and its test (`make bindings` regenerates `bindings.ts`).
import { OPERATION_FIELDS, type commands, type LoadedPreferences, type Preferences, type Value } from './bindings';
import type { AnyTableState } from './types';

export { OPERATION_FIELDS };

type Commands = typeof commands;
type Fields = typeof OPERATION_FIELDS;
export type OperationMethod = keyof Fields;

/** `true` when `T` is the bindings' free JSON (`Value`, the core's `Json`), nothing narrower. */
type IsJson<T> = [T] extends [Value] ? ([Value] extends [T] ? true : false) : false;

/**
 * The core takes a play's table state as free JSON and checks it; the screens send the states
 * they build: a field named `table` (or `base`, the state an edit started from) is one. Any other
 * free JSON (a round-log payload, a seat's part) is whatever the screen sends.
 */
type Arg<T, F> = IsJson<T> extends true ? (F extends 'table' ? AnyTableState : F extends 'base' ? AnyTableState | null : unknown) : T;

/** Each argument as the screens give it (`F`: the request's fields, in the same order). */
type MapArgs<P extends unknown[], F> = { [I in keyof P]: Arg<P[I], I extends keyof F ? F[I] : never> };

/** Trailing arguments the core takes as `null` may be left out (the doors send `null`). */
type OptionalTail<A> = A extends [...infer Head, infer Last] ? (null extends Last ? [...OptionalTail<Head>, Last?] : A) : A;

type Args<K extends OperationMethod> = OptionalTail<MapArgs<Parameters<Commands[K]>, Fields[K]>>;

type Data<K extends OperationMethod> = Extract<Awaited<ReturnType<Commands[K]>>, { status: 'ok' }>['data'];

/** An answer that is free JSON is a table state (the table helpers answer the new table). */
type Answer<K extends OperationMethod> = IsJson<Data<K>> extends true ? AnyTableState : Data<K>;

/** Every operation of the core, as a plain async method: the data, or a thrown BackendError. */
export type Operations = { [K in OperationMethod]: (...args: Args<K>) => Promise<Answer<K>> };

/**
 * The door's own methods: preferences live in the shell (tauri-plugin-store) or the browser, and
 * a file's bytes reach the core by each door's own way (IPC blocks, an HTTP upload).
 */
export interface WindowOwn {
	getPreferences(): Promise<LoadedPreferences>;
	setPreferences(preferences: Preferences): Promise<Preferences>;
	/**
	 * Sends a file's bytes to the core (the door's own: the window in blocks over IPC, a browser
	 * as one streamed upload), never as text; resolves to the upload's id, for `importFile`.
	 * `onSent` hears how many bytes went so far.
	 */
	uploadFile(file: Blob, onSent?: (sent: number) => void): Promise<string>;
}

/** Plain async methods: each returns the data or throws a BackendError. */
export type Backend = Operations & WindowOwn;

/** `saveTableState` → `save_table_state`. */
export function operationName(method: string): string {
	return method.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Calls one operation with its request (field name → value); resolves to its answer. */
export type Transport = (operation: string, request: Record<string, unknown>) => Promise<unknown>;

/** The Backend over a transport: each method sends its arguments under its fields' names. */
export function backendOver(transport: Transport, own: WindowOwn): Backend {
	const methods = Object.entries(OPERATION_FIELDS).map(([method, fields]) => {
		const operation = operationName(method);
		const call = (...args: unknown[]) =>
			transport(operation, Object.fromEntries((fields as readonly string[]).map((f, i) => [f, args[i] ?? null])));
		return [method, call];
	});
	return { ...(Object.fromEntries(methods) as Operations), ...own };
}
