import { beforeAll, describe, expect, it } from 'vitest';
import { VALENCIA_LIMITS, backend, type Seat, type ValenciaMissionInfo } from '$lib/backend';
import { VALENCIA_TABLE as TABLE } from '../test-tables';
import { startPlay } from '../test-support';
import {
	addFountain,
	addMission,
	emptyAuction,
	givePawn,
	missionChoices,
	removeFountain,
	SPECIAL_CARDS,
	specialCardsInPlay,
	toRawAuction,
	toRawRound,
	toValenciaState,
	withProgress,
	valenciaFor,
	wantsValenciaSheet,
	withFountainMembers,
	withSpecialCard,
	type AuctionInput
} from './valencia';

const seats = (names: string[]): Seat[] =>
	names.map((player_name, seat) => ({ seat, player_id: seat + 1, player_name, colour: null, first_player: seat === 0 }) as Seat);
const three = seats(['Ani', 'Dirk', 'Lilli']);

// The core's mission cards.
let MISSIONS: ValenciaMissionInfo[] = [];
const mission = (id: string) => MISSIONS.find((m) => m.id === id)!;
beforeAll(async () => {
	MISSIONS = await backend.valenciaMissions();
});

describe('valencia model', () => {
	it('reads a saved v2 table back into the same table state', () => {
		const model = valenciaFor('base', three, TABLE);
		expect(model.fountains).toEqual([
			{ value: 6, central: false },
			{ value: 2, central: false },
			{ value: 4, central: true }
		]);
		expect(model.players[1].stefanFeld).toBe(true);
		const state = toValenciaState(model);
		const players = state.players ?? [];
		const dirk = players[1] as Record<string, unknown>;
		expect(dirk).toMatchObject({
			city_members: 6,
			palm_members: 5,
			fountain_members: [0, 2, 3],
			coins: 8,
			council: ['church'],
			council_points: 7
		});
		expect((players[0] as { missions: unknown[] }).missions).toEqual([
			{ id: 'mission_palms', points: 4 },
			{ id: 'mission_square', points: 3, done: true }
		]);
		expect((players[2] as { missions: unknown[] }).missions).toEqual([{ id: 'mission_ten_minus_coins' }]);
		expect(state.fountains).toEqual(TABLE.fountains);
	});

	it('reads a damaged saved state without throwing, keeping what it can', () => {
		const saved = {
			variant: 'nope',
			fountains: [{ value: 'x' }, null],
			players: [
				{
					city_members: 'many',
					fountain_members: [7],
					council: ['church', 'attic'],
					missions: [{ id: 'mission_palms' }, { id: 'mission_palms' }, 3]
				},
				'junk'
			]
		};
		const model = valenciaFor('base', three, saved);
		expect(model.variant).toBe('base');
		expect(model.fountains).toEqual([
			{ value: null, central: false },
			{ value: null, central: false }
		]);
		expect(model.players[0]).toMatchObject({ cityMembers: null, fountainMembers: [7, 0], council: ['church'] });
		expect(model.players[0].missions.map((x) => x.id)).toEqual(['mission_palms', 'mission_palms']);
		expect(model.players[1].name).toBe('Dirk');
	});

	it('keeps a v1 generic sheet on the generic screen', () => {
		expect(wantsValenciaSheet(null)).toBe(true);
		expect(wantsValenciaSheet(TABLE)).toBe(true);
		expect(wantsValenciaSheet({ variant: 'base', players: [{ name: 'Ani', points: { city: 3 } }] })).toBe(false);
	});

	it('adds and removes fountains with every player’s count', () => {
		let model = valenciaFor('base', three);
		model = addFountain(model, { value: 6, central: false });
		model = addFountain(model, { value: 4, central: true });
		model = withFountainMembers(model, 2, 1, 5);
		expect(model.players[2].fountainMembers).toEqual([0, 5]);
		model = removeFountain(model, 0);
		expect(model.fountains).toEqual([{ value: 4, central: true }]);
		expect(model.players.map((p) => p.fountainMembers)).toEqual([[0], [0], [5]]);
	});

	it('has one Stefan Feld pawn; the core moves council seats, kept in board order', async () => {
		let model = givePawn(valenciaFor('base', three), 2);
		model = givePawn(model, 0);
		expect(model.players.map((p) => p.stefanFeld)).toEqual([true, false, false]);
		const seat = async (m: typeof model, i: number, s: string, how: 'take' | 'leave') =>
			valenciaFor('base', three, await backend.valenciaCouncilSeat(toValenciaState(m), i, s, how));
		model = await seat(model, 0, 'merchants', 'take');
		model = await seat(model, 0, 'nobility', 'take');
		expect(model.players[0].council).toEqual(['nobility', 'merchants']);
		// Dirk takes the Nobility: Ani's member goes back (p.7).
		model = await seat(model, 1, 'nobility', 'take');
		expect(model.players.map((p) => p.council)).toEqual([['merchants'], ['nobility'], []]);
		expect((await seat(model, 1, 'nobility', 'leave')).players[1].council).toEqual([]);
	});

	it('offers the cards nobody holds and the core keeps in play, prefilled with their remembered value', async () => {
		let model = valenciaFor('base', three);
		model = addMission(model, 0, mission('mission_palms'), [{ game: 'valencia', card: 'mission_palms', value: 4 }]);
		expect(model.players[0].missions).toEqual([{ id: 'mission_palms', points: 4, done: null }]);
		// A formula card has no printed points.
		model = addMission(model, 1, mission('mission_ten_minus_coins'), [{ game: 'valencia', card: 'mission_ten_minus_coins', value: 9 }]);
		expect(model.players[1].missions[0].points).toBeNull();
		/** The cards out of play at this table, as the core's live help gives them. */
		const outOfPlay = async (names: string[]) => {
			const play = await startPlay('valencia', 'base', names);
			const help = (await backend.previewTableState(play.id, toValenciaState(valenciaFor('base', play.seats)))).help;
			return help?.game === 'valencia' ? help.help.missions_out_of_play : ['no help'];
		};
		const ids = missionChoices(model, MISSIONS, '', await outOfPlay(['Ani', 'Dirk', 'Lilli'])).map((c) => c.id);
		expect(ids).not.toContain('mission_palms');
		expect(ids).toContain('mission_every_district');
		// The district card is removed with 2 players; the search folds accents.
		const two = valenciaFor('base', seats(['Ani', 'Dirk']));
		const twoOut = await outOfPlay(['Ani', 'Dirk']);
		expect(missionChoices(two, MISSIONS, '', twoOut).map((c) => c.id)).not.toContain('mission_every_district');
		expect(missionChoices(two, MISSIONS, 'carre', twoOut).map((c) => c.id)).toEqual(['mission_square']);
	});

	it('builds the auction input (Nina only at 2 players)', () => {
		const two = valenciaFor('base', seats(['Ani', 'Dirk']));
		const a: AuctionInput = {
			...emptyAuction(2, 'F', 1),
			stacks: [[{ card: 6 }, { card: 'economies', coins: 3 }, { card: 'warehouse', resource: 'wine' }], null],
			nina: [3, 4, 5]
		};
		const raw = toRawAuction(two, a);
		expect(raw).toMatchObject({ step: 'F', first_player: 1, nina: [3, 4] });
		expect(raw.players?.map((p) => p.stack)).toEqual([
			[{ card: 6 }, { card: 'economies', coins: 3 }, { card: 'warehouse', resource: 'wine' }],
			null
		]);
		const model = valenciaFor('base', three, TABLE);
		expect(toRawAuction(model, emptyAuction(3, 'B', 0))).not.toHaveProperty('nina');
	});

	// Module 1, Mise en place: « décidez tous ensemble quelles cartes parmi les nouvelles cartes
	// Influence vous souhaitez utiliser » — a special card the table leaves out leaves the basic
	// cards it replaces in every deck.
	it('keeps the special cards the table chose and sends them to the auction and the tracker', async () => {
		const two = seats(['Ani', 'Dirk']);
		let model = valenciaFor('special_influence', two);
		expect(specialCardsInPlay(model)).toEqual(SPECIAL_CARDS);
		for (const c of SPECIAL_CARDS) if (c !== 'joker') model = withSpecialCard(model, c, false);
		expect(model.specialCards).toEqual(['joker']);
		expect(toValenciaState(model).special_cards).toEqual(['joker']);
		expect(valenciaFor('special_influence', two, toValenciaState(model)).specialCards).toEqual(['joker']);
		// Without Économies every deck holds four ordinary 1s, without the Centrale four 6s.
		const a: AuctionInput = {
			...emptyAuction(2, 'C', 0),
			stacks: [
				[{ card: 1 }, { card: 1 }, { card: 1 }],
				[{ card: 6 }, { card: 6 }, { card: 6 }, { card: 6 }]
			]
		};
		const bids = (await backend.valenciaAuction(toRawAuction(model, a))).bids;
		expect(bids.map((b) => b.total)).toEqual([3, 24]);
		// The Joker makes decks of 25; without it they are 24.
		expect((await backend.valenciaRound(toRawRound(model, 1, 'A', []))).decks[0].deck_size).toBe(25);
		const none = withSpecialCard(model, 'joker', false);
		expect(none.specialCards).toEqual([]);
		expect((await backend.valenciaRound(toRawRound(none, 1, 'A', []))).decks[0].deck_size).toBe(24);
		// The base game sends no list.
		expect(toValenciaState(valenciaFor('base', two))).not.toHaveProperty('special_cards');
	});

	it('lets the core count the privileges left and keeps where the helpers stand in the table state', async () => {
		const model = valenciaFor('base', three, TABLE);
		const held = model.players.reduce((n, p) => n + (p.privileges ?? 0), 0);
		expect(held).toBeGreaterThan(0);
		const play = await startPlay('valencia', 'base', ['Ani', 'Dirk', 'Lilli']);
		const preview = await backend.previewTableState(play.id, toValenciaState(model));
		expect(preview.help?.game === 'valencia' && preview.help.help.course.privileges_supply).toBe(VALENCIA_LIMITS.privileges_in_box - held);
		const moved = withProgress(model, { round: 3, step: 'council', councilsCounted: [1, 2] });
		const back = valenciaFor('base', three, toValenciaState(moved));
		expect(back.progress).toEqual({
			round: 3,
			step: 'council',
			cardsLeft: [],
			councilsCounted: [1, 2],
			auction: null,
			auctionApplied: false,
			log: []
		});
		// The auction being entered is kept with the table, and the tracker moving on clears it.
		const auction: AuctionInput = {
			...emptyAuction(3, 'C', 2),
			stacks: [[{ card: 5 }, { card: 'economies', coins: 3 }], null, []],
			privilegesSpent: [0, 1, 0]
		};
		const tapped = valenciaFor('base', three, toValenciaState(withProgress(back, { auction, auctionApplied: true })));
		// Applied, the record keeps the privileges each held then.
		expect(tapped.progress.auction).toEqual({ ...auction, privilegesHeld: [1, 0, 2] });
		expect(tapped.progress.auctionApplied).toBe(true);
		expect(withProgress(tapped, { step: 'D' }).progress).toMatchObject({ step: 'D', auction: null, auctionApplied: false });
		expect(toRawRound(model, 2, 'H', [null, 20, null])).toMatchObject({
			round: 2,
			step: 'H',
			church: 1,
			nobility: 0,
			privileges_supply: null
		});
	});

	it('keeps the round log the core writes when it applies an auction or counts a council, through the tracker moving on', async () => {
		// Ani holds the pawn (seat 0) and reveals 6: she wins step A.
		const start = valenciaFor('base', three, TABLE);
		const withPawn = { ...start, players: start.players.map((p, i) => ({ ...p, stefanFeld: i === 0 })) };
		const auction: AuctionInput = { ...emptyAuction(3, 'A', 0), stacks: [[{ card: 6 }], [{ card: 2 }], null] };
		// Round 4: the privileges, council points and members of the table are possible by then.
		const applied = await backend.valenciaApplyAuction(toValenciaState(withProgress(withPawn, { round: 4, step: 'A', auction })));
		const model = valenciaFor('base', three, applied);
		expect(model.progress.log).toHaveLength(1);
		// The sheet's next save, after the tracker moves on, still holds what the core logged.
		const saved = toValenciaState(withProgress(model, { step: 'council' }));
		expect(saved.progress?.log).toEqual((applied as { progress: { log: unknown[] } }).progress.log);
		const counted = await backend.valenciaCountCouncil(saved);
		expect(valenciaFor('base', three, counted).progress.log.map((e) => e.moment)).toEqual(['A', 'council']);
	});
});
