// Answers of the real core (save_table_state's ScorePreview) for a few Splendor tables, copied
// from `splendor::score` / `help_value` output at commit d218e2b: the fake backend computes no
// Splendor help, so the component tests feed these. Ani and Dirk, seats 0 and 1.
import type { ScorePreview, SplendorTableState } from '$lib/backend';

export const CITIES_OPEN_STATE: SplendorTableState = {
	"variant": "cities",
	"cities_in_play": [
		"c13_r4k3",
		"c15_same5",
		"c17"
	],
	"players": [
		{
			"name": "Ani",
			"bonuses": {
				"white": 2,
				"blue": 1,
				"green": 0,
				"red": 0,
				"black": 0
			},
			"card_prestige": 16,
			"development_cards": 3,
			"cities": []
		},
		{
			"name": "Dirk",
			"bonuses": {
				"white": 0,
				"blue": 0,
				"green": 0,
				"red": 4,
				"black": 3
			},
			"card_prestige": 13,
			"development_cards": 7,
			"cities": []
		}
	]
};

export const CITIES_OPEN: ScorePreview = {
	"partial": null,
	"undo_steps": 0,
	"scoreboard": {
		"game": "splendor",
		"outcome": {
			"kind": "points"
		},
		"players": [
			{
				"categories": [
					{
						"detail": {
							"en": "Prestige printed on ordinary development cards: 16.",
							"fr": "Prestige imprimé sur les cartes Développement ordinaires : 16."
						},
						"key": "cards",
						"points": 16
					},
					{
						"detail": {
							"en": "Not used with the module “Cities”: 0.",
							"fr": "Sans objet avec le module « Les Cités » : 0."
						},
						"key": "nobles",
						"points": 0
					},
					{
						"detail": {
							"en": "Not used with the module “Cities”: 0.",
							"fr": "Sans objet avec le module « Les Cités » : 0."
						},
						"key": "orient",
						"points": 0
					},
					{
						"detail": {
							"en": "Not used with the module “Cities”: 0.",
							"fr": "Sans objet avec le module « Les Cités » : 0."
						},
						"key": "powers",
						"points": 0
					},
					{
						"detail": {
							"en": "Nobody holds a city: the game goes on and nobody has won yet (in this module only a city taken triggers the end).",
							"fr": "Personne ne détient de Cité : la partie continue et personne n'a encore gagné (dans ce module, seule une Cité prise déclenche la fin)."
						},
						"key": "city",
						"points": 0
					}
				],
				"name": "Ani",
				"rank": 1,
				"seat": 0,
				"total": 16,
				"winner": false
			},
			{
				"categories": [
					{
						"detail": {
							"en": "Prestige printed on ordinary development cards: 13.",
							"fr": "Prestige imprimé sur les cartes Développement ordinaires : 13."
						},
						"key": "cards",
						"points": 13
					},
					{
						"detail": {
							"en": "Not used with the module “Cities”: 0.",
							"fr": "Sans objet avec le module « Les Cités » : 0."
						},
						"key": "nobles",
						"points": 0
					},
					{
						"detail": {
							"en": "Not used with the module “Cities”: 0.",
							"fr": "Sans objet avec le module « Les Cités » : 0."
						},
						"key": "orient",
						"points": 0
					},
					{
						"detail": {
							"en": "Not used with the module “Cities”: 0.",
							"fr": "Sans objet avec le module « Les Cités » : 0."
						},
						"key": "powers",
						"points": 0
					},
					{
						"detail": {
							"en": "Nobody holds a city: the game goes on and nobody has won yet (in this module only a city taken triggers the end).",
							"fr": "Personne ne détient de Cité : la partie continue et personne n'a encore gagné (dans ce module, seule une Cité prise déclenche la fin)."
						},
						"key": "city",
						"points": 0
					}
				],
				"name": "Dirk",
				"rank": 2,
				"seat": 1,
				"total": 13,
				"winner": false
			}
		],
		"tie_breaks": [],
		"variant": "cities"
	},
	"problems": [],
	"help": {
		"game": "splendor",
		"help": {
			"cities": {
				"cities": [
					{
						"held_by": null,
						"id": "c13_r4k3",
						"prestige": 13,
						"requirement": {
							"bonuses": {
								"black": 3,
								"blue": 0,
								"green": 0,
								"red": 4,
								"white": 0
							},
							"kind": "colours"
						},
						"requirement_text": {
							"en": "13 prestige points, 4 red and 3 black bonuses",
							"fr": "13 points de prestige, 4 bonus rouges et 3 bonus noirs"
						},
						"seats": [
							{
								"can_take": false,
								"meets": false,
								"missing": {
									"bonuses": {
										"black": 3,
										"blue": 0,
										"green": 0,
										"red": 4,
										"white": 0
									},
									"one_colour": null,
									"prestige": 0
								},
								"seat": 0,
								"text": {
									"en": "4 red bonuses and 3 black bonuses missing",
									"fr": "il manque 4 bonus rouges et 3 bonus noirs"
								}
							},
							{
								"can_take": true,
								"meets": true,
								"missing": {
									"bonuses": {
										"black": 0,
										"blue": 0,
										"green": 0,
										"red": 0,
										"white": 0
									},
									"one_colour": null,
									"prestige": 0
								},
								"seat": 1,
								"text": {
									"en": "can take it at the end of their turn",
									"fr": "peut la prendre à la fin de son tour"
								}
							}
						]
					},
					{
						"held_by": null,
						"id": "c15_same5",
						"prestige": 15,
						"requirement": {
							"count": 5,
							"kind": "one_colour"
						},
						"requirement_text": {
							"en": "15 prestige points and 5 bonuses of one same colour",
							"fr": "15 points de prestige et 5 bonus d'une même couleur"
						},
						"seats": [
							{
								"can_take": false,
								"meets": false,
								"missing": {
									"bonuses": {
										"black": 0,
										"blue": 0,
										"green": 0,
										"red": 0,
										"white": 0
									},
									"one_colour": {
										"closest": "white",
										"have": 2,
										"needed": 5,
										"short": 3
									},
									"prestige": 0
								},
								"seat": 0,
								"text": {
									"en": "3 bonuses of one same colour (closest: white 2/5) missing",
									"fr": "il manque 3 bonus d'une même couleur (le plus proche : blanc 2/5)"
								}
							},
							{
								"can_take": false,
								"meets": false,
								"missing": {
									"bonuses": {
										"black": 0,
										"blue": 0,
										"green": 0,
										"red": 0,
										"white": 0
									},
									"one_colour": {
										"closest": "red",
										"have": 4,
										"needed": 5,
										"short": 1
									},
									"prestige": 2
								},
								"seat": 1,
								"text": {
									"en": "2 prestige points and 1 bonus of one same colour (closest: red 4/5) missing",
									"fr": "il manque 2 points de prestige et 1 bonus d'une même couleur (le plus proche : rouge 4/5)"
								}
							}
						]
					},
					{
						"held_by": null,
						"id": "c17",
						"prestige": 17,
						"requirement": {
							"kind": "prestige_only"
						},
						"requirement_text": {
							"en": "17 prestige points, no bonus",
							"fr": "17 points de prestige, sans bonus"
						},
						"seats": [
							{
								"can_take": false,
								"meets": false,
								"missing": {
									"bonuses": {
										"black": 0,
										"blue": 0,
										"green": 0,
										"red": 0,
										"white": 0
									},
									"one_colour": null,
									"prestige": 1
								},
								"seat": 0,
								"text": {
									"en": "1 prestige point missing",
									"fr": "il manque 1 point de prestige"
								}
							},
							{
								"can_take": false,
								"meets": false,
								"missing": {
									"bonuses": {
										"black": 0,
										"blue": 0,
										"green": 0,
										"red": 0,
										"white": 0
									},
									"one_colour": null,
									"prestige": 4
								},
								"seat": 1,
								"text": {
									"en": "4 prestige points missing",
									"fr": "il manque 4 points de prestige"
								}
							}
						]
					}
				],
				"holders": []
			},
			"end": {
				"explanation": {
					"en": "Nobody holds a city: the game goes on, even past 15 points (in this module only a city taken triggers the end).",
					"fr": "Personne ne détient de Cité : la partie continue, même au-delà de 15 points (dans ce module, seule une Cité prise déclenche la fin)."
				},
				"leaders": [
					0
				],
				"triggered": false,
				"triggered_by": [],
				"winners_if_round_ended_now": []
			},
			"seats": [
				{
					"city": null,
					"development_cards": 3,
					"effective_bonuses": {
						"black": 0,
						"blue": 1,
						"green": 0,
						"red": 0,
						"white": 2
					},
					"name": "Ani",
					"orient_bonuses": {
						"black": 0,
						"blue": 0,
						"green": 0,
						"red": 0,
						"white": 0
					},
					"powers": [],
					"prestige": {
						"cards": 16,
						"nobles": 0,
						"orient": 0,
						"powers": 0,
						"total": 16
					},
					"prestige_text": {
						"en": "16 (cards) = 16",
						"fr": "16 (cartes) = 16"
					},
					"rank": 1,
					"seat": 0
				},
				{
					"city": null,
					"development_cards": 7,
					"effective_bonuses": {
						"black": 3,
						"blue": 0,
						"green": 0,
						"red": 4,
						"white": 0
					},
					"name": "Dirk",
					"orient_bonuses": {
						"black": 0,
						"blue": 0,
						"green": 0,
						"red": 0,
						"white": 0
					},
					"powers": [],
					"prestige": {
						"cards": 13,
						"nobles": 0,
						"orient": 0,
						"powers": 0,
						"total": 13
					},
					"prestige_text": {
						"en": "13 (cards) = 13",
						"fr": "13 (cartes) = 13"
					},
					"rank": 2,
					"seat": 1
				}
			],
			"variant": "cities"
		}
	}
};

