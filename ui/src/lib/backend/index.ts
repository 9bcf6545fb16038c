// The one door between the UI and the app core. Components import from `$lib/backend` only:
// inside the app the Backend goes over Tauri IPC (`tauri.ts`), in a plain browser over
// `greffier serve`'s HTTP (`http.ts`); both are the same map of methods to the core's
// operations (`operations.ts`). There is no other implementation: vitest runs on a real server.
import type {
	AnyTableState,
	AppInfo,
	CardCatalogue,
	CitadellesCatalogue,
	CitadellesDestroyTarget,
	CitadellesDestructionQuote,
	CitadellesDraftDraw,
	CitadellesDraftPlan,
	CitadellesRound,
	CitadellesRoundAction,
	CitadellesRoundSetup,
	CitadellesRoundView,
	CitadellesVariant,
	BackupFile,
	CsvOptions,
	ExportKind,
	ExportedFile,
	GameStats,
	ImportFile,
	ImportKind,
	ImportSummary,
	MonthCount,
	PlayEdit,
	PlaySummary,
	PlayerStats,
	Progress,
	ScenarioStats,
	CardValue,
	OrleansCharacterInfo,
	OrleansClosedRound,
	OrleansDeck,
	OrleansDecision,
	OrleansDeckPlan,
	OrleansEventInfo,
	OrleansScenario,
	OrleansScenarioInfo,
	Text,
	ValenciaAuction,
	ValenciaCouncil,
	ValenciaMissionInfo,
	ValenciaRawAuction,
	ValenciaRawCouncil,
	ValenciaRawRound,
	ValenciaRound,
	ValenciaPosition,
	ValenciaSeatMove,
	GameId,
	GameSummary,
	Lang,
	LoadedPreferences,
	NewPlay,
	PlayDetail,
	PlayFilter,
	PlayPage,
	OtherPlayFilter,
	OtherPlayPage,
	PlayerPlayCount,
	Player,
	Preferences,
	RoundEvent,
	RuleEntry,
	RuleHit,
	RuleSearch,
	SearchFilter,
	ScorePreview,
	SavedState,
	SetupStep,
	HistoryChange,
	SyncConflict,
	SyncReport,
	SyncStatus,
	TableChange,
	TableDoor,
	TableStatus,
	TableView,
	UndoneState
} from './types';

import { OPERATION_FIELDS } from './operations';

export * from './types';
export { BackendError } from './error';
export { createSeatBackend, openTableEvents, SEAT_OPERATION_FIELDS, type SeatOperations } from './http';

