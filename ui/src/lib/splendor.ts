// Les Cités de Splendor on the Play screen: what the players typed (a model), how it becomes the
// table_state JSON of schema version 2 (the core's `games::splendor` docs) and back, the field
// names the core reports problems on, and the small edits the sheet makes.
import type {
	CardCatalogue,
	Colour,
	Seat,
	SplendorModule,
	SplendorPlayerState,
	SplendorRawOrientCard,
	SplendorTableState
} from '$lib/backend';
import { SPLENDOR_LIMITS } from '$lib/backend';

const L = SPLENDOR_LIMITS;
/** The five bonus colours, in the order the core and the cards list them. */
export const GEMS: readonly Colour[] = L.colours;

export type Module = SplendorModule;
export const MODULES: readonly Module[] = L.modules;

export interface OrientOwned {
	card: string;
	/** Pairing cards: the colour of the owned card it copies. null for the other kinds. */
	colour: Colour | null;
}

export interface SplendorSeat {
	/** The seat's player_name. */
	name: string;
	/** Bonuses from ordinary development cards; null = cleared field (sent as 0). */
	bonuses: Record<Colour, number | null>;
	cardPrestige: number | null;
	/** null = not typed: the core takes the sum of the bonuses. */
	developmentCards: number | null;
	nobles: number | null;
	/** Cities module: the city taken. */
	city: string | null;
	/** Orient module. */
	orient: OrientOwned[];
	reservedNobles: number | null;
	gold: number | null;
	/** Strongholds module: strongholds on cards. */
	strongholds: number | null;
}

export interface SplendorModel {
	module: Module;
	/** Cities module: the faces on the table (up to 3), in the order chosen. */
	citiesInPlay: string[];
	/** In seat order. */
	players: SplendorSeat[];
}

export function asModule(variant: string): Module {
	return (MODULES as readonly string[]).includes(variant) ? (variant as Module) : 'cities';
}

/** Whether the noble tiles are in play (the core's list: every module but Les Cités). */
export const usesNobles = (module: Module) => (L.noble_modules as readonly Module[]).includes(module);

function emptySeat(name: string): SplendorSeat {
	return {
		name,
		bonuses: { white: 0, blue: 0, green: 0, red: 0, black: 0 },
		cardPrestige: 0,
		developmentCards: null,
		nobles: 0,
		city: null,
		orient: [],
		reservedNobles: 0,
		gold: 0,
		strongholds: 0
	};
}

/** True for a v2 Splendor table state (players carry `bonuses`); a v1 generic sheet has `points`. */
export function isSplendorState(saved: unknown): saved is SplendorTableState {
	if (!saved || typeof saved !== 'object') return false;
	const players = (saved as { players?: unknown }).players;
	if (!Array.isArray(players)) return false;
	if (players.some((p) => p && typeof p === 'object' && 'points' in p)) return false;
	return players.length === 0 || players.some((p) => p && typeof p === 'object' && 'bonuses' in p);
}

