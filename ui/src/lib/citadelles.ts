// Citadelles on the Play screen: what the players typed (a model), how it becomes the
// table_state JSON of schema version 2 (the core's `games::citadelles` table) and back, and
// the small edits the sheet makes (build, destroy, completion order, last round).
import type {
	CitadellesCatalogue,
	CitadellesCustomWonder,
	CitadellesDistrictInfo,
	CitadellesProfileInfo,
	CitadellesRound,
	CitadellesTableState,
	CitadellesVariant,
	CitadellesWonderInfo,
	Seat,
	Text
} from '$lib/backend';
import { CITADELLES_LIMITS } from '$lib/backend';
import { fold } from '$lib/text';

export const VARIANTS: readonly CitadellesVariant[] = CITADELLES_LIMITS.variants;

export interface CitadellesSeat {
	name: string;
	/** Catalogue ids, in the order built. */
	districts: string[];
	customWonders: CitadellesCustomWonder[];
	gold: number | null;
	cardsInHand: number | null;
	/** Ranks revealed in the last round (filled by the round caller, editable). */
	charactersLastRound: number[];
	hauntedLastRound: boolean;
	museumCards: number | null;
	secretVault: boolean;
	/** District ids the Artist beautified. */
	beautified: string[];
}

export interface CitadellesModel {
	variant: CitadellesVariant;
	longerGame: boolean;
	ninthCharacter: boolean;
	/** One character id per rank, in rank order. */
	characters: string[];
	players: CitadellesSeat[];
	/** Seats, first to complete first. */
	completionOrder: number[];
	crown: number | null;
	/** The round the caller is calling (the core's state of it), kept with the table. */
	roundInProgress: CitadellesRound | null;
	/** The core marked the game over (the round in which a city was completed has ended). */
	gameOver: boolean;
	/** The rounds played, as the core recorded them when it applied each (`rounds`): kept as they
	 * are, never built here; History and the caller's number read them from the core. */
	rounds: CitadellesTableState['rounds'];
}

export function asVariant(variant: string): CitadellesVariant {
	return (VARIANTS as readonly string[]).includes(variant) ? (variant as CitadellesVariant) : 'classique';
}

export function profileOf(catalogue: CitadellesCatalogue | null, variant: CitadellesVariant): CitadellesProfileInfo | undefined {
	return catalogue?.profiles.find((p) => p.variant === variant);
}

function emptySeat(name: string): CitadellesSeat {
	return {
		name,
		districts: [],
		customWonders: [],
		gold: 2,
		cardsInHand: 4,
		charactersLastRound: [],
		hauntedLastRound: false,
		museumCards: 0,
		secretVault: false,
		beautified: []
	};
}

/** True for a v2 Citadelles table state (players carry `districts`); a v1 sheet has `points`. */
export function isCitadellesState(saved: unknown): saved is CitadellesTableState {
	if (!saved || typeof saved !== 'object') return false;
	const players = (saved as { players?: unknown }).players;
	if (!Array.isArray(players)) return false;
	if (players.some((p) => p && typeof p === 'object' && 'points' in p)) return false;
	return players.length === 0 || players.some((p) => p && typeof p === 'object' && 'districts' in p);
}

