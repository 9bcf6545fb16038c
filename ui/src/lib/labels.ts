// Labels that come from message keys chosen at run time (colours, statuses, modes, errors).
import { m } from '$lib/i18n.svelte';
import type { BackendError, PlayMode, PlayStatus, RuleKind } from '$lib/backend';

export function colourName(id: string): string {
	switch (id) {
		case 'red':
			return m.colour_red();
		case 'yellow':
			return m.colour_yellow();
		case 'blue':
			return m.colour_blue();
		case 'white':
			return m.colour_white();
		case 'black':
			return m.colour_black();
		case 'green':
			return m.colour_green();
		case 'purple':
			return m.colour_purple();
		case 'orange':
			return m.colour_orange();
		case 'pink':
			return m.colour_pink();
		case 'grey':
			return m.colour_grey();
		default:
			return id;
	}
}

export function statusName(s: PlayStatus): string {
	switch (s) {
		case 'in_progress':
			return m.status_in_progress();
		case 'finished':
			return m.status_finished();
		case 'abandoned':
			return m.status_abandoned();
	}
}

export function modeName(mode: PlayMode): string {
	switch (mode) {
		case 'competitive':
			return m.mode_competitive();
		case 'coop':
			return m.mode_coop();
		case 'solo':
			return m.mode_solo();
		case 'objective_race':
			return m.mode_objective_race();
	}
}

export function ruleKindName(kind: RuleKind): string {
	const names: Record<RuleKind, () => string> = {
		setup: m.kind_setup,
		phase: m.kind_phase,
		event: m.kind_event,
		card: m.kind_card,
		mission: m.kind_mission,
		character: m.kind_character,
		wonder: m.kind_wonder,
		fountain: m.kind_fountain,
		place_tile: m.kind_place_tile,
		scoring: m.kind_scoring,
		faq: m.kind_faq,
		errata: m.kind_errata,
		overview: m.kind_overview,
		app: m.kind_app,
		glossary: m.kind_glossary
	};
	return (names[kind] ?? (() => kind))();
}

/** A backend failure in the UI language (the core's own message is shown apart, as detail). */
export function errorText(e: BackendError): string {
	switch (e.kind) {
		case 'invalid_input':
			return m.error_invalid_input();
		case 'not_found':
			return m.error_not_found();
		case 'database':
			return m.error_database();
		case 'newer_schema':
			return m.error_newer_schema();
		case 'needs_upgrade':
			return m.error_needs_upgrade();
		case 'read_only':
			return m.error_read_only();
		case 'not_greffier':
			return m.error_not_greffier();
		case 'io':
			return m.error_io();
		default:
			return m.error_internal();
	}
}
