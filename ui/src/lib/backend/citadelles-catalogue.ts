// Citadelles' catalogue (districts, wonders and characters of both profiles), as the core's
// `citadelles::catalogue()` returns it (copied from its JSON output). The fake backend serves it
// so that the Citadelles screen works in tests and in a plain browser; the app asks the core.
// Typed against the bindings: `npm run check` fails if the contract drifts.
import type { CitadellesCatalogue } from './types';

export const CITADELLES_CATALOGUE: CitadellesCatalogue = {
	"districts": [
		{
			"id": "temple",
			"name": {
				"fr": "Temple",
				"en": "Temple"
			},
			"kind": "religious",
			"cost": 1,
			"copies": 3,
			"rule": "citadelles.districts"
		},
		{
			"id": "church",
			"name": {
				"fr": "Église",
				"en": "Church"
			},
			"kind": "religious",
			"cost": 2,
			"copies": 3,
			"rule": "citadelles.districts"
		},
		{
			"id": "monastery",
			"name": {
				"fr": "Monastère",
				"en": "Monastery"
			},
			"kind": "religious",
			"cost": 3,
			"copies": 3,
			"rule": "citadelles.districts"
		},
		{
			"id": "cathedral",
			"name": {
				"fr": "Cathédrale",
				"en": "Cathedral"
			},
			"kind": "religious",
			"cost": 5,
			"copies": 2,
			"rule": "citadelles.districts"
		},
		{
			"id": "watchtower",
			"name": {
				"fr": "Tour de guet",
				"en": "Watchtower"
			},
			"kind": "military",
			"cost": 1,
			"copies": 3,
			"rule": "citadelles.districts"
		},
		{
			"id": "prison",
			"name": {
				"fr": "Prison",
				"en": "Prison"
			},
			"kind": "military",
			"cost": 2,
			"copies": 3,
			"rule": "citadelles.districts"
		},
		{
			"id": "barracks",
			"name": {
				"fr": "Caserne",
				"en": "Barracks"
			},
			"kind": "military",
			"cost": 3,
			"copies": 3,
			"rule": "citadelles.districts"
		},
		{
			"id": "fortress",
			"name": {
				"fr": "Forteresse",
				"en": "Fortress"
			},
			"kind": "military",
			"cost": 5,
			"copies": 2,
			"rule": "citadelles.districts"
		},
		{
			"id": "manor",
			"name": {
				"fr": "Manoir",
				"en": "Manor"
			},
			"kind": "noble",
			"cost": 3,
			"copies": 5,
			"rule": "citadelles.districts"
		},
		{
			"id": "castle",
			"name": {
				"fr": "Château",
				"en": "Castle"
			},
			"kind": "noble",
			"cost": 4,
			"copies": 4,
			"rule": "citadelles.districts"
		},
		{
			"id": "palace",
			"name": {
				"fr": "Palais",
				"en": "Palace"
			},
			"kind": "noble",
			"cost": 5,
			"copies": 3,
			"rule": "citadelles.districts"
		},
		{
			"id": "tavern",
			"name": {
				"fr": "Taverne",
				"en": "Tavern"
			},
			"kind": "trade",
			"cost": 1,
			"copies": 5,
			"rule": "citadelles.districts"
		},
		{
			"id": "market",
			"name": {
				"fr": "Marché",
				"en": "Market"
			},
			"kind": "trade",
			"cost": 2,
			"copies": 4,
			"rule": "citadelles.districts"
		},
		{
			"id": "trading_post",
			"name": {
				"fr": "Échoppe",
				"en": "Trading Post"
			},
			"kind": "trade",
			"cost": 2,
			"copies": 3,
			"rule": "citadelles.districts"
		},
		{
			"id": "docks",
			"name": {
				"fr": "Comptoir",
				"en": "Docks"
			},
			"kind": "trade",
			"cost": 3,
			"copies": 3,
			"rule": "citadelles.districts"
		},
		{
			"id": "harbor",
			"name": {
				"fr": "Port",
				"en": "Harbor"
			},
			"kind": "trade",
			"cost": 4,
			"copies": 3,
			"rule": "citadelles.districts"
		},
		{
			"id": "town_hall",
			"name": {
				"fr": "Hôtel de ville",
				"en": "Town Hall"
			},
			"kind": "trade",
			"cost": 5,
			"copies": 2,
			"rule": "citadelles.districts"
		}
	],
	"profiles": [
		{
			"variant": "classique",
			"label": {
				"fr": "Classique",
				"en": "Classic"
			},
			"min_players": 2,
			"max_players": 7,
			"thresholds": [
				{
					"players": 2,
					"districts": 8,
					"longer_game": 8
				},
				{
					"players": 3,
					"districts": 8,
					"longer_game": 8
				},
				{
					"players": 4,
					"districts": 7,
					"longer_game": 8
				},
				{
					"players": 5,
					"districts": 7,
					"longer_game": 8
				},
				{
					"players": 6,
					"districts": 7,
					"longer_game": 8
				},
				{
					"players": 7,
					"districts": 7,
					"longer_game": 8
				}
			],
			"longer_game_option": true,
			"tie_break": true,
			"wonders": [
				{
					"id": "haunted_city",
					"name": {
						"fr": "Cour des Miracles",
						"en": "Haunted City"
					},
					"cost": 2,
					"copies": 1,
					"buildable": true,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "En fin de partie, compte comme un type de quartier au choix pour le bonus des cinq types, sauf si elle a été bâtie au dernier tour.",
						"en": "At the end of the game, counts as one district type of your choice for the five-type bonus, unless it was built in the last round."
					},
					"note": {
						"fr": "Restriction « pas si elle est bâtie au dernier tour » : non confirmée par une seconde source, retenue par les décisions du projet.",
						"en": "Restriction \"not if built in the last round\": not confirmed by a second source, kept by the project's decisions."
					},
					"rule": "citadelles.wonder.haunted_city"
				},
				{
					"id": "keep",
					"name": {
						"fr": "Donjon",
						"en": "Keep"
					},
					"cost": 3,
					"copies": 2,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Le Condottiere ne peut pas le détruire.",
						"en": "The Warlord cannot destroy it."
					},
					"note": null,
					"rule": "citadelles.wonder.keep"
				},
				{
					"id": "laboratory",
					"name": {
						"fr": "Laboratoire",
						"en": "Laboratory"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Une fois par tour, défaussez une carte de votre main pour recevoir 2 pièces d'or.",
						"en": "Once per turn, discard a card from your hand to receive 2 gold."
					},
					"note": null,
					"rule": "citadelles.wonder.laboratory"
				},
				{
					"id": "smithy",
					"name": {
						"fr": "Forge",
						"en": "Smithy"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Une fois par tour, payez 2 pièces d'or pour piocher 3 cartes.",
						"en": "Once per turn, pay 2 gold to draw 3 cards."
					},
					"note": null,
					"rule": "citadelles.wonder.smithy"
				},
				{
					"id": "graveyard",
					"name": {
						"fr": "Cimetière",
						"en": "Graveyard"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Quand le Condottiere détruit un quartier, vous pouvez payer 1 pièce d'or pour le prendre en main (pas si vous êtes le Condottiere).",
						"en": "When the Warlord destroys a district, you may pay 1 gold to take it into your hand (not if you are the Warlord)."
					},
					"note": null,
					"rule": "citadelles.wonder.graveyard"
				},
				{
					"id": "observatory",
					"name": {
						"fr": "Observatoire",
						"en": "Observatory"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Quand vous piochez des cartes au début de votre tour, piochez-en 3 au lieu de 2 et gardez-en une.",
						"en": "When you draw cards at the start of your turn, draw 3 instead of 2 and keep one."
					},
					"note": {
						"fr": "Coût incertain : 5 selon la liste du jeu de base d'origine, 4 selon une autre source ; Greffier retient 5. Pour un autre coût, saisissez une merveille personnalisée.",
						"en": "Uncertain cost: 5 in the original base-game list, 4 in another source; Greffier uses 5. For another cost, enter a custom wonder."
					},
					"rule": "citadelles.wonder.observatory"
				},
				{
					"id": "school_of_magic",
					"name": {
						"fr": "École de Magie",
						"en": "School of Magic"
					},
					"cost": 6,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Pour les revenus des personnages, compte comme le type de votre choix (pas pour le bonus des cinq types).",
						"en": "For character income, counts as the type of your choice (not for the five-type bonus)."
					},
					"note": null,
					"rule": "citadelles.wonder.school_of_magic"
				},
				{
					"id": "library",
					"name": {
						"fr": "Bibliothèque",
						"en": "Library"
					},
					"cost": 6,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Quand vous piochez des cartes au début de votre tour, gardez toutes les cartes piochées.",
						"en": "When you draw cards at the start of your turn, keep all the cards drawn."
					},
					"note": null,
					"rule": "citadelles.wonder.library"
				},
				{
					"id": "great_wall",
					"name": {
						"fr": "Grande Muraille",
						"en": "Great Wall"
					},
					"cost": 6,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Le Condottiere paie 1 pièce d'or de plus pour détruire vos autres quartiers.",
						"en": "The Warlord pays 1 more gold to destroy your other districts."
					},
					"note": null,
					"rule": "citadelles.wonder.great_wall"
				},
				{
					"id": "university",
					"name": {
						"fr": "Université",
						"en": "University"
					},
					"cost": 6,
					"copies": 1,
					"buildable": true,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "Coûte 6 mais vaut 8 points en fin de partie.",
						"en": "Costs 6 but is worth 8 points at the end of the game."
					},
					"note": null,
					"rule": "citadelles.wonder.university"
				},
				{
					"id": "dragon_gate",
					"name": {
						"fr": "Dracoport",
						"en": "Dragon Gate"
					},
					"cost": 6,
					"copies": 1,
					"buildable": true,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "Coûte 6 mais vaut 8 points en fin de partie.",
						"en": "Costs 6 but is worth 8 points at the end of the game."
					},
					"note": null,
					"rule": "citadelles.wonder.dragon_gate"
				},
				{
					"id": "map_room",
					"name": {
						"fr": "Salle des Cartes",
						"en": "Map Room"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "En fin de partie, 1 point par carte dans votre main.",
						"en": "At the end of the game, 1 point per card in your hand."
					},
					"note": null,
					"rule": "citadelles.wonder.map_room"
				},
				{
					"id": "imperial_treasury",
					"name": {
						"fr": "Trésor Impérial",
						"en": "Imperial Treasury"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "En fin de partie, 1 point par pièce d'or dans votre trésor.",
						"en": "At the end of the game, 1 point per gold in your treasury."
					},
					"note": null,
					"rule": "citadelles.wonder.imperial_treasury"
				}
			],
			"characters": [
				{
					"id": "assassin",
					"rank": 1,
					"name": {
						"fr": "Assassin",
						"en": "Assassin"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.assassin"
				},
				{
					"id": "thief",
					"rank": 2,
					"name": {
						"fr": "Voleur",
						"en": "Thief"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.thief"
				},
				{
					"id": "magician",
					"rank": 3,
					"name": {
						"fr": "Magicien",
						"en": "Magician"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.magician"
				},
				{
					"id": "king",
					"rank": 4,
					"name": {
						"fr": "Roi",
						"en": "King"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.king"
				},
				{
					"id": "bishop",
					"rank": 5,
					"name": {
						"fr": "Évêque",
						"en": "Bishop"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.bishop"
				},
				{
					"id": "merchant",
					"rank": 6,
					"name": {
						"fr": "Marchand",
						"en": "Merchant"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.merchant"
				},
				{
					"id": "architect",
					"rank": 7,
					"name": {
						"fr": "Architecte",
						"en": "Architect"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.architect"
				},
				{
					"id": "warlord",
					"rank": 8,
					"name": {
						"fr": "Condottiere",
						"en": "Warlord"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.warlord"
				}
			],
			"rule": "citadelles.variant.classique"
		},
		{
			"variant": "deuxieme_edition",
			"label": {
				"fr": "2e édition",
				"en": "2nd edition"
			},
			"min_players": 2,
			"max_players": 8,
			"thresholds": [
				{
					"players": 2,
					"districts": 8,
					"longer_game": 8
				},
				{
					"players": 3,
					"districts": 8,
					"longer_game": 8
				},
				{
					"players": 4,
					"districts": 8,
					"longer_game": 8
				},
				{
					"players": 5,
					"districts": 8,
					"longer_game": 8
				},
				{
					"players": 6,
					"districts": 8,
					"longer_game": 8
				},
				{
					"players": 7,
					"districts": 8,
					"longer_game": 8
				},
				{
					"players": 8,
					"districts": 8,
					"longer_game": 8
				}
			],
			"longer_game_option": false,
			"tie_break": false,
			"wonders": [
				{
					"id": "smithy",
					"name": {
						"fr": "Forge",
						"en": "Smithy"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Une fois par tour, payez 2 pièces d'or pour recevoir 3 cartes.",
						"en": "Once per turn, pay 2 gold to gain 3 cards."
					},
					"note": null,
					"rule": "citadelles.wonder.smithy"
				},
				{
					"id": "laboratory",
					"name": {
						"fr": "Laboratoire",
						"en": "Laboratory"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Une fois par tour, défaussez une carte de votre main pour recevoir 2 pièces d'or.",
						"en": "Once per turn, discard a card from your hand to receive 2 gold."
					},
					"note": null,
					"rule": "citadelles.wonder.laboratory"
				},
				{
					"id": "school_of_magic",
					"name": {
						"fr": "École de Magie",
						"en": "School of Magic"
					},
					"cost": 6,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Pour les pouvoirs qui rapportent des ressources, compte comme le type de votre choix.",
						"en": "For abilities that gain resources, counts as the type of your choice."
					},
					"note": null,
					"rule": "citadelles.wonder.school_of_magic"
				},
				{
					"id": "keep",
					"name": {
						"fr": "Donjon",
						"en": "Keep"
					},
					"cost": 3,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Le personnage de rang 8 ne peut pas utiliser son pouvoir sur le Donjon.",
						"en": "The rank-8 character cannot use its ability on the Keep."
					},
					"note": null,
					"rule": "citadelles.wonder.keep"
				},
				{
					"id": "dragon_gate",
					"name": {
						"fr": "Dracoport",
						"en": "Dragon Gate"
					},
					"cost": 6,
					"copies": 1,
					"buildable": true,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "En fin de partie, 2 points de plus (vaut 8 pour un coût de 6).",
						"en": "At the end of the game, 2 extra points (worth 8 for a cost of 6)."
					},
					"note": null,
					"rule": "citadelles.wonder.dragon_gate"
				},
				{
					"id": "haunted_city",
					"name": {
						"fr": "Cour des Miracles",
						"en": "Haunted Quarter"
					},
					"cost": 2,
					"copies": 1,
					"buildable": true,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "En fin de partie, compte comme un type de quartier au choix ; comptée comme un autre type, elle n'est plus une merveille pour les autres effets.",
						"en": "At the end of the game, counts as one district type of your choice; counted as another type, it is no longer a unique district for other effects."
					},
					"note": null,
					"rule": "citadelles.wonder.haunted_city"
				},
				{
					"id": "great_wall",
					"name": {
						"fr": "Grande Muraille",
						"en": "Great Wall"
					},
					"cost": 6,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Le personnage de rang 8 paie 1 pièce d'or de plus pour utiliser son pouvoir sur un quartier de votre cité.",
						"en": "The rank-8 character pays 1 more gold to use its ability on a district in your city."
					},
					"note": null,
					"rule": "citadelles.wonder.great_wall"
				},
				{
					"id": "observatory",
					"name": {
						"fr": "Observatoire",
						"en": "Observatory"
					},
					"cost": 4,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Quand vous piochez des cartes comme ressource, piochez-en 3 au lieu de 2 et gardez-en une.",
						"en": "When you draw cards as resources, draw 3 instead of 2 and keep one."
					},
					"note": null,
					"rule": "citadelles.wonder.observatory"
				},
				{
					"id": "library",
					"name": {
						"fr": "Bibliothèque",
						"en": "Library"
					},
					"cost": 6,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Quand vous piochez des cartes comme ressource, gardez toutes les cartes piochées.",
						"en": "When you draw cards as resources, keep all the cards drawn."
					},
					"note": null,
					"rule": "citadelles.wonder.library"
				},
				{
					"id": "quarry",
					"name": {
						"fr": "Carrière",
						"en": "Quarry"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Vous pouvez bâtir des quartiers identiques à ceux de votre cité.",
						"en": "You may build districts identical to ones already in your city."
					},
					"note": null,
					"rule": "citadelles.wonder.quarry"
				},
				{
					"id": "armory",
					"name": {
						"fr": "Poudrière",
						"en": "Armory"
					},
					"cost": 3,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Pendant votre tour, détruisez la Poudrière pour détruire un quartier de votre choix (pas dans une cité complète).",
						"en": "During your turn, destroy the Armory to destroy one district of your choice (not in a complete city)."
					},
					"note": null,
					"rule": "citadelles.wonder.armory"
				},
				{
					"id": "factory",
					"name": {
						"fr": "Manufacture",
						"en": "Factory"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Vous payez 1 pièce d'or de moins pour bâtir toute autre merveille.",
						"en": "You pay 1 less gold to build any other unique district."
					},
					"note": null,
					"rule": "citadelles.wonder.factory"
				},
				{
					"id": "park",
					"name": {
						"fr": "Parc",
						"en": "Park"
					},
					"cost": 6,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Si vous n'avez aucune carte en main à la fin de votre tour, recevez 2 cartes.",
						"en": "If you have no cards in hand at the end of your turn, gain 2 cards."
					},
					"note": null,
					"rule": "citadelles.wonder.park"
				},
				{
					"id": "museum",
					"name": {
						"fr": "Musée",
						"en": "Museum"
					},
					"cost": 4,
					"copies": 1,
					"buildable": true,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "Une fois par tour, glissez une carte de votre main face cachée sous le Musée ; en fin de partie, 1 point par carte dessous.",
						"en": "Once per turn, put a card from your hand face down under the Museum; at the end of the game, 1 point per card under it."
					},
					"note": null,
					"rule": "citadelles.wonder.museum"
				},
				{
					"id": "poor_house",
					"name": {
						"fr": "Hospice",
						"en": "Poor House"
					},
					"cost": 4,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Si vous n'avez aucune pièce d'or à la fin de votre tour, recevez-en une.",
						"en": "If you have no gold at the end of your turn, gain 1 gold."
					},
					"note": null,
					"rule": "citadelles.wonder.poor_house"
				},
				{
					"id": "map_room",
					"name": {
						"fr": "Salle des Cartes",
						"en": "Map Room"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "En fin de partie, 1 point par carte dans votre main.",
						"en": "At the end of the game, 1 point per card in your hand."
					},
					"note": null,
					"rule": "citadelles.wonder.map_room"
				},
				{
					"id": "wishing_well",
					"name": {
						"fr": "Fontaine aux Souhaits",
						"en": "Wishing Well"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "En fin de partie, 1 point par merveille de votre cité, elle comprise.",
						"en": "At the end of the game, 1 point per unique district in your city, itself included."
					},
					"note": null,
					"rule": "citadelles.wonder.wishing_well"
				},
				{
					"id": "imperial_treasury",
					"name": {
						"fr": "Trésor Impérial",
						"en": "Imperial Treasury"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "En fin de partie, 1 point par pièce d'or dans votre trésor.",
						"en": "At the end of the game, 1 point per gold in your stash."
					},
					"note": null,
					"rule": "citadelles.wonder.imperial_treasury"
				},
				{
					"id": "framework",
					"name": {
						"fr": "Chantier",
						"en": "Framework"
					},
					"cost": 3,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Vous pouvez bâtir un quartier en détruisant le Chantier au lieu d'en payer le coût.",
						"en": "You may build a district by destroying the Framework instead of paying its cost."
					},
					"note": null,
					"rule": "citadelles.wonder.framework"
				},
				{
					"id": "statue",
					"name": {
						"fr": "Statue Équestre",
						"en": "Statue"
					},
					"cost": 3,
					"copies": 1,
					"buildable": true,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "En fin de partie, 5 points si vous avez la Couronne.",
						"en": "At the end of the game, 5 points if you hold the crown."
					},
					"note": null,
					"rule": "citadelles.wonder.statue"
				},
				{
					"id": "gold_mine",
					"name": {
						"fr": "Mine d'Or",
						"en": "Gold Mine"
					},
					"cost": 6,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Quand vous prenez de l'or comme ressource, recevez 1 pièce d'or de plus.",
						"en": "When you take gold as resources, gain 1 more gold."
					},
					"note": null,
					"rule": "citadelles.wonder.gold_mine"
				},
				{
					"id": "ivory_tower",
					"name": {
						"fr": "Tour d'Ivoire",
						"en": "Ivory Tower"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "En fin de partie, 5 points si c'est la seule merveille de votre cité.",
						"en": "At the end of the game, 5 points if it is the only unique district in your city."
					},
					"note": null,
					"rule": "citadelles.wonder.ivory_tower"
				},
				{
					"id": "necropolis",
					"name": {
						"fr": "Nécropole",
						"en": "Necropolis"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Vous pouvez la bâtir en détruisant un quartier de votre cité au lieu d'en payer le coût.",
						"en": "You may build it by destroying a district in your city instead of paying its cost."
					},
					"note": null,
					"rule": "citadelles.wonder.necropolis"
				},
				{
					"id": "thieves_den",
					"name": {
						"fr": "Tripot",
						"en": "Thieves' Den"
					},
					"cost": 6,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Payez tout ou partie de son coût avec des cartes de votre main, une carte pour une pièce d'or.",
						"en": "Pay part or all of its cost with cards from your hand, one card for one gold."
					},
					"note": null,
					"rule": "citadelles.wonder.thieves_den"
				},
				{
					"id": "theater",
					"name": {
						"fr": "Théâtre",
						"en": "Theater"
					},
					"cost": 6,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "À la fin de chaque choix des personnages, vous pouvez échanger votre personnage avec celui d'un adversaire.",
						"en": "At the end of each character selection, you may swap your chosen character with an opponent's."
					},
					"note": null,
					"rule": "citadelles.wonder.theater"
				},
				{
					"id": "stables",
					"name": {
						"fr": "Écuries",
						"en": "Stables"
					},
					"cost": 2,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 1,
					"effect": {
						"fr": "Ne compte pas dans votre limite de constructions du tour.",
						"en": "Does not count toward your building limit for the turn."
					},
					"note": null,
					"rule": "citadelles.wonder.stables"
				},
				{
					"id": "basilica",
					"name": {
						"fr": "Basilique",
						"en": "Basilica"
					},
					"cost": 4,
					"copies": 1,
					"buildable": true,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "En fin de partie, 1 point par quartier de coût impair dans votre cité.",
						"en": "At the end of the game, 1 point per district with an odd cost in your city."
					},
					"note": null,
					"rule": "citadelles.wonder.basilica"
				},
				{
					"id": "secret_vault",
					"name": {
						"fr": "Catacombes",
						"en": "Secret Vault"
					},
					"cost": 0,
					"copies": 1,
					"buildable": false,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "Ne peut jamais être bâtie ; en fin de partie, révélez-la de votre main pour 3 points.",
						"en": "Can never be built; at the end of the game, reveal it from your hand for 3 points."
					},
					"note": null,
					"rule": "citadelles.wonder.secret_vault"
				},
				{
					"id": "capitol",
					"name": {
						"fr": "Capitole",
						"en": "Capitol"
					},
					"cost": 5,
					"copies": 1,
					"buildable": true,
					"scores_at_end": true,
					"completion_weight": 1,
					"effect": {
						"fr": "En fin de partie, 3 points (une seule fois) si vous avez au moins 3 quartiers d'un même type.",
						"en": "At the end of the game, 3 points (once) if you have at least 3 districts of the same type."
					},
					"note": null,
					"rule": "citadelles.wonder.capitol"
				},
				{
					"id": "monument",
					"name": {
						"fr": "Monument",
						"en": "Monument"
					},
					"cost": 4,
					"copies": 1,
					"buildable": true,
					"scores_at_end": false,
					"completion_weight": 2,
					"effect": {
						"fr": "Ne peut pas être bâti si votre cité a déjà 5 quartiers ou plus ; compte pour 2 quartiers pour compléter la cité.",
						"en": "Cannot be built if your city already has 5 or more districts; counts as 2 districts toward a complete city."
					},
					"note": null,
					"rule": "citadelles.wonder.monument"
				}
			],
			"characters": [
				{
					"id": "assassin",
					"rank": 1,
					"name": {
						"fr": "Assassin",
						"en": "Assassin"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.assassin"
				},
				{
					"id": "witch",
					"rank": 1,
					"name": {
						"fr": "Sorcière",
						"en": "Witch"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.witch"
				},
				{
					"id": "magistrate",
					"rank": 1,
					"name": {
						"fr": "Échevin",
						"en": "Magistrate"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.magistrate"
				},
				{
					"id": "thief",
					"rank": 2,
					"name": {
						"fr": "Voleur",
						"en": "Thief"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.thief"
				},
				{
					"id": "blackmailer",
					"rank": 2,
					"name": {
						"fr": "Maître-chanteuse",
						"en": "Blackmailer"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.blackmailer"
				},
				{
					"id": "spy",
					"rank": 2,
					"name": {
						"fr": "Espion",
						"en": "Spy"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.spy"
				},
				{
					"id": "magician",
					"rank": 3,
					"name": {
						"fr": "Magicien",
						"en": "Magician"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.magician"
				},
				{
					"id": "wizard",
					"rank": 3,
					"name": {
						"fr": "Sorcier",
						"en": "Wizard"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.wizard"
				},
				{
					"id": "seer",
					"rank": 3,
					"name": {
						"fr": "Voyante",
						"en": "Seer"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.seer"
				},
				{
					"id": "king",
					"rank": 4,
					"name": {
						"fr": "Roi",
						"en": "King"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.king"
				},
				{
					"id": "emperor",
					"rank": 4,
					"name": {
						"fr": "Empereur",
						"en": "Emperor"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.emperor"
				},
				{
					"id": "patrician",
					"rank": 4,
					"name": {
						"fr": "Patricien",
						"en": "Patrician"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.patrician"
				},
				{
					"id": "bishop",
					"rank": 5,
					"name": {
						"fr": "Évêque",
						"en": "Bishop"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.bishop"
				},
				{
					"id": "abbot",
					"rank": 5,
					"name": {
						"fr": "Abbé",
						"en": "Abbot"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.abbot"
				},
				{
					"id": "cardinal",
					"rank": 5,
					"name": {
						"fr": "Cardinal",
						"en": "Cardinal"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.cardinal"
				},
				{
					"id": "merchant",
					"rank": 6,
					"name": {
						"fr": "Marchand",
						"en": "Merchant"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.merchant"
				},
				{
					"id": "alchemist",
					"rank": 6,
					"name": {
						"fr": "Alchimiste",
						"en": "Alchemist"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.alchemist"
				},
				{
					"id": "trader",
					"rank": 6,
					"name": {
						"fr": "Négociant",
						"en": "Trader"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.trader"
				},
				{
					"id": "architect",
					"rank": 7,
					"name": {
						"fr": "Architecte",
						"en": "Architect"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.architect"
				},
				{
					"id": "navigator",
					"rank": 7,
					"name": {
						"fr": "Navigatrice",
						"en": "Navigator"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.navigator"
				},
				{
					"id": "scholar",
					"rank": 7,
					"name": {
						"fr": "Archiviste",
						"en": "Scholar"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.scholar"
				},
				{
					"id": "warlord",
					"rank": 8,
					"name": {
						"fr": "Condottiere",
						"en": "Warlord"
					},
					"base": true,
					"min_players": 2,
					"rule": "citadelles.character.warlord"
				},
				{
					"id": "diplomat",
					"rank": 8,
					"name": {
						"fr": "Diplomate",
						"en": "Diplomat"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.diplomat"
				},
				{
					"id": "marshal",
					"rank": 8,
					"name": {
						"fr": "Capitaine",
						"en": "Marshal"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.marshal"
				},
				{
					"id": "queen",
					"rank": 9,
					"name": {
						"fr": "Reine",
						"en": "Queen"
					},
					"base": false,
					"min_players": 5,
					"rule": "citadelles.character.queen"
				},
				{
					"id": "artist",
					"rank": 9,
					"name": {
						"fr": "Artiste",
						"en": "Artist"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.artist"
				},
				{
					"id": "tax_collector",
					"rank": 9,
					"name": {
						"fr": "Bailli",
						"en": "Tax Collector"
					},
					"base": false,
					"min_players": 2,
					"rule": "citadelles.character.tax_collector"
				}
			],
			"rule": "citadelles.variant.deuxieme_edition"
		}
	]
};
