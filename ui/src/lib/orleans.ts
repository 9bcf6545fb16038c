// Orléans: Invasion on the Play screen: what the players typed (a model), how it becomes the
// table_state JSON of schema version 2 (the core's `games::orleans` table: it must carry
// `round`) and back, and the edits typed on the sheet. Closing a round (applying the event's
// resolutions, logging them, moving on) is the core's (`orleansCloseRound`).
import type {
	CardValue,
	OrleansGood,
	OrleansHelp,
	OrleansDecision,
	OrleansPayment,
	OrleansResolution,
	OrleansScenario,
	OrleansScenarioInfo,
	OrleansCharacterInfo,
	OrleansShare,
	OrleansRawPlayer,
	OrleansRawTable,
	Seat
} from '$lib/backend';
import { ORLEANS_LIMITS } from '$lib/backend';

/** The core's limits and lists (`orleans::limits()`), typed as the sheet uses them. */
const L = ORLEANS_LIMITS;
export const SCENARIOS: readonly OrleansScenario[] = L.scenarios;
export type Good = OrleansGood;
export const GOODS: readonly Good[] = L.goods;
/** Every count a seat carries, in the order the sheet shows them (the table state's). */
export type CountKey = (typeof L.counts)[number]['key'];
export const COUNTS: readonly CountKey[] = L.counts.map((c) => c.key);

/**
 * Upper bound of a seat's count in a scenario, the one the core checks it against: its own, or
 * what the box and the scenario's setup put in play (`seat_counts`); Invasion's fortifications,
 * the border towns the setup left free at this player count (a seat's are among the board's).
 */
export function maxOf(key: CountKey, variant: OrleansScenario, players: number): number {
	if (key === 'fortifications' && variant === 'invasion') return L.fortifications_to_build[players] ?? L.max_team_fortifications;
	const bounds = L.seat_counts.find((s) => s.scenario === variant)?.counts ?? L.counts;
	return bounds.find((c) => c.key === key)?.max ?? L.max_count;
}

/** How many tiles of a good the box holds: the most a seat, or Invasion's warehouse, can hold. */
export function goodMax(good: Good): number {
	return L.goods_in_box.find((g) => g.key === good)?.max ?? L.max_count;
}

/** The bound of a count on Invasion's city board (ramparts, citizens, treasury). */
export function teamMax(key: string): number {
	return L.team_counts.find((c) => c.key === key)?.max ?? L.max_count;
}

/**
 * The seat's counts and goods a scenario leaves in the box (the core's `not_in_play`, which it
 * refuses when a seat holds them): the sheet offers no stepper for them.
 */
export function notInPlay(variant: OrleansScenario): { counts: readonly CountKey[]; fields: readonly string[]; goods: boolean } {
	const n = L.not_in_play.find((x) => x.scenario === variant);
	return { counts: (n?.counts ?? []) as readonly CountKey[], fields: n?.fields ?? [], goods: n?.goods ?? false };
}

export type Goods = Record<Good, number | null>;

/** Prospérité: a completed building as the core reads it (`{points, name}`, or its points alone in older plays). */
export interface Building {
	points: number;
	name: string | null;
}

export interface OrleansSeat {
	name: string;
	counts: Record<CountKey, number | null>;
	goods: Goods;
	inOrleans: boolean;
	/** Prospérité: each completed building, its points and the card's name when one was typed. */
	buildings: Building[];
	depot: boolean;
	/** Invasion: character id. */
	character: string | null;
	/** Objective id → round completed. */
	objectives: Record<string, number>;
	/** Administrateur terrien: coins due at the end of each round, round 1 first. */
	dues: number[];
	/** The track space was typed over a level an older play kept alone: that level is cleared
	 * in the table (the space is the one development fact). */
	levelReplaced?: boolean;
}

export interface OrleansTeamModel {
	ramparts: number | null;
	citizens: number | null;
	treasury: number | null;
	fortifications: number | null;
	warehouse: Goods;
}

export interface OrleansDeckModel {
	seed: number;
	set_aside: string[];
	hard_mode: boolean;
	order: string[];
}

export interface OrleansLogLine {
	round: number;
	event: string;
	seat?: number;
	paid: boolean;
	/** An offer turned down (written by the core when the round closes). */
	declined?: boolean;
	payment?: OrleansPayment;
	/** Coins received; present on lines written since it was kept as a number (then `note` is empty). */
	gained?: number;
	/** What the seat received of a gift the team shared out (Don). */
	received?: OrleansShare;
	/** A team payment's shares ("Ani: 2, Dirk: 3"), or an older line's words. */
	note: string;
}