/** Plain async methods: each returns the data or throws a BackendError. */
export interface Backend {
	appInfo(): Promise<AppInfo>;
	getPreferences(): Promise<LoadedPreferences>;
	setPreferences(preferences: Preferences): Promise<Preferences>;
	listGames(): Promise<GameSummary[]>;
	/** Les Cités de Splendor's city faces, Orient cards and trading-post powers. */
	splendorCatalogue(): Promise<CardCatalogue>;
	/** What to put on the table for a Splendor module at this player count. */
	/** A game's setup checklist for a variant and a player count. */
	setupChecklist(game: GameId, variant: string, players: number, ninthCharacter: boolean): Promise<SetupStep[]>;
	/** Citadelles' districts, wonders and characters for both rule profiles. */
	citadellesCatalogue(): Promise<CitadellesCatalogue>;
	/** Which characters go face up / face down, and the steps of the draft. */
	citadellesDraftPlan(variant: CitadellesVariant, players: number, ninthCharacter: boolean): Promise<CitadellesDraftPlan>;
	/** Draws the set-aside characters with a seeded generator (same seed, same cards). */
	citadellesDrawDraft(plan: CitadellesDraftPlan, characters: string[], seed: number): Promise<CitadellesDraftDraw>;
	citadellesStartRound(setup: CitadellesRoundSetup): Promise<CitadellesRoundView>;
	citadellesRoundApply(round: CitadellesRound, action: CitadellesRoundAction): Promise<CitadellesRoundView>;
	citadellesRoundView(round: CitadellesRound): Promise<CitadellesRoundView>;
	/** What the Warlord would pay to destroy a district, every protection checked. */
	citadellesDestructionQuote(round: CitadellesRound, target: CitadellesDestroyTarget): Promise<CitadellesDestructionQuote>;
	/** Applies a finished round to the table (crown, characters revealed, cities completed in it;
	 * the game over after the round in which a city was completed) and returns the new table. */
	citadellesApplyRound(table: AnyTableState, round: CitadellesRound): Promise<AnyTableState>;
	/** Valencia's 35 mission cards (24 kinds): what each asks, how it is judged. */
	valenciaMissions(): Promise<ValenciaMissionInfo[]>;
	/** One auction (steps A–G): totals after special cards, ranks, what each rank may do. */
	valenciaAuction(auction: ValenciaRawAuction): Promise<ValenciaAuction>;
	/** The council phase: points per player and who takes a privilege. */
	valenciaCouncil(council: ValenciaRawCouncil): Promise<ValenciaCouncil>;
	/** Counts the tracker's council phase into the table, once per round (the core refuses twice). */
	valenciaCountCouncil(table: AnyTableState): Promise<AnyTableState>;
	valenciaApplyAuction(table: AnyTableState): Promise<AnyTableState>;
	/** Moves the table's tracker to the next moment, or back one while nothing was applied
	 * there; the core refuses any other move. */
	valenciaMove(table: AnyTableState, to: ValenciaPosition): Promise<AnyTableState>;
	/** Takes a council seat for a player (its holder's member goes back), leaves it, or shares a
	 * guild seat with Soutien. */
	valenciaCouncilSeat(table: AnyTableState, player: number, seat: string, how: ValenciaSeatMove): Promise<AnyTableState>;
	/** Round and step, who acts, cards left per player, privileges left. */
	valenciaRound(round: ValenciaRawRound): Promise<ValenciaRound>;
	/** Orléans: Invasion's six scenarios. */
	orleansScenarios(): Promise<OrleansScenarioInfo[]>;
	/** Every Orléans event with its moment, effect and where it appears. */
	orleansEvents(): Promise<OrleansEventInfo[]>;
	/** Invasion's nine characters. */
	orleansCharacters(): Promise<OrleansCharacterInfo[]>;
	/** What to put on the table for a scenario at this player count. */
	orleansSetup(scenario: OrleansScenario, players: number): Promise<Text[]>;
	/** Invasion's hourglass tiles, drawn with a seed (same seed, same order). */
	orleansBuildDeck(plan: OrleansDeckPlan, seed: number): Promise<OrleansDeck>;
	/** Closes a table's round: applies (when `apply`) and logs what was decided for each of this
	 * round's resolutions (the live help's order), and moves on to the next round. */
	orleansCloseRound(table: AnyTableState, decisions: OrleansDecision[], apply: boolean): Promise<OrleansClosedRound>;
	/** Printed card values typed once for a game (mission points, fountain values…). */
	cardValues(game: GameId): Promise<CardValue[]>;
	/** Remembers a card's printed value. */
	setCardValue(game: GameId, card: string, value: number): Promise<CardValue>;
	/** Keeps a play's ticked setup steps (its checklist's ids, replacing those kept before). */
	setSetupDone(playId: number, done: string[]): Promise<string[]>;
	listPlayers(): Promise<Player[]>;
	createPlayer(name: string, colour: string | null): Promise<Player>;
	startPlay(newPlay: NewPlay): Promise<PlayDetail>;
	/** Autosave. `base`: the state the sheet's edit started from; a phone's change stored since
	 * is merged in by the core, which then answers the merged state (`merged`). */
	saveTableState(playId: number, state: AnyTableState, base?: AnyTableState | null): Promise<SavedState>;
	/** The live score and help of a state, without storing it (on every keystroke). */
	previewTableState(playId: number, state: AnyTableState): Promise<ScorePreview>;
	/** Takes the play back to its previous saved state (kept by the core across restarts). */
	undoTableState(playId: number): Promise<UndoneState>;
	finishPlay(playId: number, state: AnyTableState): Promise<PlayDetail>;
	abandonPlay(playId: number): Promise<PlayDetail>;
	listPlays(filter: PlayFilter): Promise<PlayPage>;
	/** Plays of games Greffier does not know (BG Stats imports), newest first, read-only. */
	listOtherPlays(filter: OtherPlayFilter): Promise<OtherPlayPage>;
	/** Finished plays per player (ours and other games'), for the roster. */
	playerPlayCounts(): Promise<PlayerPlayCount[]>;
	getPlay(playId: number): Promise<PlayDetail>;
	/** Plays started and not finished, newest first (Home lists them to resume). */
	unfinishedPlays(): Promise<PlaySummary[]>;
	/** Changes a play's details; a finished play given a new table state is scored again. */
	editPlay(playId: number, edit: PlayEdit): Promise<PlayDetail>;
	/** Moves a play to the bin; restorePlay undoes it. */
	deletePlay(playId: number): Promise<PlayDetail>;
	restorePlay(playId: number): Promise<PlayDetail>;
	renamePlayer(playerId: number, name: string): Promise<Player>;
	setPlayerColour(playerId: number, colour: string | null): Promise<Player>;
	setPlayerArchived(playerId: number, archived: boolean): Promise<Player>;
	/** Every play of `absorbed` goes to `kept`; `absorbed` disappears. */
	mergePlayers(kept: number, absorbed: number): Promise<Player>;
	gameStats(game: GameId, bucketWidth: number): Promise<GameStats>;
	playerStats(playerId: number): Promise<PlayerStats>;
	scenarioStats(game: GameId): Promise<ScenarioStats[]>;
	/** Plays per month (empty months included). */
	activity(game: GameId | null, playerId: number | null): Promise<MonthCount[]>;
	/** The import or export under way (null when none): poll it for a progress bar. */
	historyProgress(): Promise<Progress | null>;
	/** Imports a file, all or nothing: its text, or an upload (`uploadFile`), any size, gzip or not. */
	importFile(kind: ImportKind, file: ImportFile): Promise<ImportSummary>;
	/**
	 * Sends a file's bytes to the core (the door's own: the window in blocks over IPC, a browser
	 * as one streamed upload), never as text; resolves to the upload's id, for `importFile`.
	 * `onSent` hears how many bytes went so far.
	 */
	uploadFile(file: Blob, onSent?: (sent: number) => void): Promise<string>;
	/** Writes an export file and says where. */
	/** `lang`: the language the file is named in (the screen's). */
	exportFile(kind: ExportKind, csv: CsvOptions | null, lang: Lang): Promise<ExportedFile>;
	listBackups(): Promise<BackupFile[]>;
	backupNow(): Promise<BackupFile>;
	/** Replaces the history with a backup; the current one is kept aside (returned). */
	restoreBackup(fileName: string): Promise<BackupFile>;
	/** Sharing the history between devices through a folder a sync engine shares (issue #50):
	 * the folder, this device, every device with its last change applied here, what waits. */
	syncStatus(): Promise<SyncStatus>;
	/** Shares the history through `folder` (null: stops sharing), naming this device for the
	 * others (null: kept, or the machine's name the first time). */
	syncShare(folder: string | null, deviceName: string | null): Promise<SyncStatus>;
	/** One pass now: this history's changes written, the other devices' applied. */
	syncNow(folder: string | null): Promise<SyncReport>;
	/** Plays and players edited on two devices at once: the version shown and those kept aside. */
	syncConflicts(): Promise<SyncConflict[]>;
	/** Keeps one version (`version`); the others go, on every device. The conflicts left. */
	syncResolve(uuid: string, version: string): Promise<SyncConflict[]>;
	/** Adds an entry to a play's round log (a Citadelles round record, a draft draw…). */
	logRoundEvent(playId: number, round: number, kind: string, payload: unknown): Promise<RoundEvent>;
	/** Hits for what was typed (whole words, then parts of words), and close queries when none. */
	searchRules(query: string, filter: SearchFilter): Promise<RuleSearch>;
	/** Every entry passing the filter (the glossary, a game's clarifications…). */
	listRules(filter: SearchFilter): Promise<RuleHit[]>;
	getRule(id: string): Promise<RuleEntry>;
	/** Table mode, the host's side: who joined which seat, who has finished entering. */
	tableStatus(playId: number): Promise<TableStatus>;
	/** Closes the table to the phones (every phone's token dies); false if none was open. */
	tableClose(playId: number): Promise<boolean>;
	/** "Remove this phone": its token is refused from its next request on. */
	tableRemoveDevice(playId: number, device: number): Promise<TableStatus>;
	/** Puts a phone on a seat (taking it from the phone that held it), or on none. */
	tableAssignSeat(playId: number, device: number, seat: number | null): Promise<TableStatus>;
	/** Answers phone `asker`'s request for `seat` (the host for any seat, a phone for its own):
	 * `give` hands the seat over, else the request ends. */
	tableAnswerRequest(playId: number, seat: number | null, asker: number, give: boolean): Promise<TableView>;
}

