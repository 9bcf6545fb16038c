// The History detail page on the real core: a play whose round log numbers restart each round
// (as the core numbers them), and a finished Splendor play's scores with how the core counted them.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/svelte';
import { backend, CITADELLES_LIMITS, type CitadellesRoundAction, type ValenciaRawTable } from '$lib/backend';
import { citadellesFor, toCitadellesState } from '$lib/citadelles';
import { app } from '$lib/app.svelte';
import { allGames, calledRound, startPlay } from '../../../test-support';
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
		expect(screen.getAllByTestId(/^round-log-round-/)).toHaveLength(3);
		// A kind this version cannot put in words is said so, never shown as its data.
		expect(screen.getByTestId('round-log-unread-0').textContent).toBe('An entry another version of Greffier wrote: it is kept as it is.');
		expect(screen.getByTestId('round-log').textContent).not.toMatch(/[{}"]/);
	});

	it('lists the auctions and council phases a Valencia play applied, as the core words them', async () => {
		app.games = await allGames();
		const started = await startPlay('valencia', 'base', ['Ani', 'Dirk']);
		// The book's setup: Ani holds the pawn. She reveals 3, Dirk 5: Dirk wins step A.
		const table = structuredClone(started.table_state) as ValenciaRawTable & { progress: Record<string, unknown> };
		table.progress.auction = {
			step: 'A',
			players: [
				{ name: 'Ani', stack: [{ card: 3 }] },
				{ name: 'Dirk', stack: [{ card: 5 }] }
			]
		};
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

	it("lists a Citadelles play's drafts and rounds in one log, in round order", async () => {
		app.games = await allGames();
		const started = await startPlay('citadelles', 'classique', ['Ani', 'Dirk', 'Lilli', 'Frank']);
		const names = started.seats.map((s) => s.player_name);
		// Round 1: the draft (an event), then the round the caller applied (kept in the table).
		await backend.logRoundEvent(started.id, 1, CITADELLES_LIMITS.draft_event, { face_up: ['merchant'], face_down: ['king'] });
		const reveals = [2, null, 0, 1, null, 3, null, null].map((seat): CitadellesRoundAction => ({ action: 'reveal', seat }));
		const round = await calledRound(names, [...reveals, { action: 'end_round' }]);
		const table = await backend.citadellesApplyRound(toCitadellesState(citadellesFor('classique', started.seats)), round);
		await backend.saveTableState(started.id, table, null);
		// Round 2's draft.
		await backend.logRoundEvent(started.id, 2, CITADELLES_LIMITS.draft_event, { face_up: ['bishop'], face_down: ['thief'] });
		const play = await backend.getPlay(started.id);
		expect(play.table_log.map((l) => l.round)).toEqual([1]);
		expect(play.events.map((e) => e.round)).toEqual([1, 2]);
		page.params.id = String(play.id);
		const Page = (await import('../../../routes/history/[id]/+page.svelte')).default;
		render(Page);
		await waitFor(() => expect(screen.getByTestId('round-log-table-0')).toBeTruthy());
		// One list: draft 1, round 1, draft 2 (not the rounds first and the drafts in a second list).
		const lines = [...screen.getByTestId('round-log').querySelectorAll('.told')].map((n) => n.getAttribute('data-testid'));
		expect(lines).toEqual(['round-log-text-0', 'round-log-table-0', 'round-log-text-1']);
		expect(screen.getByTestId('round-log-table-0').textContent).toBe(play.table_log[0].text.en);
		expect(screen.getByTestId('round-log-text-1').textContent).toBe(play.events[1].text!.en);
		// Each round is said once, over its lines (not « Round 1 » on every line).
		const headings = [...screen.getByTestId('round-log').querySelectorAll('h3')].map((h) => h.textContent);
		expect(headings).toEqual(['Round 1', 'Round 2']);
		expect(screen.getByTestId('round-log').textContent?.match(/Round \d/g)).toEqual(['Round 1', 'Round 2']);
		// The table state is read in words (scores, this log, the sheet), never as JSON.
		expect(screen.queryByTestId('table-state')).toBeNull();
		expect(document.body.textContent).not.toMatch(/"players"|"variant"/);
	});

	it('says under each score how the core counted it: which city a Splendor player took', async () => {
		app.games = await allGames();
		const started = await startPlay('splendor', 'cities', ['Ani', 'Dirk']);
		// Dirk holds the city needing 13 prestige, 4 red and 3 black; Ani has more prestige and no city.
		const play = await backend.finishPlay(started.id, CITIES_TAKEN_STATE);
		const detail = (seat: number) =>
			play.scoreboard!.players.find((p) => p.seat === seat)!.categories.find((c) => c.key === 'city')!.detail.en;
		expect(play.scoreboard!.players.find((p) => p.winner)?.name).toBe('Dirk');
		page.params.id = String(play.id);
		const Page = (await import('../../../routes/history/[id]/+page.svelte')).default;
		render(Page);
		await waitFor(() => expect(screen.getByTestId('detail-cell-1-city').textContent).toContain(detail(1)));
		expect(screen.getByTestId('detail-cell-0-city').textContent).toContain(detail(0));
		expect(detail(0)).toMatch(/No city/);
	});

	it("gives a phone one card per player with the core's total and each category as counted", async () => {
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
