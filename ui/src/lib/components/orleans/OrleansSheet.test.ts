import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import {
	setBackend,
	type AnyTableState,
	type Backend,
	type GameSummary,
	type OrleansEventInfo,
	type OrleansHelp,
	type OrleansResolution,
	type OrleansScenarioInfo,
	type PlayDetail,
	type ScorePreview
} from '$lib/backend';
import { createFakeBackend, FAKE_GAMES } from '$lib/backend/fake';
import OrleansSheet from './OrleansSheet.svelte';
import OrleansLog from './OrleansLog.svelte';

const orleans = FAKE_GAMES.find((g) => g.id === 'orleans') as GameSummary;
const t = (en: string, fr = en) => ({ fr, en });

type Raw = { variant: string; round: number; players: Record<string, unknown>[]; team?: Record<string, unknown> };

const EVENTS: Record<number, OrleansEventInfo> = {
	1: { id: 'conference', name: t('Conference', 'Conférence'), moment: 'all_round', text: t('No Scholar may be recruited this round.'), source: '', appears_in: [], rule: 'orleans.event.conference' },
	5: { id: 'revenus_2', name: t('Income', 'Revenus'), moment: 'events_phase', text: t('Two coins per development level.'), source: '', appears_in: [], rule: 'orleans.event.revenus_2' },
	6: { id: 'jour_de_commerce_3', name: t('Trading day'), moment: 'events_phase', text: t('3 coins per trading post built.'), source: '', appears_in: [], rule: 'orleans.event.jour_de_commerce_3' },
	7: { id: 'cotisation_5', name: t('Contribution'), moment: 'events_phase', text: t('Pay 5 coins, else torture.'), source: '', appears_in: [], rule: 'orleans.event.cotisation_5' }
};

const DIGNITAIRE: OrleansScenarioInfo = {
	id: 'dignitaire',
	name: t('The Dignitary', 'Le dignitaire'),
	min_players: 1,
	max_players: 1,
	rounds: [16],
	track: [],
	objectives: [],
	charitable_acts: [],
	options: [{ id: 'options.easy', label: t('Easy: 7 citizens') }],
	start_coins: 0,
	goal: t('8 citizens by the end of round 16.'),
	defeat: t('Not enough citizens after 16 rounds.'),
	source: '',
	rule: 'orleans.variant.dignitaire'
};

/** A stand-in for the core's Le dignitaire resolvers, rounds 1, 5, 6 and 7 (the real ones are tested in Rust). */
function resolve(round: number, p: Record<string, unknown>): OrleansResolution {
	const coins = Number(p.coins ?? 0);
	const base: OrleansResolution = {
		event: EVENTS[round]?.id ?? 'conference',
		seat: 0,
		status: 'rule',
		coins_gained: 0,
		coins_owed: 0,
		options: [],
		shortfall: 0,
		consequence: null,
		coins_after: coins,
		explanation: EVENTS[round]?.text ?? t('')
	};
	if (round === 5) {
		const g = 2 * Number(p.development_level ?? 1);
		return { ...base, status: 'gain', coins_gained: g, coins_after: coins + g, explanation: t(`Receive ${g} coins.`) };
	}
	if (round === 6) {
		const g = 3 * Number(p.trading_posts ?? 0);
		return { ...base, status: g ? 'gain' : 'no_effect', coins_gained: g, coins_after: coins + g, explanation: t(`Receive ${g} coins.`) };
	}
	if (round === 7) {
		if (coins >= 5) return { ...base, status: 'payable', coins_owed: 5, options: [{ coins: 5 }], coins_after: coins - 5, explanation: t('Pay 5.') };
		return {
			...base,
			status: coins ? 'partial' : 'unpaid',
			coins_owed: 5,
			options: coins ? [{ coins }] : [],
			shortfall: 5 - coins,
			consequence: 'torture',
			coins_after: 0,
			explanation: t(`${5 - coins} missing: torture.`)
		};
	}
	return base;
}

