// The contract's types, re-exported from the (generated) bindings, plus names for the nested
// shapes that the generator may or may not name. Only src/lib/backend/ imports bindings.
import type { GameSummary, PlaySummary, RuleHit, RuleView, Scoreboard } from './bindings';

/**
 * Each game's limits and fixed lists (steppers' bounds, ids, lists to draw buttons from),
 * generated from the core (`<game>::limits()`): the only place the UI learns them.
 */
export { CITADELLES_LIMITS, HISTORY_LIMITS, ORLEANS_LIMITS, SPLENDOR_LIMITS, VALENCIA_LIMITS } from './bindings';

export type {
	ApiError,
	CitadellesLimits,
	OrleansCountLimit,
	OrleansGood,
	OrleansLimits,
	OrleansRawDeck,
	OrleansRawLogEntry,
	OrleansRawOptions,
	OrleansRawPlayer,
	OrleansRawTable,
	OrleansRawTeam,
	SplendorLimits,
	Module as SplendorModule,
	ValenciaLimits,
	ValenciaLogEntry,
	ValenciaProgress,
	ValenciaRawFountain,
	ValenciaRawMission,
	ValenciaRawPlayer,
	ValenciaRawTable,
	SplendorRawOrientCard,
	ValenciaResource,
	ValenciaVariant,
	AppInfo,
	BackupFile,
	BgStatsReport,
	CsvDelimiter,
	CsvOptions,
	ExportKind,
	ExportedFile,
	GameStats,
	ImportFile,
	ImportKind,
	ImportReport,
	ImportSummary,
	MonthCount,
	OutcomeKind,
	OtherPlayFilter,
	OtherPlayPage,
	OtherPlaySummary,
	PlayerPlayCount,
	PlayEdit,
	PlayerStats,
	SuccessRate,
	Progress,
	ProgressStage,
	ScenarioStats,
	ScoreRecord,
	RecordHolder,
	OrleansActInfo,
	OrleansCharacterInfo,
	OrleansClosedRound,
	OrleansDeck,
	OrleansDecision,
	OrleansDeckPlan,
	OrleansDuty,
	OrleansEventInfo,
	OrleansEventNow,
	OrleansEventSpot,
	OrleansFailure,
	OrleansForecast,
	OrleansForecastRound,
	OrleansGoal,
	OrleansGoods,
	OrleansHelp,
	OrleansMoment,
	OrleansObjectiveInfo,
	OrleansOptionInfo,
	OrleansPayment,
	OrleansResolution,
	OrleansResolutionStatus,
	OrleansScenario,
	OrleansScenarioInfo,
	OrleansShare,
	OrleansShareKind,
	OrleansSplit,
	OrleansState,
	OrleansStatus,
	OrleansTileChoice,
	OrleansUpcoming,
	ValenciaAuction,
	ValenciaBid,
	ValenciaCardValue,
	ValenciaCouncil,
	ValenciaCouncilSeat,
	ValenciaDeckLeft,
	ValenciaHelp,
	ValenciaJudging,
	ValenciaMissionHelp,
	ValenciaMissionInfo,
	ValenciaMissionKind,
	ValenciaMissionStatus,
	ValenciaMoment,
	ValenciaNinaBid,
	ValenciaRawAuction,
	ValenciaRawBid,
	ValenciaRawCard,
	ValenciaRawCouncil,
	ValenciaRawCouncillor,
	ValenciaRawRound,
	ValenciaRawRoundPlayer,
	ValenciaResourceCounts,
	ValenciaRound,
	ValenciaSeatHelp,
	ValenciaStep,
	ValenciaPosition,
	ValenciaSeatMove,
	ValenciaCourseView,
	CardValue,
	CardCatalogue,
	CitadellesCall,
	CitadellesCatalogue,
	CitadellesCharacterInfo,
	CitadellesCustomWonder,
	CitadellesDestroyTarget,
	CitadellesDestruction,
	CitadellesDestructionQuote,
	CitadellesDistrictInfo,
	CitadellesDistrictType,
	CitadellesDraftAction,
	CitadellesDraftDraw,
	CitadellesDraftPlan,
	CitadellesDraftStep,
	CitadellesDrawnCharacter,
	CitadellesHelp,
	CitadellesProfileInfo,
	CitadellesRound,
	CitadellesRoundAction,
	CitadellesRoundCharacter,
	CitadellesRoundRecord,
	CitadellesRoundSetup,
	CitadellesRoundView,
	CitadellesSeatHelp,
	CitadellesThreshold,
	CitadellesTurn,
	CitadellesTurnOutcome,
	CitadellesVariant,
	CitadellesWonderEffect,
	CitadellesWonderInfo,
	CitiesHelp,
	CityEligibility,
	CityHelp,
	CityInfo,
	CityMissing,
	CityRequirement,
	Colour,
	ColourCounts,
	EndHelp,
	GameId,
	GameSummary,
	Help,
	Lang,
	LoadedPreferences,
	NewPlay,
	NewSeat,
	OrientCardInfo,
	OrientKind,
	Outcome,
	PlayDetail,
	PlayFilter,
	PlayMode,
	PlayPage,
	PlayStatus,
	PlaySummary,
	Player,
	PowerId,
	PowerInfo,
	PowerStatus,
	Preferences,
	Prestige,
	Problem,
	SetupStep,
	RoundEvent,
	RuleHit,
	RuleKind,
	RuleSearch,
	SearchFilter,
	Scoreboard,
	ScorePreview,
	SavedState,
	UndoneState,
	Seat,
	SeatHelp,
	TableHelp,
	Text,
	Theme,
	// Table mode, the host's side.
	SyncApplied,
	SyncConflict,
	SyncDeviceStatus,
	SyncOtherPlayVersion,
	SyncPlayVersion,
	SyncPlayerVersion,
	SyncReport,
	SyncSeatVersion,
	SyncSkipped,
	SyncStatus,
	SyncVersion,
	SyncWaitKind,
	SyncWaiting,
	HistoryChange,
	TableChange,
	TableDevice,
	TableDoor,
	TableSeatStatus,
	TableSession,
	TableStatus,
	// Paired devices.
	DevicePaired,
	PairedDevice,
	PairedDoorAddress,
	PairingCode
} from './bindings';

