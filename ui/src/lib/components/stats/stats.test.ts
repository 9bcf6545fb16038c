import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { backend, setBackend, type CitadellesCatalogue, type SuccessRate } from '$lib/backend';
import { createHttpBackend } from '$lib/backend/http';
import { app } from '$lib/app.svelte';
import { fmtNumber, setLang } from '$lib/i18n.svelte';
import { allGames, ownServer, startPlay } from '../../../test-support';
import { VALENCIA_TABLE } from '../../../test-tables';
import { bucketLabel, columnLabelRoom, percent, wondersOnly } from './stats';
import { statsView } from './view.svelte';
import StatsPage from '../../../routes/stats/+page.svelte';

/**
 * A server of this test's own holding the core's BG Stats club fixture (418 plays, 15 players):
 * the screen shows what the core computes from it, so the tests compare with the core's answers.
 */
async function club() {
	const server = await ownServer();
	onTestFinished(server.stop);
	await backend.importFile('bgstats', {
		text: readFileSync(resolve(import.meta.dirname, '../../../../../tests/fixtures/bgstats-history.json'), 'utf8')
	});
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
	it('makes room on the left of a column chart for the first labels, drawn at 45°', () => {
		// One column 24 px wide from x = 5: « déc. 2026 » (9 × 9 px long, 14 px high) reaches
		// (81 + 14) × 0.71 ≈ 67 px left of its column's middle (17), so 51 px more are needed;
		// a short label needs none.
		expect(columnLabelRoom(['déc. 2026'], 24, 5)).toBe(51);
		expect(columnLabelRoom(['0–9', '10–19'], 24, 5)).toBe(12);
		expect(columnLabelRoom(['1'], 24, 5)).toBe(0);
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
		expect(
			within(screen.getByTestId('st-chart-h2h-table')).getAllByText(`Won ${first.wins}, lost ${first.losses}, tied ${first.ties}`).length
		).toBeGreaterThan(0);
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
		await backend.finishPlay(valencia.id, {
			players: [
				{ name: 'Bea', city_members: 4 },
				{ name: 'Cid', city_members: 2 }
			]
		} as never);
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
		await waitFor(() => expect(screen.getByTestId('st-fav-games').textContent).toBe('Citadels, Valencia'));
		expect(screen.getByTestId('st-fav-variants').textContent).toMatch(/^Citadels — .+, Valencia — .+$/);
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

	it('a negative average reads with the minus sign, as every number the app writes', async () => {
		const server = await ownServer();
		onTestFinished(server.stop);
		app.games = await allGames();
		// Ani's palms mission failed (no palm): −4 over three players.
		const play = await startPlay('valencia', 'base', ['Ani', 'Dirk', 'Lilli']);
		const table = structuredClone(VALENCIA_TABLE) as typeof VALENCIA_TABLE & { players: { palm_members?: number }[] };
		table.players[0].palm_members = 0;
		await backend.finishPlay(play.id, table);
		const stats = await backend.gameStats('valencia', 10);
		const failed = stats.categories.find((c) => c.category === 'missions_failed');
		expect(failed?.average).toBeLessThan(0);
		setLang('fr');
		statsView.tab = 'game';
		statsView.game = 'valencia';
		render(StatsPage);
		const table_ = await screen.findByTestId('st-chart-categories-table');
		await waitFor(() => expect(table_.textContent).toContain('\u22121,3'));
		expect(table_.textContent).not.toMatch(/-\d/);
		expect(screen.getByTestId('st-chart-categories-svg').textContent).toContain('\u22121,3');
		setLang('en');
	}, 30000);

	it('the h-index stands apart from the sentence that explains it', async () => {
		await club();
		const ani = (await backend.listPlayers()).find((p) => p.name === 'Ani')!;
		const stats = await backend.playerStats(ani.id);
		setLang('fr');
		statsView.playerId = ani.id;
		statsView.tab = 'player';
		render(StatsPage);
		await waitFor(() => expect(screen.getByTestId('st-h-index').textContent).toBe(fmtNumber(stats.h_index)));
		expect(screen.getByTestId('st-h-index-help').textContent).toMatch(/^\(.+\)$/);
		setLang('en');
	}, 30000);

	it('a head-to-head bar is labelled with the share it draws; the wins, losses and ties are in its table', async () => {
		await club();
		const ani = (await backend.listPlayers()).find((p) => p.name === 'Ani')!;
		const stats = await backend.playerStats(ani.id);
		const first = stats.head_to_head[0];
		setLang('en');
		statsView.playerId = ani.id;
		statsView.tab = 'player';
		render(StatsPage);
		const svg = await screen.findByTestId('st-chart-h2h-svg');
		const share = fmtNumber(first.wins / first.plays, { style: 'percent' });
		await waitFor(() => expect([...svg.querySelectorAll('text.val')].map((t) => t.textContent)).toContain(share));
		expect(svg.textContent).not.toMatch(/Won/);
		expect(
			within(screen.getByTestId('st-chart-h2h-table')).getAllByText(`Won ${first.wins}, lost ${first.losses}, tied ${first.ties}`).length
		).toBeGreaterThan(0);
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
