// What the statistics screen shows, kept while moving around the app.
import type { GameId } from '$lib/backend';

export const statsView = $state<{
	tab: 'game' | 'player' | 'scenario' | 'activity';
	game: GameId;
	playerId: number | null;
	scenarioGame: GameId;
	activityGame: GameId | null;
}>({ tab: 'game', game: 'valencia', playerId: null, scenarioGame: 'orleans', activityGame: null });
