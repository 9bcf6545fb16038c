// What a statistics tab shows, asked of the core again whenever the tab's choices change.
import { untrack } from 'svelte';
import { BackendError } from '$lib/backend';

/**
 * The core's answer for what `choice` reads (statsView's fields), asked by `ask` each time they
 * change. Only the newest answer is kept, and none once the tab is left (the calls may end in
 * any order). `ask` returning null asks nothing (no player chosen yet). `onerror` gets null as
 * each question is asked, and the error of a failed one.
 */
export function latest<C, T>(
	choice: () => C,
	ask: (choice: C) => Promise<T> | null,
	onerror: (error: BackendError | null) => void
): { readonly value: T | null } {
	let value = $state<T | null>(null);
	let seq = 0;
	$effect(() => {
		const chosen = choice();
		const mine = ++seq;
		untrack(async () => {
			onerror(null);
			try {
				const asked = ask(chosen);
				if (asked === null) return;
				const r = await asked;
				if (mine === seq) value = r;
			} catch (e) {
				if (mine === seq) onerror(BackendError.from(e));
			}
		});
		return () => seq++;
	});
	return {
		get value() {
			return value;
		}
	};
}