export interface OrleansModel {
	variant: OrleansScenario;
	round: number;
	options: { easy: boolean; one_per_round: boolean; in_order: boolean };
	players: OrleansSeat[];
	team: OrleansTeamModel;
	deck: OrleansDeckModel | null;
	log: OrleansLogLine[];
}

export function asScenario(variant: string): OrleansScenario {
	return (SCENARIOS as readonly string[]).includes(variant) ? (variant as OrleansScenario) : 'prosperite';
}

const emptyGoods = (): Goods => Object.fromEntries(GOODS.map((g) => [g, 0])) as Goods;

function emptySeat(name: string, _scenario: OrleansScenario): OrleansSeat {
	const counts = Object.fromEntries(COUNTS.map((k) => [k, 0])) as Record<CountKey, number | null>;
	// The development track's space is the one fact typed (its level follows, the core's); a
	// level alone is kept only from older plays.
	counts.development_level = null;
	counts.development_points = null;
	// The coins a player starts with come from the core's scenario list (withStartCoins).
	counts.coins = null;
	counts.citizens = 0;
	return {
		name,
		counts,
		goods: emptyGoods(),
		inOrleans: false,
		buildings: [],
		depot: false,
		character: null,
		objectives: {},
		dues: []
	};
}

/** True for a schema-2 Orléans state (it carries `round`); a v1 generic sheet has none. */
export function isOrleansState(saved: unknown): saved is OrleansRawTable {
	if (!saved || typeof saved !== 'object') return false;
	const s = saved as { round?: unknown; players?: unknown };
	if (!('round' in s)) return false;
	if (Array.isArray(s.players) && s.players.some((p) => p && typeof p === 'object' && 'points' in p)) return false;
	return true;
}

