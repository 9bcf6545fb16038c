// New play: the players typed are all seated; a count the variant does not allow is the core's
// problem on its field, shown on the screen, never a name dropped.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { allGames, choose, players, unique } from '../../test-support';
import { app } from '$lib/app.svelte';
import NewPage from './+page.svelte';

describe('New play', () => {
	it('seats 8 names under Citadelles « Classique » and says the variant takes 7 at most', async () => {
		app.games = await allGames();
		const names = Array.from({ length: 8 }, (_, i) => unique(`Seat${i}`));
		const seated = await players(names);
		render(NewPage);
		// The roster is read: typing a known name seats that player.
		await screen.findByTestId(`roster-${seated[0].id}`);
		await fireEvent.click(screen.getByTestId('game-citadelles'));
		await choose(screen.getByTestId('variant-select') as HTMLSelectElement, 'classique');
		const input = screen.getByTestId('new-player-name') as HTMLInputElement;
		for (const name of names) {
			await fireEvent.input(input, { target: { value: name } });
			await fireEvent.submit(input.form!);
			await waitFor(() => expect(input.value).toBe(''));
		}
		expect(screen.getByTestId('seat-count').textContent).toBe('(8)');
		expect(screen.getByTestId('seat-7').textContent).toContain(names[7]);
		expect(screen.getByTestId('count-hint').textContent).toMatch(/2 to 7 players \(8 seated\)/);
		await fireEvent.click(screen.getByTestId('start-play'));
		await waitFor(() =>
			expect(screen.getByTestId('seats-problem').textContent).toBe('Citadels (Classic) is played by 2 to 7 players, not 8.')
		);
		expect(screen.getByTestId('seat-count').textContent).toBe('(8)');
	});
});
