import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/svelte';
import { backend, BackendError } from '$lib/backend';
import { setLang } from '$lib/i18n.svelte';
import ErrorBanner from './ErrorBanner.svelte';

describe('error banner', () => {
	it('shows the core’s problems in the player’s language, without the English developer line', async () => {
		// A real refusal from the core: a player needs a name.
		const error = await backend.createPlayer('   ', null).then(
			() => null,
			(e: unknown) => BackendError.from(e)
		);
		expect(error?.kind).toBe('invalid_input');
		expect(error?.problems.length).toBeGreaterThan(0);
		setLang('fr');
		render(ErrorBanner, { props: { error: error! } });
		const banner = screen.getByTestId('error-banner').textContent ?? '';
		expect(banner).toContain(error!.problems[0].message.fr.slice(0, 12));
		// The message is the problems' English rendering, for logs and the CLI: not for the table.
		expect(banner).not.toContain(error!.message);
	});
});
