// vitest: every test talks to the real core, the `greffier serve` that vitest.global-setup.ts
// started, through the same HTTP backend a browser uses. The page's URL is the server's, so the
// calls are same-origin as in a browser (the server refuses other origins). Tests share that
// one history: each creates the players and plays it needs and asserts about them only.
import { afterEach, beforeEach, inject } from 'vitest';
import { cleanup, configure } from '@testing-library/svelte';
import { setBackend } from '$lib/backend';
import { createHttpBackend } from '$lib/backend/http';
import { setLang } from '$lib/i18n.svelte';

declare module 'vitest' {
	export interface ProvidedContext {
		/** `http://127.0.0.1:<port>` of the suite's `greffier serve` (no trailing slash). */
		serverUrl: string;
		/** The greffier binary the server runs (tests may ask it `operations --json`). */
		greffierBin: string;
	}
}

// Answers come over HTTP from a debug build on a busy 2-core machine: wait for them longer than
// testing-library's 1 s default (a wait ends as soon as its condition holds; the full suite on a
// loaded 2-core machine made 5 s too short).
configure({ asyncUtilTimeout: 15000 });

const url = inject('serverUrl');
(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${url}/`);

beforeEach(() => {
	setBackend(createHttpBackend());
	localStorage.clear();
	setLang('en');
});

afterEach(() => {
	cleanup();
});
