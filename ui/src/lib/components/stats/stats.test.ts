import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { setBackend, type CitadellesCatalogue, type GameStats, type PlayerStats } from '$lib/backend';
import { createFakeBackend, FAKE_GAMES } from '$lib/backend/fake';
import { app } from '$lib/app.svelte';
import { setLang } from '$lib/i18n.svelte';
import { bucketLabel, percent, wondersOnly } from './stats';
import { statsView } from './view.svelte';
import StatsPage from '../../../routes/stats/+page.svelte';

// A core answer for a player who won 2 of 3 competitive plays and lost their only co-op play.
const dirkStats: PlayerStats = {
	player_id: 2,
	name: 'Dirk',
	plays: 4,
	competitive: { plays: 3, wins: 2, rate: 2 / 3 },
	coop: { plays: 1, wins: 0, rate: 0 },
	solo: { plays: 0, wins: 0, rate: 0 },
	longest_win_streak: 2,
	current_win_streak: 1,
	head_to_head: [{ opponent_id: 1, opponent_name: 'Ani', plays: 3, wins: 2, losses: 1, ties: 0 }],
	favourite_game: { game: 'citadelles', key: 'citadelles', plays: 2 },
	favourite_variant: { game: 'citadelles', key: 'classique', plays: 2 },
	favourite_character: null,
	h_index: 1,
	records: [{ game: 'citadelles', plays: 2, best: 31, worst: 18, average: 24.5 }],
	other_games: { plays: 12, wins: 5, games: [{ name: 'Catan', plays: 12, wins: 5 }] }
};

const catalogue = {
	districts: [],
	profiles: [
		{ wonders: [{ id: 'dragon_gate', name: { fr: 'Porte du Dragon', en: 'Dragon Gate' }, rule: 'citadelles.wonder.dragon_gate' }], characters: [] }
	]
} as unknown as CitadellesCatalogue;

const citadellesStats: GameStats = {
	game: 'citadelles',
	plays: 2,
	scores: 8,
	average_score: 21.25,
	high: { play_id: 7, player_id: 2, player_name: 'Dirk', total: 31, started_at: '2026-11-01T20:00:00Z' },
	low: { play_id: 8, player_id: 4, player_name: 'Frank', total: 7, started_at: '2026-11-02T20:00:00Z' },
	bucket_width: 10,
	distribution: [
		{ from: 0, count: 1 },
		{ from: 20, count: 5 },
		{ from: 30, count: 2 }
	],
	categories: [],
	variants: [{ key: 'classique', count: 2 }],
	player_counts: [{ key: '4', count: 2 }],
	missions: [],
	districts: [
		{ key: 'castle', count: 5 },
		{ key: 'dragon_gate', count: 2 }
	],
	characters: []
};

function stubbed() {
	const fake = createFakeBackend();
	fake.playerStats = async (id) => ({ ...dirkStats, player_id: id });
	fake.gameStats = async () => citadellesStats;
	fake.activity = async () => [
		{ month: '2026-10', plays: 1 },
		{ month: '2026-11', plays: 3 }
	];
	fake.citadellesCatalogue = async () => catalogue;
	setBackend(fake);
	app.games = FAKE_GAMES;
	return fake;
}

describe('statistics helpers', () => {
	it('rounds rates and leaves empty ones blank', () => {
		expect(percent({ plays: 3, wins: 2, rate: 2 / 3 })).toBe(67);
		expect(percent({ plays: 0, wins: 0, rate: 0 })).toBeNull();
		expect(bucketLabel(20, 10)).toBe('20–29');
		expect(bucketLabel(4, 1)).toBe('4');
	});
	it('keeps the wonders among the districts of final cities', () => {
		expect(wondersOnly(citadellesStats.districts, catalogue)).toEqual([{ key: 'dragon_gate', count: 2 }]);
		expect(wondersOnly(citadellesStats.districts, null)).toEqual([]);
	});
});

describe('Statistics screen', () => {
	it('shows a player’s competitive win rate apart from co-op, with head-to-head chart and table', async () => {
		const fake = stubbed();
		const ani = await fake.createPlayer('Ani', 'red');
		await fake.createPlayer('Dirk', 'white');
		statsView.playerId = null;
		statsView.tab = 'game';
		render(StatsPage);
		await fireEvent.click(await screen.findByTestId('st-tab-player'));
		await waitFor(() => expect(screen.getByTestId('st-competitive-text').textContent).toBe('2 of 3 — 67%'));
		expect(within(screen.getByTestId('st-coop')).getByText('0 of 1 — 0%')).toBeTruthy();
		expect(screen.getByTestId('st-streak-longest').textContent).toBe('2');
		const h2h = screen.getByTestId('st-chart-h2h');
		expect(within(h2h).getByTestId('st-chart-h2h-svg').querySelectorAll('rect')).toHaveLength(1);
		expect(within(screen.getByTestId('st-chart-h2h-table')).getByText('won 2, lost 1, tied 0')).toBeTruthy();
		expect(statsView.playerId).toBe(ani.id);
		// Other games imported from BG Stats are part of the record, with their own table.
		expect(screen.getByTestId('st-other-games').textContent?.trim()).toBe(
			'12 plays of other games imported from BG Stats, 5 of them won according to BG Stats.'
		);
		expect(within(screen.getByTestId('st-other-games-table')).getByText('Catan')).toBeTruthy();
	});

	it('per game: high and low with links, distribution buckets, wonders only (French)', async () => {
		stubbed();
		setLang('fr');
		statsView.tab = 'game';
		statsView.game = 'citadelles';
		render(StatsPage);
		await waitFor(() => expect(screen.getByTestId('st-game-plays').textContent).toBe('2'));
		expect(screen.getByTestId('st-game-average').textContent).toBe('21,3');
		expect(screen.getByTestId('st-game-high').querySelector('a')?.getAttribute('href')).toBe('/history/7');
		const dist = screen.getByTestId('st-chart-distribution-table');
		expect(within(dist).getByText('20–29')).toBeTruthy();
		expect(screen.getByTestId('st-chart-distribution-svg').querySelectorAll('rect')).toHaveLength(3);
		await waitFor(() => expect(within(screen.getByTestId('st-chart-wonders-table')).getByText(/Porte du Dragon/)).toBeTruthy());
		expect(within(screen.getByTestId('st-chart-wonders-table')).queryByText(/castle/)).toBeNull();
	});

	it('a core refusal is shown, not a blank screen', async () => {
		const fake = createFakeBackend();
		setBackend(fake);
		app.games = FAKE_GAMES;
		statsView.tab = 'activity';
		render(StatsPage);
		await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/statistics need the app core/));
	});
});
