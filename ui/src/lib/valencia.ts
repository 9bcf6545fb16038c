// Valencia on the Play screen: what the players typed (a model), how it becomes the table_state
// JSON of schema version 2 (the core's `games::valencia` table) and back, the edits the sheet
// makes (fountains, council seats, missions, the Stefan Feld pawn), and the raw inputs of the
// core's helpers (auction, council phase, round tracker).
import type {
	CardValue,
	Seat,
	ValenciaMissionInfo,
	ValenciaMissionStatus,
	ValenciaLogEntry,
	ValenciaRawAuction,
	ValenciaRawCouncil,
	ValenciaRawFountain,
	ValenciaRawPlayer,
	ValenciaRawRound,
	ValenciaRawTable,
	ValenciaMoment,
	ValenciaResource,
	ValenciaStep,
	ValenciaVariant
} from '$lib/backend';
import { VALENCIA_LIMITS } from '$lib/backend';
import { fold } from '$lib/text';

/** The core's limits and lists (`valencia::limits()`), typed as the sheet uses them. */
const L = VALENCIA_LIMITS;
export type ValenciaVariantId = ValenciaVariant;
export type Resource = ValenciaResource;
export type CouncilSeat = (typeof L.council_seats)[number];
export type SpecialCard = (typeof L.special_cards)[number];
export const VARIANTS: readonly ValenciaVariant[] = L.variants;
export const RESOURCES: readonly Resource[] = L.resources;
/** The council's eight seats, in the board's order. */
export const COUNCIL_SEATS: readonly CouncilSeat[] = L.council_seats;
export const STEPS: readonly ValenciaStep[] = L.steps;
/** A round's moments in play order: steps A–I, then its council phase. */
export const MOMENTS: readonly ValenciaMoment[] = L.moments;
export const AUCTION_STEPS: readonly ValenciaStep[] = L.auction_steps;
/** Special influence cards (module 1), by their core id. */
export const SPECIAL_CARDS: readonly SpecialCard[] = L.special_cards;

export interface ValenciaFountain {
	value: number | null;
	central: boolean;
}

export interface ValenciaMissionHeld {
	id: string;
	/** Printed points (null for formula cards, or not typed yet). */
	points: number | null;
	/** Tick cards: done, not done, or not ticked yet. */
	done: boolean | null;
}

export interface ValenciaSeatModel {
	name: string;
	cityMembers: number | null;
	palmMembers: number | null;
	/** One per fountain of the model, same order. */
	fountainMembers: (number | null)[];
	privileges: number | null;
	coins: number | null;
	resources: Record<Resource, number | null>;
	council: CouncilSeat[];
	councilPoints: number | null;
	stefanFeld: boolean;
	longestRoute: number | null;
	isolated: number | null;
	missions: ValenciaMissionHeld[];
}

/** Where the table helpers stand: kept in the table state, so a restart or an undo brings it back. */
export interface ValenciaProgressModel {
	round: number;
	step: ValenciaMoment;
	cardsLeft: (number | null)[];
	/** Rounds whose council phase the core counted into the table. */
	councilsCounted: number[];
	/** The auction being entered (what each player revealed so far). */
	auction: AuctionInput | null;
	/** The core applied that auction to the table: it cannot be applied again. */
	auctionApplied: boolean;
	/** What the core applied (auctions, council phases): the play's round log, written by the
	 * core only and sent back as it came. */
	log: ValenciaLogEntry[];
}

export interface ValenciaModel {
	variant: ValenciaVariantId;
	/** Module 1: the special influence cards the table chose, the same in every deck (null: not
	 * said, all seven). */
	specialCards: SpecialCard[] | null;
	fountains: ValenciaFountain[];
	players: ValenciaSeatModel[];
	progress: ValenciaProgressModel;
}

const startProgress = (): ValenciaProgressModel => ({
	round: 1,
	step: 'A',
	cardsLeft: [],
	councilsCounted: [],
	auction: null,
	auctionApplied: false,
	log: []
});

function readProgress(raw: unknown): ValenciaProgressModel {
	const p = startProgress();
	if (!raw || typeof raw !== 'object') return p;
	const o = raw as Record<string, unknown>;
	if (typeof o.round === 'number') p.round = o.round;
	if (typeof o.step === 'string' && (MOMENTS as readonly string[]).includes(o.step)) p.step = o.step as ValenciaMoment;
	if (Array.isArray(o.cards_left)) p.cardsLeft = o.cards_left.map(num);
	if (Array.isArray(o.councils_counted)) p.councilsCounted = o.councils_counted.filter((r): r is number => typeof r === 'number');
	p.auction = readAuction(o.auction);
	p.auctionApplied = p.auction !== null && o.auction_applied === true;
	// The privileges each held when the core applied the auction are its record's; an auction
	// being entered reads them from the table.
	if (p.auction && !p.auctionApplied) delete p.auction.privilegesHeld;
	if (Array.isArray(o.log)) p.log = o.log as ValenciaLogEntry[];
	return p;
}

