// In-memory stand-in for the Rust core: same commands, same shapes, simplified rules (the
// generic score sheet: sum per category, rank, Valencia's city tie-break). Used by vitest and
// when the UI runs in a plain browser. Not a reference for scoring: the core is.
import { fold } from '$lib/text';
import { BackendError } from './error';
import type { Backend } from './index';
import { CITADELLES_CATALOGUE } from './citadelles-catalogue';
import { SPLENDOR_CATALOGUE } from './splendor-catalogue';
import type {
	AnyTableState,
	UndoneState,
	AppInfo,
	CardValue,
	CitadellesTableState,
	Colour,
	GameId,
	GameSummary,
	Lang,
	LoadedPreferences,
	PlayDetail,
	PlaySummary,
	Player,
	Preferences,
	Problem,
	RuleEntry,
	RuleHit,
	RuleSearch,
	SearchFilter,
	Scoreboard,
	SplendorTableState,
	TableState,
	Text,
	TieBreak
} from './types';

const t = (fr: string, en: string): Text => ({ fr, en });

/** What the fake leaves to the core (rules helpers, statistics, files): a clear refusal;
 * `what` reads "the round caller needs". */
function notInPreview(what: string): never {
	throw new BackendError('internal', `not in the browser preview: ${what} the app core`);
}

const comp = (id: string, fr: string, en: string, min: number, max: number, categories: string[] = []) => ({
	id,
	label: t(fr, en),
	min_players: min,
	max_players: max,
	mode: 'competitive' as const,
	categories
});
const cat = (key: string, fr: string, en: string, negative = false) => ({
	key,
	label: t(fr, en),
	source: 'fake',
	variants: [],
	negative
});

export const FAKE_GAMES: GameSummary[] = [
	{
		id: 'valencia',
		name: 'Valencia',
		variant_label: t('Module', 'Module'),
		variants: [
			comp('base', 'Jeu de base', 'Base game', 2, 5),
			comp('special_influence', 'Cartes Influence spéciales', 'Special influence cards', 2, 5)
		],
		categories: [
			cat('city', 'Membres dans la ville', 'Members in the city'),
			cat('palms', 'Palmiers', 'Palms'),
			cat('fountains', 'Fontaines', 'Fountains'),
			cat('privileges', 'Privilèges inutilisés', 'Unused privileges'),
			cat('missions_completed', 'Missions réussies', 'Missions completed'),
			cat('missions_failed', 'Missions échouées', 'Missions failed', true)
		],
		table_schema_version: 1
	},
	{
		id: 'citadelles',
		name: 'Citadelles',
		variant_label: t('Règles', 'Rules'),
		variants: [comp('classique', 'Classique', 'Classic', 2, 7), comp('deuxieme_edition', '2e édition', '2nd edition', 2, 8)],
		categories: [
			cat('districts', 'Coût des quartiers', 'District costs'),
			cat('five_types', 'Cinq types', 'Five types'),
			cat('first_complete', 'Première cité complète', 'First complete city'),
			cat('complete', 'Cité complète', 'Complete city'),
			cat('wonders', 'Bonus des merveilles', 'Wonder bonuses')
		],
		table_schema_version: 1
	},
	{
		id: 'orleans',
		name: 'Orléans: Invasion',
		variant_label: t('Scénario', 'Scenario'),
		variants: [
			comp('prosperite', 'Prospérité', 'Golden Age', 2, 5),
			{ id: 'invasion', label: t('Invasion', 'Invasion'), min_players: 2, max_players: 5, mode: 'coop', categories: [] },
			{ id: 'duel', label: t('Le duel', 'The Duel'), min_players: 2, max_players: 2, mode: 'objective_race', categories: [] },
			{ id: 'dignitaire', label: t('Le dignitaire', 'The Dignitary'), min_players: 1, max_players: 1, mode: 'solo', categories: [] }
		],
		categories: [
			cat('coins', 'Pièces', 'Coins'),
			cat('goods', 'Marchandises', 'Goods'),
			cat('development', 'Développement', 'Development'),
			cat('buildings', 'Bâtiments complétés', 'Completed buildings')
		],
		table_schema_version: 1
	},
	{
		// As the core's splendor::INFO: four modules played separately, five categories.
		id: 'splendor',
		name: 'Les Cités de Splendor',
		variant_label: t('Module', 'Module'),
		variants: [
			comp('cities', 'Les Cités', 'Cities', 2, 4, ['cards', 'city']),
			comp('trading_posts', 'Les Comptoirs', 'Trading Posts', 2, 4, ['cards', 'nobles', 'powers']),
			comp('orient', "L'Orient", 'The Orient', 2, 4, ['cards', 'nobles', 'orient']),
			comp('strongholds', 'Les Bastions', 'Strongholds', 2, 4, ['cards', 'nobles'])
		],
		categories: [
			cat('cards', 'Prestige des cartes', 'Card prestige'),
			cat('nobles', 'Nobles', 'Nobles'),
			cat('orient', 'Prestige des cartes Orient', 'Orient card prestige'),
			cat('powers', 'Pouvoirs des comptoirs', 'Trading post powers'),
			cat('city', 'Cité', 'City')
		],
		table_schema_version: 2
	}
];

