import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { backend, setBackend, type CitadellesCatalogue, type SuccessRate } from '$lib/backend';
import { createHttpBackend } from '$lib/backend/http';
import { app } from '$lib/app.svelte';
import { fmtNumber, setLang } from '$lib/i18n.svelte';
import { allGames, ownServer, startPlay } from '../../../test-support';
import { bucketLabel, percent, wondersOnly } from './stats';
import { statsView } from './view.svelte';
import StatsPage from '../../../routes/stats/+page.svelte';

/**
 * A server of this test's own holding the core's BG Stats club fixture (418 plays, 15 players):
 * the screen shows what the core computes from it, so the tests compare with the core's answers.
 */
async function club() {
	const server = await ownServer();
	onTestFinished(server.stop);
	await backend.importFile('bgstats', { text: readFileSync(resolve(import.meta.dirname, '../../../../../tests/fixtures/bgstats-history.json'), 'utf8') });
	app.games = await allGames();
}

let catalogue: CitadellesCatalogue;
beforeAll(async () => {
	catalogue = await backend.citadellesCatalogue();
});

describe('statistics helpers', () => {
	it('rounds rates and leaves empty ones blank', () => {
		expect(percent({ plays: 3, wins: 2, rate: 2 / 3 })).toBe(67);
		expect(percent({ plays: 0, wins: 0, rate: 0 })).toBeNull();
		expect(bucketLabel(20, 10)).toBe('20–29');
		expect(bucketLabel(4, 1)).toBe('4');
	});
	it('keeps the wonders among the districts of final cities', () => {
		// The core's catalogue says which districts are wonders: the Dragon Gate is, the Castle is not.
		const districts = [
			{ key: 'castle', count: 5 },
			{ key: 'dragon_gate', count: 2 }
		];
		expect(wondersOnly(districts, catalogue)).toEqual([{ key: 'dragon_gate', count: 2 }]);
		expect(wondersOnly(districts, null)).toEqual([]);
	});
});

describe('Statistics screen', () => {
	it('shows a player’s competitive win rate apart from co-op, with head-to-head chart and table', async () => {
		await club();
		// The club's most regular player (its co-op plays are of other games: none of ours).
		const everyone = await Promise.all((await backend.listPlayers()).map((p) => backend.playerStats(p.id)));
		const dirk = everyone.sort((a, b) => b.competitive.plays - a.competitive.plays)[0];
		expect(dirk.competitive.plays).toBeGreaterThan(0);
		statsView.playerId = dirk.player_id;
		statsView.tab = 'game';
		render(StatsPage);
		await fireEvent.click(await screen.findByTestId('st-tab-player'));
		const rate = (r: SuccessRate) => `${r.wins} of ${r.plays} — ${percent(r)}%`;
		await waitFor(() => expect(screen.getByTestId('st-competitive-text').textContent).toBe(rate(dirk.competitive)));
		expect(screen.getByTestId('st-streak-longest').textContent).toBe(String(dirk.longest_win_streak));
		const h2h = screen.getByTestId('st-chart-h2h');
		expect(within(h2h).getByTestId('st-chart-h2h-svg').querySelectorAll('rect').length).toBeGreaterThanOrEqual(dirk.head_to_head.length);
		const first = dirk.head_to_head[0];
		expect(within(screen.getByTestId('st-chart-h2h-table')).getAllByText(`won ${first.wins}, lost ${first.losses}, tied ${first.ties}`).length).toBeGreaterThan(0);
		// Other games imported from BG Stats are part of the record, with their own table.
		expect(dirk.other_games.plays).toBeGreaterThan(0);
		expect(screen.getByTestId('st-other-games').textContent?.trim()).toMatch(
			new RegExp(`^${fmtNumber(dirk.other_games.plays)} plays of other games imported from BG Stats`)
		);
		expect(within(screen.getByTestId('st-other-games-table')).getByText(dirk.other_games.games[0].name)).toBeTruthy();
	}, 30000);

	it('names every favourite tied for the most plays, as the core gives them', async () => {
		const server = await ownServer();
		onTestFinished(server.stop);
		app.games = await allGames();
		// Bea: one Valencia play and one Citadelles play, the King and the Thief (2) revealed.
		const valencia = await startPlay('valencia', 'base', ['Bea', 'Cid']);
		await backend.finishPlay(valencia.id, { players: [{ name: 'Bea', city_members: 4 }, { name: 'Cid', city_members: 2 }] } as never);
		const citadelles = await startPlay('citadelles', 'classique', ['Bea', 'Cid']);
		const city = {
			variant: 'classique',
			crown: 0,
			players: [
				{ name: 'Bea', districts: ['tavern'], characters_last_round: ['king', 2] },
				{ name: 'Cid', districts: ['manor'], characters_last_round: [7, 5] }
			]
		};
		await backend.finishPlay(citadelles.id, city as never);
		const bea = (await backend.listPlayers()).find((p) => p.name === 'Bea')!;
		const stats = await backend.playerStats(bea.id);
		expect(stats.favourite_games.map((f) => f.game)).toEqual(['citadelles', 'valencia']);
		setLang('en');
		statsView.playerId = bea.id;
		render(StatsPage);
		await fireEvent.click(await screen.findByTestId('st-tab-player'));
		await waitFor(() => expect(screen.getByTestId('st-fav-games').textContent).toBe('Citadelles, Valencia'));
		expect(screen.getByTestId('st-fav-variants').textContent).toMatch(/^Citadelles — .+, Valencia — .+$/);
		// Named from the core's catalogue once it has come.
		await waitFor(() => expect(screen.getByTestId('st-fav-characters').textContent).toBe('Thief, King'));
	}, 30000);

	it('per game: plays, average and high with its link, distribution buckets (French)', async () => {
		await club();
		const stats = await backend.gameStats('splendor', 10);
		setLang('fr');
		statsView.tab = 'game';
		statsView.game = 'splendor';
		render(StatsPage);
		await waitFor(() => expect(screen.getByTestId('st-game-plays').textContent).toBe(fmtNumber(stats.plays)));
		expect(stats.plays).toBeGreaterThan(0);
		expect(screen.getByTestId('st-game-high').querySelector('a')?.getAttribute('href')).toBe(`/history/${stats.high?.holders[0].play_id}`);
		// Everyone who shares the high score is named, each with their play.
		expect(screen.getAllByTestId('st-game-high-holder').map((a) => a.getAttribute('href'))).toEqual(
			stats.high!.holders.map((h) => `/history/${h.play_id}`)
		);
		const buckets = stats.distribution.filter((b) => b.count > 0);
		expect(screen.getByTestId('st-chart-distribution-svg').querySelectorAll('rect').length).toBeGreaterThanOrEqual(buckets.length);
		setLang('en');
	}, 30000);

	it('a core that cannot be reached is shown, not a blank screen', async () => {
		app.games = await allGames();
		// A server that has stopped: every call fails.
		const server = await ownServer();
		await server.stop();
		setBackend(createHttpBackend(server.url));
		statsView.tab = 'activity';
		render(StatsPage);
		await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/cannot be reached/));
	});
});