/** The auction input of a saved raw auction (the core's shape, as `toRawAuction` writes it). */
function readAuction(raw: unknown): AuctionInput | null {
	if (!raw || typeof raw !== 'object') return null;
	const o = raw as { step?: unknown; first_player?: unknown; players?: unknown; nina?: unknown };
	if (typeof o.step !== 'string' || !(AUCTION_STEPS as readonly string[]).includes(o.step) || !Array.isArray(o.players)) return null;
	const players = o.players.map((b) => (b && typeof b === 'object' ? (b as Record<string, unknown>) : {}));
	return {
		step: o.step as ValenciaStep,
		first: typeof o.first_player === 'number' ? o.first_player : 0,
		stacks: players.map((b) =>
			Array.isArray(b.stack)
				? b.stack.map((e) => {
						const c = (e ?? {}) as { card?: StackCard; coins?: number; resource?: Resource };
						return {
							card: c.card as StackCard,
							...(c.coins != null ? { coins: c.coins } : {}),
							...(c.resource ? { resource: c.resource } : {})
						};
					})
				: null
		),
		privilegesSpent: players.map((b) => num(b.privileges_spent)),
		privilegesHeld: players.map((b) => num(b.privileges)),
		couldNotAct: players.map((b) => b.could_not_act === true),
		nina: Array.isArray(o.nina) ? o.nina.filter((v): v is number => typeof v === 'number') : []
	};
}

export type CountKey = 'cityMembers' | 'palmMembers' | 'privileges' | 'coins' | 'councilPoints' | 'longestRoute' | 'isolated';

/** The core's field name of each count. */
export const COUNT_FIELDS: Record<CountKey, string> = {
	cityMembers: 'city_members',
	palmMembers: 'palm_members',
	privileges: 'privileges',
	coins: 'coins',
	councilPoints: 'council_points',
	longestRoute: 'longest_route',
	isolated: 'isolated'
};

export function asVariant(v: string): ValenciaVariantId {
	return (VARIANTS as readonly string[]).includes(v) ? (v as ValenciaVariantId) : 'base';
}

const noResources = () => Object.fromEntries(RESOURCES.map((r) => [r, 0])) as Record<Resource, number | null>;

function emptySeat(name: string, fountains: number): ValenciaSeatModel {
	return {
		name,
		cityMembers: 0,
		palmMembers: 0,
		fountainMembers: Array.from({ length: fountains }, () => 0),
		privileges: 0,
		coins: 0,
		resources: noResources(),
		council: [],
		councilPoints: 0,
		stefanFeld: false,
		longestRoute: 0,
		isolated: 0,
		missions: []
	};
}

/** Keys only a v2 seat has (typed by the core's raw player, so a renamed field fails the check). */
const V2_KEYS: readonly (keyof ValenciaRawPlayer)[] = [
	'city_members',
	'palm_members',
	'fountain_members',
	'missions',
	'council',
	'coins',
	'resources',
	'council_points'
];

/** True for a v2 Valencia table state; a v1 generic sheet has `points` per player. */
export function isValenciaState(saved: unknown): saved is ValenciaRawTable {
	if (!saved || typeof saved !== 'object') return false;
	const s = saved as { players?: unknown; fountains?: unknown };
	if (!Array.isArray(s.players)) return false;
	if (s.players.some((p) => p && typeof p === 'object' && 'points' in p)) return false;
	return (
		s.players.length === 0 || Array.isArray(s.fountains) || s.players.some((p) => p && typeof p === 'object' && V2_KEYS.some((k) => k in p))
	);
}

