// vitest: every test starts on a fresh in-memory fake backend and in English.
import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/svelte';
import { setBackend } from '$lib/backend';
import { createFakeBackend } from '$lib/backend/fake';
import { setLang } from '$lib/i18n.svelte';

beforeEach(() => {
	setBackend(createFakeBackend());
	setLang('en');
});

afterEach(() => {
	cleanup();
});