function fakeRules(): RuleEntry[] {
	const rules: RuleEntry[] = [];
	for (const g of FAKE_GAMES) {
		const scoring = g.categories.map((c) => `${g.id}.scoring.${c.key}`);
		rules.push({
			id: `${g.id}.overview`,
			game: g.id,
			kind: 'overview',
			title: t(`${g.name} en bref`, `${g.name} at a glance`),
			body: t(
				`Fiche d'essai (données factices) : ${g.name} se marque par catégories. Le plus de points gagne.`,
				`Test entry (fake data): ${g.name} is scored by category. Most points wins.`
			),
			source: 'fake',
			variants: [],
			related: [{ id: `${g.id}.tie_break`, title: t('Départage', 'Tie-break') }]
		});
		rules.push({
			id: `${g.id}.tie_break`,
			game: g.id,
			kind: 'scoring',
			title: t(`Départage à ${g.name}`, `${g.name} tie-break`),
			body: t('En cas d\'égalité, la victoire est partagée.', 'On a tie, the victory is shared.'),
			source: 'fake',
			variants: [],
			related: [{ id: `${g.id}.overview`, title: t(`${g.name} en bref`, `${g.name} at a glance`) }]
		});
		for (const c of g.categories) {
			rules.push({
				id: `${g.id}.scoring.${c.key}`,
				game: g.id,
				kind: 'scoring',
				title: c.label,
				body: t(
					`Comptez les points « ${c.label.fr} » de chaque joueur${c.negative ? ' (ils se retranchent)' : ''}.`,
					`Count each player's “${c.label.en}” points${c.negative ? ' (they are subtracted)' : ''}.`
				),
				source: 'fake',
				variants: [],
				related: scoring
					.filter((id) => id !== `${g.id}.scoring.${c.key}`)
					.slice(0, 2)
					.map((id) => ({ id, title: g.categories.find((x) => id.endsWith(`.${x.key}`))!.label }))
			});
		}
	}
	// The Splendor screen's rule buttons: modules, Strongholds' rules, and every catalogue item.
	const entry = (id: string, title: Text, body: Text): RuleEntry => ({
		id,
		game: 'splendor',
		kind: 'card',
		title,
		body,
		source: 'fake',
		variants: [],
		related: [{ id: 'splendor.overview', title: t('Les Cités de Splendor en bref', 'Les Cités de Splendor at a glance') }]
	});
	const splendor = FAKE_GAMES.find((g) => g.id === 'splendor')!;
	for (const v of splendor.variants)
		rules.push(entry(`splendor.variant.${v.id}`, v.label, t(`Fiche d'essai : le module ${v.label.fr}.`, `Test entry: the ${v.label.en} module.`)));
	for (const k of ['placement', 'occupation', 'conquest'])
		rules.push(entry(`splendor.strongholds.${k}`, t(`Bastions : ${k}`, `Strongholds: ${k}`), t("Fiche d'essai.", 'Test entry.')));
	for (const c of SPLENDOR_CATALOGUE.cities)
		rules.push(entry(c.rule, t(`Cité ${c.prestige}`, `City ${c.prestige}`), c.text));
	for (const p of SPLENDOR_CATALOGUE.powers) rules.push(entry(p.rule, p.requirement_text, p.effect));
	for (const o of SPLENDOR_CATALOGUE.orient)
		if (!rules.some((r) => r.id === o.rule)) rules.push(entry(o.rule, o.kind_name, o.effect));
	return rules;
}

/** Splits `text` into segments, marking each occurrence of any token (accent/case-insensitive). */
export function highlight(text: string, tokens: string[]): { text: string; hit: boolean }[] {
	const folded = fold(text);
	// NFD folding can change lengths for precomposed letters; map by walking per character.
	if (folded.length !== text.length) return [{ text, hit: false }];
	const marks = new Array<boolean>(text.length).fill(false);
	for (const tok of tokens) {
		if (!tok) continue;
		let i = folded.indexOf(tok);
		while (i >= 0) {
			for (let k = i; k < i + tok.length; k++) marks[k] = true;
			i = folded.indexOf(tok, i + tok.length);
		}
	}
	const out: { text: string; hit: boolean }[] = [];
	for (let i = 0; i < text.length; i++) {
		const last = out[out.length - 1];
		if (last && last.hit === marks[i]) last.text += text[i];
		else out.push({ text: text[i], hit: marks[i] });
	}
	return out;
}

/** A Splendor v2 table (players carry `bonuses`, not the generic sheet's `points`). */
function isSplendorState(state: AnyTableState): state is SplendorTableState {
	return Array.isArray(state?.players) && !state.players.some((p) => p && typeof p === 'object' && 'points' in p);
}

const GEMS: Colour[] = ['white', 'blue', 'green', 'red', 'black'];

/**
 * Simplified Splendor scoring for the fake: prestige = cards + 3 per noble + Orient cards'
 * printed prestige; trading-post powers are not computed (0); Cities: only holders can win.
 * Checks the counts, the cities and the Orient cards roughly. The core is the reference.
 */
