import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import {
	setBackend,
	type AnyTableState,
	type Backend,
	type GameSummary,
	type GameTableState,
	type PlayDetail,
	type Problem,
	type ValenciaAuction,
	type ValenciaRawAuction,
	type ValenciaRawCouncil,
	type ValenciaRound
} from '$lib/backend';
import { createFakeBackend, FAKE_GAMES } from '$lib/backend/fake';
import ValenciaSheet from './ValenciaSheet.svelte';
import { BOARD, HELP, MISSIONS, TABLE } from './valencia.fixtures';

const valencia = FAKE_GAMES.find((g) => g.id === 'valencia') as GameSummary;
const t = (s: string) => ({ fr: s, en: s });

/** The core's answer for step A with Ani 5, Dirk 6, Lilli passing (auction.rs). */
const AUCTION: ValenciaAuction = {
	step: 'A',
	places: 2,
	bids: [
		{ seat: 0, name: 'Ani', passed: false, cards: [{ card: '5', value: 5, note: t('5') }], total: 5, rank: 2, acts: true, action: t('Places a member on the Church seat.'), may_return_card: false, coins_gained: 0, resources_gained: { oranges: 0, dried_fruit: 0, wine: 0, clothing: 0, porcelain: 0 }, effects: [], privileges_spent: 0 },
		{ seat: 1, name: 'Dirk', passed: false, cards: [{ card: '6', value: 6, note: t('6') }], total: 6, rank: 1, acts: true, action: t('Places a member on the Nobility seat.'), may_return_card: false, coins_gained: 0, resources_gained: { oranges: 0, dried_fruit: 0, wine: 0, clothing: 0, porcelain: 0 }, effects: [], privileges_spent: 0 },
		{ seat: 2, name: 'Lilli', passed: true, cards: [], total: null, rank: null, acts: false, action: t('No action.'), may_return_card: false, coins_gained: 0, resources_gained: { oranges: 0, dried_fruit: 0, wine: 0, clothing: 0, porcelain: 0 }, effects: [], privileges_spent: 0 }
	],
	nina: null,
	ties: [],
	pawn_holder: 1,
	pawn_note: t('Dirk wins the auction and takes the Stefan Feld pawn.'),
	reveal_order: [0, 1, 2],
	privileges_returned: 0
};

const ROUND: ValenciaRound = {
	round: 1,
	step: 'A',
	step_title: t('A. Nobility and Church'),
	step_rule: t('Auction: 1st takes the Nobility seat, 2nd the Church seat.'),
	places: 2,
	actor: null,
	next: [1, 'B'],
	decks: [0, 1, 2].map((seat) => ({ seat, name: ['Ani', 'Dirk', 'Lilli'][seat], cards_left: 24, deck_size: 24, per_round_tenths: 48 })),
	privileges_supply: 19
};

