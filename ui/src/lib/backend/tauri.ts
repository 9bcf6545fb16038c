// The Backend over Tauri IPC, through the tauri-specta bindings.
import { commands } from './bindings';
import { BackendError } from './error';
import type { Backend } from './index';
import type { AnyTableState, UndoneState } from './types';

type Res<T> = { status: 'ok'; data: T } | { status: 'error'; error: unknown };

async function call<T>(p: Promise<Res<T>>): Promise<T> {
	let r: Res<T>;
	try {
		r = await p;
	} catch (e) {
		throw BackendError.from(e);
	}
	if (r.status === 'ok') return r.data;
	throw BackendError.from(r.error);
}

// The generated signatures name the JSON type of `state` as they like; we pass our sheet as is.
type StateArg = Parameters<typeof commands.saveTableState>[1];

export function createTauriBackend(): Backend {
	return {
		appInfo: () => call(commands.appInfo()),
		getPreferences: () => call(commands.getPreferences()),
		setPreferences: (p) => call(commands.setPreferences(p)),
		listGames: () => call(commands.listGames()),
		splendorCatalogue: () => call(commands.splendorCatalogue()),
		setupChecklist: (game, variant, players, ninth) => call(commands.setupChecklist(game, variant, players, ninth)),
		citadellesCatalogue: () => call(commands.citadellesCatalogue()),
		citadellesDraftPlan: (variant, players, ninth) => call(commands.citadellesDraftPlan(variant, players, ninth)),
		citadellesDrawDraft: (plan, characters, seed) => call(commands.citadellesDrawDraft(plan, characters, seed)),
		citadellesStartRound: (setup) => call(commands.citadellesStartRound(setup)),
		citadellesRoundApply: (round, action) => call(commands.citadellesRoundApply(round, action)),
		citadellesRoundView: (round) => call(commands.citadellesRoundView(round)),
		citadellesDestructionQuote: (round, target) => call(commands.citadellesDestructionQuote(round, target)),
		valenciaMissions: () => call(commands.valenciaMissions()),
		valenciaAuction: (a) => call(commands.valenciaAuction(a)),
		valenciaCouncil: (c) => call(commands.valenciaCouncil(c)),
		valenciaCountCouncil: (t) => call(commands.valenciaCountCouncil(t as unknown as StateArg)) as Promise<AnyTableState>,
		valenciaApplyAuction: (t) => call(commands.valenciaApplyAuction(t as unknown as StateArg)) as Promise<AnyTableState>,
		valenciaRound: (r) => call(commands.valenciaRound(r)),
		orleansScenarios: () => call(commands.orleansScenarios()),
		orleansEvents: () => call(commands.orleansEvents()),
		orleansCharacters: () => call(commands.orleansCharacters()),
		orleansSetup: (scenario, players) => call(commands.orleansSetup(scenario, players)),
		orleansBuildDeck: (plan, seed) => call(commands.orleansBuildDeck(plan, seed)),
		orleansCloseRound: (t, decisions, apply) => call(commands.orleansCloseRound(t as unknown as StateArg, decisions, apply)),
		cardValues: (game) => call(commands.cardValues(game)),
		setCardValue: (game, card, value) => call(commands.setCardValue(game, card, value)),
		listPlayers: () => call(commands.listPlayers()),
		createPlayer: (name, colour) => call(commands.createPlayer(name, colour)),
		startPlay: (np) => call(commands.startPlay(np)),
		saveTableState: (id, state) => call(commands.saveTableState(id, state as unknown as StateArg)),
		previewTableState: (id, state) => call(commands.previewTableState(id, state as unknown as StateArg)),
		undoTableState: (id) => call(commands.undoTableState(id)) as Promise<UndoneState>,
		finishPlay: (id, state) => call(commands.finishPlay(id, state as unknown as StateArg)),
		abandonPlay: (id) => call(commands.abandonPlay(id)),
		listPlays: (f) => call(commands.listPlays(f)),
		listOtherPlays: (f) => call(commands.listOtherPlays(f)),
		playerPlayCounts: () => call(commands.playerPlayCounts()),
		getPlay: (id) => call(commands.getPlay(id)),
		unfinishedPlays: () => call(commands.unfinishedPlays()),
		editPlay: (id, e) => call(commands.editPlay(id, e)),
		deletePlay: (id) => call(commands.deletePlay(id)),
		restorePlay: (id) => call(commands.restorePlay(id)),
		renamePlayer: (id, name) => call(commands.renamePlayer(id, name)),
		setPlayerColour: (id, colour) => call(commands.setPlayerColour(id, colour)),
		setPlayerArchived: (id, archived) => call(commands.setPlayerArchived(id, archived)),
		mergePlayers: (kept, absorbed) => call(commands.mergePlayers(kept, absorbed)),
		gameStats: (game, width) => call(commands.gameStats(game, width)),
		playerStats: (id) => call(commands.playerStats(id)),
		scenarioStats: (game) => call(commands.scenarioStats(game)),
		activity: (game, player) => call(commands.activity(game, player)),
		historyProgress: () => call(commands.historyProgress()),
		importFile: (kind, text) => call(commands.importFile(kind, text)),
		exportFile: (kind, csv) => call(commands.exportFile(kind, csv)),
		listBackups: () => call(commands.listBackups()),
		backupNow: () => call(commands.backupNow()),
		restoreBackup: (name) => call(commands.restoreBackup(name)),
		logRoundEvent: (id, round, kind, payload) =>
			call(commands.logRoundEvent(id, round, kind, payload as Parameters<typeof commands.logRoundEvent>[3])),
		searchRules: (q, filter) => call(commands.searchRules(q, filter)),
		listRules: (filter) => call(commands.listRules(filter)),
		getRule: (id) => call(commands.getRule(id))
	};
}

/**
 * The shell asks the page before the window closes (it evaluates `__greffierBeforeClose`, and
 * closes the window itself if the page does not answer): save what waits, then let it close.
 */
export function installCloseHook(hook: () => Promise<void>): void {
	(window as unknown as { __greffierBeforeClose?: () => Promise<void> }).__greffierBeforeClose = async () => {
		try {
			await hook();
		} finally {
			await commands.closeWindow();
		}
	};
}
