// A score BG Stats did not keep ("" in its file) is "no score" in the core: the play log and the
// play's detail show the "no total" mark, in both languages, never a 0 the core did not give.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/svelte';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { backend } from '$lib/backend';
import { app } from '$lib/app.svelte';
import { m, setLang } from '$lib/i18n.svelte';
import { allGames, ownServer } from '../../../test-support';
import { logView } from './view.svelte';
import HistoryPage from '../../../routes/history/+page.svelte';

const page = vi.hoisted(() => ({ params: { id: '0' }, url: new URL('http://localhost/history') }));
vi.mock('$app/state', () => ({ page }));
vi.mock('$app/navigation', () => ({ goto: vi.fn() }));

let stop: () => Promise<void>;
beforeEach(async () => {
	stop = (await ownServer()).stop;
});
afterEach(async () => {
	setLang('en');
	await stop();
});

/** The core's sample BG Stats file, with Lilli's Citadels score not kept. */
function sampleWithoutLillisScore(): string {
	const file = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../../tests/fixtures/bgstats-sample.json'), 'utf8'));
	file.plays[0].playerScores[2].score = '';
	return JSON.stringify(file);
}

describe('A score that was not kept', () => {
	it('shows as the no-total mark in the play log and the detail, in French and English', async () => {
		app.games = await allGames();
		Object.assign(logView, {
			game: null,
			variant: null,
			status: null,
			playerId: null,
			outcome: '',
			from: '',
			to: '',
			bin: false,
			others: false,
			page: 0
		});
		await backend.importFile('bgstats', { text: sampleWithoutLillisScore() });
		const citadels = (await backend.listPlays({ game: 'citadelles' })).plays[0];
		// The core says "none", and keeps the play's ranks.
		expect(citadels.players.map((p) => [p.name, p.total, p.rank])).toEqual([
			['Ani', 31, 1],
			['Dirk', 27, 2],
			['Lilli', null, 2]
		]);

		for (const lang of ['en', 'fr'] as const) {
			setLang(lang);
			const list = render(HistoryPage);
			const row = await screen.findByTestId(`history-row-${citadels.id}`);
			const lilli = within(row)
				.getAllByRole('listitem')
				.find((li) => li.textContent?.includes('Lilli'))!;
			expect(lilli.textContent?.replace(/\s+/g, ' ').trim()).toBe(`Lilli ${m.no_total()}`);
			expect(m.no_total()).toBe('—');
			expect(lilli.querySelector('.total')?.getAttribute('title')).toBe(m.no_total_hint());
			list.unmount();

			page.params.id = String(citadels.id);
			const Detail = (await import('../../../routes/history/[id]/+page.svelte')).default;
			const detail = render(Detail);
			await waitFor(() => expect(screen.getByTestId('detail-total-2').textContent).toBe('—'));
			expect(screen.getByTestId('detail-total-0').textContent).toBe('31');
			expect(screen.getByTestId('detail-total-2').getAttribute('title')).toBe(lang === 'fr' ? 'Score non noté' : 'No score was kept');
			// BG Stats keeps no categories: none is listed, rather than a 0 in each.
			expect(screen.queryAllByTestId(/^detail-cell-/)).toEqual([]);
			detail.unmount();
		}
	});
});
