import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/svelte';
import { setLang } from '$lib/i18n.svelte';
import type { Seat } from '$lib/backend';
import OrleansLog from './OrleansLog.svelte';

const seats = [{ seat: 0, player_id: 1, player_name: 'Ani', colour: null, first_player: false }] as unknown as Seat[];
const state = {
	variant: 'dignitaire',
	round: 8,
	players: [{ name: 'Ani' }],
	log: [
		{ round: 5, event: 'revenus_2', seat: 0, paid: true, gained: 4, note: '' },
		{ round: 7, event: 'cotisation_5', seat: 0, paid: true, payment: { coins: 5 }, gained: 0, note: '' },
		{ round: 6, event: 'jour_de_commerce_3', seat: 0, paid: true, note: 'reçu 3 pièces' }
	]
};

describe('Orléans round log', () => {
	afterEach(() => setLang('en'));

	it('reads a line written in French in English: what was received or paid is kept as numbers', () => {
		setLang('fr');
		const { unmount } = render(OrleansLog, { props: { state, seats, events: [], onrule: () => {} } });
		expect(screen.getByTestId('orl-log-0').textContent).toContain('reçu 4 pièces');
		expect(screen.getByTestId('orl-log-1').textContent).toContain('payé 5 pièces');
		unmount();
		setLang('en');
		render(OrleansLog, { props: { state, seats, events: [], onrule: () => {} } });
		expect(screen.getByTestId('orl-log-0').textContent).toContain('received 4 coins');
		expect(screen.getByTestId('orl-log-1').textContent).toContain('paid 5 coins');
		// A line written before the numbers were kept shows its own words.
		expect(screen.getByTestId('orl-log-2').textContent).toContain('reçu 3 pièces');
	});
});
