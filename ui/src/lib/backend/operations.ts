// How each Backend method reaches the core, written once for both doors (IPC in the app, HTTP
// in a browser): the operation is the method's name in snake_case (`saveTableState` →
// `save_table_state`, as in `src/api/operations.rs`), and these are its request's fields in the
// order of the method's arguments. `operations.test.ts` compares this map with the core's own
// list (`greffier operations --json`), so a renamed field fails there, not at a user's table.
import type { Backend } from './index';

/**
 * The door's own methods: preferences live in the shell (tauri-plugin-store) or the browser, and
 * a file's bytes reach the core by each door's own way (IPC blocks, an HTTP upload).
 */
export type WindowOwn = Pick<Backend, 'getPreferences' | 'setPreferences' | 'uploadFile'>;

/** Every method but the window's own, with its operation's fields. */
export const OPERATION_FIELDS = {
	appInfo: [],
	listGames: [],
	splendorCatalogue: [],
	setupChecklist: ['game', 'variant', 'players', 'ninth_character'],
	citadellesCatalogue: [],
	citadellesDraftPlan: ['variant', 'players', 'ninth_character'],
	citadellesDrawDraft: ['plan', 'characters', 'seed'],
	citadellesStartRound: ['setup'],
	citadellesRoundApply: ['round', 'action'],
	citadellesRoundView: ['round'],
	citadellesDestructionQuote: ['round', 'target'],
	citadellesApplyRound: ['table', 'round'],
	valenciaMissions: [],
	valenciaAuction: ['auction'],
	valenciaCouncil: ['council'],
	valenciaCountCouncil: ['table'],
	valenciaApplyAuction: ['table'],
	valenciaMove: ['table', 'to'],
	valenciaCouncilSeat: ['table', 'player', 'seat', 'how'],
	valenciaRound: ['round'],
	orleansScenarios: [],
	orleansEvents: [],
	orleansCharacters: [],
	orleansSetup: ['scenario', 'players'],
	orleansBuildDeck: ['plan', 'seed'],
	orleansCloseRound: ['table', 'decisions', 'apply'],
	cardValues: ['game'],
	setCardValue: ['game', 'card', 'value'],
	setSetupDone: ['play_id', 'done'],
	listPlayers: [],
	createPlayer: ['name', 'colour'],
	startPlay: ['new_play'],
	saveTableState: ['play_id', 'table', 'base'],
	previewTableState: ['play_id', 'table'],
	undoTableState: ['play_id'],
	finishPlay: ['play_id', 'table'],
	abandonPlay: ['play_id'],
	listPlays: ['filter'],
	listOtherPlays: ['filter'],
	playerPlayCounts: [],
	getPlay: ['play_id'],
	unfinishedPlays: [],
	editPlay: ['play_id', 'edit'],
	deletePlay: ['play_id'],
	restorePlay: ['play_id'],
	renamePlayer: ['player_id', 'name'],
	setPlayerColour: ['player_id', 'colour'],
	setPlayerArchived: ['player_id', 'archived'],
	mergePlayers: ['kept', 'absorbed'],
	gameStats: ['game', 'bucket_width'],
	playerStats: ['player_id'],
	scenarioStats: ['game'],
	activity: ['game', 'player_id'],
	historyProgress: [],
	importFile: ['kind', 'file'],
	exportFile: ['kind', 'csv', 'lang'],
	listBackups: [],
	backupNow: [],
	restoreBackup: ['file_name'],
	syncStatus: [],
	syncShare: ['folder', 'device_name'],
	syncNow: ['folder'],
	syncConflicts: [],
	syncResolve: ['uuid', 'version'],
	logRoundEvent: ['play_id', 'round', 'kind', 'payload'],
	searchRules: ['query', 'filter'],
	listRules: ['filter'],
	getRule: ['id'],
	tableStatus: ['play_id'],
	tableClose: ['play_id'],
	tableRemoveDevice: ['play_id', 'device'],
	tableAssignSeat: ['play_id', 'device', 'seat'],
	tableAnswerRequest: ['play_id', 'seat', 'asker', 'give']
} as const satisfies Record<Exclude<keyof Backend, keyof WindowOwn>, readonly string[]>;

/** `saveTableState` → `save_table_state`. */
export function operationName(method: string): string {
	return method.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Calls one operation with its request (field name → value); resolves to its answer. */
export type Transport = (operation: string, request: Record<string, unknown>) => Promise<unknown>;

/** The Backend over a transport: each method sends its arguments under its fields' names. */
export function backendOver(transport: Transport, own: WindowOwn): Backend {
	const methods = Object.entries(OPERATION_FIELDS).map(([method, fields]) => {
		const operation = operationName(method);
		const call = (...args: unknown[]) =>
			transport(operation, Object.fromEntries((fields as readonly string[]).map((f, i) => [f, args[i] ?? null])));
		return [method, call];
	});
	return { ...(Object.fromEntries(methods) as Omit<Backend, keyof WindowOwn>), ...own };
}
