import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { backend, ORLEANS_LIMITS, type PlayDetail } from '$lib/backend';
import { choose, game, recording, startPlay } from '../../../test-support';
import OrleansSheet from './OrleansSheet.svelte';
import OrleansLog from './OrleansLog.svelte';

type Raw = { variant: string; round: number; players: Record<string, unknown>[]; team?: Record<string, unknown> };

/**
 * An Orléans play on the real core (Le dignitaire unless told), resumed from `saved` when given;
 * what the sheet saves, logs and opens is recorded.
 */
async function setup(saved?: Raw, variant = 'dignitaire', names = ['Ani'], finished = false) {
	const { calls } = recording('saveTableState', 'logRoundEvent', 'getRule', 'orleansBuildDeck');
	let play: PlayDetail = await startPlay('orleans', variant, names);
	if (saved) {
		await backend.saveTableState(play.id, saved as never);
		play = await backend.getPlay(play.id);
		calls.saveTableState.length = 0;
	}
	// A finished play, reopened from History to be corrected in its sheet.
	if (finished) play = await backend.finishPlay(play.id, saved as never);
	const onfinished = vi.fn();
	render(OrleansSheet, { props: { play, game: await game('orleans'), debounceMs: 5, onfinished } });
	const sent = () => calls.saveTableState.map((c) => c[1] as Raw);
	return {
		play,
		sent,
		logged: () => calls.logRoundEvent.map(([, round, kind, payload]) => ({ kind: kind as string, round: round as number, payload })),
		rules: () => calls.getRule.map((c) => c[0] as string),
		plans: () => calls.orleansBuildDeck.map((c) => c[0]),
		onfinished,
		last: () => sent()[sent().length - 1]
	};
}

const text = (testid: string) => screen.getByTestId(testid).textContent?.replace(/\s+/g, ' ').trim() ?? '';
const input = (testid: string) => screen.getByTestId(testid) as HTMLInputElement;
/** Closes the round once the previous close has ended (the button is disabled meanwhile). */
async function closeRound() {
	const button = screen.getByTestId('orl-close-round') as HTMLButtonElement;
	await waitFor(() => expect(button.disabled).toBe(false));
	await fireEvent.click(button);
}