function scoreSplendor(p: PlayDetail, raw: SplendorTableState): { scoreboard: Scoreboard | null; problems: Problem[] } {
	const problems: Problem[] = [];
	const push = (field: string, code: string, fr: string, en: string) => problems.push({ field, code, message: t(fr, en) });
	const module = raw.variant || 'cities';
	if (!['cities', 'trading_posts', 'orient', 'strongholds'].includes(module))
		push('variant', 'unknown_variant', `Module inconnu « ${module} ».`, `Unknown module “${module}”.`);
	const players = raw.players ?? [];
	if (players.length < 2 || players.length > 4)
		push('players', 'player_count', 'De 2 à 4 joueurs.', '2 to 4 players.');
	const count = (field: string, v: unknown, max: number): number => {
		if (v === null || v === undefined) return 0;
		if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) {
			push(field, 'out_of_range', `${String(v)} est hors limites (de 0 à ${max}).`, `${String(v)} is out of range (0 to ${max}).`);
			return 0;
		}
		return v;
	};
	const inPlay = raw.cities_in_play ?? [];
	if (module === 'cities') {
		inPlay.forEach((id, j) => {
			if (!SPLENDOR_CATALOGUE.cities.some((c) => c.id === id))
				push(`cities_in_play[${j}]`, 'unknown_city', `Cité inconnue « ${id} ».`, `Unknown city “${id}”.`);
		});
		if (inPlay.length !== 3)
			push('cities_in_play', raw.cities_in_play ? 'city_count' : 'missing', 'Indiquez les 3 Cités en jeu.', 'Give the 3 cities in play.');
	}
	const held = new Set<string>();
	const rows = players.map((pl, i) => {
		if (!pl?.name?.trim()) push(`players[${i}].name`, 'empty_name', `Le joueur ${i + 1} n'a pas de nom.`, `Player ${i + 1} has no name.`);
		const bonuses = GEMS.reduce((a, c) => a + count(`players[${i}].bonuses.${c}`, pl.bonuses?.[c], 40), 0);
		const cards = count(`players[${i}].card_prestige`, pl.card_prestige, 99);
		const nobles = count(`players[${i}].nobles`, pl.nobles, 5);
		if (module === 'cities' && nobles > 0)
			push(`players[${i}].nobles`, 'not_in_module', 'Pas de nobles avec les Cités.', 'No nobles with the Cities module.');
		const typedCards = pl.development_cards ?? null;
		if (typedCards !== null && count(`players[${i}].development_cards`, typedCards, 90) !== bonuses)
			push(`players[${i}].development_cards`, 'cards_bonuses_mismatch', 'Autant de cartes que de bonus.', 'As many cards as bonuses.');
		const owned = (module === 'orient' ? (pl.orient ?? []) : []).map((o, j) => {
			const card = SPLENDOR_CATALOGUE.orient.find((c) => c.id === o.card);
			if (!card) push(`players[${i}].orient[${j}].card`, 'unknown_orient_card', 'Carte Orient inconnue.', 'Unknown Orient card.');
			else if (card.copies_a_colour && !o.colour)
				push(`players[${i}].orient[${j}].colour`, 'missing_colour', 'Indiquez la couleur appariée.', 'Give the paired colour.');
			return card;
		});
		const city = module === 'cities' ? (pl.cities ?? [])[0] ?? null : null;
		if (city !== null) {
			if (!inPlay.includes(city)) push(`players[${i}].cities[0]`, 'city_not_in_play', "Cette Cité n'est pas en jeu.", 'This city is not in play.');
			else if (held.has(city)) push(`players[${i}].cities[0]`, 'city_taken_twice', 'Cité déjà prise.', 'City already taken.');
			held.add(city);
		}
		const orient = owned.reduce((a, c) => a + (c?.prestige ?? 0), 0);
		const nobleScore = module === 'cities' ? 0 : 3 * nobles;
		return { cards, nobles: nobleScore, orient, city, devCards: bonuses + owned.length };
	});
	if (problems.length) return { scoreboard: null, problems };

	const totals = rows.map((r) => r.cards + r.nobles + r.orient);
	const holders = rows.map((r) => r.city !== null);
	const anyHolder = holders.some(Boolean);
	// Better = holder (Cities), then more prestige, then fewer cards.
	const key = (i: number) => [module === 'cities' && holders[i] ? 1 : 0, totals[i], -rows[i].devCards];
	const beats = (a: number, b: number) => {
		const [ka, kb] = [key(a), key(b)];
		for (let k = 0; k < ka.length; k++) if (ka[k] !== kb[k]) return ka[k] > kb[k];
		return false;
	};
	const ranks = rows.map((_, i) => 1 + rows.filter((_, j) => beats(j, i)).length);
	const winner = (i: number) => ranks[i] === 1 && (module !== 'cities' || (anyHolder && holders[i]));
	const used = (k: string) =>
		k === 'cards' || (k === 'nobles' && module !== 'cities') || (k === 'orient' && module === 'orient') || (k === 'powers' && module === 'trading_posts') || (k === 'city' && module === 'cities');
	const detail = (k: string, v: number, i: number): Text =>
		!used(k)
			? t('Pas utilisé dans ce module : 0.', 'Not used with this module: 0.')
			: k === 'powers'
				? t('Non calculé par le faux backend : 0.', 'Not computed by the fake backend: 0.')
				: k === 'city'
					? rows[i].city
						? t(`Détient la Cité ${rows[i].city}.`, `Holds city ${rows[i].city}.`)
						: t('Aucune Cité.', 'No city.')
					: t(`${v} (saisi).`, `${v} (entered).`);
	return {
		problems: [],
		scoreboard: {
			game: 'splendor',
			variant: module,
			outcome: { kind: 'points' },
			tie_breaks: [],
			players: players.map((pl, i) => ({
				seat: i,
				name: pl.name,
				total: totals[i],
				rank: ranks[i],
				winner: winner(i),
				categories: (['cards', 'nobles', 'orient', 'powers', 'city'] as const).map((k) => {
					const points = k === 'cards' ? rows[i].cards : k === 'nobles' ? rows[i].nobles : k === 'orient' ? rows[i].orient : 0;
					return { key: k, points, detail: detail(k, points, i) };
				})
			}))
		}
	};
}