export const CITIES_TAKEN_STATE: SplendorTableState = {
	"variant": "cities",
	"cities_in_play": [
		"c13_r4k3",
		"c15_same5",
		"c17"
	],
	"players": [
		{
			"name": "Ani",
			"bonuses": {
				"white": 2,
				"blue": 1,
				"green": 0,
				"red": 0,
				"black": 0
			},
			"card_prestige": 16,
			"development_cards": 3,
			"cities": []
		},
		{
			"name": "Dirk",
			"bonuses": {
				"white": 0,
				"blue": 0,
				"green": 0,
				"red": 4,
				"black": 3
			},
			"card_prestige": 13,
			"development_cards": 7,
			"cities": [
				"c13_r4k3"
			]
		}
	]
};

export const CITIES_TAKEN: ScorePreview = {
	"partial": null,
	"undo_steps": 0,
	"scoreboard": {
		"game": "splendor",
		"outcome": {
			"kind": "points"
		},
		"players": [
			{
				"categories": [
					{
						"detail": {
							"en": "Prestige printed on ordinary development cards: 16.",
							"fr": "Prestige imprimé sur les cartes Développement ordinaires : 16."
						},
						"key": "cards",
						"points": 16
					},
					{
						"detail": {
							"en": "Not used with the module “Cities”: 0.",
							"fr": "Sans objet avec le module « Les Cités » : 0."
						},
						"key": "nobles",
						"points": 0
					},
					{
						"detail": {
							"en": "Not used with the module “Cities”: 0.",
							"fr": "Sans objet avec le module « Les Cités » : 0."
						},
						"key": "orient",
						"points": 0
					},
					{
						"detail": {
							"en": "Not used with the module “Cities”: 0.",
							"fr": "Sans objet avec le module « Les Cités » : 0."
						},
						"key": "powers",
						"points": 0
					},
					{
						"detail": {
							"en": "No city: cannot win, whatever the prestige (Dirk holds one).",
							"fr": "Aucune Cité : ne peut pas gagner, quel que soit son prestige (Dirk en détient une)."
						},
						"key": "city",
						"points": 0
					}
				],
				"name": "Ani",
				"rank": 2,
				"seat": 0,
				"total": 16,
				"winner": false
			},
			{
				"categories": [
					{
						"detail": {
							"en": "Prestige printed on ordinary development cards: 13.",
							"fr": "Prestige imprimé sur les cartes Développement ordinaires : 13."
						},
						"key": "cards",
						"points": 13
					},
					{
						"detail": {
							"en": "Not used with the module “Cities”: 0.",
							"fr": "Sans objet avec le module « Les Cités » : 0."
						},
						"key": "nobles",
						"points": 0
					},
					{
						"detail": {
							"en": "Not used with the module “Cities”: 0.",
							"fr": "Sans objet avec le module « Les Cités » : 0."
						},
						"key": "orient",
						"points": 0
					},
					{
						"detail": {
							"en": "Not used with the module “Cities”: 0.",
							"fr": "Sans objet avec le module « Les Cités » : 0."
						},
						"key": "powers",
						"points": 0
					},
					{
						"detail": {
							"en": "Holds city c13_r4k3 (13 prestige points, 4 red and 3 black bonuses): 0 points, but only city holders can win; among them, the most prestige, then the fewest development cards.",
							"fr": "Détient la Cité c13_r4k3 (13 points de prestige, 4 bonus rouges et 3 bonus noirs) : 0 point, mais seuls les détenteurs d'une Cité peuvent gagner ; entre eux, le plus de prestige, puis le moins de cartes Développement."
						},
						"key": "city",
						"points": 0
					}
				],
				"name": "Dirk",
				"rank": 1,
				"seat": 1,
				"total": 13,
				"winner": true
			}
		],
		"tie_breaks": [],
		"variant": "cities"
	},
	"problems": [],
	"help": {
		"game": "splendor",
		"help": {
			"cities": {
				"cities": [
					{
						"held_by": 1,
						"id": "c13_r4k3",
						"prestige": 13,
						"requirement": {
							"bonuses": {
								"black": 3,
								"blue": 0,
								"green": 0,
								"red": 4,
								"white": 0
							},
							"kind": "colours"
						},
						"requirement_text": {
							"en": "13 prestige points, 4 red and 3 black bonuses",
							"fr": "13 points de prestige, 4 bonus rouges et 3 bonus noirs"
						},
						"seats": [
							{
								"can_take": false,
								"meets": false,
								"missing": {
									"bonuses": {
										"black": 3,
										"blue": 0,
										"green": 0,
										"red": 4,
										"white": 0
									},
									"one_colour": null,
									"prestige": 0
								},
								"seat": 0,
								"text": {
									"en": "already taken; 4 red bonuses and 3 black bonuses missing",
									"fr": "déjà prise ; il manque 4 bonus rouges et 3 bonus noirs"
								}
							},
							{
								"can_take": false,
								"meets": true,
								"missing": {
									"bonuses": {
										"black": 0,
										"blue": 0,
										"green": 0,
										"red": 0,
										"white": 0
									},
									"one_colour": null,
									"prestige": 0
								},
								"seat": 1,
								"text": {
									"en": "holds this city",
									"fr": "détient cette Cité"
								}
							}
						]
					},
					{
						"held_by": null,
						"id": "c15_same5",
						"prestige": 15,
						"requirement": {
							"count": 5,
							"kind": "one_colour"
						},
						"requirement_text": {
							"en": "15 prestige points and 5 bonuses of one same colour",
							"fr": "15 points de prestige et 5 bonus d'une même couleur"
						},
						"seats": [
							{
								"can_take": false,
								"meets": false,
								"missing": {
									"bonuses": {
										"black": 0,
										"blue": 0,
										"green": 0,
										"red": 0,
										"white": 0
									},
									"one_colour": {
										"closest": "white",
										"have": 2,
										"needed": 5,
										"short": 3
									},
									"prestige": 0
								},
								"seat": 0,
								"text": {
									"en": "3 bonuses of one same colour (closest: white 2/5) missing",
									"fr": "il manque 3 bonus d'une même couleur (le plus proche : blanc 2/5)"
								}
							},
							{
								"can_take": false,
								"meets": false,
								"missing": {
									"bonuses": {
										"black": 0,
										"blue": 0,
										"green": 0,
										"red": 0,
										"white": 0
									},
									"one_colour": {
										"closest": "red",
										"have": 4,
										"needed": 5,
										"short": 1
									},
									"prestige": 2
								},
								"seat": 1,
								"text": {
									"en": "already holds city c13_r4k3; 2 prestige points and 1 bonus of one same colour (closest: red 4/5) missing",
									"fr": "détient déjà la Cité c13_r4k3 ; il manque 2 points de prestige et 1 bonus d'une même couleur (le plus proche : rouge 4/5)"
								}
							}
						]
					},
					{
						"held_by": null,
						"id": "c17",
						"prestige": 17,
						"requirement": {
							"kind": "prestige_only"
						},
						"requirement_text": {
							"en": "17 prestige points, no bonus",
							"fr": "17 points de prestige, sans bonus"
						},
						"seats": [
							{
								"can_take": false,
								"meets": false,
								"missing": {
									"bonuses": {
										"black": 0,
										"blue": 0,
										"green": 0,
										"red": 0,
										"white": 0
									},
									"one_colour": null,
									"prestige": 1
								},
								"seat": 0,
								"text": {
									"en": "1 prestige point missing",
									"fr": "il manque 1 point de prestige"
								}
							},
							{
								"can_take": false,
								"meets": false,
								"missing": {
									"bonuses": {
										"black": 0,
										"blue": 0,
										"green": 0,
										"red": 0,
										"white": 0
									},
									"one_colour": null,
									"prestige": 4
								},
								"seat": 1,
								"text": {
									"en": "already holds city c13_r4k3; 4 prestige points missing",
									"fr": "détient déjà la Cité c13_r4k3 ; il manque 4 points de prestige"
								}
							}
						]
					}
				],
				"holders": [
					1
				]
			},
			"end": {
				"explanation": {
					"en": "Dirk holds a city: the round is completed; if nobody else takes one, Dirk wins.",
					"fr": "Dirk détient une Cité : on termine le tour de table ; si personne d'autre n'en prend, Dirk gagne."
				},
				"leaders": [
					1
				],
				"triggered": true,
				"triggered_by": [
					1
				],
				"winners_if_round_ended_now": [
					1
				]
			},
			"seats": [
				{
					"city": null,
					"development_cards": 3,
					"effective_bonuses": {
						"black": 0,
						"blue": 1,
						"green": 0,
						"red": 0,
						"white": 2
					},
					"name": "Ani",
					"orient_bonuses": {
						"black": 0,
						"blue": 0,
						"green": 0,
						"red": 0,
						"white": 0
					},
					"powers": [],
					"prestige": {
						"cards": 16,
						"nobles": 0,
						"orient": 0,
						"powers": 0,
						"total": 16
					},
					"prestige_text": {
						"en": "16 (cards) = 16",
						"fr": "16 (cartes) = 16"
					},
					"rank": 2,
					"seat": 0
				},
				{
					"city": "c13_r4k3",
					"development_cards": 7,
					"effective_bonuses": {
						"black": 3,
						"blue": 0,
						"green": 0,
						"red": 4,
						"white": 0
					},
					"name": "Dirk",
					"orient_bonuses": {
						"black": 0,
						"blue": 0,
						"green": 0,
						"red": 0,
						"white": 0
					},
					"powers": [],
					"prestige": {
						"cards": 13,
						"nobles": 0,
						"orient": 0,
						"powers": 0,
						"total": 13
					},
					"prestige_text": {
						"en": "13 (cards) = 13",
						"fr": "13 (cartes) = 13"
					},
					"rank": 1,
					"seat": 1
				}
			],
			"variant": "cities"
		}
	}
};

