// The History detail page with a play whose round log numbers restart each round (Orléans logs
// one entry per round): every entry is listed and the page renders.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/svelte';
import { setBackend, type PlayDetail } from '$lib/backend';
import { createFakeBackend } from '$lib/backend/fake';

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
});