function preview(state: AnyTableState): ScorePreview {
	const s = state as unknown as Raw;
	const p = s.players[0] ?? {};
	if (Number(p.coins) > 999)
		return {
			scoreboard: null,
			problems: [{ field: 'players[0].coins', code: 'too_many', message: t('Coins: at most 999.', 'Pièces : 999 au plus.') }],
			help: null,
			partial: null,
			undo_steps: 0
		};
	const citizens = Number(p.citizens ?? 0);
	const help: OrleansHelp = {
		scenario: 'dignitaire',
		round: s.round,
		rounds: 16,
		events: EVENTS[s.round] ? [{ event: EVENTS[s.round], resolutions: [resolve(s.round, p)] }] : [],
		upcoming: [8, 9].map((round) => ({ round, event: { ...EVENTS[7], id: `e${round}`, name: t(`Event ${round}`) } })),
		duties: [],
		goals: [
			{
				id: 'citizens',
				name: t('8 citizens'),
				seat: 0,
				current: citizens,
				target: 8,
				done: citizens >= 8,
				completed_round: null,
				ready: false,
				deadline: 16,
				rounds_left: 17 - s.round,
				refused: null,
				rule: 'orleans.scoring.citizens'
			}
		],
		status:
			citizens >= 8
				? { state: 'won', round: s.round, winners: [0], reason: t('The 8th citizen: won at once.'), lost_event: null }
				: s.round > 16
					? { state: 'lost', round: 16, winners: [], reason: t('Not enough citizens after round 16.'), lost_event: 'cotisation_15' }
					: { state: 'in_progress', round: s.round, winners: [], reason: t('8 citizens to reach.'), lost_event: null },
		tile_choice: null,
		forecast: [
			{
				seat: 0,
				rounds: [{ round: 8, event: 'e8', status: 'payable', coins_gained: 0, coins_paid: 4, food_paid: 0, coins_after: 1 }],
				first_failure: 11,
				coins_needed: 30,
				coins_gained: 12,
				food_needed: 0,
				goods_needed: { grain: 0, cheese: 0, wine: 0, wool: 0, brocade: 0 },
				coins_short: 13
			}
		]
	};
	return { scoreboard: null, problems: [], help: { game: 'orleans', help }, partial: null, undo_steps: 0 };
}