export const TRADING_POSTS_STATE: SplendorTableState = {
	"variant": "trading_posts",
	"players": [
		{
			"name": "Ani",
			"bonuses": {
				"white": 2,
				"blue": 0,
				"green": 5,
				"red": 3,
				"black": 3
			},
			"card_prestige": 6,
			"nobles": 1
		},
		{
			"name": "Dirk",
			"bonuses": {
				"white": 1,
				"blue": 3,
				"green": 0,
				"red": 0,
				"black": 1
			},
			"card_prestige": 4,
			"nobles": 0
		}
	]
};

export const TRADING_POSTS: ScorePreview = {
	"partial": null,
	"undo_steps": 0,
	"scoreboard": {
		"game": "splendor",
		"outcome": {
			"kind": "points"
		},
		"players": [
			{
				"categories": [
					{
						"detail": {
							"en": "Prestige printed on ordinary development cards: 6.",
							"fr": "Prestige imprimé sur les cartes Développement ordinaires : 6."
						},
						"key": "cards",
						"points": 6
					},
					{
						"detail": {
							"en": "1 noble × 3 = 3.",
							"fr": "1 noble × 3 = 3."
						},
						"key": "nobles",
						"points": 3
					},
					{
						"detail": {
							"en": "Not used with the module “Trading Posts”: 0.",
							"fr": "Sans objet avec le module « Les Comptoirs » : 0."
						},
						"key": "orient",
						"points": 0
					},
					{
						"detail": {
							"en": "Green power: 5; black power: 4 flags × 1 = 4; total 9.",
							"fr": "Pouvoir vert : 5 ; pouvoir noir : 4 fanions × 1 = 4 ; total 9."
						},
						"key": "powers",
						"points": 9
					},
					{
						"detail": {
							"en": "Not used with the module “Trading Posts”: 0.",
							"fr": "Sans objet avec le module « Les Comptoirs » : 0."
						},
						"key": "city",
						"points": 0
					}
				],
				"name": "Ani",
				"rank": 1,
				"seat": 0,
				"total": 18,
				"winner": true
			},
			{
				"categories": [
					{
						"detail": {
							"en": "Prestige printed on ordinary development cards: 4.",
							"fr": "Prestige imprimé sur les cartes Développement ordinaires : 4."
						},
						"key": "cards",
						"points": 4
					},
					{
						"detail": {
							"en": "0 noble × 3 = 0.",
							"fr": "0 noble × 3 = 0."
						},
						"key": "nobles",
						"points": 0
					},
					{
						"detail": {
							"en": "Not used with the module “Trading Posts”: 0.",
							"fr": "Sans objet avec le module « Les Comptoirs » : 0."
						},
						"key": "orient",
						"points": 0
					},
					{
						"detail": {
							"en": "No prestige power unlocked (1 flag on the route): 0.",
							"fr": "Aucun pouvoir à prestige débloqué (1 fanion sur la route) : 0."
						},
						"key": "powers",
						"points": 0
					},
					{
						"detail": {
							"en": "Not used with the module “Trading Posts”: 0.",
							"fr": "Sans objet avec le module « Les Comptoirs » : 0."
						},
						"key": "city",
						"points": 0
					}
				],
				"name": "Dirk",
				"rank": 2,
				"seat": 1,
				"total": 4,
				"winner": false
			}
		],
		"tie_breaks": [],
		"variant": "trading_posts"
	},
	"problems": [],
	"help": {
		"game": "splendor",
		"help": {
			"cities": null,
			"end": {
				"explanation": {
					"en": "Ani reached 15 prestige: the round is completed (the player right of the first player plays last). If the round ended now: Ani (most prestige, then fewest cards).",
					"fr": "Ani a atteint 15 points de prestige : on termine le tour de table (le joueur à droite du premier joueur joue en dernier). Si le tour finissait maintenant : Ani (le plus de prestige, puis le moins de cartes)."
				},
				"leaders": [
					0
				],
				"triggered": true,
				"triggered_by": [
					0
				],
				"winners_if_round_ended_now": [
					0
				]
			},
			"seats": [
				{
					"city": null,
					"development_cards": 13,
					"effective_bonuses": {
						"black": 3,
						"blue": 0,
						"green": 5,
						"red": 3,
						"white": 2
					},
					"name": "Ani",
					"orient_bonuses": {
						"black": 0,
						"blue": 0,
						"green": 0,
						"red": 0,
						"white": 0
					},
					"powers": [
						{
							"id": "gem_after_purchase",
							"missing_bonuses": {
								"black": 0,
								"blue": 0,
								"green": 0,
								"red": 0,
								"white": 0
							},
							"missing_nobles": 0,
							"text": {
								"en": "unlocked",
								"fr": "débloqué"
							},
							"unlocked": true
						},
						{
							"id": "extra_gem",
							"missing_bonuses": {
								"black": 0,
								"blue": 0,
								"green": 0,
								"red": 0,
								"white": 0
							},
							"missing_nobles": 0,
							"text": {
								"en": "unlocked",
								"fr": "débloqué"
							},
							"unlocked": true
						},
						{
							"id": "double_gold",
							"missing_bonuses": {
								"black": 0,
								"blue": 3,
								"green": 0,
								"red": 0,
								"white": 0
							},
							"missing_nobles": 0,
							"text": {
								"en": "3 blue bonuses missing",
								"fr": "il manque 3 bonus bleus"
							},
							"unlocked": false
						},
						{
							"id": "five_prestige",
							"missing_bonuses": {
								"black": 0,
								"blue": 0,
								"green": 0,
								"red": 0,
								"white": 0
							},
							"missing_nobles": 0,
							"text": {
								"en": "unlocked",
								"fr": "débloqué"
							},
							"unlocked": true
						},
						{
							"id": "flag_prestige",
							"missing_bonuses": {
								"black": 0,
								"blue": 0,
								"green": 0,
								"red": 0,
								"white": 0
							},
							"missing_nobles": 0,
							"text": {
								"en": "unlocked",
								"fr": "débloqué"
							},
							"unlocked": true
						}
					],
					"prestige": {
						"cards": 6,
						"nobles": 3,
						"orient": 0,
						"powers": 9,
						"total": 18
					},
					"prestige_text": {
						"en": "6 (cards) + 3 (nobles) + 9 (powers) = 18",
						"fr": "6 (cartes) + 3 (nobles) + 9 (pouvoirs) = 18"
					},
					"rank": 1,
					"seat": 0
				},
				{
					"city": null,
					"development_cards": 5,
					"effective_bonuses": {
						"black": 1,
						"blue": 3,
						"green": 0,
						"red": 0,
						"white": 1
					},
					"name": "Dirk",
					"orient_bonuses": {
						"black": 0,
						"blue": 0,
						"green": 0,
						"red": 0,
						"white": 0
					},
					"powers": [
						{
							"id": "gem_after_purchase",
							"missing_bonuses": {
								"black": 0,
								"blue": 0,
								"green": 0,
								"red": 3,
								"white": 0
							},
							"missing_nobles": 0,
							"text": {
								"en": "3 red bonuses missing",
								"fr": "il manque 3 bonus rouges"
							},
							"unlocked": false
						},
						{
							"id": "extra_gem",
							"missing_bonuses": {
								"black": 0,
								"blue": 0,
								"green": 0,
								"red": 0,
								"white": 1
							},
							"missing_nobles": 0,
							"text": {
								"en": "1 white bonus missing",
								"fr": "il manque 1 bonus blanc"
							},
							"unlocked": false
						},
						{
							"id": "double_gold",
							"missing_bonuses": {
								"black": 0,
								"blue": 0,
								"green": 0,
								"red": 0,
								"white": 0
							},
							"missing_nobles": 0,
							"text": {
								"en": "unlocked",
								"fr": "débloqué"
							},
							"unlocked": true
						},
						{
							"id": "five_prestige",
							"missing_bonuses": {
								"black": 0,
								"blue": 0,
								"green": 5,
								"red": 0,
								"white": 0
							},
							"missing_nobles": 1,
							"text": {
								"en": "5 green bonuses and 1 noble missing",
								"fr": "il manque 5 bonus verts et 1 noble"
							},
							"unlocked": false
						},
						{
							"id": "flag_prestige",
							"missing_bonuses": {
								"black": 2,
								"blue": 0,
								"green": 0,
								"red": 0,
								"white": 0
							},
							"missing_nobles": 0,
							"text": {
								"en": "2 black bonuses missing",
								"fr": "il manque 2 bonus noirs"
							},
							"unlocked": false
						}
					],
					"prestige": {
						"cards": 4,
						"nobles": 0,
						"orient": 0,
						"powers": 0,
						"total": 4
					},
					"prestige_text": {
						"en": "4 (cards) + 0 (nobles) + 0 (powers) = 4",
						"fr": "4 (cartes) + 0 (nobles) + 0 (pouvoirs) = 4"
					},
					"rank": 2,
					"seat": 1
				}
			],
			"variant": "trading_posts"
		}
	}
};

