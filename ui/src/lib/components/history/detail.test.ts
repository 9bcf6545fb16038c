// The History detail page with a play whose round log numbers restart each round (Orléans logs
// one entry per round): every entry is listed and the page renders.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/svelte';
import { setBackend, type PlayDetail } from '$lib/backend';
import { createFakeBackend, FAKE_GAMES } from '$lib/backend/fake';
import { app } from '$lib/app.svelte';

vi.mock('$app/state', () => ({ page: { params: { id: '1' } } }));
vi.mock('$app/navigation', () => ({ goto: vi.fn() }));

describe('History detail', () => {
	it('lists a round log whose entry numbers restart each round', async () => {
		const fake = createFakeBackend();
		const ani = await fake.createPlayer('Ani', null);
		const started = await fake.startPlay({
			game: 'splendor',
			variant: 'cities',
			location: null,
			notes: null,
			seats: [{ player_id: ani.id, colour: null }, { player_id: (await fake.createPlayer('Dirk', null)).id, colour: null }],
			first_seat: 0
		});
		for (const round of [1, 2, 3]) await fake.logRoundEvent(started.id, round, 'note', { round });
		const play: PlayDetail = await fake.getPlay(started.id);
		// Each round's first entry is number 1, as the core numbers them.
		play.events = play.events.map((e) => ({ ...e, seq: 1 }));
		setBackend({ ...fake, getPlay: async () => play });
		const Page = (await import('../../../routes/history/[id]/+page.svelte')).default;
		render(Page);
		await waitFor(() => expect(screen.getByTestId('round-log')).toBeTruthy());
		expect(screen.getByTestId('round-log').querySelectorAll('li')).toHaveLength(3);
	});

	it('says under each score how the core counted it: which city a Splendor player took', async () => {
		const fake = createFakeBackend();
		const ani = await fake.createPlayer('Ani', null);
		const dirk = await fake.createPlayer('Dirk', null);
		const started = await fake.startPlay({
			game: 'splendor',
			variant: 'cities',
			location: null,
			notes: null,
			seats: [{ player_id: ani.id, colour: null }, { player_id: dirk.id, colour: null }],
			first_seat: 0
		});
		const play: PlayDetail = await fake.getPlay(started.id);
		const city = (seat: number, points: number, fr: string, en: string) => ({ key: 'city', points, detail: { fr, en } });
		play.status = 'finished';
		play.scoreboard = {
			game: 'splendor',
			variant: 'cities',
			outcome: { kind: 'points' },
			tie_breaks: [],
			facts: { missions: [], difficulty: null, lost_at: null },
			players: [
				{ seat: 0, name: 'Ani', total: 14, rank: 2, winner: false, categories: [city(0, 0, 'Aucune Cité', 'No city: cannot win, whatever the prestige (Dirk holds one).')] },
				{ seat: 1, name: 'Dirk', total: 12, rank: 1, winner: true, categories: [city(1, 0, 'Détient', 'Holds a city (3 red, 3 white and 2 of another colour): 0 points, but only city holders can win.')] }
			]
		} as unknown as PlayDetail['scoreboard'];
		setBackend({ ...fake, getPlay: async () => play });
		app.games = FAKE_GAMES;
		const Page = (await import('../../../routes/history/[id]/+page.svelte')).default;
		render(Page);
		await waitFor(() => expect(screen.getByTestId('detail-cell-1-city').textContent).toContain('Holds a city (3 red, 3 white'));
		expect(screen.getByTestId('detail-cell-0-city').textContent).toContain('No city: cannot win');
	});
});
