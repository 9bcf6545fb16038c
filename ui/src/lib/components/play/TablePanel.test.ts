// The table panel in a browser page (`greffier serve`): only the desktop app serves a table to
// the phones, so the panel says so instead of offering the button.
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/svelte';
import { setLang } from '$lib/i18n.svelte';
import { startPlay } from '../../../test-support';
import TablePanel from './TablePanel.svelte';

describe('TablePanel', () => {
	it('explains in a browser that opening the table needs the desktop app', async () => {
		setLang('en');
		const play = await startPlay('valencia', 'base', ['Ani', 'Dirk']);
		render(TablePanel, { props: { play } });
		await waitFor(() => expect(screen.getByTestId('table-desktop-only').textContent).toMatch(/needs the desktop app/));
		expect(screen.queryByTestId('table-open')).toBeNull();
	});
});