/** Every method, for the forwarding object below. */
const METHODS: (keyof Backend)[] = [
	...(Object.keys(OPERATION_FIELDS) as (keyof Backend)[]),
	'getPreferences',
	'setPreferences',
	'uploadFile'
];

/** True inside the Tauri webview. */
export function inTauri(): boolean {
	return typeof window !== 'undefined' && '__TAURI_INTERNALS__' in window;
}

let current: Promise<Backend> | null = null;

function resolveBackend(): Promise<Backend> {
	current ??= inTauri()
		? import('./tauri').then((m) => m.createTauriBackend())
		: import('./http').then((m) => m.createHttpBackend());
	return current;
}

/** Replaces the backend (vitest: the HTTP backend on the server its global setup started). */
export function setBackend(b: Backend): void {
	current = Promise.resolve(b);
}

/** The backend every screen uses; each call goes to the implementation chosen at first use. */
export const backend: Backend = Object.fromEntries(
	METHODS.map((name) => [
		name,
		async (...args: unknown[]) => {
			const b = await resolveBackend();
			return (b[name] as (...a: unknown[]) => Promise<unknown>)(...args);
		}
	])
) as unknown as Backend;

/**
 * Table mode's door (issue #18): the desktop app serves a play's table to the phones on the
 * local network. Only the app can (a browser page is served by `greffier serve`, which keeps to
 * the loopback).
 */
