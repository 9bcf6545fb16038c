// Real core answers for the Valencia component tests (the fake computes no Valencia help): the
// scoreboard is `greffier score valencia --json` of TABLE (the E2E's game); HELP follows the
// core's help.rs for the same table (statuses, points, totals, ranks).
import type { GameTableState, Scoreboard, ValenciaHelp, ValenciaMissionInfo } from '$lib/backend';

export const TABLE = {
	"variant": "base",
	"fountains": [
		{
			"value": 6
		},
		{
			"value": 2
		},
		{
			"value": 4,
			"central": true
		}
	],
	"players": [
		{
			"name": "Ani",
			"city_members": 8,
			"palm_members": 3,
			"fountain_members": [
				2,
				1,
				0
			],
			"privileges": 1,
			"coins": 5,
			"council": [
				"nobility",
				"wine"
			],
			"council_points": 6,
			"missions": [
				{
					"id": "mission_palms",
					"points": 4
				},
				{
					"id": "mission_square",
					"points": 3,
					"done": true
				}
			]
		},
		{
			"name": "Dirk",
			"city_members": 6,
			"palm_members": 5,
			"fountain_members": [
				0,
				2,
				3
			],
			"coins": 8,
			"council": [
				"church"
			],
			"council_points": 7,
			"stefan_feld": true,
			"missions": [
				{
					"id": "mission_stefan_feld",
					"points": 3
				}
			]
		},
		{
			"name": "Lilli",
			"city_members": 7,
			"palm_members": 2,
			"fountain_members": [
				1,
				0,
				2
			],
			"privileges": 2,
			"coins": 3,
			"council_points": 5,
			"missions": [
				{
					"id": "mission_ten_minus_coins"
				}
			]
		}
	]
} as GameTableState;

export const BOARD = {
	"game": "valencia",
	"variant": "base",
	"outcome": {
		"kind": "points"
	},
	"players": [
		{
			"seat": 0,
			"name": "Ani",
			"total": 31,
			"categories": [
				{
					"key": "council",
					"points": 6,
					"detail": {
						"fr": "Prestige gagné aux phases du Conseil pendant la partie : 6.",
						"en": "Prestige gained in the council phases during the game: 6."
					}
				},
				{
					"key": "city",
					"points": 8,
					"detail": {
						"fr": "8 membres dans la ville × 1.",
						"en": "8 members in the city × 1."
					}
				},
				{
					"key": "palms",
					"points": 3,
					"detail": {
						"fr": "3 membres voisins d'au moins un palmier × 1.",
						"en": "3 members next to at least one palm × 1."
					}
				},
				{
					"key": "fountains",
					"points": 14,
					"detail": {
						"fr": "Membres voisins des fontaines, valeur de chaque fontaine touchée : 2 × 6 + 2 = 14.",
						"en": "Members next to fountains, value of each fountain touched: 2 × 6 + 2 = 14."
					}
				},
				{
					"key": "privileges",
					"points": 1,
					"detail": {
						"fr": "1 privilège inutilisé × 1.",
						"en": "1 unused privilege × 1."
					}
				},
				{
					"key": "missions_completed",
					"points": 3,
					"detail": {
						"fr": "Carré +3 (coché)",
						"en": "Square +3 (ticked)"
					}
				},
				{
					"key": "missions_failed",
					"points": -4,
					"detail": {
						"fr": "Sous les palmiers -4 (3 membres voisins d'un palmier, il en faut 5.)",
						"en": "Under the palms -4 (3 members next to a palm, 5 needed.)"
					}
				}
			],
			"rank": 3,
			"winner": false
		},
		{
			"seat": 1,
			"name": "Dirk",
			"total": 37,
			"categories": [
				{
					"key": "council",
					"points": 7,
					"detail": {
						"fr": "Prestige gagné aux phases du Conseil pendant la partie : 7.",
						"en": "Prestige gained in the council phases during the game: 7."
					}
				},
				{
					"key": "city",
					"points": 6,
					"detail": {
						"fr": "6 membres dans la ville × 1.",
						"en": "6 members in the city × 1."
					}
				},
				{
					"key": "palms",
					"points": 5,
					"detail": {
						"fr": "5 membres voisins d'au moins un palmier × 1.",
						"en": "5 members next to at least one palm × 1."
					}
				},
				{
					"key": "fountains",
					"points": 16,
					"detail": {
						"fr": "Membres voisins des fontaines, valeur de chaque fontaine touchée : 2 × 2 + 3 × 4 = 16.",
						"en": "Members next to fountains, value of each fountain touched: 2 × 2 + 3 × 4 = 16."
					}
				},
				{
					"key": "privileges",
					"points": 0,
					"detail": {
						"fr": "0 privilège inutilisé × 1.",
						"en": "0 unused privilege × 1."
					}
				},
				{
					"key": "missions_completed",
					"points": 3,
					"detail": {
						"fr": "Pion Stefan Feld +3 (Détient le pion Stefan Feld.)",
						"en": "Stefan Feld pawn +3 (Holds the Stefan Feld pawn.)"
					}
				},
				{
					"key": "missions_failed",
					"points": 0,
					"detail": {
						"fr": "Aucune mission échouée.",
						"en": "No mission failed."
					}
				}
			],
			"rank": 2,
			"winner": false
		},
		{
			"seat": 2,
			"name": "Lilli",
			"total": 37,
			"categories": [
				{
					"key": "council",
					"points": 5,
					"detail": {
						"fr": "Prestige gagné aux phases du Conseil pendant la partie : 5.",
						"en": "Prestige gained in the council phases during the game: 5."
					}
				},
				{
					"key": "city",
					"points": 7,
					"detail": {
						"fr": "7 membres dans la ville × 1.",
						"en": "7 members in the city × 1."
					}
				},
				{
					"key": "palms",
					"points": 2,
					"detail": {
						"fr": "2 membres voisins d'au moins un palmier × 1.",
						"en": "2 members next to at least one palm × 1."
					}
				},
				{
					"key": "fountains",
					"points": 14,
					"detail": {
						"fr": "Membres voisins des fontaines, valeur de chaque fontaine touchée : 6 + 2 × 4 = 14.",
						"en": "Members next to fountains, value of each fountain touched: 6 + 2 × 4 = 14."
					}
				},
				{
					"key": "privileges",
					"points": 2,
					"detail": {
						"fr": "2 privilèges inutilisés × 1.",
						"en": "2 unused privileges × 1."
					}
				},
				{
					"key": "missions_completed",
					"points": 7,
					"detail": {
						"fr": "10 moins les pièces +7 (10 − 3 pièces = 7)",
						"en": "10 minus coins +7 (10 − 3 coins = 7)"
					}
				},
				{
					"key": "missions_failed",
					"points": 0,
					"detail": {
						"fr": "Aucune mission échouée.",
						"en": "No mission failed."
					}
				}
			],
			"rank": 1,
			"winner": true
		}
	],
	"tie_breaks": [
		{
			"seats": [
				2,
				1
			],
			"total": 37,
			"criteria": [
				"city"
			],
			"shared": false,
			"explanation": {
				"fr": "Égalité à 37 points entre Lilli, Dirk, départagée par « membres dans la ville ».",
				"en": "Lilli, Dirk tie on 37 points, settled by “members in the city”."
			}
		}
	]
} as Scoreboard;