/**
 * Simplified Citadelles scoring for the fake: the cost of the districts built (catalogue costs,
 * custom wonders' costs) and nothing else; ties shared. The core is the reference.
 */
function scoreCitadelles(raw: CitadellesTableState): { scoreboard: Scoreboard | null; problems: Problem[] } {
	const profile = CITADELLES_CATALOGUE.profiles.find((p) => p.variant === raw.variant);
	const cost = (id: string) =>
		CITADELLES_CATALOGUE.districts.find((d) => d.id === id)?.cost ?? profile?.wonders.find((w) => w.id === id)?.cost;
	const problems: Problem[] = [];
	const players = raw.players ?? [];
	const totals = players.map((pl, i) =>
		(pl.districts ?? []).reduce((n, id, j) => {
			const c = cost(id);
			if (c === undefined)
				problems.push({ field: `players[${i}].districts[${j}]`, code: 'unknown_district', message: t(`Quartier inconnu « ${id} ».`, `Unknown district “${id}”.`) });
			return n + (c ?? 0);
		}, 0) + (pl.custom_wonders ?? []).reduce((n, w) => n + w.cost, 0)
	);
	if (problems.length) return { scoreboard: null, problems };
	const ranks = totals.map((v) => 1 + totals.filter((w) => w > v).length);
	return {
		problems: [],
		scoreboard: {
			game: 'citadelles',
			variant: raw.variant,
			outcome: { kind: 'points' },
			tie_breaks: [],
			players: players.map((pl, i) => ({
				seat: i,
				name: pl.name,
				total: totals[i],
				rank: ranks[i],
				winner: ranks[i] === 1,
				categories: [{ key: 'districts', points: totals[i], detail: t('Coût des quartiers (faux backend).', 'District costs (fake backend).') }]
			}))
		}
	};
}

interface Db {
	cardValues: CardValue[];
	nextPlayer: number;
	nextPlay: number;
	players: Player[];
	plays: PlayDetail[];
	preferences: Preferences;
}

const STORAGE_KEY = 'greffier.fake-backend';

export interface FakeOptions {
	/** Keep the data in localStorage (browser dev mode). */
	persist?: boolean;
	/** What get_preferences reports as notice (e.g. "reset"). */
	notice?: string | null;
	/** Milliseconds each call waits (to see loading states). */
	latency?: number;
}

