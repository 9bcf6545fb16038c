// Names of Valencia's resources, council seats and influence cards in the UI language.
import { m } from '$lib/i18n.svelte';
import type { CouncilSeat, Resource, StackCard } from '$lib/valencia';

export function resourceName(r: Resource): string {
	switch (r) {
		case 'oranges':
			return m.val_res_oranges();
		case 'dried_fruit':
			return m.val_res_dried_fruit();
		case 'wine':
			return m.val_res_wine();
		case 'clothing':
			return m.val_res_clothing();
		default:
			return m.val_res_porcelain();
	}
}

export function seatName(s: CouncilSeat): string {
	switch (s) {
		case 'nobility':
			return m.val_seat_nobility();
		case 'church':
			return m.val_seat_church();
		case 'merchants':
			return m.val_seat_merchants();
		default:
			return resourceName(s);
	}
}

export function cardName(c: StackCard): string {
	switch (c) {
		case 'joker':
			return m.val_card_joker();
		case 'economies':
			return m.val_card_economies();
		case 'twins':
			return m.val_card_twins();
		case 'warehouse':
			return m.val_card_warehouse();
		case 'support':
			return m.val_card_support();
		case 'vagabond':
			return m.val_card_vagabond();
		case 'central':
			return m.val_card_central();
		default:
			return String(c);
	}
}