const t = (fr: string, en: string) => ({ fr, en });

export const HELP: ValenciaHelp = {
	council_mission_needs: 4,
	district_mission_unused: false,
	seats: [
		{
			seat: 0,
			name: 'Ani',
			total: 31,
			rank: 3,
			missions: [
				{ id: 'mission_palms', name: t('Sous les palmiers', 'Under the palms'), status: 'failed', printed: 4, points: -4, why: t('3 membres près d’un palmier, il en faut 5.', '3 members next to a palm, 5 needed.') },
				{ id: 'mission_square', name: t('Carré', 'Square'), status: 'met', printed: 3, points: 3, why: t('Cochée.', 'Ticked.') }
			]
		},
		{
			seat: 1,
			name: 'Dirk',
			total: 37,
			rank: 2,
			missions: [{ id: 'mission_stefan_feld', name: t('Pion Stefan Feld', 'Stefan Feld pawn'), status: 'met', printed: 3, points: 3, why: t('A le pion.', 'Holds the pawn.') }]
		},
		{
			seat: 2,
			name: 'Lilli',
			total: 37,
			rank: 1,
			missions: [{ id: 'mission_ten_minus_coins', name: t('10 moins les pièces', '10 minus coins'), status: 'formula', printed: null, points: 7, why: t('10 − 3 pièces = 7.', '10 − 3 coins = 7.') }]
		}
	]
};

const card = (id: string, kind: ValenciaMissionInfo['kind'], judging: ValenciaMissionInfo['judging'], fr: string, en: string, min = 2): ValenciaMissionInfo => ({
	id,
	kind,
	name: t(fr, en),
	rule: t(`Règle : ${fr}.`, `Rule: ${en}.`),
	judging,
	has_printed_points: judging !== 'formula',
	min_players: min,
	rule_entry: `valencia.mission.${kind}`
});

/** Part of the core's catalogue (same ids, kinds and judging). */
export const MISSIONS: ValenciaMissionInfo[] = [
	card('mission_palms', 'palms', 'auto', 'Sous les palmiers', 'Under the palms'),
	card('mission_square', 'square', 'tick', 'Carré', 'Square'),
	card('mission_stefan_feld', 'stefan_feld', 'auto', 'Pion Stefan Feld', 'Stefan Feld pawn'),
	card('mission_ten_minus_coins', 'ten_minus', 'formula', '10 moins les pièces', '10 minus coins'),
	card('mission_longest_route', 'longest_route', 'formula', 'La plus longue route', 'Longest route'),
	card('mission_every_district', 'every_district', 'tick', 'Tous les quartiers', 'Every district', 3)
];
