// Home on first launch: the games the core knows, each with what Greffier does for it.
import { describe, expect, it, onTestFinished } from 'vitest';
import { render, screen } from '@testing-library/svelte';
import { allGames, ownServer } from '../../test-support';
import { app } from '$lib/app.svelte';
import { setLang, tx } from '$lib/i18n.svelte';
import HomePage from '../../routes/+page.svelte';

describe('Home', () => {
	it('on first launch lists the games the core knows, each opening a new play of it', async () => {
		// First launch: a history with no play yet, on a server of this test's own.
		const server = await ownServer();
		onTestFinished(server.stop);
		app.games = await allGames();
		setLang('fr');
		render(HomePage);
		const list = await screen.findByTestId('home-games');
		for (const g of app.games) {
			const link = screen.getByTestId(`home-game-${g.id}`);
			expect(link.textContent).toBe(tx(g.name));
			// French typography on the box name too, as the core sets it: no colon without its
			// narrow space.
			expect(link.textContent).not.toMatch(/[^\u202f][:;?!]/u);
			expect(link.getAttribute('href')).toBe(`/new?game=${g.id}`);
		}
		expect(screen.getByTestId('home-game-orleans').textContent).toBe('Orléans\u202f: Invasion');
		expect(list.textContent).toContain('Le draft des personnages');
		setLang('en');
	});
});