export function createFakeBackend(opts: FakeOptions = {}): Backend & { db: Db } {
	const fresh = (): Db => ({
		cardValues: [],
		nextPlayer: 1,
		nextPlay: 1,
		players: [],
		plays: [],
		preferences: { language: null, theme: 'system', default_player_count: null }
	});
	let db: Db = fresh();
	/** Saved states replaced by each autosave, per play (what undo brings back). */
	const revisions: Record<number, unknown[]> = {};
	if (opts.persist) {
		try {
			const raw = localStorage.getItem(STORAGE_KEY);
			if (raw) db = { ...fresh(), ...JSON.parse(raw) };
		} catch {
			db = fresh();
		}
	}
	const save = () => {
		if (opts.persist) localStorage.setItem(STORAGE_KEY, JSON.stringify(db));
	};
	const rules = fakeRules();
	const clone = <T>(v: T): T => (v === undefined ? v : JSON.parse(JSON.stringify(v)));
	const wait = async () => {
		if (opts.latency) await new Promise((r) => setTimeout(r, opts.latency));
	};

	function game(id: GameId): GameSummary {
		const g = FAKE_GAMES.find((x) => x.id === id);
		if (!g) throw new BackendError('not_found', `unknown game ${id}`);
		return g;
	}
	function play(id: number): PlayDetail {
		const p = db.plays.find((x) => x.id === id);
		if (!p) throw new BackendError('not_found', `no play ${id}`);
		return p;
	}

	function score(p: PlayDetail, state: AnyTableState): { scoreboard: Scoreboard | null; problems: Problem[] } {
		if (p.game === 'splendor' && isSplendorState(state)) return scoreSplendor(p, state);
		if (p.game === 'citadelles' && Array.isArray(state?.players) && state.players.some((x) => x && 'districts' in x))
			return scoreCitadelles(state as CitadellesTableState);
		const raw = state as TableState;
		const g = game(p.game);
		const problems: Problem[] = [];
		const push = (field: string, code: string, fr: string, en: string) =>
			problems.push({ field, code, message: t(fr, en) });
		const variant = g.variants.find((v) => v.id === raw.variant);
		if (!variant) push('variant', 'unknown_variant', `Variante inconnue « ${raw.variant} ».`, `Unknown variant “${raw.variant}”.`);
		const players = raw.players ?? [];
		if (variant && (players.length < variant.min_players || players.length > variant.max_players))
			push(
				'players',
				'player_count',
				`${g.name} se joue de ${variant.min_players} à ${variant.max_players} joueurs.`,
				`${g.name} is played by ${variant.min_players} to ${variant.max_players} players.`
			);
		const points = players.map((pl, i) => {
			if (!String(pl.name ?? "").trim()) push(`players[${i}].name`, 'empty_name', `Le joueur ${i + 1} n'a pas de nom.`, `Player ${i + 1} has no name.`);
			return g.categories.map((c) => {
				const v = pl.points?.[c.key];
				if (v === null || v === undefined) return 0;
				if (typeof v !== 'number' || !Number.isInteger(v)) {
					push(`players[${i}].points.${c.key}`, 'not_an_integer', 'Un nombre entier est attendu.', 'A whole number is expected.');
					return 0;
				}
				if (Math.abs(v) > 999) {
					push(`players[${i}].points.${c.key}`, 'out_of_range', `${v} points est hors limites.`, `${v} points is out of range.`);
					return 0;
				}
				return v;
			});
		});
		let outcome: Scoreboard['outcome'] = { kind: 'points' };
		const mode = variant?.mode ?? 'competitive';
		if (mode !== 'competitive') {
			const won = raw.result?.won ?? null;
			const round = raw.result?.round_reached ?? null;
			if (round !== null && (round < 1 || round > 30))
				push('result.round_reached', 'out_of_range', 'Manche atteinte invalide (de 1 à 30).', 'Invalid round reached (1 to 30).');
			if (won === null && mode !== 'objective_race')
				push('result.won', 'missing', 'Indiquez si la partie est gagnée ou perdue.', 'Say whether the game was won or lost.');
			if (mode === 'solo' && !round) push('result.round_reached', 'missing', 'Indiquez la manche atteinte.', 'Give the round reached.');
			outcome =
				mode === 'coop'
					? { kind: 'coop', won: !!won, round_reached: round }
					: mode === 'solo'
						? { kind: 'solo', won: !!won, round_reached: round ?? 0 }
						: { kind: 'objective_race', round_reached: round ?? 0 };
		}
		if (problems.length) return { scoreboard: null, problems };

		const totals = points.map((ps) => ps.reduce((a, b) => a + b, 0));
		const cityIdx = p.game === 'valencia' ? g.categories.findIndex((c) => c.key === 'city') : -1;
		const key = (i: number) => [totals[i], cityIdx >= 0 ? points[i][cityIdx] : 0];
		const order = players.map((_, i) => i);
		const ranks = order.map((i) => 1 + order.filter((j) => {
			const [tj, cj] = key(j);
			const [ti, ci] = key(i);
			return tj > ti || (tj === ti && cj > ci);
		}).length);
		const tie_breaks: TieBreak[] = [];
		for (const total of [...new Set(totals)]) {
			const seats = order.filter((i) => totals[i] === total);
			if (seats.length < 2) continue;
			const shared = new Set(seats.map((i) => ranks[i])).size < seats.length;
			const names = seats.map((i) => players[i].name);
			tie_breaks.push({
				seats,
				total,
				criteria: cityIdx >= 0 ? ['city'] : [],
				shared,
				explanation: shared
					? t(`${names.join(' et ')} à égalité avec ${total} : victoire partagée.`, `${names.join(' and ')} tied on ${total}: shared.`)
					: t(
							`${names.join(' et ')} à égalité avec ${total} ; départagés par les membres dans la ville.`,
							`${names.join(' and ')} tied on ${total}; settled by members in the city.`
						)
			});
		}
		const coopWon = outcome.kind === 'coop' || outcome.kind === 'solo' ? outcome.won : null;
		return {
			problems: [],
			scoreboard: {
				game: p.game,
				variant: raw.variant,
				outcome,
				tie_breaks,
				players: players.map((pl, i) => ({
					seat: i,
					name: pl.name,
					total: totals[i],
					rank: ranks[i],
					winner: coopWon ?? ranks[i] === 1,
					categories: g.categories.map((c, k) => ({
						key: c.key,
						points: points[i][k],
						detail: t(`${points[i][k]} points saisis (${c.label.fr}).`, `${points[i][k]} points entered (${c.label.en}).`)
					}))
				}))
			}
		};
	}

	function summary(p: PlayDetail): PlaySummary {
		return {
			id: p.id,
			game: p.game,
			variant: p.variant,
			status: p.status,
			started_at: p.started_at,
			ended_at: p.ended_at,
			location: p.location,
			duration_minutes: p.duration_minutes,
			outcome: p.scoreboard?.outcome.kind ?? null,
			won: p.scoreboard && 'won' in p.scoreboard.outcome ? p.scoreboard.outcome.won : null,
			deleted_at: p.deleted_at,
			players: p.seats.map((s) => {
				const sc = p.scoreboard?.players.find((x) => x.seat === s.seat);
				return {
					name: s.player_name,
					colour: s.colour,
					total: sc?.total ?? null,
					rank: sc?.rank ?? null,
					winner: sc?.winner ?? false
				};
			})
		};
	}

	const api: Backend & { db: Db } = {
		get db() {
			return db;
		},
		async appInfo(): Promise<AppInfo> {
			await wait();
			return { version: '0.0.0-fake', db_path: '(in memory)', schema_version: 0 };
		},
		async getPreferences(): Promise<LoadedPreferences> {
			await wait();
			return { preferences: clone(db.preferences), notice: opts.notice ?? null };
		},
		async setPreferences(p) {
			await wait();
			db.preferences = clone(p);
			save();
			return clone(p);
		},
		async listGames() {
			await wait();
			return clone(FAKE_GAMES);
		},
		async splendorCatalogue() {
			await wait();
			return clone(SPLENDOR_CATALOGUE);
		},
		async setupChecklist(game, variant, players) {
			await wait();
			if (game !== 'splendor') return [{ text: t('Mise en place (aperçu navigateur).', 'Setup (browser preview).'), rule: `${game}.overview` }];
			// A short stand-in: the real checklist (gems by count, nobles or cities…) is the core's.
			const gems = players === 2 ? 4 : players === 3 ? 5 : 7;
			return [
				{ text: { fr: `Jetons gemmes : ${gems} de chaque couleur.`, en: `Gem tokens: ${gems} of each colour.` }, rule: null },
				{ text: { fr: 'Jetons or : les 5.', en: 'Gold tokens: all 5.' }, rule: `splendor.setup.${variant}` }
			];
		},
		async citadellesCatalogue() {
			await wait();
			return clone(CITADELLES_CATALOGUE);
		},
		// The draft and the round caller are rules the core runs; the fake does not imitate them.
		async citadellesDraftPlan() {
			return notInPreview('the draft plan needs');
		},
		async citadellesDrawDraft() {
			return notInPreview('the draft draw needs');
		},
		async citadellesStartRound() {
			return notInPreview('the round caller needs');
		},
		async citadellesRoundApply() {
			return notInPreview('the round caller needs');
		},
		async citadellesRoundView() {
			return notInPreview('the round caller needs');
		},
		async citadellesDestructionQuote() {
			return notInPreview('the round caller needs');
		},
		// Valencia's and Orléans' helpers are rules the core runs; the fake does not imitate
		// them (component tests stub what they need).
		async valenciaMissions() {
			return notInPreview('the missions need');
		},
		async valenciaAuction() {
			return notInPreview('the auction needs');
		},
		async valenciaCouncil() {
			return notInPreview('the council needs');
		},
		async valenciaRound() {
			return notInPreview('the round tracker needs');
		},
		async valenciaCountCouncil() {
			return notInPreview('the council needs');
		},
		async valenciaApplyAuction() {
			return notInPreview('the auction needs');
		},
		async orleansScenarios() {
			return notInPreview('the scenarios need');
		},
		async orleansEvents() {
			return notInPreview('the events need');
		},
		async orleansCharacters() {
			return notInPreview('the characters need');
		},
		async orleansSetup() {
			return notInPreview('the setup needs');
		},
		async orleansBuildDeck() {
			return notInPreview('the deck needs');
		},
		async orleansCloseRound() {
			return notInPreview('closing a round needs');
		},
		async cardValues(game) {
			await wait();
			return db.cardValues.filter((c) => c.game === game).map((c) => clone(c));
		},
		async setCardValue(game, card, value) {
			await wait();
			const kept = { game, card, value };
			db.cardValues = [...db.cardValues.filter((c) => !(c.game === game && c.card === card)), kept];
			save();
			return clone(kept);
		},
		async listPlayers() {
			await wait();
			return clone(db.players).sort((a, b) => a.name.localeCompare(b.name));
		},
		async createPlayer(name, colour) {
			await wait();
			const n = name.trim();
			if (!n)
				throw new BackendError('invalid_input', 'empty name', [
					{ field: 'name', code: 'empty_name', message: t('Le nom est vide.', 'The name is empty.') }
				]);
			if (db.players.some((p) => p.name.toLowerCase() === n.toLowerCase()))
				throw new BackendError('invalid_input', 'duplicate name', [
					{ field: 'name', code: 'duplicate_name', message: t(`« ${n} » existe déjà.`, `“${n}” already exists.`) }
				]);
			const p: Player = { id: db.nextPlayer++, name: n, colour, archived: false };
			db.players.push(p);
			save();
			return clone(p);
		},
		async startPlay(np) {
			await wait();
			const g = game(np.game);
			const v = g.variants.find((x) => x.id === np.variant);
			if (!v) throw new BackendError('invalid_input', 'unknown variant', [{ field: 'variant', code: 'unknown_variant', message: t('Variante inconnue.', 'Unknown variant.') }]);
			if (np.seats.length < v.min_players || np.seats.length > v.max_players)
				throw new BackendError('invalid_input', 'player count', [
					{ field: 'seats', code: 'player_count', message: t(`De ${v.min_players} à ${v.max_players} joueurs.`, `${v.min_players} to ${v.max_players} players.`) }
				]);
			const p: PlayDetail = {
				id: db.nextPlay++,
				uuid: `fake-${Date.now()}-${db.nextPlay}`,
				game: np.game,
				variant: np.variant,
				status: 'in_progress',
				started_at: new Date().toISOString(),
				ended_at: null,
				location: np.location,
				notes: np.notes,
				duration_minutes: null,
				deleted_at: null,
				seats: np.seats.map((s, i) => {
					const pl = db.players.find((x) => x.id === s.player_id);
					if (!pl) throw new BackendError('not_found', `no player ${s.player_id}`);
					return { seat: i, player_id: pl.id, player_name: pl.name, colour: s.colour, first_player: i === np.first_seat };
				}),
				table_state: null,
				table_schema_version: null,
				scoreboard: null,
				events: []
			};
			db.plays.push(p);
			save();
			return clone(p);
		},
		async saveTableState(id, state) {
			await wait();
			const p = play(id);
			if (p.status !== 'in_progress') throw new BackendError('invalid_input', 'play is not in progress');
			// Like the core: a play with nothing saved yet goes back to nothing (null).
			const before = p.table_state ?? null;
			if (JSON.stringify(before) !== JSON.stringify(state)) {
				(revisions[id] ??= []).push(clone(before));
			}
			p.table_state = clone(state) as unknown as PlayDetail['table_state'];
			p.table_schema_version = game(p.game).table_schema_version;
			const r = score(p, state);
			p.scoreboard = r.scoreboard;
			save();
			// The fake computes no game help (eligibility, powers): that is the core's job.
			return { ...clone(r), help: null, partial: null, undo_steps: revisions[id]?.length ?? 0 };
		},
		async previewTableState(id, state) {
			await wait();
			const p = play(id);
			// As the core: a finished play is previewed too (corrected in its sheet).
			if (p.status === 'abandoned') throw new BackendError('invalid_input', 'play is abandoned');
			return { ...clone(score(p, state)), help: null, partial: null, undo_steps: revisions[id]?.length ?? 0 };
		},
		async undoTableState(id) {
			await wait();
			const p = play(id);
			const prev = revisions[id]?.pop();
			if (prev === undefined) throw new BackendError('invalid_input', 'nothing to undo');
			p.table_state = clone(prev) as unknown as PlayDetail['table_state'];
			const r = prev === null ? { scoreboard: null, problems: [] } : score(p, prev as AnyTableState);
			save();
			const undo_steps = revisions[id]?.length ?? 0;
			return { state: clone(prev) as UndoneState['state'], preview: { ...clone(r), help: null, partial: null, undo_steps } };
		},
		async finishPlay(id, state) {
			await wait();
			const p = play(id);
			if (p.status !== 'in_progress') throw new BackendError('invalid_input', 'play is not in progress');
			const r = score(p, state);
			if (!r.scoreboard) throw new BackendError('invalid_input', 'invalid sheet', r.problems);
			p.table_state = clone(state) as unknown as PlayDetail['table_state'];
			p.scoreboard = r.scoreboard;
			p.status = 'finished';
			p.ended_at = new Date().toISOString();
			save();
			return clone(p);
		},
		async abandonPlay(id) {
			await wait();
			const p = play(id);
			p.status = 'abandoned';
			p.ended_at = new Date().toISOString();
			save();
			return clone(p);
		},
		async listPlays(f) {
			await wait();
			const all = db.plays
				.filter(
					(p) =>
						(!f.game || p.game === f.game) &&
						(!f.status || p.status === f.status) &&
						(!f.variant || p.variant === f.variant) &&
						(!f.player_id || p.seats.some((s) => s.player_id === f.player_id)) &&
						Boolean(f.deleted) === Boolean(p.deleted_at)
				)
				.sort((a, b) => b.started_at.localeCompare(a.started_at) || b.id - a.id);
			const offset = f.offset ?? 0;
			const limit = f.limit || 20;
			return { total: all.length, plays: all.slice(offset, offset + limit).map(summary) };
		},
		async getPlay(id) {
			await wait();
			return clone(play(id));
		},
		async unfinishedPlays() {
			await wait();
			return db.plays.filter((p) => p.status === 'in_progress' && !p.deleted_at).map(summary);
		},
		async editPlay(id, e) {
			await wait();
			const p = play(id);
			if (e.location !== undefined) p.location = e.location ?? null;
			if (e.notes !== undefined) p.notes = e.notes ?? null;
			if (e.duration_minutes !== undefined) p.duration_minutes = e.duration_minutes ?? null;
			save();
			return clone(p);
		},
		async deletePlay(id) {
			await wait();
			const p = play(id);
			p.deleted_at = new Date().toISOString();
			save();
			return clone(p);
		},
		async restorePlay(id) {
			await wait();
			const p = play(id);
			p.deleted_at = null;
			save();
			return clone(p);
		},
		async renamePlayer(id, name) {
			await wait();
			const pl = db.players.find((x) => x.id === id);
			if (!pl) throw new BackendError('not_found', `no player ${id}`);
			pl.name = name.trim();
			for (const p of db.plays) for (const s of p.seats) if (s.player_id === id) s.player_name = pl.name;
			save();
			return clone(pl);
		},
		async setPlayerColour(id, colour) {
			await wait();
			const pl = db.players.find((x) => x.id === id);
			if (!pl) throw new BackendError('not_found', `no player ${id}`);
			pl.colour = colour;
			save();
			return clone(pl);
		},
		async setPlayerArchived(id, archived) {
			await wait();
			const pl = db.players.find((x) => x.id === id);
			if (!pl) throw new BackendError('not_found', `no player ${id}`);
			pl.archived = archived;
			save();
			return clone(pl);
		},
		async mergePlayers(kept, absorbed) {
			await wait();
			const k = db.players.find((x) => x.id === kept);
			if (!k || !db.players.some((x) => x.id === absorbed)) throw new BackendError('not_found', 'no such player');
			for (const p of db.plays)
				for (const s of p.seats)
					if (s.player_id === absorbed) {
						s.player_id = kept;
						s.player_name = k.name;
					}
			db.players = db.players.filter((x) => x.id !== absorbed);
			save();
			return clone(k);
		},
		// Statistics, files and backups are the core's (SQL over the history, the file system).
		async gameStats() {
			return notInPreview('statistics need');
		},
		async playerStats() {
			return notInPreview('statistics need');
		},
		async scenarioStats() {
			return notInPreview('statistics need');
		},
		async activity() {
			return notInPreview('statistics need');
		},
		async historyProgress() {
			return null;
		},
		async playerPlayCounts() {
			await wait();
			return db.players.map((pl) => ({
				player_id: pl.id,
				plays: db.plays.filter((p) => p.status === 'finished' && !p.deleted_at && p.seats.some((s) => s.player_id === pl.id)).length,
				other_plays: 0
			}));
		},
		async listOtherPlays() {
			// The preview holds no imported plays of other games (imports need the app).
			return { plays: [], total: 0, games: [] };
		},
		async importFile() {
			return notInPreview('imports need');
		},
		async exportFile() {
			return notInPreview('exports need');
		},
		async listBackups() {
			return [];
		},
		async backupNow() {
			return notInPreview('backups need');
		},
		async restoreBackup() {
			return notInPreview('backups need');
		},
		async logRoundEvent(id, round, kind, payload) {
			await wait();
			const p = play(id);
			const event = {
				round,
				seq: p.events.length + 1,
				kind,
				payload: clone(payload) as PlayDetail['events'][number]['payload'],
				recorded_at: new Date().toISOString()
			};
			p.events.push(event);
			save();
			return clone(event);
		},
		async searchRules(query: string, filter: SearchFilter): Promise<RuleSearch> {
			await wait();
			const g = filter.game ?? null;
			const lang: Lang = filter.lang;
			const limit = filter.limit || 20;
			const tokens = fold(query).split(/\s+/).filter(Boolean);
			if (!tokens.length) return { hits: [], suggestions: [], corrected: null };
			const hits: RuleHit[] = [];
			for (const r of rules) {
				if (g !== null && r.game !== g) continue;
				if (filter.kind && r.kind !== filter.kind) continue;
				const hay = fold(`${r.title[lang]} ${r.body[lang]}`);
				if (!tokens.every((tok) => hay.includes(tok))) continue;
				const body = r.body[lang];
				const at = Math.max(0, fold(body).indexOf(tokens[0]) - 30);
				const excerpt = (at > 0 ? '…' : '') + body.slice(at, at + 120) + (at + 120 < body.length ? '…' : '');
				hits.push({ id: r.id, game: r.game, kind: r.kind, title: r.title[lang], snippet: highlight(excerpt, tokens) });
				if (hits.length >= limit) break;
			}
			// The fake suggests and corrects nothing: close terms and typos are the core's.
			return { hits, suggestions: [], corrected: null };
		},
		async listRules(filter: SearchFilter): Promise<RuleHit[]> {
			await wait();
			return rules
				.filter((r) => (!filter.game || r.game === filter.game || r.game === null) && (!filter.kind || r.kind === filter.kind))
				.map((r) => ({ id: r.id, game: r.game, kind: r.kind, title: r.title[filter.lang], snippet: [{ text: r.body[filter.lang].slice(0, 100), hit: false }] }));
		},
		async getRule(id) {
			await wait();
			const r = rules.find((x) => x.id === id);
			if (!r) throw new BackendError('not_found', `no rule ${id}`);
			return clone(r);
		}
	};
	return api;
}