export const ORIENT_STATE: SplendorTableState = {
	"variant": "orient",
	"players": [
		{
			"name": "Ani",
			"bonuses": {
				"white": 2,
				"blue": 1,
				"green": 0,
				"red": 0,
				"black": 0
			},
			"card_prestige": 5,
			"nobles": 0,
			"orient": [
				{
					"card": "o2_double_red"
				},
				{
					"card": "o1_pair_r3u2",
					"colour": "blue"
				}
			],
			"reserved_nobles": 0
		},
		{
			"name": "Dirk",
			"bonuses": {
				"white": 0,
				"blue": 0,
				"green": 0,
				"red": 4,
				"black": 3
			},
			"card_prestige": 9,
			"nobles": 1,
			"orient": [
				{
					"card": "o2_noble_white"
				}
			],
			"reserved_nobles": 1
		}
	]
};

export const ORIENT: ScorePreview = {
	"partial": null,
	"undo_steps": 0,
	"scoreboard": {
		"game": "splendor",
		"outcome": {
			"kind": "points"
		},
		"players": [
			{
				"categories": [
					{
						"detail": {
							"en": "Prestige printed on ordinary development cards: 5.",
							"fr": "Prestige imprimé sur les cartes Développement ordinaires : 5."
						},
						"key": "cards",
						"points": 5
					},
					{
						"detail": {
							"en": "0 noble × 3 = 0.",
							"fr": "0 noble × 3 = 0."
						},
						"key": "nobles",
						"points": 0
					},
					{
						"detail": {
							"en": "2 Orient cards, none with prestige (only “Reserve a noble”: 1 and “Sacrifice”: 3 carry some): 0.",
							"fr": "2 cartes Orient, aucune à prestige (seules « Réserver un noble » : 1 et « Sacrifice » : 3 en portent) : 0."
						},
						"key": "orient",
						"points": 0
					},
					{
						"detail": {
							"en": "Not used with the module “The Orient”: 0.",
							"fr": "Sans objet avec le module « L'Orient » : 0."
						},
						"key": "powers",
						"points": 0
					},
					{
						"detail": {
							"en": "Not used with the module “The Orient”: 0.",
							"fr": "Sans objet avec le module « L'Orient » : 0."
						},
						"key": "city",
						"points": 0
					}
				],
				"name": "Ani",
				"rank": 2,
				"seat": 0,
				"total": 5,
				"winner": false
			},
			{
				"categories": [
					{
						"detail": {
							"en": "Prestige printed on ordinary development cards: 9.",
							"fr": "Prestige imprimé sur les cartes Développement ordinaires : 9."
						},
						"key": "cards",
						"points": 9
					},
					{
						"detail": {
							"en": "1 noble × 3 = 3. 1 reserved noble who has not visited yet: 0 points.",
							"fr": "1 noble × 3 = 3. 1 noble réservé, pas encore venu : 0 point."
						},
						"key": "nobles",
						"points": 3
					},
					{
						"detail": {
							"en": "1 “Reserve a noble” card × 1 = 1.",
							"fr": "1 carte « Réserver un noble » × 1 = 1."
						},
						"key": "orient",
						"points": 1
					},
					{
						"detail": {
							"en": "Not used with the module “The Orient”: 0.",
							"fr": "Sans objet avec le module « L'Orient » : 0."
						},
						"key": "powers",
						"points": 0
					},
					{
						"detail": {
							"en": "Not used with the module “The Orient”: 0.",
							"fr": "Sans objet avec le module « L'Orient » : 0."
						},
						"key": "city",
						"points": 0
					}
				],
				"name": "Dirk",
				"rank": 1,
				"seat": 1,
				"total": 13,
				"winner": true
			}
		],
		"tie_breaks": [],
		"variant": "orient"
	},
	"problems": [],
	"help": {
		"game": "splendor",
		"help": {
			"cities": null,
			"end": {
				"explanation": {
					"en": "Nobody has 15 prestige yet: the game goes on. Leading: Dirk (13).",
					"fr": "Personne n'a encore 15 points de prestige : la partie continue. En tête : Dirk (13)."
				},
				"leaders": [
					1
				],
				"triggered": false,
				"triggered_by": [],
				"winners_if_round_ended_now": []
			},
			"seats": [
				{
					"city": null,
					"development_cards": 5,
					"effective_bonuses": {
						"black": 0,
						"blue": 2,
						"green": 0,
						"red": 2,
						"white": 2
					},
					"name": "Ani",
					"orient_bonuses": {
						"black": 0,
						"blue": 1,
						"green": 0,
						"red": 2,
						"white": 0
					},
					"powers": [],
					"prestige": {
						"cards": 5,
						"nobles": 0,
						"orient": 0,
						"powers": 0,
						"total": 5
					},
					"prestige_text": {
						"en": "5 (cards) + 0 (nobles) + 0 (Orient) = 5",
						"fr": "5 (cartes) + 0 (nobles) + 0 (Orient) = 5"
					},
					"rank": 2,
					"seat": 0
				},
				{
					"city": null,
					"development_cards": 8,
					"effective_bonuses": {
						"black": 3,
						"blue": 0,
						"green": 0,
						"red": 4,
						"white": 1
					},
					"name": "Dirk",
					"orient_bonuses": {
						"black": 0,
						"blue": 0,
						"green": 0,
						"red": 0,
						"white": 1
					},
					"powers": [],
					"prestige": {
						"cards": 9,
						"nobles": 3,
						"orient": 1,
						"powers": 0,
						"total": 13
					},
					"prestige_text": {
						"en": "9 (cards) + 3 (nobles) + 1 (Orient) = 13",
						"fr": "9 (cartes) + 3 (nobles) + 1 (Orient) = 13"
					},
					"rank": 1,
					"seat": 1
				}
			],
			"variant": "orient"
		}
	}
};
