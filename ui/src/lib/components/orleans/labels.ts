// Names the Orléans screen shows for the core's enums and the sheet's fields (UI language).
import type {
	OrleansFailure,
	OrleansMoment,
	OrleansPayment,
	OrleansResolutionStatus,
	OrleansShare,
	OrleansShareKind,
	OrleansState
} from '$lib/backend';
import { fmtNumber, m } from '$lib/i18n.svelte';
import { GOODS, type CountKey, type Good } from '$lib/orleans';

export function momentLabel(x: OrleansMoment): string {
	switch (x) {
		case 'start_of_round':
			return m.orl_moment_start_of_round();
		case 'after_draw':
			return m.orl_moment_after_draw();
		case 'all_round':
			return m.orl_moment_all_round();
		case 'events_phase':
			return m.orl_moment_events_phase();
		case 'end_of_round':
			return m.orl_moment_end_of_round();
	}
}

export function statusLabel(x: OrleansResolutionStatus): string {
	switch (x) {
		case 'gain':
			return m.orl_status_gain();
		case 'payable':
			return m.orl_status_payable();
		case 'partial':
			return m.orl_status_partial();
		case 'unpaid':
			return m.orl_status_unpaid();
		case 'offer':
			return m.orl_status_offer();
		case 'no_effect':
			return m.orl_status_no_effect();
		case 'rule':
			return m.orl_status_rule();
	}
}

export function consequenceLabel(x: OrleansFailure): string {
	switch (x) {
		case 'torture':
			return m.orl_consequence_torture();
		case 'loss':
			return m.orl_consequence_loss();
		case 'remove_technology':
			return m.orl_consequence_remove_technology();
		case 'remove_citizen':
			return m.orl_consequence_remove_citizen();
	}
}

export function stateLabel(x: OrleansState): string {
	switch (x) {
		case 'won':
			return m.orl_state_won();
		case 'lost':
			return m.orl_state_lost();
		case 'over':
			return m.orl_state_over();
		default:
			return m.orl_state_in_progress();
	}
}

export function goodLabel(g: Good): string {
	switch (g) {
		case 'grain':
			return m.orl_good_grain();
		case 'cheese':
			return m.orl_good_cheese();
		case 'wine':
			return m.orl_good_wine();
		case 'wool':
			return m.orl_good_wool();
		case 'brocade':
			return m.orl_good_brocade();
	}
}

export function countLabel(k: CountKey): string {
	switch (k) {
		case 'coins':
			return m.orl_count_coins();
		case 'trading_posts':
			return m.orl_count_trading_posts();
		case 'technology':
			return m.orl_count_technology();
		case 'development_level':
			return m.orl_count_development_level();
		case 'development_points':
			return m.orl_count_development_points();
		case 'citizens':
			return m.orl_count_citizens();
		case 'monks':
			return m.orl_count_monks();
		case 'monks_in_market':
			return m.orl_count_monks_in_market();
		case 'knights':
			return m.orl_count_knights();
		case 'followers':
			return m.orl_count_followers();
		case 'place_tiles':
			return m.orl_count_place_tiles();
		case 'fortifications':
			return m.orl_count_fortifications();
		case 'boatmen_track':
			return m.orl_count_boatmen_track();
		case 'books':
			return m.orl_count_books();
	}
}

/** One way of paying, in words ("3 coins + 1 Wool"). */
export function paymentText(p: OrleansPayment): string {
	const parts: string[] = [];
	if (p.coins) parts.push(m.orl_pay_coins({ n: fmtNumber(p.coins) }));
	for (const g of GOODS) if (p.goods?.[g]) parts.push(`${fmtNumber(p.goods[g] ?? 0)} ${goodLabel(g)}`);
	if (p.knights) parts.push(m.orl_pay_knights({ n: fmtNumber(p.knights) }));
	if (p.monks) parts.push(m.orl_pay_monks({ n: fmtNumber(p.monks) }));
	if (p.followers) parts.push(m.orl_pay_followers({ n: fmtNumber(p.followers) }));
	if (p.technology) parts.push(m.orl_pay_technology({ n: fmtNumber(p.technology) }));
	if (p.place_tiles) parts.push(m.orl_pay_place_tiles({ n: fmtNumber(p.place_tiles) }));
	if (p.development) parts.push(m.orl_pay_development({ n: fmtNumber(p.development) }));
	if (p.fortifications) parts.push(m.orl_pay_fortifications({ n: fmtNumber(p.fortifications) }));
	const paid = parts.join(' + ') || m.orl_pay_nothing();
	const bought = gainText(p.gained);
	return bought ? m.orl_pay_for({ paid, bought }) : paid;
}

/** What an offer buys, in words ("1 trading post"); empty when it buys nothing counted. */
function gainText(g: OrleansPayment['gained']): string {
	if (!g) return '';
	const parts: string[] = [];
	const one = (n: number | undefined, single: () => string, many: (a: { n: string }) => string) => {
		if (n) parts.push(n === 1 ? single() : many({ n: fmtNumber(n) }));
	};
	one(g.monks, m.orl_gain_monk, m.orl_pay_monks);
	one(g.citizens, m.orl_gain_citizen, m.orl_gain_citizens);
	one(g.fortifications, m.orl_gain_fortification, m.orl_pay_fortifications);
	one(g.trading_posts, m.orl_gain_trading_post, m.orl_gain_trading_posts);
	return parts.join(' + ');
}

/** The log's note for a seat's round, in the UI language ("received 4 coins", "paid 5 coins"). */
export function roundNote(pay: OrleansPayment | undefined, gained: number): string {
	const parts: string[] = [];
	if (gained) parts.push(m.orl_note_gained({ n: fmtNumber(gained) }));
	if (pay) parts.push(m.orl_note_paid({ what: paymentText(pay) }));
	return parts.join(', ');
}

/** One kind a split share carries, its stepper's label. */
export function shareKindLabel(k: OrleansShareKind): string {
	switch (k) {
		case 'development':
			return m.orl_share_development();
		case 'monks':
			return m.orl_share_monks();
		case 'wine':
			return m.orl_share_wine();
		default:
			return m.orl_share_coins();
	}
}

/** A split share in words ("1 development point + 2 coins"), as a payment of the same counts reads. */
export function shareText(s: OrleansShare): string {
	const parts: string[] = [];
	if (s.development) parts.push(m.orl_pay_development({ n: fmtNumber(s.development) }));
	if (s.monks) parts.push(m.orl_pay_monks({ n: fmtNumber(s.monks) }));
	if (s.wine) parts.push(`${fmtNumber(s.wine)} ${goodLabel('wine')}`);
	if (s.coins) parts.push(m.orl_pay_coins({ n: fmtNumber(s.coins) }));
	return parts.join(' + ');
}

/** The log's note for a seat's part of a shared gift (Don): "received 1 development point + 1 coin". */
export function receivedNote(s: OrleansShare): string {
	return m.orl_note_received({ what: shareText(s) });
}