describe('OrleansSheet', () => {
	it('corrected after the game, a won scenario asks to save the correction, not to Finish', async () => {
		await setup({ variant: 'dignitaire', round: 8, players: [{ name: 'Ani', coins: 3, citizens: 8 }] }, 'dignitaire', ['Ani'], true);
		await waitFor(() => expect(text('orl-outcome-hint')).toBe('Tap “Save the correction” to keep this result in the history.'));
		expect(screen.queryByTestId('finish-play')).toBeNull();
	});

	it('under way, a won scenario asks to Finish', async () => {
		await setup({ variant: 'dignitaire', round: 8, players: [{ name: 'Ani', coins: 3, citizens: 8 }] });
		await waitFor(() => expect(text('orl-outcome-hint')).toBe('Tap Finish to save the result in the history.'));
	});

	it('shows round 1 with its event, moment and rule text, the setup checklist, and opens the event entry', async () => {
		const { rules, last } = await setup();
		await waitFor(() => expect(text('orl-event-name')).toBe('Conference'));
		// Le dignitaire: « Vous commencez la partie sans argent » — the sheet starts with the
		// core's start_coins, as the setup checklist says.
		await waitFor(() => expect(last()).toMatchObject({ variant: 'dignitaire', round: 1, players: [{ name: 'Ani', coins: 0 }] }));
		expect(text('orl-round-title')).toBe('Round 1 of 16');
		expect(text('orl-event-moment')).toBe('All round long');
		expect(text('orl-event-text')).toBe('No Scholar may be recruited this round.');
		expect(text('setup-checklist')).toMatch(/no coins\./);
		await fireEvent.click(screen.getByTestId('orl-event-rule'));
		await screen.findByTestId('rule-panel');
		await waitFor(() => expect(rules()).toContain('orleans.event.conference'));
	});

	it('the forecast shows the food the coming events ask and how much of it is short (Marchand itinérant, round 9, 3 grain)', async () => {
		await setup({ variant: 'marchand', round: 9, players: [{ name: 'Ani', coins: 0, goods: { grain: 3 } }] }, 'marchand');
		// The core's forecast: 1 + 1 + 5 × 2 food from round 9 to 15, 3 grain held.
		await waitFor(() => expect(text('orl-forecast-food-0')).toBe('12 (9 short)'));
		expect(screen.getByTestId('orl-forecast-food-0').classList.contains('danger')).toBe(true);
		expect(text('orl-forecast-short-0')).toBe('0');
		expect(text('orl-forecast-fail-0')).toMatch(/round 11/);
	});

	it('Prospérité round 5, Émeutes without a knight: the coins after the way picked are the core’s, 17 − 5 = 12', async () => {
		await setup(
			{
				variant: 'prosperite',
				round: 5,
				players: [
					{ name: 'Ani', coins: 17 },
					{ name: 'Dirk', coins: 2 },
					{ name: 'Lilli', coins: 2 }
				]
			},
			'prosperite',
			['Ani', 'Dirk', 'Lilli']
		);
		await waitFor(() => expect(text('orl-res-0-after')).toBe('Coins afterwards: 12'));
	});

	it('Émeutes with a knight: the coins after follow the way picked (17 with the knight, 12 with the coins)', async () => {
		await setup(
			{
				variant: 'prosperite',
				round: 5,
				players: [
					{ name: 'Ani', coins: 17, knights: 1 },
					{ name: 'Dirk', coins: 2 }
				]
			},
			'prosperite',
			['Ani', 'Dirk']
		);
		await waitFor(() => expect(text('orl-res-0-after')).toBe('Coins afterwards: 17'));
		await fireEvent.click(screen.getByTestId('orl-way-0-1'));
		await waitFor(() => expect(text('orl-res-0-after')).toBe('Coins afterwards: 12'));
	});

	it('the forecast’s coins to pay are what the events demand, the poorer seat’s lack beside it (Prospérité, round 5)', async () => {
		await setup(
			{
				variant: 'prosperite',
				round: 5,
				players: [
					{ name: 'Ani', coins: 17 },
					{ name: 'Dirk', coins: 2 }
				]
			},
			'prosperite',
			['Ani', 'Dirk']
		);
		await waitFor(() => expect(text('orl-forecast-needed-0')).toBe('−11'));
		// The core's coins_demanded: Émeutes 5 and the development tax 1, 4 of them short (its
		// Moisson asks food, counted under food).
		expect(text('orl-forecast-needed-1')).toBe('−6 (4 short)');
		expect(screen.getByTestId('orl-forecast-needed-1').classList.contains('danger')).toBe(true);
	});

	it('an Indulgence turned down is logged as declined, not done (Prospérité, round 2)', async () => {
		await setup(
			{
				variant: 'prosperite',
				round: 2,
				players: [
					{ name: 'Ani', coins: 9 },
					{ name: 'Dirk', coins: 9 }
				]
			},
			'prosperite',
			['Ani', 'Dirk']
		);
		await waitFor(() => expect(screen.getByTestId('orl-res-1')).toBeTruthy());
		await fireEvent.click(screen.getByTestId('orl-way-1-0'));
		await closeRound();
		await waitFor(() => expect(text('orl-log-0')).toMatch(/^Rd 2 Indulgence · Ani · declined/));
		expect(text('orl-log-1')).toMatch(/^Rd 2 Indulgence · Dirk · done/);
	});

	it('Invasion: the co-operative scoreboard ranks nobody and tells no shared place', async () => {
		const order = [
			'reunion_du_conseil',
			'demolition',
			'don',
			'secheresse',
			'tremblement_de_terre',
			'fuite',
			'bonne_affaire',
			'vents_favorables',
			'voyage',
			'incendie_criminel',
			'bon_voyage',
			'famine',
			'zones_de_peche',
			'moisson',
			'revenus',
			'pirates',
			'peste',
			'invasion'
		];
		// Past the 18 rounds with no goal met: the team has lost, together.
		const saved = {
			variant: 'invasion',
			round: 19,
			players: [{ name: 'Ani', coins: 12 }, { name: 'Dirk', coins: 1 }, { name: 'Lilli' }],
			deck: { order }
		};
		await setup(saved as Raw, 'invasion', ['Ani', 'Dirk', 'Lilli']);
		await waitFor(() => expect(text('outcome')).toMatch(/^Lost/));
		// Each seat's line starts with the player, no place number before it.
		expect(text('rank-0')).toMatch(/^Ani/);
		expect(text('rank-2')).toMatch(/^Lilli/);
		expect(screen.queryByTestId('rank-number-0')).toBeNull();
		expect(screen.queryByTestId('tie-break')).toBeNull();
	});

	it('the forecast names a good the coming events ask that the seat lacks (Le duel, Jour du fromage)', async () => {
		await setup(
			{
				variant: 'duel',
				round: 5,
				players: [
					{ name: 'Ani', coins: 40, goods: { grain: 1 } },
					{ name: 'Dirk', coins: 40 }
				]
			},
			'duel',
			['Ani', 'Dirk']
		);
		await waitFor(() => expect(text('orl-forecast-goods-short-0')).toBe('Goods that will be short: 1 Cheese'));
		expect(text('orl-forecast-food-0')).toBe('3 (2 short)');
		expect(screen.queryByTestId('orl-forecast-goods-short-1')).not.toBeNull();
	});

	it('offers no stepper for what the scenario leaves in the box (the core’s not_in_play), and shows one held to clear it', async () => {
		await setup({ variant: 'marchand', round: 1, players: [{ name: 'Ani', coins: 10 }] }, 'marchand');
		await screen.findByTestId('orl-coins-0');
		// Marchand itinérant: « Rangez […] les comptoirs ainsi que les jetons Citoyen ».
		expect(screen.queryByTestId('orl-citizens-0')).toBeNull();
		expect(screen.queryByTestId('orl-trading_posts-0')).toBeNull();
		expect(screen.queryByTestId('orl-fortifications-0')).toBeNull();
		expect(screen.getByTestId('orl-goods-0')).toBeTruthy();
		expect(ORLEANS_LIMITS.not_in_play.find((n) => n.scenario === 'marchand')?.counts).toContain('citizens');
	});

	it('completed buildings are offered only in Prospérité; a Le duel seat saved with one shows it with the core’s refusal, to clear', async () => {
		const { last } = await setup({ variant: 'duel', round: 2, players: [{ name: 'Ani', buildings: [4] }, { name: 'Dirk' }] }, 'duel', [
			'Ani',
			'Dirk'
		]);
		await screen.findByTestId('orl-buildings-0');
		expect(screen.queryByTestId('orl-buildings-1')).toBeNull();
		expect(screen.queryByTestId('orl-books-0')).toBeNull();
		await waitFor(() => expect(screen.getByTestId('orl-buildings-0').textContent).toMatch(/does not put them in play/));
		await fireEvent.click(screen.getByRole('button', { name: /Remove building 1|Retirer le bâtiment 1/ }));
		await waitFor(() => expect('buildings' in (last().players[0] ?? {})).toBe(false));
		expect(ORLEANS_LIMITS.not_in_play.find((n) => n.scenario === 'duel')?.fields).toEqual(['buildings', 'depot', 'dues']);
	});

	it('Le dignitaire offers no goods steppers', async () => {
		await setup({ variant: 'dignitaire', round: 1, players: [{ name: 'Ani' }] });
		await screen.findByTestId('orl-citizens-0');
		expect(screen.queryByTestId('orl-goods-0')).toBeNull();
	});

	it('a Marchand itinérant seat saved with citizens shows them with the core’s refusal, to clear', async () => {
		const { last } = await setup({ variant: 'marchand', round: 1, players: [{ name: 'Ani', coins: 10, citizens: 2 }] }, 'marchand');
		await waitFor(() => expect(document.getElementById('orl-p-0-citizens')?.textContent).toMatch(/does not put them in play/));
		await fireEvent.input(input('orl-citizens-0'), { target: { value: '0' } });
		await waitFor(() => expect('citizens' in (last().players[0] ?? {})).toBe(false));
	});

	it('plays rounds 5 to 7: the resolver’s coins are applied, each round logged, the round moves on', async () => {
		const { last, logged, play } = await setup({
			variant: 'dignitaire',
			round: 5,
			players: [{ name: 'Ani', coins: 4, development_level: 2, trading_posts: 1 }]
		});
		await waitFor(() => expect(text('orl-res-0-gain')).toBe('+4 coins'));
		// The core's forecast over Le dignitaire's track from round 5: gains 4 + 3 + 2 + 2 + 2 + 1,
		// and the 15-coin contribution of round 16 is the first that cannot be paid in full.
		expect(text('orl-forecast-gained-0')).toBe('+14');
		expect(text('orl-forecast-short-0')).toBe('12');
		expect(text('orl-forecast-fail-0')).toMatch(/round 16/);
		await closeRound();
		await waitFor(() => expect([last().round, last().players[0].coins]).toEqual([6, 8]));
		await waitFor(() => expect(input('orl-coins-0').value).toBe('8'));
		await waitFor(() => expect(logged()[0]).toMatchObject({ kind: 'orleans_round', round: 5 }));
		expect((logged()[0].payload as { lines: unknown[] }).lines).toEqual([
			{ round: 5, event: 'revenus_2', seat: 0, paid: true, gained: 4, note: '' }
		]);

		await waitFor(() => expect(text('orl-res-0-gain')).toBe('+3 coins'));
		await closeRound();
		await waitFor(() => expect([last().round, last().players[0].coins]).toEqual([7, 11]));

		await waitFor(() => expect(text('orl-res-0-owed')).toBe('−5 coins'));
		expect(text('orl-res-0-after')).toBe('Coins afterwards: 6');
		await closeRound();
		await waitFor(() => expect([last().round, last().players[0].coins]).toEqual([8, 6]));
		expect((last() as unknown as { log: unknown[] }).log).toEqual([
			{ round: 5, event: 'revenus_2', seat: 0, paid: true, gained: 4, note: '' },
			{ round: 6, event: 'jour_de_commerce_3', seat: 0, paid: true, gained: 3, note: '' },
			{
				round: 7,
				event: 'cotisation_5',
				seat: 0,
				paid: true,
				payment: expect.objectContaining({ coins: 5, goods: expect.objectContaining({ wine: 0 }) }),
				gained: 0,
				note: ''
			}
		]);
		// The log reads in the screen's language, from those numbers.
		await waitFor(() => expect(text('orl-log-0')).toContain('received 4 coins'));
		expect(text('orl-log-2')).toContain('paid 5 coins');
		expect(text('orl-log')).toMatch(/Rd 7 Contribution · Ani · done · paid 5 coins/);
		await waitFor(() => expect(logged().map((l) => l.round)).toEqual([5, 6, 7]));
		// Undo brings the last round back (the core keeps the saved states).
		const undo = screen.getByTestId('undo') as HTMLButtonElement;
		await waitFor(() => expect(undo.disabled).toBe(false));
		await fireEvent.click(undo);
		const stored = async () => (await backend.getPlay(play.id)).table_state as unknown as Raw;
		await waitFor(async () => expect((await stored()).round).toBe(7));
		expect((await stored()).players[0].coins).toBe(11);
		await waitFor(() => expect(input('orl-round').value).toBe('7'));
	});

	it('a shortfall is loud, with its consequence; unpaid rounds are logged as such', async () => {
		const { last } = await setup({ variant: 'dignitaire', round: 7, players: [{ name: 'Ani', coins: 3 }] });
		await waitFor(() => expect(text('orl-res-0-short')).toBe('2 missing — torture (one item per missing coin)'));
		expect(text('orl-res-0-status')).toBe('Cannot pay it all');
		await closeRound();
		await waitFor(() => expect(last().round).toBe(8));
		expect((last() as unknown as { log: { paid: boolean }[] }).log[0].paid).toBe(false);
		expect(last().players[0].coins).toBe(0);
	});

	it('Invasion, Bonne affaire taken: the team says who puts in what, then the grain goes on the warehouse', async () => {
		// The tiles the group turned, Bonne affaire seventh.
		const order = [
			'reunion_du_conseil',
			'demolition',
			'don',
			'secheresse',
			'tremblement_de_terre',
			'fuite',
			'bonne_affaire',
			'vents_favorables',
			'voyage',
			'incendie_criminel',
			'bon_voyage',
			'famine',
			'zones_de_peche',
			'moisson',
			'revenus',
			'pirates',
			'peste',
			'invasion'
		];
		const saved = {
			variant: 'invasion',
			round: 7,
			players: [
				{ name: 'Ani', coins: 5 },
				{ name: 'Dirk', coins: 4 }
			],
			deck: { order }
		};
		const { last } = await setup(saved as Raw, 'invasion', ['Ani', 'Dirk']);
		await fireEvent.click(await screen.findByTestId('orl-way-0-0'));
		// Taken, the deal asks for the shares; until they reach its 8 coins the core refuses to close.
		await waitFor(() => expect(text('orl-res-0-shares-short')).toMatch(/8/));
		await fireEvent.input(input('orl-share-0-0'), { target: { value: '5' } });
		await fireEvent.input(input('orl-share-0-1'), { target: { value: '3' } });
		await waitFor(() => expect(screen.queryByTestId('orl-res-0-shares-short')).toBeNull());
		await closeRound();
		await waitFor(() => expect(last().round).toBe(8));
		expect(last().players.map((p) => p.coins)).toEqual([0, 1]);
		expect((last().team as { warehouse: { grain: number } }).warehouse.grain).toBe(3);
	});

	it('Invasion, Don: the table says who receives what; the core refuses to close until it does, then applies and logs it', async () => {
		// « Choisissez comment répartir ces gains entre les joueurs »: Don is the third tile here.
		const order = [
			'reunion_du_conseil',
			'demolition',
			'don',
			'secheresse',
			'tremblement_de_terre',
			'fuite',
			'bonne_affaire',
			'vents_favorables',
			'voyage',
			'incendie_criminel',
			'bon_voyage',
			'famine',
			'zones_de_peche',
			'moisson',
			'revenus',
			'pirates',
			'peste',
			'invasion'
		];
		const saved = {
			variant: 'invasion',
			round: 3,
			players: [
				{ name: 'Ani', coins: 2, development_points: 3 },
				{ name: 'Dirk', development_level: 3, development_points: 10 }
			],
			deck: { order }
		};
		const { last } = await setup(saved as Raw, 'invasion', ['Ani', 'Dirk']);
		await waitFor(() => expect(text('orl-res-0-split')).toMatch(/To share out: 3 development steps \+ 1 \S+ \+ 3 coins/));
		// Nothing entered: the core asks for the split, the round stays.
		await closeRound();
		await waitFor(() => expect(screen.getAllByText(/“Donation”: say what each player receives or gives/).length).toBeGreaterThan(0));
		expect(last().round).toBe(3);
		const set = async (id: string, v: string) => fireEvent.input(input(id), { target: { value: v } });
		await set('orl-split-0-0-development', '1');
		await set('orl-split-0-0-coins', '1');
		await set('orl-split-0-1-development', '2');
		await set('orl-split-0-1-wine', '1');
		await set('orl-split-0-1-coins', '2');
		await closeRound();
		await waitFor(() => expect(last().round).toBe(4));
		// Space 4 begins level 2: the level follows the marker (the core's, shown beside the space).
		expect(last().players.map((p) => [p.coins, p.development_points, p.development_level])).toEqual([
			[3, 4, undefined],
			[2, 12, undefined]
		]);
		await waitFor(() => expect(text('orl-level-0')).toBe('Level 2'));
		expect(last().players[1].goods).toEqual({ wine: 1 });
		await waitFor(() => expect(text('orl-log-0')).toContain('received 1 development step + 1 coin'));
	});

	it('a difficulty option the scenario does not read is named by the core, and can be cleared', async () => {
		const { last } = await setup({ variant: 'dignitaire', round: 2, options: { in_order: true }, players: [{ name: 'Ani' }] } as Raw);
		await waitFor(() => expect(text('orl-notice-options.in_order')).toMatch(/in_order/));
		await fireEvent.click(screen.getByTestId('orl-notice-clear-in_order'));
		await waitFor(() => expect((last() as unknown as { options: { in_order: boolean } }).options.in_order).toBe(false));
		await waitFor(() => expect(screen.queryByTestId('orl-notice-options.in_order')).toBeNull());
	});

	it('the goal shows its progress; the 8th citizen raises the win banner and hides the round button', async () => {
		await setup({ variant: 'dignitaire', round: 9, players: [{ name: 'Ani', citizens: 6 }] });
		await waitFor(() => expect(text('orl-goal-progress-0-citoyens')).toBe('6 / 8'));
		expect(screen.queryByTestId('orl-outcome')).toBeNull();
		await fireEvent.input(input('orl-citizens-0'), { target: { value: '8' } });
		await waitFor(() => expect(text('orl-outcome')).toMatch(/Won! — round 9/));
		expect(text('orl-outcome')).toMatch(/Goals reached in round 9\./);
		expect(screen.queryByTestId('orl-close-round')).toBeNull();
	});

	it('a loss after the last round is loud too', async () => {
		await setup({ variant: 'dignitaire', round: 17, players: [{ name: 'Ani', citizens: 5 }] });
		await waitFor(() => expect(text('orl-outcome')).toMatch(/Lost — round 16/));
		expect(screen.getByTestId('orl-outcome').className).toMatch(/error/);
		expect(text('orl-round-title')).toBe('All 16 rounds played');
	});

	it('bad input never crashes: the core’s problem shows next to the field, the value is kept', async () => {
		const { last } = await setup();
		await screen.findByTestId('orl-coins-0');
		await fireEvent.input(input('orl-coins-0'), { target: { value: '1200' } });
		await waitFor(() => expect(last().players[0].coins).toBe(1200));
		await waitFor(() => expect(screen.getByTestId('sheet-problems').textContent).toMatch(/Coins: 1200 is out of range \(0 to 999\)\./));
		expect(input('orl-coins-0').getAttribute('aria-invalid')).toBe('true');
		expect(input('orl-coins-0').value).toBe('1200');
		expect(screen.getByTestId('orl-player-0').textContent).toMatch(/Coins: 1200 is out of range \(0 to 999\)\./);
	});

	it('the easy option goes into the table state', async () => {
		const { last } = await setup();
		await fireEvent.click(await screen.findByTestId('orl-option-easy'));
		await waitFor(() => expect((last() as unknown as { options: { easy: boolean } }).options.easy).toBe(true));
	});

	it('Invasion: the group enters the tile its stack showed, among those the core says are possible', async () => {
		const { last } = await setup(undefined, 'invasion', ['Ani', 'Dirk']);
		type Deck = { deck?: { order: string[]; set_aside: string[]; hard_mode: boolean } };
		const deck = () => (last() as unknown as Deck | undefined)?.deck;
		await screen.findByTestId('orl-tile-ask');
		expect(text('orl-tile-ask')).toMatch(/Round 1: which tile of stack A came up\?/);
		await fireEvent.click(screen.getByTestId('orl-deck-hard'));
		await waitFor(() => expect(deck()?.hard_mode).toBe(true));
		// The tiles offered are the core's (stack A); enter the first one.
		const offered = [...document.querySelectorAll('[data-testid^="orl-tile-"]')]
			.map((e) => e.getAttribute('data-testid')!)
			.filter((id) => id !== 'orl-tile-ask');
		expect(offered.length).toBeGreaterThan(1);
		const tile = offered[0].replace('orl-tile-', '');
		await fireEvent.click(screen.getByTestId(offered[0]));
		await waitFor(() => expect(deck()?.order).toEqual([tile]));
		expect(text('orl-deck-entered')).toMatch(/Tiles entered: 1; the last one: /);
		await waitFor(() => expect(screen.queryByTestId('orl-tile-ask')).toBeNull());
		// The app's own draw is no longer offered once the group turns its own tiles.
		expect(screen.queryByTestId('orl-deck-draw')).toBeNull();
	});

	it('Invasion: the team’s fortifications stop at the border towns the setup left free (the core’s count)', async () => {
		const { last } = await setup(
			{ variant: 'invasion', round: 1, players: [{ name: 'Ani' }, { name: 'Dirk' }], team: { fortifications: 5 } } as Raw,
			'invasion',
			['Ani', 'Dirk']
		);
		type Team = { team?: { fortifications: number | null } };
		const plus = await screen.findByTestId('orl-team-fortifications-plus');
		await fireEvent.click(plus);
		await waitFor(() => expect((last() as unknown as Team).team?.fortifications).toBe(6));
		await fireEvent.click(plus);
		await fireEvent.click(plus);
		// At 2 players the setup fortified 7 of the 13 border towns.
		expect((screen.getByTestId('orl-team-fortifications') as HTMLInputElement).value).toBe(
			String(ORLEANS_LIMITS.fortifications_to_build[2])
		);
		expect(ORLEANS_LIMITS.fortifications_to_build[2]).toBeLessThan(ORLEANS_LIMITS.max_team_fortifications);
	});

	it('Invasion: draws the deck with a seed (the core’s draw), hides coming tiles, a character is chosen', async () => {
		const { last, logged, plans } = await setup(undefined, 'invasion', ['Ani', 'Dirk']);
		type Deck = { deck?: { seed: number; order: string[] } };
		const deck = () => (last() as unknown as Deck | undefined)?.deck;
		await waitFor(() => expect(text('orl-upcoming-2')).toMatch(/Hidden tile/));
		// The core's course of play: the tile to enter, among those possible.
		expect(text('orl-no-event')).toMatch(/^Enter the tile drawn for round 1 \(stack A\); possible: /);
		await fireEvent.click(screen.getByTestId('orl-deck-draw'));
		await waitFor(() => expect(deck()?.order.length).toBeGreaterThan(0));
		expect(plans()).toEqual([{ players: 2, set_aside: [], hard_mode: false }]);
		expect(Number.isInteger(deck()?.seed)).toBe(true);
		// The same seed draws the same tiles.
		expect((await backend.orleansBuildDeck({ players: 2, set_aside: [], hard_mode: false }, deck()!.seed)).order).toEqual(deck()?.order);
		await waitFor(() => expect(logged()[0]).toMatchObject({ kind: 'orleans_deck', round: 1 }));
		// Ani plays the Mayor; the Mayor is then no longer offered to Dirk.
		await choose(screen.getByTestId('orl-character-0') as HTMLSelectElement, 'maire');
		await waitFor(() => expect(last().players[0].character).toBe('maire'));
		expect((screen.getByTestId('orl-character-1').querySelector('option[value="maire"]') as HTMLOptionElement).disabled).toBe(true);
	});

	it('the round log reads a saved table state (for History), unpaid rounds marked', async () => {
		const seats = ['Ani', 'Dirk'].map((player_name, seat) => ({
			seat,
			player_id: seat + 1,
			player_name,
			colour: null,
			first_player: seat === 0
		}));
		render(OrleansLog, {
			props: {
				state: {
					variant: 'duel',
					round: 4,
					players: [{ name: 'Ani' }, { name: 'Dirk' }],
					log: [
						{ round: 2, event: 'revenus_2', seat: 0, paid: true, note: 'received 4 coins' },
						{ round: 3, event: 'cotisation_5', seat: 1, paid: false, note: '' }
					]
				},
				seats,
				events: await backend.orleansEvents(),
				onrule: () => {}
			}
		});
		expect(text('orl-log-0')).toBe('Rd 2 Income · Ani · done · received 4 coins');
		expect(text('orl-log-1')).toBe('Rd 3 Contribution · Dirk · not paid in full');
		expect(screen.getByTestId('orl-log-1').className).toMatch(/unpaid/);
	});

	it('a table the core refuses shows its problems where the round’s events, the goals and the status would be', async () => {
		// Le dignitaire, Mise en place: « Placez également 6 jetons Technologie »: 7 are refused.
		await setup({ variant: 'dignitaire', round: 5, players: [{ name: 'Ani', coins: 4, technology: 7, citizens: 2 }] });
		await waitFor(() => expect(text('orl-helper-problems')).toMatch(/7 technology tiles in all: The Dignitary puts only 6 in play/));
		expect(text('orl-goals-problems')).toMatch(/Ani — 7 technology tiles in all/);
		// No answer made up from the table without the field at fault: no resolution, forecast,
		// goal, status, and the round cannot be closed.
		expect(screen.queryByTestId('orl-res-0')).toBeNull();
		expect(screen.queryByTestId('orl-forecast')).toBeNull();
		expect(screen.queryByTestId('orl-goal-progress-0-citoyens')).toBeNull();
		expect(screen.queryByTestId('orl-state')).toBeNull();
		expect(screen.queryByTestId('orl-close-round')).toBeNull();
		// Fixed, the helpers answer again.
		await fireEvent.input(input('orl-technology-0'), { target: { value: '6' } });
		await waitFor(() => expect(text('orl-res-0-gain')).toMatch(/^\+2/));
		expect(screen.queryByTestId('orl-helper-problems')).toBeNull();
		expect(text('orl-goal-progress-0-citoyens')).toBe('2 / 8');
	});

	it('Prospérité at round 16: finishing is refused until the last round is closed, then the winner is stored', async () => {
		// « La partie se termine après 16 manches »: 71 beats 69 once round 16 is closed.
		const { onfinished } = await setup(
			{
				variant: 'prosperite',
				round: 16,
				players: [
					{ name: 'Ani', coins: 71 },
					{ name: 'Dirk', coins: 69 }
				]
			},
			'prosperite',
			['Ani', 'Dirk']
		);
		await waitFor(() => expect(text('orl-finish-refused')).toMatch(/^Round 16, the last of Golden Age, is not closed: close it/));
		await fireEvent.click(screen.getByTestId('orl-go-close'));
		expect(document.activeElement).toBe(screen.getByTestId('orl-close-round'));
		await fireEvent.click(screen.getByTestId('finish-play'));
		await waitFor(() => expect(screen.getByTestId('error-banner').textContent).toMatch(/Round 16, the last of Golden Age, is not closed/));
		expect(onfinished).not.toHaveBeenCalled();
		await closeRound();
		await waitFor(() => expect(text('orl-round-title')).toBe('All 16 rounds played'));
		await waitFor(() => expect(screen.queryByTestId('orl-finish-refused')).toBeNull());
		await fireEvent.click(screen.getByTestId('finish-play'));
		await waitFor(() => expect(onfinished).toHaveBeenCalledTimes(1));
		const done = onfinished.mock.calls[0][0] as PlayDetail;
		expect(done.scoreboard?.players.map((p) => [p.name, p.total, p.winner])).toEqual([
			['Ani', 70, true],
			['Dirk', 68, false]
		]);
	});

	it('asks the development track’s space once and shows the level the core reads from it', async () => {
		// An older play kept level 3 beside space 12: the space stays, the level is the core's.
		const { last } = await setup({
			variant: 'dignitaire',
			round: 5,
			players: [{ name: 'Ani', development_level: 3, development_points: 12 }]
		});
		await waitFor(() => expect(text('orl-level-0')).toBe('Level 3'));
		expect(screen.queryByTestId('orl-development_level-0')).toBeNull();
		await fireEvent.input(input('orl-development_points-0'), { target: { value: '15' } });
		await waitFor(() => expect(text('orl-level-0')).toBe('Level 4'));
		await waitFor(() => expect(last().players[0]).toMatchObject({ development_points: 15, development_level: null }));
		await waitFor(() => expect(screen.queryByTestId('sheet-problems')).toBeNull());
	});

	it('Invasion: a round whose tile is not entered says which to enter, among the tiles possible, and cannot be closed', async () => {
		await setup({ variant: 'invasion', round: 1, players: [{ name: 'Ani' }, { name: 'Dirk' }] } as Raw, 'invasion', ['Ani', 'Dirk']);
		await waitFor(() => expect(text('orl-no-event')).toMatch(/^Enter the tile drawn for round 1 \(stack A\); possible: Council meeting, /));
		expect(text('orl-close-refused')).toMatch(/Enter the tile drawn for round 1/);
		expect((screen.getByTestId('orl-close-round') as HTMLButtonElement).disabled).toBe(true);
	});

	it('Invasion: a rule for the whole team is shown once, not once per player (Bandits)', async () => {
		const order = [
			'bandits',
			'demolition',
			'don',
			'secheresse',
			'tremblement_de_terre',
			'fuite',
			'bonne_affaire',
			'vents_favorables',
			'voyage',
			'incendie_criminel',
			'bon_voyage',
			'famine',
			'zones_de_peche',
			'moisson',
			'revenus',
			'pirates',
			'peste',
			'invasion'
		];
		await setup({ variant: 'invasion', round: 1, players: [{ name: 'Ani' }, { name: 'Dirk' }], deck: { order } } as Raw, 'invasion', [
			'Ani',
			'Dirk'
		]);
		await waitFor(() => expect(screen.getByTestId('orl-res-0')).toBeTruthy());
		expect(screen.queryByTestId('orl-res-1')).toBeNull();
	});

	it('Prospérité: a building card’s points are typed once, then added with one tap, its name kept on the play', async () => {
		const { last } = await setup(undefined, 'prosperite', ['Ani', 'Dirk']);
		await fireEvent.input(await screen.findByTestId('orl-building-name-0'), { target: { value: 'Blois' } });
		await fireEvent.input(screen.getByTestId('orl-building-points-0'), { target: { value: '4' } });
		await fireEvent.click(screen.getByTestId('orl-building-add-0'));
		await waitFor(() => expect(last().players[0].buildings).toEqual([{ points: 4, name: 'Blois' }]));
		expect(text('orl-building-label-0-0')).toBe('Blois (points)');
		await waitFor(async () =>
			expect(await backend.cardValues('orleans')).toContainEqual({ game: 'orleans', card: 'building:Blois', value: 4 })
		);
		await fireEvent.click(await screen.findByTestId('orl-building-card-1-Blois'));
		await waitFor(() => expect(last().players[1].buildings).toEqual([{ points: 4, name: 'Blois' }]));
		expect(last().players[0]).toMatchObject({ depot: false });
	});

	it('Prospérité: a building saved with its name reads it back; one saved as bare points (older plays) is numbered', async () => {
		await setup(
			{ variant: 'prosperite', round: 3, players: [{ name: 'Ani', buildings: [{ points: 4, name: 'Moulin' }, 7] }, { name: 'Dirk' }] },
			'prosperite',
			['Ani', 'Dirk']
		);
		await waitFor(() => expect(text('orl-building-label-0-0')).toBe('Moulin (points)'));
		expect(text('orl-building-label-0-1')).toBe('Building 2 (points)');
		expect(input('orl-building-0-1').value).toBe('7');
	});
});