/** Whether a play's saved state belongs on the Orléans sheet (nothing saved yet, or schema 2). */
export function wantsOrleansSheet(saved: unknown): boolean {
	return saved === null || saved === undefined || isOrleansState(saved);
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Record<string, unknown> =>
	v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const nums = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
/** Completed buildings as stored: `{points, name}`, or a bare number (plays saved before names were kept). */
const buildingsFrom = (v: unknown): Building[] =>
	(Array.isArray(v) ? v : []).flatMap((x): Building[] => {
		if (typeof x === 'number') return [{ points: x, name: null }];
		const o = obj(x);
		if (!('points' in o) && !('name' in o)) return [];
		return [{ points: num(o.points) ?? 0, name: typeof o.name === 'string' && o.name ? o.name : null }];
	});
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

function goodsFrom(v: unknown): Goods {
	const o = obj(v);
	const g = emptyGoods();
	for (const k of GOODS) g[k] = num(o[k]) ?? 0;
	return g;
}

/** The model for `seats`, filled from a saved schema-2 table state when there is one (resuming). */
export function orleansFor(variant: string, seats: Seat[], saved?: unknown): OrleansModel {
	const ordered = [...seats].sort((a, b) => a.seat - b.seat);
	const scenario = asScenario(variant);
	const model: OrleansModel = {
		variant: scenario,
		round: 1,
		options: { easy: false, one_per_round: false, in_order: false },
		players: ordered.map((s) => emptySeat(s.player_name, scenario)),
		team: { ramparts: 0, citizens: 0, treasury: 0, fortifications: 0, warehouse: emptyGoods() },
		deck: null,
		log: []
	};
	if (!isOrleansState(saved)) return model;
	const s = saved as Record<string, unknown>;
	model.round = num(s.round) ?? 1;
	const o = obj(s.options);
	model.options = { easy: o.easy === true, one_per_round: o.one_per_round === true, in_order: o.in_order === true };
	(Array.isArray(s.players) ? s.players : []).forEach((raw, i) => {
		const seat = model.players[i];
		const p = obj(raw);
		if (!seat) return;
		// An older play's level, alone or beside its space, is kept as stored until a space is
		// typed (`setCount`): the sheet's edits merge with a phone's against the stored state.
		for (const k of COUNTS) seat.counts[k] = k in p ? num(p[k]) : seat.counts[k];
		seat.goods = goodsFrom(p.goods);
		seat.inOrleans = p.in_orleans === true;
		seat.buildings = buildingsFrom(p.buildings);
		seat.depot = p.depot === true;
		seat.character = typeof p.character === 'string' && p.character ? p.character : null;
		seat.objectives = Object.fromEntries(Object.entries(obj(p.objectives)).filter((e): e is [string, number] => typeof e[1] === 'number'));
		seat.dues = nums(p.dues);
	});
	if (s.team) {
		const t = obj(s.team);
		model.team = {
			ramparts: num(t.ramparts) ?? 0,
			citizens: num(t.citizens) ?? 0,
			treasury: num(t.treasury) ?? 0,
			fortifications: num(t.fortifications) ?? 0,
			warehouse: goodsFrom(t.warehouse)
		};
	}
	if (s.deck) {
		const d = obj(s.deck);
		model.deck = { seed: num(d.seed) ?? 0, set_aside: strings(d.set_aside), hard_mode: d.hard_mode === true, order: strings(d.order) };
	}
	model.log = (Array.isArray(s.log) ? s.log : []).map((raw) => {
		const e = obj(raw);
		const line: OrleansLogLine = {
			round: num(e.round) ?? 0,
			event: typeof e.event === 'string' ? e.event : '',
			paid: e.paid !== false,
			note: typeof e.note === 'string' ? e.note : ''
		};
		if (typeof e.seat === 'number') line.seat = e.seat;
		if (e.declined === true) line.declined = true;
		if (e.payment && typeof e.payment === 'object') line.payment = e.payment as OrleansPayment;
		if (typeof e.gained === 'number') line.gained = e.gained;
		if (e.received && typeof e.received === 'object') line.received = e.received as OrleansShare;
		return line;
	});
	return model;
}

function goodsOut(g: Goods): Record<string, number> {
	return Object.fromEntries(GOODS.filter((k) => (g[k] ?? 0) !== 0).map((k) => [k, g[k] ?? 0]));
}

/** The table_state JSON the core reads (counts left empty are sent as 0). */
export function toOrleansState(model: OrleansModel): OrleansRawTable {
	const invasion = model.variant === 'invasion';
	const { counts: outOfPlay, fields: outFields } = notInPlay(model.variant);
	return {
		variant: model.variant,
		round: model.round,
		options: { ...model.options },
		players: model.players.map((p) => {
			const out: OrleansRawPlayer = { name: p.name };
			for (const k of COUNTS) {
				// What the scenario leaves in the box is sent only when held (the core refuses it then).
				if (outOfPlay.includes(k) && !p.counts[k]) continue;
				if (k === 'books' && p.character !== L.administrator && !p.counts[k]) continue;
				// One development fact: the space when typed, else a level an older play kept alone.
				if ((k === 'development_points' || k === 'development_level') && p.counts[k] == null) continue;
				out[k] = p.counts[k] ?? 0;
			}
			// The level that space replaced is cleared (a phone sends only what it changes).
			if (p.levelReplaced && p.counts.development_points != null) out.development_level = null;
			out.goods = goodsOut(p.goods);
			if (p.inOrleans) out.in_orleans = true;
			// Buildings, the Dépôt and the dues the scenario leaves out are sent only when held
			// (the core refuses them then, and the sheet shows them to clear).
			if (!outFields.includes('buildings') || p.buildings.length)
				out.buildings = p.buildings.map((b) => (b.name ? { points: b.points, name: b.name } : b.points));
			if (!outFields.includes('depot') || p.depot) out.depot = p.depot;
			if (invasion && p.character) out.character = p.character;
			out.objectives = { ...p.objectives };
			if ((p.character === L.administrator || outFields.includes('dues')) && p.dues.length) out.dues = [...p.dues];
			return out;
		}),
		...(invasion
			? {
					team: {
						ramparts: model.team.ramparts ?? 0,
						citizens: model.team.citizens ?? 0,
						treasury: model.team.treasury ?? 0,
						fortifications: model.team.fortifications ?? 0,
						warehouse: goodsOut(model.team.warehouse)
					}
				}
			: {}),
		...(invasion && model.deck ? { deck: { ...model.deck, set_aside: [...model.deck.set_aside], order: [...model.deck.order] } } : {}),
		log: model.log.map((l) => ({ ...l }))
	};
}

/** Edits one count of a seat (a track space typed replaces a level kept alone). */
export function setCount(model: OrleansModel, seat: number, key: CountKey, value: number | null): OrleansModel {
	return {
		...model,
		players: model.players.map((p, i) => {
			if (i !== seat) return p;
			if (key === 'development_points' && value !== null && p.counts.development_level !== null)
				return { ...p, counts: { ...p.counts, development_points: value, development_level: null }, levelReplaced: true };
			return { ...p, counts: { ...p.counts, [key]: value } };
		})
	};
}

export function setGood(model: OrleansModel, seat: number, good: Good, value: number | null): OrleansModel {
	return {
		...model,
		players: model.players.map((p, i) => (i === seat ? { ...p, goods: { ...p.goods, [good]: value } } : p))
	};
}

export function setSeat(model: OrleansModel, seat: number, patch: Partial<OrleansSeat>): OrleansModel {
	return { ...model, players: model.players.map((p, i) => (i === seat ? { ...p, ...patch } : p)) };
}

/** The card under which the Administrateur terrien's printed due of a round is remembered. */
export const dueCard = (round: number) => `${L.administrator}.dues.${round}`;

/**
 * Sets a seat's Administrateur terrien payment for `round` (null clears it and every later one).
 * Earlier rounds without a value get the printed due remembered for them (`cardValues`, the
 * host's; a phone has none), else round 1 the book's, else 0.
 */
export function withDue(model: OrleansModel, seat: number, round: number, value: number | null, cardValues: CardValue[]): OrleansModel {
	const p = model.players[seat];
	if (!p) return model;
	const remembered = (r: number) => cardValues.find((c) => c.card === dueCard(r))?.value ?? null;
	const dues = [...p.dues];
	for (let r = dues.length; r < round - 1; r++) dues.push(remembered(r + 1) ?? (r === 0 ? L.administrator_first_due : 0));
	if (value === null) dues.splice(round - 1);
	else dues[round - 1] = value;
	return setSeat(model, seat, { dues });
}

/** Ticks (completed this round) or unticks an objective of a seat. */
export function toggleObjective(model: OrleansModel, seat: number, id: string, done: boolean): OrleansModel {
	const p = model.players[seat];
	if (!p) return model;
	const objectives = { ...p.objectives };
	if (done) objectives[id] = Math.min(model.round, roundsLastPlayed(model));
	else delete objectives[id];
	return setSeat(model, seat, { objectives });
}

/** The last round that may be named (the round after the last one is "game over"). */
function roundsLastPlayed(model: OrleansModel): number {
	return Math.max(1, model.round);
}

/** The objectives one can tick for a seat: the scenario's own, or the seat's character's. */
export function objectiveIds(
	model: OrleansModel,
	seat: number,
	scenarios: OrleansScenarioInfo[],
	characters: OrleansCharacterInfo[]
): string[] {
	if (model.variant === 'invasion') {
		const c = characters.find((x) => x.id === model.players[seat]?.character);
		return c?.objectives.map((o) => o.id) ?? [];
	}
	return scenarios.find((s) => s.id === model.variant)?.objectives.map((o) => o.id) ?? [];
}

/** Statuses that ask for a payment. */
export const isDemand = (r: OrleansResolution) => r.status === 'payable' || r.status === 'partial' || r.status === 'unpaid';

/** What the players decided for one resolution this round (the core applies it: `orleansCloseRound`). */
export type Decision = OrleansDecision;

/** The default decision: the cheapest way for a demand, nothing for an offer (the core's too). */
export function defaultDecision(r: OrleansResolution): Decision {
	// A split team event (Don, Chasse aux sorcières): the players enter the shares, unless the
	// core says the split is forced (only one seat can pay).
	return { option: isDemand(r) && r.options.length ? 0 : null, contributions: null, shares: r.split?.forced ?? null };
}

/** This round's resolutions in one list: the events', then the Administrateur terrien's dues. */
export function roundResolutions(help: OrleansHelp | null): OrleansResolution[] {
	if (!help) return [];
	return [...help.events.flatMap((e) => e.resolutions), ...help.duties.map((d) => d.dues)];
}

/** The rule entry of an event, character, objective set or scenario. */
export const eventRule = (id: string) => (id === L.administrator ? `orleans.character.${L.administrator}` : `orleans.event.${id}`);
export const characterRule = (id: string) => `orleans.character.${id}`;
export const scenarioRule = (id: string) => `orleans.variant.${id}`;

/** A fresh 32-bit seed for the Invasion draw. */
export function newSeed(): number {
	const a = new Uint32Array(1);
	crypto.getRandomValues(a);
	return a[0];
}

/** A new play's sheet with each seat's starting coins, as the scenario's setup gives them
 * (the core's `start_coins`): typed values are kept. */
export function withStartCoins(model: OrleansModel, startCoins: number): OrleansModel {
	return {
		...model,
		players: model.players.map((p) => (p.counts.coins === null ? { ...p, counts: { ...p.counts, coins: startCoins } } : p))
	};
}