/** Whether a play's saved state belongs on the Citadelles sheet (nothing saved yet, or v2). */
export function wantsCitadellesSheet(saved: unknown): boolean {
	return saved === null || saved === undefined || isCitadellesState(saved);
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The model for `seats`, filled from a saved v2 table state when there is one (resuming). */
export function citadellesFor(variant: string, seats: Seat[], saved?: unknown): CitadellesModel {
	const ordered = [...seats].sort((a, b) => a.seat - b.seat);
	const model: CitadellesModel = {
		variant: asVariant(variant),
		longerGame: false,
		ninthCharacter: false,
		characters: [],
		players: ordered.map((s) => emptySeat(s.player_name)),
		completionOrder: [],
		crown: 0,
		roundInProgress: null,
		gameOver: false,
		rounds: null
	};
	if (!isCitadellesState(saved)) return model;
	// The core checked it when it was saved; it answers for it again when the caller shows it.
	model.roundInProgress = saved.round_in_progress && typeof saved.round_in_progress === 'object' ? saved.round_in_progress : null;
	model.gameOver = saved.game_over === true;
	model.rounds = Array.isArray(saved.rounds) ? saved.rounds : null;
	model.longerGame = saved.longer_game === true;
	model.ninthCharacter = saved.ninth_character === true;
	model.characters = strings(saved.characters_in_play);
	model.completionOrder = Array.isArray(saved.completion_order)
		? saved.completion_order.filter((s): s is number => typeof s === 'number')
		: [];
	model.crown = num(saved.crown);
	saved.players.forEach((p, i) => {
		const seat = model.players[i];
		if (!seat || !p || typeof p !== 'object') return;
		seat.districts = strings(p.districts);
		seat.customWonders = Array.isArray(p.custom_wonders)
			? p.custom_wonders.map((w) => ({
					name: typeof w.name === 'string' ? w.name : '',
					cost: num(w.cost) ?? 0,
					extra_points: num(w.extra_points) ?? 0
				}))
			: [];
		seat.gold = num(p.gold);
		seat.cardsInHand = num(p.cards_in_hand);
		seat.charactersLastRound = Array.isArray(p.characters_last_round) ? ranksOf(p.characters_last_round) : [];
		seat.hauntedLastRound = p.haunted_city_built_last_round === true;
		seat.museumCards = num(p.museum_cards);
		seat.secretVault = p.secret_vault === true;
		seat.beautified = strings(p.beautified);
	});
	return model;
}

/**
 * The ranks of the characters a player revealed, as the sheet keeps them: the core takes ranks
 * or ids (`["king"]`), and an id left out here would be lost at the sheet's next save.
 */
function ranksOf(revealed: unknown[]): number[] {
	return revealed.flatMap((r) => {
		if (typeof r === 'number') return [r];
		const rank = typeof r === 'string' ? (CITADELLES_LIMITS.character_ranks as Record<string, number>)[r] : undefined;
		return rank === undefined ? [] : [rank];
	});
}

/** The table_state JSON the core reads. */
export function toCitadellesState(model: CitadellesModel): CitadellesTableState {
	return {
		variant: model.variant,
		longer_game: model.longerGame,
		ninth_character: model.ninthCharacter,
		...(model.characters.length ? { characters_in_play: [...model.characters] } : {}),
		players: model.players.map((p) => ({
			name: p.name,
			districts: [...p.districts],
			custom_wonders: p.customWonders.map((w) => ({ ...w })),
			gold: p.gold ?? 0,
			cards_in_hand: p.cardsInHand ?? 0,
			characters_last_round: [...p.charactersLastRound],
			haunted_city_built_last_round: p.hauntedLastRound,
			museum_cards: p.museumCards ?? 0,
			secret_vault: p.secretVault,
			beautified: [...p.beautified]
		})),
		completion_order: [...model.completionOrder],
		crown: model.crown,
		...(model.roundInProgress ? { round_in_progress: model.roundInProgress } : {}),
		...(model.gameOver ? { game_over: true } : {}),
		...(model.rounds ? { rounds: model.rounds } : {})
	};
}

/** A district or wonder the city builder can add, with what it shows. */
export interface Buildable {
	id: string;
	name: Text;
	cost: number;
	kind: CitadellesDistrictInfo['kind'];
	copies: number;
	rule: string;
	wonder: CitadellesWonderInfo | null;
}

/** Everything buildable in this profile: the basic districts, then its wonders. */
export function buildables(catalogue: CitadellesCatalogue | null, variant: CitadellesVariant): Buildable[] {
	if (!catalogue) return [];
	const profile = profileOf(catalogue, variant);
	const basic: Buildable[] = catalogue.districts.map((d) => ({
		id: d.id,
		name: d.name,
		cost: d.cost,
		kind: d.kind,
		copies: d.copies,
		rule: d.rule,
		wonder: null
	}));
	const wonders: Buildable[] = (profile?.wonders ?? [])
		.filter((w) => w.buildable)
		.map((w) => ({
			id: w.id,
			name: w.name,
			cost: w.cost,
			kind: 'wonder',
			copies: w.copies,
			rule: w.rule,
			wonder: w
		}));
	return [...basic, ...wonders];
}

/** Buildables whose name (FR or EN) contains the query, ignoring case and accents; best first. */
export function searchBuildables(all: Buildable[], query: string): Buildable[] {
	const q = fold(query).trim();
	if (!q) return all;
	const scored = all
		.map((b) => {
			const names = [fold(b.name.fr), fold(b.name.en)];
			const starts = names.some((n) => n.startsWith(q) || n.split(/[\s'’-]+/).some((w) => w.startsWith(q)));
			const contains = names.some((n) => n.includes(q));
			return { b, rank: starts ? 0 : contains ? 1 : 2 };
		})
		.filter((x) => x.rank < 2);
	return scored.sort((a, b) => a.rank - b.rank).map((x) => x.b);
}

/** Copies of a catalogue card already in cities around the table. */
export function copiesBuilt(model: CitadellesModel, id: string): number {
	return model.players.reduce((n, p) => n + p.districts.filter((d) => d === id).length, 0);
}

/** Puts `seat` at `position` of the completion order (as the table says it happened). */
export function placeCompletion(model: CitadellesModel, seat: number, position: number): CitadellesModel {
	const order = model.completionOrder.filter((s) => s !== seat);
	order.splice(Math.max(0, Math.min(position, order.length)), 0, seat);
	return { ...model, completionOrder: order };
}

/** Takes `seat` out of the completion order (its city was not complete after all). */
export function removeCompletion(model: CitadellesModel, seat: number): CitadellesModel {
	return { ...model, completionOrder: model.completionOrder.filter((s) => s !== seat) };
}

function withSeat(model: CitadellesModel, seat: number, edit: (p: CitadellesSeat) => CitadellesSeat): CitadellesModel {
	return { ...model, players: model.players.map((p, i) => (i === seat ? edit(p) : p)) };
}

export function build(model: CitadellesModel, seat: number, id: string): CitadellesModel {
	return withSeat(model, seat, (p) => ({ ...p, districts: [...p.districts, id] }));
}

/** Removes the district at `index` of the seat's city (a Warlord's destruction, a correction). */
export function unbuild(model: CitadellesModel, seat: number, index: number): CitadellesModel {
	return withSeat(model, seat, (p) => {
		const id = p.districts[index];
		const districts = p.districts.filter((_, i) => i !== index);
		// A destroyed district loses its beautification.
		const beautified = districts.includes(id) ? p.beautified : p.beautified.filter((b) => b !== id);
		const haunted = id === CITADELLES_LIMITS.haunted_city ? false : p.hauntedLastRound;
		return { ...p, districts, beautified, hauntedLastRound: haunted };
	});
}

export function addCustomWonder(model: CitadellesModel, seat: number, w: CitadellesCustomWonder): CitadellesModel {
	return withSeat(model, seat, (p) => ({ ...p, customWonders: [...p.customWonders, w] }));
}

export function removeCustomWonder(model: CitadellesModel, seat: number, index: number): CitadellesModel {
	return withSeat(model, seat, (p) => ({ ...p, customWonders: p.customWonders.filter((_, i) => i !== index) }));
}

export function toggleBeautified(model: CitadellesModel, seat: number, id: string): CitadellesModel {
	return withSeat(model, seat, (p) => ({
		...p,
		beautified: p.beautified.includes(id) ? p.beautified.filter((b) => b !== id) : [...p.beautified, id]
	}));
}

export type CountKey = 'gold' | 'cardsInHand' | 'museumCards';

export function withCount(model: CitadellesModel, seat: number, key: CountKey, v: number | null): CitadellesModel {
	return withSeat(model, seat, (p) => ({ ...p, [key]: v }));
}

export type FlagKey = 'hauntedLastRound' | 'secretVault';

export function withFlag(model: CitadellesModel, seat: number, key: FlagKey, v: boolean): CitadellesModel {
	return withSeat(model, seat, (p) => ({ ...p, [key]: v }));
}

/** Toggles a rank in the seat's characters of the last round. */
export function toggleLastRound(model: CitadellesModel, seat: number, rank: number): CitadellesModel {
	return withSeat(model, seat, (p) => ({
		...p,
		charactersLastRound: p.charactersLastRound.includes(rank)
			? p.charactersLastRound.filter((r) => r !== rank)
			: [...p.charactersLastRound, rank].sort((a, b) => a - b)
	}));
}

/** Moves a seat one place earlier (-1) or later (+1) in the completion order. */
export function moveCompletion(model: CitadellesModel, index: number, by: -1 | 1): CitadellesModel {
	const order = [...model.completionOrder];
	const j = index + by;
	if (j < 0 || j >= order.length) return model;
	[order[index], order[j]] = [order[j], order[index]];
	return { ...model, completionOrder: order };
}