export interface TableDoorControl {
	/** Opens the play's table (the same seats as before, if it was open) and serves it: the join
	 * URL, carrying the window's language `lang` for the phones, and its QR code. */
	open(playId: number, lang: Lang): Promise<TableDoor>;
	/** The door of a table this app serves now (null: not served, even if the core keeps it open). */
	current(playId: number): Promise<TableDoor | null>;
	/** Calls `onchange` for every change to a play whose table is open; resolves to the unsubscribe. */
	listen(onchange: (change: TableChange) => void): Promise<() => void>;
}

/** The desktop app's table door; null in a browser. */
export async function tableDoor(): Promise<TableDoorControl | null> {
	if (!inTauri()) return null;
	return (await import('./tauri')).tauriTableDoor;
}

/**
 * Calls `onchange` with the plays another device's changes rewrote here (the app's sharing
 * thread applies them in the background); resolves to the unsubscribe. A page in a browser is
 * told nothing (`greffier serve` runs no sharing thread).
 */
export async function historyChanges(onchange: (change: HistoryChange) => void): Promise<() => void> {
	if (!inTauri()) return () => {};
	return (await import('./tauri')).listenHistoryChanges(onchange);
}

/** Runs `hook` (save what the sheets still hold) before the desktop window closes. */
export function beforeWindowCloses(hook: () => Promise<void>): void {
	if (inTauri()) void import('./tauri').then((m) => m.installCloseHook(hook));
}
