// The History detail page on the real core: a play whose round log numbers restart each round
// (as the core numbers them), and a finished Splendor play's scores with how the core counted them.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/svelte';
import { backend, type ValenciaRawTable } from '$lib/backend';
import { app } from '$lib/app.svelte';
import { allGames, startPlay } from '../../../test-support';
import { CITIES_TAKEN_STATE } from '../../../test-tables';

const page = vi.hoisted(() => ({ params: { id: '0' } }));
vi.mock('$app/state', () => ({ page }));
vi.mock('$app/navigation', () => ({ goto: vi.fn() }));

describe('History detail', () => {
	it('lists a round log whose entry numbers restart each round', async () => {
		app.games = await allGames();
		const started = await startPlay('splendor', 'cities', ['Ani', 'Dirk']);
		for (const round of [1, 2, 3]) await backend.logRoundEvent(started.id, round, 'note', { round });
		const play = await backend.getPlay(started.id);
		// Each round's first entry is number 1, as the core numbers them.
		expect(play.events.map((e) => e.seq)).toEqual([1, 1, 1]);
		page.params.id = String(play.id);
		const Page = (await import('../../../routes/history/[id]/+page.svelte')).default;
		render(Page);
		await waitFor(() => expect(screen.getByTestId('round-log')).toBeTruthy());
		expect(screen.getByTestId('round-log').querySelectorAll('li')).toHaveLength(3);
	});

	it('lists the auctions and council phases a Valencia play applied, as the core words them', async () => {
		app.games = await allGames();
		const started = await startPlay('valencia', 'base', ['Ani', 'Dirk']);
		// The book's setup: Ani holds the pawn. She reveals 3, Dirk 5: Dirk wins step A.
		const table = structuredClone(started.table_state) as ValenciaRawTable & { progress: Record<string, unknown> };
		table.progress.auction = { step: 'A', players: [{ name: 'Ani', stack: [{ card: 3 }] }, { name: 'Dirk', stack: [{ card: 5 }] }] };
		const applied = await backend.valenciaApplyAuction(table);
		await backend.saveTableState(started.id, applied, null);
		const play = await backend.getPlay(started.id);
		expect(play.table_log).toHaveLength(1);
		page.params.id = String(play.id);
		const Page = (await import('../../../routes/history/[id]/+page.svelte')).default;
		render(Page);
		await waitFor(() => expect(screen.getByTestId('round-log-table-0')).toBeTruthy());
		expect(screen.getByTestId('round-log-table-0').textContent).toBe(play.table_log[0].text.en);
		expect(play.table_log[0].text.en).toMatch(/^Auction A: Dirk wins it \(5\)/);
		expect(screen.queryByTestId('round-log-empty')).toBeNull();
	});

	it('says under each score how the core counted it: which city a Splendor player took', async () => {
		app.games = await allGames();
		const started = await startPlay('splendor', 'cities', ['Ani', 'Dirk']);
		// Dirk holds the city needing 13 prestige, 4 red and 3 black; Ani has more prestige and no city.
		const play = await backend.finishPlay(started.id, CITIES_TAKEN_STATE);
		const detail = (seat: number) => play.scoreboard!.players.find((p) => p.seat === seat)!.categories.find((c) => c.key === 'city')!.detail.en;
		expect(play.scoreboard!.players.find((p) => p.winner)?.name).toBe('Dirk');
		page.params.id = String(play.id);
		const Page = (await import('../../../routes/history/[id]/+page.svelte')).default;
		render(Page);
		await waitFor(() => expect(screen.getByTestId('detail-cell-1-city').textContent).toContain(detail(1)));
		expect(screen.getByTestId('detail-cell-0-city').textContent).toContain(detail(0));
		expect(detail(0)).toMatch(/No city/);
	});

	it('gives a phone one card per player with the core\'s total and each category as counted', async () => {
		app.games = await allGames();
		const started = await startPlay('splendor', 'cities', ['Ani', 'Dirk']);
		const play = await backend.finishPlay(started.id, CITIES_TAKEN_STATE);
		page.params.id = String(play.id);
		const Page = (await import('../../../routes/history/[id]/+page.svelte')).default;
		render(Page);
		await waitFor(() => expect(screen.getByTestId('detail-cards')).toBeTruthy());
		for (const p of play.scoreboard!.players) {
			const i = play.seats.findIndex((s) => s.seat === p.seat);
			expect(screen.getByTestId(`detail-card-${i}`).textContent).toContain(p.name);
			expect(screen.getByTestId(`detail-card-total-${i}`).textContent).toBe(String(p.total));
			const city = p.categories.find((c) => c.key === 'city')!;
			const cell = screen.getByTestId(`detail-card-${i}-city`).textContent!;
			expect(cell).toContain(String(city.points));
			expect(cell).toContain(city.detail.en);
		}
	});
});