async function setup(saved: GameTableState | null = null, problems: Problem[] = [], names = ['Ani', 'Dirk', 'Lilli']) {
	const fake = createFakeBackend();
	const sent: GameTableState[] = [];
	const auctions: ValenciaRawAuction[] = [];
	const remembered: [string, number][] = [];
	await fake.setCardValue('valencia', 'mission_palms', 4);
	// The core's answer for the E2E table (the fake computes no Valencia help).
	const answer = () =>
		problems.length
			? // The core's partial totals: what is valid still counts, nobody wins yet.
				{ scoreboard: null, problems, help: null, partial: { ...BOARD, players: BOARD.players.map((p) => ({ ...p, winner: false })) }, undo_steps: 0 }
			: { scoreboard: BOARD, problems: [], help: { game: 'valencia' as const, help: HELP }, partial: null, undo_steps: 0 };
	const backend: Backend = {
		...fake,
		async saveTableState(_id: number, state: AnyTableState) {
			sent.push(JSON.parse(JSON.stringify(state)));
			return answer();
		},
		async previewTableState() {
			return answer();
		},
		async valenciaMissions() {
			return MISSIONS;
		},
		async valenciaAuction(raw) {
			auctions.push(JSON.parse(JSON.stringify(raw)));
			return AUCTION;
		},
		async valenciaCouncil(raw) {
			const members = (raw.players ?? []).map((p) => (p.council ?? []).length);
			const most = Math.max(...members);
			return {
				players: members.map((n, seat) => ({ seat, name: raw.players?.[seat]?.name ?? '', members: n, points: n, gets_privilege: most > 0 && n === most })),
				privileges_given: 1,
				privileges_supply_after: 18,
				shortage: null,
				explanation: t('Ani has the most members on the Council (2) and receives a privilege.')
			};
		},
		async valenciaApplyAuction(state) {
			// A stand-in for phases.rs apply_auction (tested in Rust): the resolver's pawn moves.
			const raw = state as unknown as { players: Record<string, unknown>[]; progress: Record<string, unknown> };
			const won = AUCTION.pawn_holder;
			return {
				...raw,
				players: raw.players.map((p, s) => ({ ...p, stefan_feld: s === won })),
				progress: { ...raw.progress, auction_applied: true }
			} as unknown as AnyTableState;
		},
		async valenciaCountCouncil(state) {
			// A stand-in for phases.rs count_council (tested in Rust): the council answer applied.
			type Seat = { name: string; council?: string[]; council_points?: number; privileges?: number };
			const raw = state as unknown as { players: Seat[]; progress?: { round: number; councils_counted: number[] } };
			const council = await backend.valenciaCouncil(raw as ValenciaRawCouncil);
			const progress = raw.progress ?? { round: 1, step: 'A', cards_left: 0, councils_counted: [] };
			return {
				...raw,
				players: raw.players.map((p, s) => ({
					...p,
					council_points: (p.council_points ?? 0) + council.players[s].points,
					privileges: (p.privileges ?? 0) + (council.players[s].gets_privilege ? 1 : 0)
				})),
				progress: { ...progress, councils_counted: [...progress.councils_counted, progress.round] }
			} as unknown as AnyTableState;
		},
		async valenciaRound(raw) {
			return { ...ROUND, round: Number(raw.round), step: raw.step as ValenciaRound['step'], next: raw.step === 'A' ? [Number(raw.round), 'B'] : ROUND.next };
		},
		async setCardValue(game, card, value) {
			remembered.push([card, value]);
			return fake.setCardValue(game, card, value);
		}
	};
	setBackend(backend);
	const ids = [];
	for (const name of names) ids.push((await fake.createPlayer(name, null)).id);
	let play: PlayDetail = await fake.startPlay({
		game: 'valencia',
		variant: 'base',
		location: null,
		notes: null,
		seats: ids.map((player_id) => ({ player_id, colour: null })),
		first_seat: 0
	});
	if (saved) play = { ...play, table_state: saved as PlayDetail['table_state'] };
	const onfinished = vi.fn();
	render(ValenciaSheet, { props: { play, game: valencia, debounceMs: 5, onfinished } });
	return { sent, auctions, remembered, last: () => sent[sent.length - 1] as unknown as { players: Record<string, unknown>[]; fountains: unknown[] } };
}

const text = (testid: string) => screen.getByTestId(testid).textContent?.replace(/\s+/g, ' ').trim() ?? '';
const value = (testid: string) => (screen.getByTestId(testid) as HTMLInputElement).value;

