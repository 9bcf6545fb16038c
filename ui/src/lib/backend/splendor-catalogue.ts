// Les Cités de Splendor's card catalogue, as the core's `splendor::catalogue()` returns it
// (copied from its JSON output at commit d218e2b). The fake backend serves it so that the
// Splendor screen works in tests and in a plain browser; the app asks the core.
// Typed against the bindings: `npm run check` fails if the contract drifts.
import type { CardCatalogue } from './types';

export const SPLENDOR_CATALOGUE: CardCatalogue = {
	"cities": [
		{
			"id": "c11_w3u3r3k3",
			"prestige": 11,
			"requirement": {
				"kind": "colours",
				"bonuses": {
					"white": 3,
					"blue": 3,
					"green": 0,
					"red": 3,
					"black": 3
				}
			},
			"text": {
				"fr": "11 points de prestige, 3 bonus blancs, 3 bonus bleus, 3 bonus rouges et 3 bonus noirs",
				"en": "11 prestige points, 3 white, 3 blue, 3 red and 3 black bonuses"
			},
			"rule": "splendor.city.c11_w3u3r3k3"
		},
		{
			"id": "c11_w3g3r3k3",
			"prestige": 11,
			"requirement": {
				"kind": "colours",
				"bonuses": {
					"white": 3,
					"blue": 0,
					"green": 3,
					"red": 3,
					"black": 3
				}
			},
			"text": {
				"fr": "11 points de prestige, 3 bonus blancs, 3 bonus verts, 3 bonus rouges et 3 bonus noirs",
				"en": "11 prestige points, 3 white, 3 green, 3 red and 3 black bonuses"
			},
			"rule": "splendor.city.c11_w3g3r3k3"
		},
		{
			"id": "c12_same6",
			"prestige": 12,
			"requirement": {
				"kind": "one_colour",
				"count": 6
			},
			"text": {
				"fr": "12 points de prestige et 6 bonus d'une même couleur",
				"en": "12 prestige points and 6 bonuses of one same colour"
			},
			"rule": "splendor.city.c12_same6"
		},
		{
			"id": "c13_r4k3",
			"prestige": 13,
			"requirement": {
				"kind": "colours",
				"bonuses": {
					"white": 0,
					"blue": 0,
					"green": 0,
					"red": 4,
					"black": 3
				}
			},
			"text": {
				"fr": "13 points de prestige, 4 bonus rouges et 3 bonus noirs",
				"en": "13 prestige points, 4 red and 3 black bonuses"
			},
			"rule": "splendor.city.c13_r4k3"
		},
		{
			"id": "c13_w3u4",
			"prestige": 13,
			"requirement": {
				"kind": "colours",
				"bonuses": {
					"white": 3,
					"blue": 4,
					"green": 0,
					"red": 0,
					"black": 0
				}
			},
			"text": {
				"fr": "13 points de prestige, 3 bonus blancs et 4 bonus bleus",
				"en": "13 prestige points, 3 white and 4 blue bonuses"
			},
			"rule": "splendor.city.c13_w3u4"
		},
		{
			"id": "c13_g3k4",
			"prestige": 13,
			"requirement": {
				"kind": "colours",
				"bonuses": {
					"white": 0,
					"blue": 0,
					"green": 3,
					"red": 0,
					"black": 4
				}
			},
			"text": {
				"fr": "13 points de prestige, 3 bonus verts et 4 bonus noirs",
				"en": "13 prestige points, 3 green and 4 black bonuses"
			},
			"rule": "splendor.city.c13_g3k4"
		},
		{
			"id": "c13_w4r3",
			"prestige": 13,
			"requirement": {
				"kind": "colours",
				"bonuses": {
					"white": 4,
					"blue": 0,
					"green": 0,
					"red": 3,
					"black": 0
				}
			},
			"text": {
				"fr": "13 points de prestige, 4 bonus blancs et 3 bonus rouges",
				"en": "13 prestige points, 4 white and 3 red bonuses"
			},
			"rule": "splendor.city.c13_w4r3"
		},
		{
			"id": "c13_u3g4",
			"prestige": 13,
			"requirement": {
				"kind": "colours",
				"bonuses": {
					"white": 0,
					"blue": 3,
					"green": 4,
					"red": 0,
					"black": 0
				}
			},
			"text": {
				"fr": "13 points de prestige, 3 bonus bleus et 4 bonus verts",
				"en": "13 prestige points, 3 blue and 4 green bonuses"
			},
			"rule": "splendor.city.c13_u3g4"
		},
		{
			"id": "c13_each2",
			"prestige": 13,
			"requirement": {
				"kind": "each_colour",
				"count": 2
			},
			"text": {
				"fr": "13 points de prestige et 2 bonus de chacune des cinq couleurs",
				"en": "13 prestige points and 2 bonuses of each of the five colours"
			},
			"rule": "splendor.city.c13_each2"
		},
		{
			"id": "c14_g4same4",
			"prestige": 14,
			"requirement": {
				"kind": "green_and_other",
				"green": 4,
				"other": 4
			},
			"text": {
				"fr": "14 points de prestige, 4 bonus verts et 4 bonus d'une même autre couleur (pas le vert)",
				"en": "14 prestige points, 4 green bonuses and 4 bonuses of one same other colour (not green)"
			},
			"rule": "splendor.city.c14_g4same4"
		},
		{
			"id": "c14_w2u1g1r2k2",
			"prestige": 14,
			"requirement": {
				"kind": "colours",
				"bonuses": {
					"white": 2,
					"blue": 1,
					"green": 1,
					"red": 2,
					"black": 2
				}
			},
			"text": {
				"fr": "14 points de prestige, 2 bonus blancs, 1 bonus bleu, 1 bonus vert, 2 bonus rouges et 2 bonus noirs",
				"en": "14 prestige points, 2 white, 1 blue, 1 green, 2 red and 2 black bonuses"
			},
			"rule": "splendor.city.c14_w2u1g1r2k2"
		},
		{
			"id": "c15_same5",
			"prestige": 15,
			"requirement": {
				"kind": "one_colour",
				"count": 5
			},
			"text": {
				"fr": "15 points de prestige et 5 bonus d'une même couleur",
				"en": "15 prestige points and 5 bonuses of one same colour"
			},
			"rule": "splendor.city.c15_same5"
		},
		{
			"id": "c16_each1",
			"prestige": 16,
			"requirement": {
				"kind": "each_colour",
				"count": 1
			},
			"text": {
				"fr": "16 points de prestige et 1 bonus de chacune des cinq couleurs",
				"en": "16 prestige points and 1 bonus of each of the five colours"
			},
			"rule": "splendor.city.c16_each1"
		},
		{
			"id": "c17",
			"prestige": 17,
			"requirement": {
				"kind": "prestige_only"
			},
			"text": {
				"fr": "17 points de prestige, sans bonus",
				"en": "17 prestige points, no bonus"
			},
			"rule": "splendor.city.c17"
		}
	],
	"orient": [
		{
			"id": "o1_gold_white",
			"level": 1,
			"kind": "double_gold",
			"kind_name": {
				"fr": "Double Or",
				"en": "Double gold"
			},
			"colour": null,
			"copies_a_colour": false,
			"cost": {
				"white": 3,
				"blue": 0,
				"green": 0,
				"red": 0,
				"black": 0
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "3 blancs",
				"en": "3 white"
			},
			"prestige": 0,
			"effect": {
				"fr": "Vaut 2 jetons Or pour un seul achat (sans les prendre), puis est défaussée. Aucun bonus.",
				"en": "Worth 2 gold tokens for one single purchase (not taken), then discarded. No bonus."
			},
			"rule": "splendor.orient.double_gold"
		},
		{
			"id": "o1_gold_blue",
			"level": 1,
			"kind": "double_gold",
			"kind_name": {
				"fr": "Double Or",
				"en": "Double gold"
			},
			"colour": null,
			"copies_a_colour": false,
			"cost": {
				"white": 0,
				"blue": 3,
				"green": 0,
				"red": 0,
				"black": 0
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "3 bleus",
				"en": "3 blue"
			},
			"prestige": 0,
			"effect": {
				"fr": "Vaut 2 jetons Or pour un seul achat (sans les prendre), puis est défaussée. Aucun bonus.",
				"en": "Worth 2 gold tokens for one single purchase (not taken), then discarded. No bonus."
			},
			"rule": "splendor.orient.double_gold"
		},
		{
			"id": "o1_gold_green",
			"level": 1,
			"kind": "double_gold",
			"kind_name": {
				"fr": "Double Or",
				"en": "Double gold"
			},
			"colour": null,
			"copies_a_colour": false,
			"cost": {
				"white": 0,
				"blue": 0,
				"green": 3,
				"red": 0,
				"black": 0
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "3 verts",
				"en": "3 green"
			},
			"prestige": 0,
			"effect": {
				"fr": "Vaut 2 jetons Or pour un seul achat (sans les prendre), puis est défaussée. Aucun bonus.",
				"en": "Worth 2 gold tokens for one single purchase (not taken), then discarded. No bonus."
			},
			"rule": "splendor.orient.double_gold"
		},
		{
			"id": "o1_gold_red",
			"level": 1,
			"kind": "double_gold",
			"kind_name": {
				"fr": "Double Or",
				"en": "Double gold"
			},
			"colour": null,
			"copies_a_colour": false,
			"cost": {
				"white": 0,
				"blue": 0,
				"green": 0,
				"red": 3,
				"black": 0
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "3 rouges",
				"en": "3 red"
			},
			"prestige": 0,
			"effect": {
				"fr": "Vaut 2 jetons Or pour un seul achat (sans les prendre), puis est défaussée. Aucun bonus.",
				"en": "Worth 2 gold tokens for one single purchase (not taken), then discarded. No bonus."
			},
			"rule": "splendor.orient.double_gold"
		},
		{
			"id": "o1_gold_black",
			"level": 1,
			"kind": "double_gold",
			"kind_name": {
				"fr": "Double Or",
				"en": "Double gold"
			},
			"colour": null,
			"copies_a_colour": false,
			"cost": {
				"white": 0,
				"blue": 0,
				"green": 0,
				"red": 0,
				"black": 3
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "3 noirs",
				"en": "3 black"
			},
			"prestige": 0,
			"effect": {
				"fr": "Vaut 2 jetons Or pour un seul achat (sans les prendre), puis est défaussée. Aucun bonus.",
				"en": "Worth 2 gold tokens for one single purchase (not taken), then discarded. No bonus."
			},
			"rule": "splendor.orient.double_gold"
		},
		{
			"id": "o1_pair_r3u2",
			"level": 1,
			"kind": "pairing",
			"kind_name": {
				"fr": "Appariement",
				"en": "Pairing"
			},
			"colour": null,
			"copies_a_colour": true,
			"cost": {
				"white": 0,
				"blue": 2,
				"green": 0,
				"red": 3,
				"black": 0
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "2 bleus, 3 rouges",
				"en": "2 blue, 3 red"
			},
			"prestige": 0,
			"effect": {
				"fr": "S'attache à une carte que vous possédez et donne 1 bonus de sa couleur.",
				"en": "Attaches to a card you own and gives 1 bonus of its colour."
			},
			"rule": "splendor.orient.pairing"
		},
		{
			"id": "o1_pair_w3r2",
			"level": 1,
			"kind": "pairing",
			"kind_name": {
				"fr": "Appariement",
				"en": "Pairing"
			},
			"colour": null,
			"copies_a_colour": true,
			"cost": {
				"white": 3,
				"blue": 0,
				"green": 0,
				"red": 2,
				"black": 0
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "3 blancs, 2 rouges",
				"en": "3 white, 2 red"
			},
			"prestige": 0,
			"effect": {
				"fr": "S'attache à une carte que vous possédez et donne 1 bonus de sa couleur.",
				"en": "Attaches to a card you own and gives 1 bonus of its colour."
			},
			"rule": "splendor.orient.pairing"
		},
		{
			"id": "o1_pair_u3g2",
			"level": 1,
			"kind": "pairing",
			"kind_name": {
				"fr": "Appariement",
				"en": "Pairing"
			},
			"colour": null,
			"copies_a_colour": true,
			"cost": {
				"white": 0,
				"blue": 3,
				"green": 2,
				"red": 0,
				"black": 0
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "3 bleus, 2 verts",
				"en": "3 blue, 2 green"
			},
			"prestige": 0,
			"effect": {
				"fr": "S'attache à une carte que vous possédez et donne 1 bonus de sa couleur.",
				"en": "Attaches to a card you own and gives 1 bonus of its colour."
			},
			"rule": "splendor.orient.pairing"
		},
		{
			"id": "o1_pair_g3k2",
			"level": 1,
			"kind": "pairing",
			"kind_name": {
				"fr": "Appariement",
				"en": "Pairing"
			},
			"colour": null,
			"copies_a_colour": true,
			"cost": {
				"white": 0,
				"blue": 0,
				"green": 3,
				"red": 0,
				"black": 2
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "3 verts, 2 noirs",
				"en": "3 green, 2 black"
			},
			"prestige": 0,
			"effect": {
				"fr": "S'attache à une carte que vous possédez et donne 1 bonus de sa couleur.",
				"en": "Attaches to a card you own and gives 1 bonus of its colour."
			},
			"rule": "splendor.orient.pairing"
		},
		{
			"id": "o1_pair_k3w2",
			"level": 1,
			"kind": "pairing",
			"kind_name": {
				"fr": "Appariement",
				"en": "Pairing"
			},
			"colour": null,
			"copies_a_colour": true,
			"cost": {
				"white": 2,
				"blue": 0,
				"green": 0,
				"red": 0,
				"black": 3
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "2 blancs, 3 noirs",
				"en": "2 white, 3 black"
			},
			"prestige": 0,
			"effect": {
				"fr": "S'attache à une carte que vous possédez et donne 1 bonus de sa couleur.",
				"en": "Attaches to a card you own and gives 1 bonus of its colour."
			},
			"rule": "splendor.orient.pairing"
		},
		{
			"id": "o2_double_white",
			"level": 2,
			"kind": "double_bonus",
			"kind_name": {
				"fr": "Double bonus",
				"en": "Double bonus"
			},
			"colour": "white",
			"copies_a_colour": false,
			"cost": {
				"white": 0,
				"blue": 4,
				"green": 3,
				"red": 0,
				"black": 0
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "4 bleus, 3 verts",
				"en": "4 blue, 3 green"
			},
			"prestige": 0,
			"effect": {
				"fr": "Compte pour 2 bonus de sa couleur (achats, nobles et sacrifices).",
				"en": "Counts as 2 bonuses of its colour (purchases, nobles and sacrifices)."
			},
			"rule": "splendor.orient.double_bonus"
		},
		{
			"id": "o2_double_blue",
			"level": 2,
			"kind": "double_bonus",
			"kind_name": {
				"fr": "Double bonus",
				"en": "Double bonus"
			},
			"colour": "blue",
			"copies_a_colour": false,
			"cost": {
				"white": 3,
				"blue": 0,
				"green": 0,
				"red": 0,
				"black": 4
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "3 blancs, 4 noirs",
				"en": "3 white, 4 black"
			},
			"prestige": 0,
			"effect": {
				"fr": "Compte pour 2 bonus de sa couleur (achats, nobles et sacrifices).",
				"en": "Counts as 2 bonuses of its colour (purchases, nobles and sacrifices)."
			},
			"rule": "splendor.orient.double_bonus"
		},
		{
			"id": "o2_double_green",
			"level": 2,
			"kind": "double_bonus",
			"kind_name": {
				"fr": "Double bonus",
				"en": "Double bonus"
			},
			"colour": "green",
			"copies_a_colour": false,
			"cost": {
				"white": 4,
				"blue": 0,
				"green": 0,
				"red": 3,
				"black": 0
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "4 blancs, 3 rouges",
				"en": "4 white, 3 red"
			},
			"prestige": 0,
			"effect": {
				"fr": "Compte pour 2 bonus de sa couleur (achats, nobles et sacrifices).",
				"en": "Counts as 2 bonuses of its colour (purchases, nobles and sacrifices)."
			},
			"rule": "splendor.orient.double_bonus"
		},
		{
			"id": "o2_double_red",
			"level": 2,
			"kind": "double_bonus",
			"kind_name": {
				"fr": "Double bonus",
				"en": "Double bonus"
			},
			"colour": "red",
			"copies_a_colour": false,
			"cost": {
				"white": 0,
				"blue": 0,
				"green": 4,
				"red": 0,
				"black": 3
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "4 verts, 3 noirs",
				"en": "4 green, 3 black"
			},
			"prestige": 0,
			"effect": {
				"fr": "Compte pour 2 bonus de sa couleur (achats, nobles et sacrifices).",
				"en": "Counts as 2 bonuses of its colour (purchases, nobles and sacrifices)."
			},
			"rule": "splendor.orient.double_bonus"
		},
		{
			"id": "o2_double_black",
			"level": 2,
			"kind": "double_bonus",
			"kind_name": {
				"fr": "Double bonus",
				"en": "Double bonus"
			},
			"colour": "black",
			"copies_a_colour": false,
			"cost": {
				"white": 0,
				"blue": 3,
				"green": 0,
				"red": 4,
				"black": 0
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "3 bleus, 4 rouges",
				"en": "3 blue, 4 red"
			},
			"prestige": 0,
			"effect": {
				"fr": "Compte pour 2 bonus de sa couleur (achats, nobles et sacrifices).",
				"en": "Counts as 2 bonuses of its colour (purchases, nobles and sacrifices)."
			},
			"rule": "splendor.orient.double_bonus"
		},
		{
			"id": "o2_noble_white",
			"level": 2,
			"kind": "reserve_noble",
			"kind_name": {
				"fr": "Réserver un noble",
				"en": "Reserve a noble"
			},
			"colour": "white",
			"copies_a_colour": false,
			"cost": {
				"white": 0,
				"blue": 2,
				"green": 2,
				"red": 2,
				"black": 2
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "2 bleus, 2 verts, 2 rouges, 2 noirs",
				"en": "2 blue, 2 green, 2 red, 2 black"
			},
			"prestige": 1,
			"effect": {
				"fr": "1 bonus et 1 point de prestige ; réservez un noble visible que vous seul pourrez recevoir.",
				"en": "1 bonus and 1 prestige point; reserve a face-up noble that only you can receive."
			},
			"rule": "splendor.orient.reserve_noble"
		},
		{
			"id": "o2_noble_green",
			"level": 2,
			"kind": "reserve_noble",
			"kind_name": {
				"fr": "Réserver un noble",
				"en": "Reserve a noble"
			},
			"colour": "green",
			"copies_a_colour": false,
			"cost": {
				"white": 2,
				"blue": 2,
				"green": 0,
				"red": 2,
				"black": 2
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "2 blancs, 2 bleus, 2 rouges, 2 noirs",
				"en": "2 white, 2 blue, 2 red, 2 black"
			},
			"prestige": 1,
			"effect": {
				"fr": "1 bonus et 1 point de prestige ; réservez un noble visible que vous seul pourrez recevoir.",
				"en": "1 bonus and 1 prestige point; reserve a face-up noble that only you can receive."
			},
			"rule": "splendor.orient.reserve_noble"
		},
		{
			"id": "o2_noble_red",
			"level": 2,
			"kind": "reserve_noble",
			"kind_name": {
				"fr": "Réserver un noble",
				"en": "Reserve a noble"
			},
			"colour": "red",
			"copies_a_colour": false,
			"cost": {
				"white": 2,
				"blue": 2,
				"green": 2,
				"red": 0,
				"black": 2
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "2 blancs, 2 bleus, 2 verts, 2 noirs",
				"en": "2 white, 2 blue, 2 green, 2 black"
			},
			"prestige": 1,
			"effect": {
				"fr": "1 bonus et 1 point de prestige ; réservez un noble visible que vous seul pourrez recevoir.",
				"en": "1 bonus and 1 prestige point; reserve a face-up noble that only you can receive."
			},
			"rule": "splendor.orient.reserve_noble"
		},
		{
			"id": "o2_pair_g4r3k1",
			"level": 2,
			"kind": "pairing_cascade",
			"kind_name": {
				"fr": "Appariement et carte gratuite",
				"en": "Pairing and free card"
			},
			"colour": null,
			"copies_a_colour": true,
			"cost": {
				"white": 0,
				"blue": 0,
				"green": 4,
				"red": 3,
				"black": 1
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "4 verts, 3 rouges, 1 noir",
				"en": "4 green, 3 red, 1 black"
			},
			"prestige": 0,
			"effect": {
				"fr": "S'attache à une carte que vous possédez (1 bonus de sa couleur), puis prenez gratuitement une carte visible de niveau 1.",
				"en": "Attaches to a card you own (1 bonus of its colour), then take a face-up level-1 card for free."
			},
			"rule": "splendor.orient.pairing_cascade"
		},
		{
			"id": "o2_pair_w4u3k1",
			"level": 2,
			"kind": "pairing_cascade",
			"kind_name": {
				"fr": "Appariement et carte gratuite",
				"en": "Pairing and free card"
			},
			"colour": null,
			"copies_a_colour": true,
			"cost": {
				"white": 4,
				"blue": 3,
				"green": 0,
				"red": 0,
				"black": 1
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "4 blancs, 3 bleus, 1 noir",
				"en": "4 white, 3 blue, 1 black"
			},
			"prestige": 0,
			"effect": {
				"fr": "S'attache à une carte que vous possédez (1 bonus de sa couleur), puis prenez gratuitement une carte visible de niveau 1.",
				"en": "Attaches to a card you own (1 bonus of its colour), then take a face-up level-1 card for free."
			},
			"rule": "splendor.orient.pairing_cascade"
		},
		{
			"id": "o3_sacrifice_green",
			"level": 3,
			"kind": "sacrifice",
			"kind_name": {
				"fr": "Sacrifice",
				"en": "Sacrifice"
			},
			"colour": "green",
			"copies_a_colour": false,
			"cost": {
				"white": 0,
				"blue": 0,
				"green": 0,
				"red": 0,
				"black": 0
			},
			"sacrifice": "blue",
			"cost_text": {
				"fr": "défausser 2 de vos cartes bleues",
				"en": "discard 2 of your blue cards"
			},
			"prestige": 3,
			"effect": {
				"fr": "1 bonus et 3 points de prestige ; se paie en défaussant 2 de vos cartes de la couleur indiquée.",
				"en": "1 bonus and 3 prestige points; paid by discarding 2 of your cards of the colour shown."
			},
			"rule": "splendor.orient.sacrifice"
		},
		{
			"id": "o3_sacrifice_black",
			"level": 3,
			"kind": "sacrifice",
			"kind_name": {
				"fr": "Sacrifice",
				"en": "Sacrifice"
			},
			"colour": "black",
			"copies_a_colour": false,
			"cost": {
				"white": 0,
				"blue": 0,
				"green": 0,
				"red": 0,
				"black": 0
			},
			"sacrifice": "red",
			"cost_text": {
				"fr": "défausser 2 de vos cartes rouges",
				"en": "discard 2 of your red cards"
			},
			"prestige": 3,
			"effect": {
				"fr": "1 bonus et 3 points de prestige ; se paie en défaussant 2 de vos cartes de la couleur indiquée.",
				"en": "1 bonus and 3 prestige points; paid by discarding 2 of your cards of the colour shown."
			},
			"rule": "splendor.orient.sacrifice"
		},
		{
			"id": "o3_sacrifice_red",
			"level": 3,
			"kind": "sacrifice",
			"kind_name": {
				"fr": "Sacrifice",
				"en": "Sacrifice"
			},
			"colour": "red",
			"copies_a_colour": false,
			"cost": {
				"white": 0,
				"blue": 0,
				"green": 0,
				"red": 0,
				"black": 0
			},
			"sacrifice": "green",
			"cost_text": {
				"fr": "défausser 2 de vos cartes vertes",
				"en": "discard 2 of your green cards"
			},
			"prestige": 3,
			"effect": {
				"fr": "1 bonus et 3 points de prestige ; se paie en défaussant 2 de vos cartes de la couleur indiquée.",
				"en": "1 bonus and 3 prestige points; paid by discarding 2 of your cards of the colour shown."
			},
			"rule": "splendor.orient.sacrifice"
		},
		{
			"id": "o3_sacrifice_white",
			"level": 3,
			"kind": "sacrifice",
			"kind_name": {
				"fr": "Sacrifice",
				"en": "Sacrifice"
			},
			"colour": "white",
			"copies_a_colour": false,
			"cost": {
				"white": 0,
				"blue": 0,
				"green": 0,
				"red": 0,
				"black": 0
			},
			"sacrifice": "black",
			"cost_text": {
				"fr": "défausser 2 de vos cartes noires",
				"en": "discard 2 of your black cards"
			},
			"prestige": 3,
			"effect": {
				"fr": "1 bonus et 3 points de prestige ; se paie en défaussant 2 de vos cartes de la couleur indiquée.",
				"en": "1 bonus and 3 prestige points; paid by discarding 2 of your cards of the colour shown."
			},
			"rule": "splendor.orient.sacrifice"
		},
		{
			"id": "o3_sacrifice_blue",
			"level": 3,
			"kind": "sacrifice",
			"kind_name": {
				"fr": "Sacrifice",
				"en": "Sacrifice"
			},
			"colour": "blue",
			"copies_a_colour": false,
			"cost": {
				"white": 0,
				"blue": 0,
				"green": 0,
				"red": 0,
				"black": 0
			},
			"sacrifice": "white",
			"cost_text": {
				"fr": "défausser 2 de vos cartes blanches",
				"en": "discard 2 of your white cards"
			},
			"prestige": 3,
			"effect": {
				"fr": "1 bonus et 3 points de prestige ; se paie en défaussant 2 de vos cartes de la couleur indiquée.",
				"en": "1 bonus and 3 prestige points; paid by discarding 2 of your cards of the colour shown."
			},
			"rule": "splendor.orient.sacrifice"
		},
		{
			"id": "o3_cascade_white",
			"level": 3,
			"kind": "cascade",
			"kind_name": {
				"fr": "Carte gratuite",
				"en": "Free card"
			},
			"colour": "white",
			"copies_a_colour": false,
			"cost": {
				"white": 1,
				"blue": 6,
				"green": 3,
				"red": 0,
				"black": 0
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "1 blanc, 6 bleus, 3 verts",
				"en": "1 white, 6 blue, 3 green"
			},
			"prestige": 0,
			"effect": {
				"fr": "1 bonus ; prenez gratuitement une carte visible de niveau 2 (base ou Orient).",
				"en": "1 bonus; take a face-up level-2 card (base or Orient) for free."
			},
			"rule": "splendor.orient.cascade"
		},
		{
			"id": "o3_cascade_blue",
			"level": 3,
			"kind": "cascade",
			"kind_name": {
				"fr": "Carte gratuite",
				"en": "Free card"
			},
			"colour": "blue",
			"copies_a_colour": false,
			"cost": {
				"white": 0,
				"blue": 1,
				"green": 6,
				"red": 3,
				"black": 0
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "1 bleu, 6 verts, 3 rouges",
				"en": "1 blue, 6 green, 3 red"
			},
			"prestige": 0,
			"effect": {
				"fr": "1 bonus ; prenez gratuitement une carte visible de niveau 2 (base ou Orient).",
				"en": "1 bonus; take a face-up level-2 card (base or Orient) for free."
			},
			"rule": "splendor.orient.cascade"
		},
		{
			"id": "o3_cascade_green",
			"level": 3,
			"kind": "cascade",
			"kind_name": {
				"fr": "Carte gratuite",
				"en": "Free card"
			},
			"colour": "green",
			"copies_a_colour": false,
			"cost": {
				"white": 0,
				"blue": 0,
				"green": 1,
				"red": 6,
				"black": 3
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "1 vert, 6 rouges, 3 noirs",
				"en": "1 green, 6 red, 3 black"
			},
			"prestige": 0,
			"effect": {
				"fr": "1 bonus ; prenez gratuitement une carte visible de niveau 2 (base ou Orient).",
				"en": "1 bonus; take a face-up level-2 card (base or Orient) for free."
			},
			"rule": "splendor.orient.cascade"
		},
		{
			"id": "o3_cascade_red",
			"level": 3,
			"kind": "cascade",
			"kind_name": {
				"fr": "Carte gratuite",
				"en": "Free card"
			},
			"colour": "red",
			"copies_a_colour": false,
			"cost": {
				"white": 3,
				"blue": 0,
				"green": 0,
				"red": 1,
				"black": 6
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "3 blancs, 1 rouge, 6 noirs",
				"en": "3 white, 1 red, 6 black"
			},
			"prestige": 0,
			"effect": {
				"fr": "1 bonus ; prenez gratuitement une carte visible de niveau 2 (base ou Orient).",
				"en": "1 bonus; take a face-up level-2 card (base or Orient) for free."
			},
			"rule": "splendor.orient.cascade"
		},
		{
			"id": "o3_cascade_black",
			"level": 3,
			"kind": "cascade",
			"kind_name": {
				"fr": "Carte gratuite",
				"en": "Free card"
			},
			"colour": "black",
			"copies_a_colour": false,
			"cost": {
				"white": 6,
				"blue": 3,
				"green": 0,
				"red": 0,
				"black": 1
			},
			"sacrifice": null,
			"cost_text": {
				"fr": "6 blancs, 3 bleus, 1 noir",
				"en": "6 white, 3 blue, 1 black"
			},
			"prestige": 0,
			"effect": {
				"fr": "1 bonus ; prenez gratuitement une carte visible de niveau 2 (base ou Orient).",
				"en": "1 bonus; take a face-up level-2 card (base or Orient) for free."
			},
			"rule": "splendor.orient.cascade"
		}
	],
	"powers": [
		{
			"id": "gem_after_purchase", name: { fr: "Gemme après achat", en: "Gem after purchase" },
			"position": 1,
			"requirement": {
				"bonuses": {
					"white": 1,
					"blue": 0,
					"green": 0,
					"red": 3,
					"black": 0
				},
				"nobles": 0
			},
			"requirement_text": {
				"fr": "1 bonus blanc et 3 bonus rouges",
				"en": "1 white and 3 red bonuses"
			},
			"effect": {
				"fr": "Après chaque achat de carte, prenez une gemme (pas au tour où vous posez le fanion).",
				"en": "After each card purchase, take a gem (not on the turn you place the flag)."
			},
			"rule": "splendor.power.gem_after_purchase"
		},
		{
			"id": "extra_gem", name: { fr: "Gemme en plus", en: "Extra gem" },
			"position": 2,
			"requirement": {
				"bonuses": {
					"white": 2,
					"blue": 0,
					"green": 0,
					"red": 0,
					"black": 0
				},
				"nobles": 0
			},
			"requirement_text": {
				"fr": "2 bonus blancs",
				"en": "2 white bonuses"
			},
			"effect": {
				"fr": "Quand vous prenez 2 gemmes de même couleur, prenez aussi 1 gemme d'une autre couleur.",
				"en": "When you take 2 gems of one colour, also take 1 gem of another colour."
			},
			"rule": "splendor.power.extra_gem"
		},
		{
			"id": "double_gold", name: { fr: "Or double", en: "Double gold" },
			"position": 3,
			"requirement": {
				"bonuses": {
					"white": 0,
					"blue": 3,
					"green": 0,
					"red": 0,
					"black": 1
				},
				"nobles": 0
			},
			"requirement_text": {
				"fr": "3 bonus bleus et 1 bonus noir",
				"en": "3 blue and 1 black bonuses"
			},
			"effect": {
				"fr": "À l'achat, chaque jeton Or vaut 2 gemmes d'une même couleur (il compte pour 1 jeton dans la limite de 10).",
				"en": "When buying, each gold token is worth 2 gems of one same colour (it counts as 1 token towards the limit of 10)."
			},
			"rule": "splendor.power.double_gold"
		},
		{
			"id": "five_prestige", name: { fr: "Cinq prestiges", en: "Five prestige" },
			"position": 4,
			"requirement": {
				"bonuses": {
					"white": 0,
					"blue": 0,
					"green": 5,
					"red": 0,
					"black": 0
				},
				"nobles": 1
			},
			"requirement_text": {
				"fr": "5 bonus verts et 1 noble",
				"en": "5 green bonuses and 1 noble"
			},
			"effect": {
				"fr": "5 points de prestige, une seule fois même avec plusieurs nobles.",
				"en": "5 prestige points, once only even with several nobles."
			},
			"rule": "splendor.power.five_prestige"
		},
		{
			"id": "flag_prestige", name: { fr: "Prestige des fanions", en: "Flag prestige" },
			"position": 5,
			"requirement": {
				"bonuses": {
					"white": 0,
					"blue": 0,
					"green": 0,
					"red": 0,
					"black": 3
				},
				"nobles": 0
			},
			"requirement_text": {
				"fr": "3 bonus noirs",
				"en": "3 black bonuses"
			},
			"effect": {
				"fr": "1 point de prestige par fanion à vous sur la route (celui-ci compris).",
				"en": "1 prestige point per flag of yours on the route (this one included)."
			},
			"rule": "splendor.power.flag_prestige"
		}
	]
};