/** Whether a play's saved state belongs on the Splendor sheet (nothing saved yet, or v2). */
export function wantsSplendorSheet(saved: unknown): boolean {
	return saved === null || saved === undefined || isSplendorState(saved);
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const isGem = (v: unknown): v is Colour => typeof v === 'string' && (GEMS as readonly string[]).includes(v);

/** The model for `seats`, filled from a saved v2 table state when there is one (resuming). */
export function splendorFor(variant: string, seats: Seat[], saved?: unknown): SplendorModel {
	const ordered = [...seats].sort((a, b) => a.seat - b.seat);
	const model: SplendorModel = {
		module: asModule(variant),
		citiesInPlay: [],
		players: ordered.map((s) => emptySeat(s.player_name))
	};
	if (!isSplendorState(saved)) return model;
	if (Array.isArray(saved.cities_in_play)) model.citiesInPlay = saved.cities_in_play.filter((c): c is string => typeof c === 'string');
	saved.players.forEach((p, i) => {
		if (!p || typeof p !== 'object') return;
		// Seat order is the contract; match by name first in case the seats were renumbered.
		const byName = model.players.findIndex((x) => x.name === p.name);
		const seat = model.players[byName >= 0 ? byName : i];
		if (!seat) return;
		if (p.bonuses && typeof p.bonuses === 'object') for (const c of GEMS) seat.bonuses[c] = num(p.bonuses[c]) ?? 0;
		seat.cardPrestige = num(p.card_prestige) ?? 0;
		seat.developmentCards = num(p.development_cards);
		seat.nobles = num(p.nobles) ?? 0;
		seat.reservedNobles = num(p.reserved_nobles) ?? 0;
		seat.gold = num(p.gold) ?? 0;
		seat.strongholds = num(p.strongholds) ?? 0;
		seat.city = Array.isArray(p.cities) && typeof p.cities[0] === 'string' ? p.cities[0] : null;
		if (Array.isArray(p.orient))
			seat.orient = p.orient
				.filter((o): o is SplendorRawOrientCard & { card: string } => !!o && typeof o.card === 'string')
				.map((o) => ({ card: o.card, colour: isGem(o.colour) ? o.colour : null }));
	});
	return model;
}

/**
 * The table_state JSON sent to save_table_state / finish_play: players in seat order, every
 * bonus colour, and only the fields of the play's module. A cleared count is sent as 0; the
 * development-card count only when typed (the core then checks it against the bonuses).
 */
export function toSplendorState(m: SplendorModel): SplendorTableState {
	const state: SplendorTableState = { variant: m.module, players: [] };
	if (m.module === 'cities') state.cities_in_play = [...m.citiesInPlay];
	state.players = m.players.map((p) => {
		const out: SplendorPlayerState = {
			name: p.name,
			bonuses: Object.fromEntries(GEMS.map((c) => [c, p.bonuses[c] ?? 0])) as Record<Colour, number>,
			card_prestige: p.cardPrestige ?? 0
		};
		if (p.developmentCards !== null) out.development_cards = p.developmentCards;
		if (usesNobles(m.module)) out.nobles = p.nobles ?? 0;
		// Gold and strongholds score nothing: sent only when there are some (absent means 0).
		if (p.gold) out.gold = p.gold;
		if (m.module === 'strongholds' && p.strongholds) out.strongholds = p.strongholds;
		if (m.module === 'cities') out.cities = p.city ? [p.city] : [];
		if (m.module === 'orient') {
			out.orient = p.orient.map((o): SplendorRawOrientCard => (o.colour ? { card: o.card, colour: o.colour } : { card: o.card }));
			out.reserved_nobles = p.reservedNobles ?? 0;
		}
		return out;
	});
	return state;
}

// ---------------------------------------------------------------- field names (as the core reports them)

export const field = {
	bonus: (seat: number, c: Colour) => `players[${seat}].bonuses.${c}`,
	bonuses: (seat: number) => `players[${seat}].bonuses`,
	cardPrestige: (seat: number) => `players[${seat}].card_prestige`,
	developmentCards: (seat: number) => `players[${seat}].development_cards`,
	nobles: (seat: number) => `players[${seat}].nobles`,
	reservedNobles: (seat: number) => `players[${seat}].reserved_nobles`,
	gold: (seat: number) => `players[${seat}].gold`,
	strongholds: (seat: number) => `players[${seat}].strongholds`,
	cities: (seat: number) => `players[${seat}].cities`,
	city: (seat: number) => `players[${seat}].cities[0]`,
	orient: (seat: number) => `players[${seat}].orient`,
	orientCard: (seat: number, j: number) => `players[${seat}].orient[${j}].card`,
	orientColour: (seat: number, j: number) => `players[${seat}].orient[${j}].colour`,
	citiesInPlay: 'cities_in_play',
	cityInPlay: (j: number) => `cities_in_play[${j}]`
} as const;

/** Every field the Splendor sheet can show a problem next to, for `players` seats. */
export function knownFields(m: SplendorModel): Set<string> {
	const out = new Set<string>();
	m.players.forEach((p, i) => {
		for (const c of GEMS) out.add(field.bonus(i, c));
		out.add(field.bonuses(i));
		out.add(field.cardPrestige(i));
		out.add(field.developmentCards(i));
		if (usesNobles(m.module)) out.add(field.nobles(i));
		out.add(field.gold(i));
		if (m.module === 'strongholds') out.add(field.strongholds(i));
		if (m.module === 'cities') {
			out.add(field.cities(i));
			out.add(field.city(i));
		}
		if (m.module === 'orient') {
			out.add(field.orient(i));
			out.add(field.reservedNobles(i));
			p.orient.forEach((_, j) => {
				out.add(field.orientCard(i, j));
				out.add(field.orientColour(i, j));
			});
		}
	});
	if (m.module === 'cities') {
		out.add(field.citiesInPlay);
		for (let j = 0; j < Math.max(L.cities_in_play, m.citiesInPlay.length); j++) out.add(field.cityInPlay(j));
	}
	return out;
}

// ---------------------------------------------------------------- edits (each returns a new model)

function withSeat(m: SplendorModel, seat: number, patch: (p: SplendorSeat) => SplendorSeat): SplendorModel {
	return { ...m, players: m.players.map((p, i) => (i === seat ? patch(p) : p)) };
}

export function withBonus(m: SplendorModel, seat: number, c: Colour, v: number | null): SplendorModel {
	return withSeat(m, seat, (p) => ({ ...p, bonuses: { ...p.bonuses, [c]: v } }));
}

export type CountKey = 'cardPrestige' | 'developmentCards' | 'nobles' | 'reservedNobles' | 'gold' | 'strongholds';

export function withCount(m: SplendorModel, seat: number, key: CountKey, v: number | null): SplendorModel {
	return withSeat(m, seat, (p) => ({ ...p, [key]: v }));
}

/** Adds or removes a city from the table (at most 3). */
export function toggleCityInPlay(m: SplendorModel, id: string): SplendorModel {
	if (m.citiesInPlay.includes(id)) return { ...m, citiesInPlay: m.citiesInPlay.filter((c) => c !== id) };
	if (m.citiesInPlay.length >= L.cities_in_play) return m;
	return { ...m, citiesInPlay: [...m.citiesInPlay, id] };
}

export function withCitiesInPlay(m: SplendorModel, ids: string[]): SplendorModel {
	return { ...m, citiesInPlay: ids.slice(0, L.cities_in_play) };
}

/** The seat takes `city` (one city per player: it replaces any other it held). */
export function takeCity(m: SplendorModel, seat: number, city: string): SplendorModel {
	return withSeat(m, seat, (p) => ({ ...p, city }));
}

/** The seat gives its city back (a mistake corrected). */
export function releaseCity(m: SplendorModel, seat: number): SplendorModel {
	return withSeat(m, seat, (p) => ({ ...p, city: null }));
}

/** Who holds `city`, or -1. */
export function holderOf(m: SplendorModel, city: string): number {
	return m.players.findIndex((p) => p.city === city);
}

export function addOrient(m: SplendorModel, seat: number, card: string, colour: Colour | null): SplendorModel {
	return withSeat(m, seat, (p) => ({ ...p, orient: [...p.orient, { card, colour }] }));
}

export function removeOrient(m: SplendorModel, seat: number, index: number): SplendorModel {
	return withSeat(m, seat, (p) => ({ ...p, orient: p.orient.filter((_, j) => j !== index) }));
}

/** Orient cards nobody owns yet (each card exists once). */
export function orientAvailable(m: SplendorModel, catalogue: Pick<CardCatalogue, 'orient'>) {
	const owned = new Set(m.players.flatMap((p) => p.orient.map((o) => o.card)));
	return catalogue.orient.filter((c) => !owned.has(c.id));
}