async function setup(saved?: Raw, variant = 'dignitaire', names = ['Ani'], finished = false) {
	const fake = createFakeBackend();
	const sent: Raw[] = [];
	const logged: { kind: string; round: number; payload: unknown }[] = [];
	const rules: string[] = [];
	const backend: Backend = {
		...fake,
		async saveTableState(id: number, state: AnyTableState) {
			sent.push(JSON.parse(JSON.stringify(state)));
			// The fake keeps the state (it scores no Orléans table: the stand-in answers for the core).
			const kept = await fake.saveTableState(id, state).catch(() => null);
			return { ...preview(state), undo_steps: kept?.undo_steps ?? 0 };
		},
		async previewTableState(id: number, state: AnyTableState) {
			const kept = await fake.previewTableState(id, state).catch(() => null);
			return { ...preview(state), undo_steps: kept?.undo_steps ?? 0 };
		},
		async undoTableState(id: number) {
			const r = await fake.undoTableState(id);
			return { state: r.state, preview: { ...preview(r.state as unknown as Raw), undo_steps: r.preview.undo_steps } };
		},
		async orleansScenarios() {
			return [DIGNITAIRE];
		},
		async orleansCharacters() {
			return [];
		},
		async orleansEvents() {
			return Object.values(EVENTS);
		},
		async orleansSetup() {
			return [t('You start without money.'), t('Place the event tiles in order.')];
		},
		async logRoundEvent(id, round, kind, payload) {
			logged.push({ kind, round, payload });
			return fake.logRoundEvent(id, round, kind, payload);
		},
		async getRule(id) {
			rules.push(id);
			return fake.getRule(id);
		}
	};
	setBackend(backend);
	const ids: number[] = [];
	for (const name of names) ids.push((await fake.createPlayer(name, null)).id);
	let play: PlayDetail = await fake.startPlay({
		game: 'orleans',
		variant,
		location: null,
		notes: null,
		seats: ids.map((player_id) => ({ player_id, colour: null })),
		first_seat: 0
	});
	if (saved) play = { ...play, table_state: saved as unknown as PlayDetail['table_state'] };
	// A finished play, reopened from History to be corrected in its sheet.
	if (finished) play = { ...play, status: 'finished' };
	const onfinished = vi.fn();
	render(OrleansSheet, { props: { play, game: orleans, debounceMs: 5, onfinished } });
	return { fake, play, sent, logged, rules, onfinished, last: () => sent[sent.length - 1] };
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
		expect(last()).toMatchObject({ variant: 'dignitaire', round: 1, players: [{ name: 'Ani', coins: 0, development_level: 1 }] });
		expect(text('orl-round-title')).toBe('Round 1 of 16');
		expect(text('orl-event-moment')).toBe('All round long');
		expect(text('orl-event-text')).toBe('No Scholar may be recruited this round.');
		expect(text('setup-checklist')).toMatch(/You start without money\./);
		await fireEvent.click(screen.getByTestId('orl-event-rule'));
		await screen.findByTestId('rule-panel');
		await waitFor(() => expect(rules).toContain('orleans.event.conference'));
	});

	// Closing a round is the core's now (orleansCloseRound): the stand-in backend here has no core;
	// the suite rewritten on greffier serve (branch ui17) runs this case against the real one.
	it.skip('plays rounds 5 to 7: the resolver’s coins are applied, each round logged, the round moves on', async () => {
		const { last, logged, fake, play } = await setup({ variant: 'dignitaire', round: 5, players: [{ name: 'Ani', coins: 4, development_level: 2, trading_posts: 1 }] });
		await waitFor(() => expect(text('orl-res-0-gain')).toBe('+4 coins'));
		expect(text('orl-forecast-gained-0')).toBe('+12');
		expect(text('orl-forecast-short-0')).toBe('13');
		expect(text('orl-forecast-fail-0')).toMatch(/round 11/);
		await closeRound();
		await waitFor(() => expect(last().round).toBe(6));
		expect(last().players[0].coins).toBe(8);
		expect(input('orl-coins-0').value).toBe('8');
		expect(logged[0]).toMatchObject({ kind: 'orleans_round', round: 5 });
		expect((logged[0].payload as { lines: unknown[] }).lines).toEqual([{ round: 5, event: 'revenus_2', seat: 0, paid: true, gained: 4, note: '' }]);

		await waitFor(() => expect(text('orl-res-0-gain')).toBe('+3 coins'));
		await closeRound();
		await waitFor(() => expect(last().round).toBe(7));
		expect(last().players[0].coins).toBe(11);

		await waitFor(() => expect(text('orl-res-0-owed')).toBe('−5 coins'));
		expect(text('orl-res-0-after')).toBe('Coins afterwards: 6');
		await closeRound();
		await waitFor(() => expect(last().round).toBe(8));
		expect(last().players[0].coins).toBe(6);
		expect((last() as unknown as { log: unknown[] }).log).toEqual([
			{ round: 5, event: 'revenus_2', seat: 0, paid: true, gained: 4, note: '' },
			{ round: 6, event: 'jour_de_commerce_3', seat: 0, paid: true, gained: 3, note: '' },
			{ round: 7, event: 'cotisation_5', seat: 0, paid: true, payment: { coins: 5 }, gained: 0, note: '' }
		]);
		// The log reads in the screen's language, from those numbers.
		await waitFor(() => expect(text('orl-log-0')).toContain('received 4 coins'));
		expect(text('orl-log-2')).toContain('paid 5 coins');
		expect(text('orl-log')).toMatch(/Rd 7 Contribution · Ani · done · paid 5 coins/);
		expect(logged.map((l) => l.round)).toEqual([5, 6, 7]);
		// Undo brings the last round back (the core keeps the saved states).
		const undo = screen.getByTestId('undo') as HTMLButtonElement;
		await waitFor(() => expect(undo.disabled).toBe(false));
		await fireEvent.click(undo);
		const stored = async () => (await fake.getPlay(play.id)).table_state as unknown as Raw;
		await waitFor(async () => expect((await stored()).round).toBe(7));
		expect((await stored()).players[0].coins).toBe(11);
		await waitFor(() => expect(input('orl-round').value).toBe('7'));
	});

	// Closing a round is the core's now (orleansCloseRound): the stand-in backend here has no core;
	// the suite rewritten on greffier serve (branch ui17) runs this case against the real one.
	it.skip('a shortfall is loud, with its consequence; unpaid rounds are logged as such', async () => {
		const { last } = await setup({ variant: 'dignitaire', round: 7, players: [{ name: 'Ani', coins: 3 }] });
		await waitFor(() => expect(text('orl-res-0-short')).toBe('2 missing — torture (one item per missing coin)'));
		expect(text('orl-res-0-status')).toBe('Cannot pay it all');
		await closeRound();
		await waitFor(() => expect(last().round).toBe(8));
		expect((last() as unknown as { log: { paid: boolean }[] }).log[0].paid).toBe(false);
		expect(last().players[0].coins).toBe(0);
	});

	it('the goal shows its progress; the 8th citizen raises the win banner and hides the round button', async () => {
		await setup({ variant: 'dignitaire', round: 9, players: [{ name: 'Ani', citizens: 6 }] });
		await waitFor(() => expect(text('orl-goal-progress-0-citizens')).toBe('6 / 8'));
		expect(screen.queryByTestId('orl-outcome')).toBeNull();
		await fireEvent.input(input('orl-citizens-0'), { target: { value: '8' } });
		await waitFor(() => expect(text('orl-outcome')).toMatch(/Won! — round 9/));
		expect(text('orl-outcome')).toMatch(/The 8th citizen: won at once\./);
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
		await waitFor(() => expect(screen.getByTestId('sheet-problems').textContent).toMatch(/Coins: at most 999\./));
		expect(input('orl-coins-0').getAttribute('aria-invalid')).toBe('true');
		expect(input('orl-coins-0').value).toBe('1200');
		expect(screen.getByTestId('orl-player-0').textContent).toMatch(/Coins: at most 999\./);
	});

	it('the easy option goes into the table state', async () => {
		const { last } = await setup();
		await fireEvent.click(await screen.findByTestId('orl-option-easy'));
		await waitFor(() => expect((last() as unknown as { options: { easy: boolean } }).options.easy).toBe(true));
	});

	it('Invasion: the group enters the tile its stack showed, among those the core says are possible', async () => {
		const fake = createFakeBackend();
		const sent: (Raw & { deck?: { order: string[]; set_aside: string[]; hard_mode: boolean } })[] = [];
		const tile = (id: string, name: string) => ({ ...EVENTS[7], id, name: t(name) });
		// A stand-in for help.rs tile_choice (tested in Rust): stack A minus what is entered or set aside.
		const answer = (state: AnyTableState): ScorePreview => {
			const s = state as unknown as (typeof sent)[number];
			const order = s.deck?.order ?? [];
			const left = ['don', 'fuite', 'renfort'].filter((id) => !order.includes(id) && !(s.deck?.set_aside ?? []).includes(id));
			const help: OrleansHelp = {
				scenario: 'invasion',
				round: s.round,
				rounds: 18,
				events: [],
				upcoming: [],
				duties: [],
				goals: [],
				status: { state: 'in_progress', round: s.round, winners: [], reason: t(''), lost_event: null },
				tile_choice: order.length < s.round ? { round: order.length + 1, stack: 'A', tiles: left.map((id) => tile(id, id.toUpperCase())) } : null,
				forecast: []
			};
			return { scoreboard: null, problems: [], help: { game: 'orleans', help }, partial: null, undo_steps: 0 };
		};
		setBackend({
			...fake,
			async saveTableState(id: number, state: AnyTableState) {
				sent.push(JSON.parse(JSON.stringify(state)));
				await fake.saveTableState(id, state).catch(() => null);
				return answer(state);
			},
			async previewTableState(_id: number, state: AnyTableState) {
				return answer(state);
			},
			async orleansScenarios() {
				return [{ ...DIGNITAIRE, id: 'invasion', min_players: 2, max_players: 5, rounds: [18, 18, 16, 16], options: [], start_coins: 5 }];
			},
			async orleansCharacters() {
				return [];
			},
			async orleansEvents() {
				return [tile('don', 'Don'), tile('fuite', 'Fuite'), tile('renfort', 'Renfort')].map((e) => ({ ...e, appears_in: [{ scenario: 'invasion' as const, stack: 'A', round: null }] }));
			},
			async orleansSetup() {
				return [];
			}
		});
		const ids = [(await fake.createPlayer('Ani', null)).id, (await fake.createPlayer('Dirk', null)).id];
		const play = await fake.startPlay({ game: 'orleans', variant: 'invasion', location: null, notes: null, seats: ids.map((player_id) => ({ player_id, colour: null })), first_seat: 0 });
		render(OrleansSheet, { props: { play, game: orleans, debounceMs: 5 } });
		const last = () => sent[sent.length - 1];

		// Setting a tile aside is part of the table: the core no longer offers it.
		await screen.findByTestId('orl-tile-ask');
		expect(text('orl-tile-ask')).toMatch(/Round 1: which tile of stack A came up\?/);
		await fireEvent.click(screen.getByTestId('orl-deck-hard'));
		await waitFor(() => expect(last().deck?.hard_mode).toBe(true));
		await fireEvent.click(await screen.findByTestId('orl-tile-fuite'));
		await waitFor(() => expect(last().deck?.order).toEqual(['fuite']));
		expect(text('orl-deck-entered')).toMatch(/Tiles entered: 1; the last one: Fuite/);
		expect(screen.queryByTestId('orl-tile-ask')).toBeNull();
		// The app's own draw is no longer offered once the group turns its own tiles.
		expect(screen.queryByTestId('orl-deck-draw')).toBeNull();
	});

	// Closing a round is the core's now (orleansCloseRound): the stand-in backend here has no core;
	// the suite rewritten on greffier serve (branch ui17) runs this case against the real one.
	it.skip('Invasion: draws the deck with a seed, hides coming tiles, splits a team payment, ticks a character objective', async () => {
		const fake = createFakeBackend();
		const sent: Raw[] = [];
		const logged: { kind: string; round: number; payload: unknown }[] = [];
		const plans: unknown[] = [];
		const teamTax: OrleansResolution = {
			event: 'taxes_3',
			seat: null,
			status: 'payable',
			coins_gained: 0,
			coins_owed: 5,
			options: [{ coins: 5 }],
			shortfall: 0,
			consequence: null,
			coins_after: 0,
			explanation: t('The team pays 5 coins.')
		};
		setBackend({
			...fake,
			async saveTableState(id: number, state: AnyTableState) {
				sent.push(JSON.parse(JSON.stringify(state)));
				await fake.saveTableState(id, state).catch(() => null);
				const s = state as unknown as Raw & { deck?: unknown };
				const help: OrleansHelp = {
					scenario: 'invasion',
					round: s.round,
					rounds: 18,
					events: s.deck ? [{ event: { ...EVENTS[7], id: 'taxes_3', name: t('Taxes') }, resolutions: [teamTax] }] : [],
					upcoming: [{ round: s.round + 1, event: null }],
					duties: [],
					goals: [
						{ id: 'ramparts', name: t('Knights on the ramparts'), seat: null, current: 2, target: 5, done: false, completed_round: null, ready: false, deadline: null, rounds_left: 0, refused: null, rule: 'orleans.invasion.common_goals' },
						{ id: 'maire_1', name: t('Mayor: 3 citizens'), seat: 0, current: 0, target: 1, done: false, completed_round: null, ready: false, deadline: null, rounds_left: 0, refused: null, rule: 'orleans.character.maire' }
					],
					status: { state: 'in_progress', round: s.round, winners: [], reason: t('Goals to meet.'), lost_event: null },
					tile_choice: null,
					forecast: []
				};
				return { scoreboard: null, problems: [], help: { game: 'orleans', help }, partial: null, undo_steps: 0 };
			},
			async orleansScenarios() {
				return [{ ...DIGNITAIRE, id: 'invasion', min_players: 2, max_players: 5, rounds: [18, 18, 16, 16], options: [], start_coins: 5 }];
			},
			async orleansCharacters() {
				return [
					{ id: 'maire', name: t('Mayor'), easier: false, rule: 'orleans.character.maire', objectives: [{ id: 'maire_1', name: t('3 citizens'), text: t(''), deadline: null, rule: 'orleans.character.maire' }] },
					{ id: 'administrateur_terrien', name: t('Land steward'), easier: false, objectives: [], rule: 'orleans.character.administrateur_terrien' }
				];
			},
			async orleansEvents() {
				return [];
			},
			async orleansSetup() {
				return [t('Place the fortifications.')];
			},
			async orleansBuildDeck(plan, seed) {
				plans.push(plan);
				return { seed, order: ['a1', 'b1'] };
			},
			async logRoundEvent(id, round, kind, payload) {
				logged.push({ kind, round, payload });
				return fake.logRoundEvent(id, round, kind, payload);
			}
		});
		const ids = [(await fake.createPlayer('Ani', null)).id, (await fake.createPlayer('Dirk', null)).id];
		const play = await fake.startPlay({
			game: 'orleans',
			variant: 'invasion',
			location: null,
			notes: null,
			seats: ids.map((player_id) => ({ player_id, colour: null })),
			first_seat: 0
		});
		render(OrleansSheet, { props: { play, game: orleans, debounceMs: 5 } });
		const last = () => sent[sent.length - 1] as Raw & { deck?: { seed: number; order: string[] }; log?: unknown[] };

		await waitFor(() => expect(text('orl-upcoming-2')).toMatch(/Hidden tile/));
		expect(text('orl-no-event')).toMatch(/enter the tile that came up/);
		await fireEvent.click(screen.getByTestId('orl-deck-draw'));
		await waitFor(() => expect(last().deck?.order).toEqual(['a1', 'b1']));
		expect(plans).toEqual([{ players: 2, set_aside: [], hard_mode: false }]);
		expect(Number.isInteger(last().deck?.seed)).toBe(true);
		expect(logged[0]).toMatchObject({ kind: 'orleans_deck', round: 1 });

		// The team pays 5: Ani 2, Dirk 3.
		await screen.findByTestId('orl-res-0-shares');
		await fireEvent.click(screen.getByTestId('orl-share-0-0-plus'));
		await fireEvent.click(screen.getByTestId('orl-share-0-0-plus'));
		for (let k = 0; k < 3; k++) await fireEvent.click(screen.getByTestId('orl-share-0-1-plus'));
		expect(text('orl-res-0-shares')).toMatch(/5 of 5 coins put in/);
		await closeRound();
		await waitFor(() => expect(last().round).toBe(2));
		expect(last().players.map((p) => p.coins)).toEqual([3, 2]);
		expect(last().log).toEqual([{ round: 1, event: 'taxes_3', paid: true, payment: { coins: 5 }, note: 'Ani: 2, Dirk: 3' }]);
		expect(last().team).toMatchObject({ ramparts: 0, treasury: 0 });

		// Ani plays the Mayor and ticks his objective in round 2.
		const select = screen.getByTestId('orl-character-0') as HTMLSelectElement;
		await fireEvent.change(select, { target: { value: 'maire' } });
		await waitFor(() => expect(last().players[0].character).toBe('maire'));
		await fireEvent.click(await screen.findByTestId('orl-goal-tick-0-maire_1'));
		await waitFor(() => expect(last().players[0].objectives).toEqual({ maire_1: 2 }));
		expect(text('orl-goal-progress-team-ramparts')).toBe('2 / 5');

		// Dirk plays the Land steward: the dues printed for round 2 are typed once and remembered.
		await fireEvent.change(screen.getByTestId('orl-character-1'), { target: { value: 'administrateur_terrien' } });
		await fireEvent.input(await screen.findByTestId('orl-due-1'), { target: { value: '3' } });
		await waitFor(() => expect((last().players[1] as { dues?: number[] }).dues).toEqual([2, 3]));
		await waitFor(async () => expect(await fake.cardValues('orleans')).toEqual([{ game: 'orleans', card: 'administrateur_terrien.dues.2', value: 3 }]));
		// The Mayor is no longer offered to Dirk.
		expect((screen.getByTestId('orl-character-1').querySelector('option[value="maire"]') as HTMLOptionElement).disabled).toBe(true);
	});

	it('the round log reads a saved table state (for History), unpaid rounds marked', async () => {
		const seats = ['Ani', 'Dirk'].map((player_name, seat) => ({ seat, player_id: seat + 1, player_name, colour: null, first_player: seat === 0 }));
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
				events: Object.values(EVENTS),
				onrule: () => {}
			}
		});
		expect(text('orl-log-0')).toBe('Rd 2 Income · Ani · done · received 4 coins');
		expect(text('orl-log-1')).toBe('Rd 3 Contribution · Dirk · not paid in full');
		expect(screen.getByTestId('orl-log-1').className).toMatch(/unpaid/);
	});

	it('Prospérité: a building card’s points are typed once, then added with one tap', async () => {
		const { last, fake } = await setup(undefined, 'prosperite', ['Ani', 'Dirk']);
		await fireEvent.input(await screen.findByTestId('orl-building-name-0'), { target: { value: 'Blois' } });
		await fireEvent.input(screen.getByTestId('orl-building-points-0'), { target: { value: '4' } });
		await fireEvent.click(screen.getByTestId('orl-building-add-0'));
		await waitFor(() => expect((last().players[0] as { buildings?: number[] }).buildings).toEqual([4]));
		await waitFor(async () => expect(await fake.cardValues('orleans')).toEqual([{ game: 'orleans', card: 'building:Blois', value: 4 }]));
		await fireEvent.click(await screen.findByTestId('orl-building-card-1-Blois'));
		await waitFor(() => expect((last().players[1] as { buildings?: number[] }).buildings).toEqual([4]));
		expect(last().players[0]).toMatchObject({ depot: false });
	});
});