describe('ValenciaSheet', () => {
	it('resumes a saved table: counts, mission statuses, totals and the tie-break sentence', async () => {
		await setup(TABLE);
		await waitFor(() => expect(text('total-2')).toBe('37'));
		expect(text('total-0')).toBe('31');
		expect(text('total-1')).toBe('37');
		expect(value('val-city-0')).toBe('8');
		expect(value('val-fountain-value-2')).toBe('4');
		expect(value('val-fm-1-2')).toBe('3');
		expect(text('val-fp-1-2')).toBe('= 12');
		expect(await screen.findByTestId('val-mission-status-0-0')).toHaveProperty('textContent', '✘');
		expect(text('val-mission-points-0-0')).toBe('-4');
		expect(text('val-mission-status-0-1')).toBe('✔');
		expect(text('val-mission-status-2-0')).toBe('ƒ');
		expect(text('val-mission-points-2-0')).toBe('+7');
		expect(text('tie-break')).toMatch(/settled by “members in the city”/);
		expect(text('val-pawn-1')).toMatch(/Stefan Feld/);
	});

	it('types fountains and missions into the table state and remembers printed values', async () => {
		const { last, remembered } = await setup();
		await fireEvent.click(await screen.findByTestId('val-fountain-add'));
		await fireEvent.input(screen.getByTestId('val-fountain-value-0'), { target: { value: '6' } });
		await fireEvent.click(screen.getByTestId('val-fm-2-0-plus'));
		await fireEvent.click(screen.getByTestId('val-fm-2-0-plus'));
		await fireEvent.input(screen.getByTestId('val-city-2'), { target: { value: '7' } });
		await waitFor(() => expect(last().fountains).toEqual([{ value: 6 }]));
		await waitFor(() => expect(last().players[2]).toMatchObject({ city_members: 7, fountain_members: [2] }));
		expect(text('val-fp-2-0')).toBe('= 12');
		// Missions from the list: the remembered value is prefilled; a typed one is remembered.
		await waitFor(() => expect((screen.getByTestId('val-mission-add-0') as HTMLButtonElement).disabled).toBe(false));
		await fireEvent.click(screen.getByTestId('val-mission-add-0'));
		await fireEvent.input(screen.getByTestId('val-mission-search-0'), { target: { value: 'palmiers' } });
		expect(screen.getByTestId('val-mission-results-0').textContent).toMatch(/Sous les palmiers|Under the palms/);
		await fireEvent.click(screen.getByTestId('val-pick-0-mission_palms'));
		expect(value('val-mission-value-0-0')).toBe('4');
		await fireEvent.click(screen.getByTestId('val-mission-add-0'));
		await fireEvent.input(screen.getByTestId('val-mission-search-0'), { target: { value: 'carre' } });
		await fireEvent.keyDown(screen.getByTestId('val-mission-search-0'), { key: 'Enter' });
		await fireEvent.input(screen.getByTestId('val-mission-value-0-1'), { target: { value: '3' } });
		await fireEvent.click(screen.getByTestId('val-mission-done-0-1'));
		await waitFor(() =>
			expect(last().players[0].missions).toEqual([
				{ id: 'mission_palms', points: 4 },
				{ id: 'mission_square', points: 3, done: true }
			])
		);
		expect(remembered).toContainEqual(['mission_square', 3]);
		// A formula card shows no printed value, but the count its formula needs.
		await fireEvent.click(screen.getByTestId('val-mission-add-1'));
		await fireEvent.click(screen.getByTestId('val-pick-1-mission_longest_route'));
		expect(screen.queryByTestId('val-mission-value-1-0')).toBeNull();
		await fireEvent.input(screen.getByTestId('val-route-1'), { target: { value: '4' } });
		await waitFor(() => expect(last().players[1]).toMatchObject({ longest_route: 4, missions: [{ id: 'mission_longest_route' }] }));
	});

	it('resolves an auction from tapped cards and moves the pawn to the winner', async () => {
		const { last, auctions } = await setup();
		await fireEvent.click(await screen.findByTestId('val-tap-0-5'));
		await fireEvent.click(screen.getByTestId('val-tap-1-6'));
		expect(auctions).toHaveLength(0);
		expect(text('val-auction-waiting')).toMatch(/Lilli/);
		await fireEvent.click(screen.getByTestId('val-pass-2'));
		await waitFor(() => expect(text('val-bid-result-1')).toMatch(/total 6 · rank 1/));
		expect(auctions[auctions.length - 1]).toMatchObject({
			step: 'A',
			first_player: 0,
			players: [{ name: 'Ani', stack: [{ card: 5 }] }, { name: 'Dirk', stack: [{ card: 6 }] }, { name: 'Lilli', stack: null }]
		});
		expect(text('val-bid-effects-0')).toMatch(/Church seat/);
		// The taps are part of the table state: a restart finds them.
		await waitFor(() =>
			expect((last() as unknown as { progress: { auction: ValenciaRawAuction } }).progress.auction.players?.map((p) => p.stack)).toEqual([
				[{ card: 5 }],
				[{ card: 6 }],
				null
			])
		);
		await fireEvent.click(screen.getByTestId('val-auction-apply'));
		await waitFor(() => expect(last().players.map((p) => p.stefan_feld)).toEqual([false, true, false]));
		expect(text('val-pawn-1')).toMatch(/Stefan Feld/);
		expect((last() as unknown as { progress: { auction_applied: boolean } }).progress.auction_applied).toBe(true);
		expect((screen.getByTestId('val-auction-apply') as HTMLButtonElement).disabled).toBe(true);
	});

	it('scores a council phase into council points and privileges, and the tracker moves on', async () => {
		const { last } = await setup();
		await fireEvent.click(await screen.findByTestId('val-seat-0-nobility'));
		await fireEvent.click(screen.getByTestId('val-seat-0-wine'));
		await fireEvent.click(screen.getByTestId('val-seat-1-church'));
		await waitFor(() => expect(text('val-council-explanation')).toMatch(/Ani has the most/));
		await fireEvent.click(screen.getByTestId('val-council-apply'));
		await waitFor(() => expect(last().players.map((p) => [p.council_points, p.privileges])).toEqual([[2, 1], [1, 0], [0, 0]]));
		expect(last().players[0].council).toEqual(['nobility', 'wine']);
		expect((screen.getByTestId('val-council-apply') as HTMLButtonElement).disabled).toBe(true);
		expect(text('val-step-title')).toBe('A. Nobility and Church');
		await fireEvent.click(screen.getByTestId('val-step-next'));
		await waitFor(() => expect(screen.getByTestId('val-step-B').getAttribute('aria-pressed')).toBe('true'));
	});

	it('has a row for Nina at 2 players: one card at B, two at F', async () => {
		const { auctions } = await setup(null, [], ['Ani', 'Dirk']);
		const step = await screen.findByTestId('val-auction-step');
		expect(screen.queryByTestId('val-nina')).toBeNull();
		await fireEvent.change(step, { target: { value: 'F' } });
		expect(text('val-nina')).toMatch(/2 cards to reveal/);
		await fireEvent.click(screen.getByTestId('val-tap-0-4'));
		await fireEvent.click(screen.getByTestId('val-tap-1-3'));
		await fireEvent.click(screen.getByTestId('val-nina-tap-5'));
		expect(auctions).toHaveLength(0);
		await fireEvent.click(screen.getByTestId('val-nina-tap-2'));
		await waitFor(() => expect(auctions[auctions.length - 1]).toMatchObject({ step: 'F', nina: [5, 2] }));
		expect(screen.queryByTestId('val-nina-tap-1')).toBeNull();
	});

	it('shows the core’s problems next to their field', async () => {
		await setup(null, [{ field: 'players[0].palm_members', code: 'too_many', message: t('5 members next to a palm but 3 in the city.') }]);
		await waitFor(() => expect(text('val-palms-0-problem')).toMatch(/5 members next to a palm/));
		expect(screen.getByTestId('val-palms-0').getAttribute('aria-invalid')).toBe('true');
		expect(text('sheet-problems')).toMatch(/Ani/);
		// One problem does not blank the totals: the core's partial ones show, marked as such.
		expect(text('scoreboard-partial')).toMatch(/Partial totals/);
		expect(text('total-2')).toBe('37');
	});
});