/** A rule entry ready to show (the contract's RuleEntry; generated as RuleView). */
export type RuleEntry = RuleView;

export type Variant = GameSummary['variants'][number];
export type Category = GameSummary['categories'][number];
export type PlayerScore = Scoreboard['players'][number];
export type CategoryScore = PlayerScore['categories'][number];
export type TieBreak = Scoreboard['tie_breaks'][number];
export type SummaryPlayer = PlaySummary['players'][number];
export type SnippetSegment = RuleHit['snippet'][number];
export type RelatedRule = RuleEntry['related'][number];
export type ErrorKind = import('./bindings').ApiError['kind'];

/** The generic score sheet stored as a play's table_state (contract: "The generic score sheet"). */
export interface TableState {
	/** The marker of this shape: the core never guesses it. */
	sheet: 'generic';
	variant: string;
	players: { name: string; points: Record<string, number | null> }[];
	result?: { won: boolean | null; round_reached: number | null };
}

/** Les Cités de Splendor's table state as the core reads it (`games::splendor::RawTable`), its
 * seats always sent. */
export type SplendorTableState = import('./bindings').SplendorRawTable & { players: SplendorPlayerState[] };
export type SplendorPlayerState = import('./bindings').SplendorRawPlayer;

/** Citadelles' table state as the core reads it (`games::citadelles::CitadellesRawTable`), its
 * seats always sent. */
export type CitadellesTableState = import('./bindings').CitadellesRawTable & { players: CitadellesPlayerState[] };
export type CitadellesPlayerState = import('./bindings').CitadellesRawPlayer;

/**
 * Another game's table state (Valencia, Orléans): the play screen's own module types it; the
 * core checks it.
 */
export interface GameTableState {
	variant: string;
	players: object[];
	[key: string]: unknown;
}

/** Any table state a play screen sends. */
export type AnyTableState =
	| TableState
	| SplendorTableState
	| CitadellesTableState
	| import('./bindings').ValenciaRawTable
	| import('./bindings').OrleansRawTable
	| GameTableState;

/** Table mode: a phone's side. */
export type { SeatRequest, TableJoined, TableSeatScore, TableSeatView, TableView } from './bindings';