/** Whether a play's saved state belongs on the Valencia sheet (nothing saved yet, or v2). */
export function wantsValenciaSheet(saved: unknown): boolean {
	return saved === null || saved === undefined || isValenciaState(saved);
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const isSeat = (s: unknown): s is CouncilSeat => typeof s === 'string' && (COUNCIL_SEATS as readonly string[]).includes(s);

/** The model for `seats`, filled from a saved v2 table state when there is one (resuming). */
export function valenciaFor(variant: string, seats: Seat[], saved?: unknown): ValenciaModel {
	const ordered = [...seats].sort((a, b) => a.seat - b.seat);
	const model: ValenciaModel = {
		variant: asVariant(variant),
		specialCards: null,
		fountains: [],
		players: ordered.map((s) => emptySeat(s.player_name, 0)),
		progress: startProgress()
	};
	if (!isValenciaState(saved)) return model;
	const raw = saved as { fountains?: unknown; players: unknown[]; progress?: unknown; special_cards?: unknown };
	model.progress = readProgress(raw.progress);
	if (Array.isArray(raw.special_cards))
		model.specialCards = SPECIAL_CARDS.filter((c) => (raw.special_cards as unknown[]).some((x) => x === c));
	model.fountains = (Array.isArray(raw.fountains) ? raw.fountains : []).map((f) => {
		const o = (f && typeof f === 'object' ? f : {}) as { value?: unknown; central?: unknown };
		return { value: num(o.value), central: o.central === true };
	});
	const n = model.fountains.length;
	raw.players.forEach((p, i) => {
		const seat = model.players[i];
		if (!seat || !p || typeof p !== 'object') return;
		const o = p as Record<string, unknown>;
		seat.cityMembers = num(o.city_members);
		seat.palmMembers = num(o.palm_members);
		const fm = Array.isArray(o.fountain_members) ? o.fountain_members : [];
		seat.fountainMembers = Array.from({ length: n }, (_, f) => (f < fm.length ? num(fm[f]) : 0));
		seat.privileges = num(o.privileges);
		seat.coins = num(o.coins);
		const res = (o.resources && typeof o.resources === 'object' ? o.resources : {}) as Record<string, unknown>;
		for (const r of RESOURCES) seat.resources[r] = r in res ? num(res[r]) : 0;
		seat.council = Array.isArray(o.council) ? o.council.filter(isSeat) : [];
		seat.councilPoints = num(o.council_points);
		seat.stefanFeld = o.stefan_feld === true;
		seat.longestRoute = num(o.longest_route);
		seat.isolated = num(o.isolated);
		seat.missions = (Array.isArray(o.missions) ? o.missions : [])
			.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object' && typeof (x as { id?: unknown }).id === 'string')
			.map((x) => ({ id: x.id as string, points: num(x.points), done: typeof x.done === 'boolean' ? x.done : null }));
	});
	return model;
}

/** The table_state JSON the core reads (empty counts are sent as 0, empty points omitted). */
export function toValenciaState(model: ValenciaModel): ValenciaRawTable {
	return {
		variant: model.variant,
		...chosenCards(model),
		fountains: model.fountains.map((f): ValenciaRawFountain => (f.central ? { value: f.value, central: true } : { value: f.value })),
		players: model.players.map((p) => ({
			name: p.name,
			city_members: p.cityMembers ?? 0,
			palm_members: p.palmMembers ?? 0,
			fountain_members: model.fountains.map((_, f) => p.fountainMembers[f] ?? 0),
			privileges: p.privileges ?? 0,
			coins: p.coins ?? 0,
			resources: Object.fromEntries(RESOURCES.map((r) => [r, p.resources[r] ?? 0])),
			council: [...p.council],
			council_points: p.councilPoints ?? 0,
			stefan_feld: p.stefanFeld,
			longest_route: p.longestRoute ?? 0,
			isolated: p.isolated ?? 0,
			missions: p.missions.map((mi) => ({
				id: mi.id,
				...(mi.points === null ? {} : { points: mi.points }),
				...(mi.done === null ? {} : { done: mi.done })
			}))
		})),
		progress: {
			round: model.progress.round,
			step: model.progress.step,
			cards_left: [...model.progress.cardsLeft],
			councils_counted: [...model.progress.councilsCounted],
			...(model.progress.auction ? { auction: toRawAuction(model, model.progress.auction) } : {}),
			...(model.progress.auction && model.progress.auctionApplied ? { auction_applied: true } : {}),
			...(model.progress.log.length ? { log: model.progress.log } : {})
		}
	};
}

/**
 * The model with the helpers' position moved (round, step, cards left, the auction being
 * entered). Moving the tracker to another round or step starts a fresh auction.
 */
export function withProgress(model: ValenciaModel, edit: Partial<ValenciaProgressModel>): ValenciaModel {
	const moved =
		(edit.round !== undefined && edit.round !== model.progress.round) || (edit.step !== undefined && edit.step !== model.progress.step);
	return { ...model, progress: { ...model.progress, ...(moved ? { auction: null, auctionApplied: false } : {}), ...edit } };
}

function withSeat(model: ValenciaModel, seat: number, edit: (p: ValenciaSeatModel) => ValenciaSeatModel): ValenciaModel {
	return { ...model, players: model.players.map((p, i) => (i === seat ? edit(p) : p)) };
}

export function withCount(model: ValenciaModel, seat: number, key: CountKey, v: number | null): ValenciaModel {
	return withSeat(model, seat, (p) => ({ ...p, [key]: v }));
}

export function withResource(model: ValenciaModel, seat: number, r: Resource, v: number | null): ValenciaModel {
	return withSeat(model, seat, (p) => ({ ...p, resources: { ...p.resources, [r]: v } }));
}

/** The Stefan Feld pawn is one: giving it to a seat takes it from the others (null: nobody). */
export function givePawn(model: ValenciaModel, seat: number | null): ValenciaModel {
	return { ...model, players: model.players.map((p, i) => ({ ...p, stefanFeld: i === seat })) };
}

export function pawnHolder(model: ValenciaModel): number | null {
	const i = model.players.findIndex((p) => p.stefanFeld);
	return i >= 0 ? i : null;
}

/** A fountain placed in the city: every player gets a 0 for it. */
export function addFountain(model: ValenciaModel, f: ValenciaFountain): ValenciaModel {
	return {
		...model,
		fountains: [...model.fountains, { ...f }],
		players: model.players.map((p) => ({ ...p, fountainMembers: [...model.fountains.map((_, k) => p.fountainMembers[k] ?? 0), 0] }))
	};
}

/** Removes a fountain and every player's count for it. */
export function removeFountain(model: ValenciaModel, index: number): ValenciaModel {
	return {
		...model,
		fountains: model.fountains.filter((_, k) => k !== index),
		players: model.players.map((p) => ({ ...p, fountainMembers: p.fountainMembers.filter((_, k) => k !== index) }))
	};
}

export function withFountainValue(model: ValenciaModel, index: number, value: number | null): ValenciaModel {
	return { ...model, fountains: model.fountains.map((f, k) => (k === index ? { ...f, value } : f)) };
}

export function withFountainMembers(model: ValenciaModel, seat: number, index: number, v: number | null): ValenciaModel {
	return withSeat(model, seat, (p) => ({
		...p,
		fountainMembers: model.fountains.map((_, k) => (k === index ? v : (p.fountainMembers[k] ?? 0)))
	}));
}

export function addMission(model: ValenciaModel, seat: number, m: ValenciaMissionInfo, remembered: CardValue[]): ValenciaModel {
	const points = m.has_printed_points ? (remembered.find((c) => c.card === m.id)?.value ?? null) : null;
	return withSeat(model, seat, (p) => ({ ...p, missions: [...p.missions, { id: m.id, points, done: null }] }));
}

export function removeMission(model: ValenciaModel, seat: number, index: number): ValenciaModel {
	return withSeat(model, seat, (p) => ({ ...p, missions: p.missions.filter((_, k) => k !== index) }));
}

export function withMission(model: ValenciaModel, seat: number, index: number, edit: Partial<ValenciaMissionHeld>): ValenciaModel {
	return withSeat(model, seat, (p) => ({ ...p, missions: p.missions.map((mi, k) => (k === index ? { ...mi, ...edit } : mi)) }));
}

/** Cards a seat can still draw: not held by anyone, and not out of play at this player count
 * (the core's `missions_out_of_play`). */
export function missionChoices(
	model: ValenciaModel,
	catalogue: ValenciaMissionInfo[],
	query: string,
	outOfPlay: readonly string[]
): ValenciaMissionInfo[] {
	const held = new Set(model.players.flatMap((p) => p.missions.map((mi) => mi.id)));
	const q = fold(query).trim();
	return catalogue
		.filter((c) => !held.has(c.id) && !outOfPlay.includes(c.id))
		.filter((c) => !q || [c.name.fr, c.name.en, c.rule.fr, c.rule.en].some((t) => fold(t).includes(q)));
}

export const STATUS_ICON: Record<ValenciaMissionStatus, string> = { met: '✔', failed: '✘', needs_tick: '?', formula: 'ƒ' };

/** The rule entry of a moment of the round (the core's `moment_rules`). */
export function momentRule(moment: ValenciaMoment): string {
	return L.moment_rules[L.moments.indexOf(moment)] ?? '';
}

/** Nina's cards at this step and player count (the core's table, p.11). */
export function ninaCards(step: ValenciaStep, players: number): number {
	if (players !== L.nina_players) return 0;
	return L.nina_cards[STEPS.indexOf(step)] ?? 0;
}

/** The special cards the table chose, as the core reads them (`special_cards`; none said: all seven). */
function chosenCards(model: ValenciaModel): { special_cards?: string[] } {
	return model.variant === 'special_influence' && model.specialCards ? { special_cards: [...model.specialCards] } : {};
}

/** The special cards in every deck: the table's choice, all seven when it made none (base: none). */
export function specialCardsInPlay(model: ValenciaModel): readonly SpecialCard[] {
	if (model.variant !== 'special_influence') return [];
	return model.specialCards ?? SPECIAL_CARDS;
}

/** The table takes a special card into every deck, or leaves it out (module 1, Mise en place). */
export function withSpecialCard(model: ValenciaModel, card: SpecialCard, used: boolean): ValenciaModel {
	const now = specialCardsInPlay(model);
	return { ...model, specialCards: SPECIAL_CARDS.filter((c) => (c === card ? used : now.includes(c))) };
}

/** A card tapped into a stack: 1–6 or a special card id. */
export type StackCard = number | SpecialCard;

/** A revealed card: Économies may carry its printed coins, Entrepôt its printed resource. */
export interface StackEntry {
	card: StackCard;
	coins?: number | null;
	resource?: Resource | null;
}

export interface AuctionInput {
	step: ValenciaStep;
	/** Seat revealing first (the pawn's holder). */
	first: number;
	/** Per seat: the cards revealed, or null = passed. */
	stacks: (StackEntry[] | null)[];
	privilegesSpent: (number | null)[];
	/** Per seat, once the core applied the auction: the privileges held then (its record's). */
	privilegesHeld?: (number | null)[];
	/** Per seat: ranked with an action but could not carry it out (could not pay, empty supply). */
	couldNotAct: boolean[];
	/** 2 players: Nina's values. */
	nina: number[];
}

export function emptyAuction(players: number, step: ValenciaStep, first: number): AuctionInput {
	return {
		step,
		first,
		stacks: Array.from({ length: players }, () => []),
		privilegesSpent: Array.from({ length: players }, () => 0),
		couldNotAct: Array.from({ length: players }, () => false),
		nina: []
	};
}

/** The core's auction input for the sheet's model and what was tapped. */
export function toRawAuction(model: ValenciaModel, a: AuctionInput): ValenciaRawAuction {
	return {
		variant: model.variant,
		...chosenCards(model),
		step: a.step,
		first_player: a.first,
		players: model.players.map((p, i) => ({
			name: p.name,
			stack:
				a.stacks[i] === null
					? null
					: (a.stacks[i] ?? []).map((e) => ({
							card: e.card,
							...(e.card === 'economies' && e.coins != null ? { coins: e.coins } : {}),
							...(e.card === 'warehouse' && e.resource ? { resource: e.resource } : {})
						})),
			privileges_spent: a.privilegesSpent[i] ?? 0,
			...(a.stacks[i] !== null && a.couldNotAct?.[i] ? { could_not_act: true } : {}),
			privileges: a.privilegesHeld?.[i] ?? p.privileges ?? 0
		})),
		...(model.players.length === L.nina_players ? { nina: a.nina.slice(0, ninaCards(a.step, L.nina_players)) } : {})
	} as ValenciaRawAuction;
}

/** The council phase's input: the seats held, and the privileges left in the supply (the core's
 * count from the table, `null` while it has none). */
export function toRawCouncil(model: ValenciaModel, supply: number | null): ValenciaRawCouncil {
	return {
		variant: model.variant,
		...chosenCards(model),
		players: model.players.map((p) => ({ name: p.name, council: [...p.council] })),
		privileges_supply: supply
	} as ValenciaRawCouncil;
}

export function toRawRound(model: ValenciaModel, round: number, step: ValenciaMoment, cardsLeft: (number | null)[]): ValenciaRawRound {
	const holder = (s: CouncilSeat) => {
		const i = model.players.findIndex((p) => p.council.includes(s));
		return i >= 0 ? i : null;
	};
	return {
		variant: model.variant,
		...chosenCards(model),
		round,
		step,
		// The privileges held and the supply are the table's: the course's (`help.course`).
		players: model.players.map((p, i) => ({ name: p.name, cards_left: cardsLeft[i] ?? null })),
		privileges_supply: null,
		church: holder('church'),
		nobility: holder('nobility')
	} as ValenciaRawRound;
}
