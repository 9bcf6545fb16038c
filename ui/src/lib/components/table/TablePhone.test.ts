// The phone's screen on the real core (the suite's server is the host's door, so the page
// names its play and seat in each request; the table door would take them from its token).
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { backend, type TableChange } from '$lib/backend';
import { PREFERENCES_KEY } from '$lib/backend/http';
import { getLang, setLang } from '$lib/i18n.svelte';
import { startPlay } from '../../../test-support';
import TablePhone from './TablePhone.svelte';

async function openTable() {
	const play = await startPlay('valencia', 'base', ['Ani', 'Dirk', 'Eve']);
	await backend.saveTableState(play.id, {
		variant: 'base',
		fountains: [{ value: 3 }, { value: 5 }],
		players: [{ name: 'Ani', missions: [{ id: 'mission_palms', points: 4 }] }, { name: 'Dirk' }, { name: 'Eve' }]
	});
	const r = await fetch('/api/table_open', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ play_id: play.id, seats: [1, 2] })
	});
	const ticket = (await r.json()) as { join_token: string };
	return { play, ticket };
}

describe('TablePhone', () => {
	it('speaks the host’s language (the join URL’s) until its player picks one', async () => {
		const { play, ticket } = await openTable();
		localStorage.removeItem(PREFERENCES_KEY);
		setLang('en');
		const { unmount } = render(TablePhone, { props: { play: play.id, joinToken: ticket.join_token, hostLang: 'fr', events: null } });
		await waitFor(() => expect(screen.getByTestId('tbl-seat-0').textContent).toMatch(/Saisie par l’hôte/));
		expect(getLang()).toBe('fr');
		unmount();
		// A phone whose player chose English keeps it at a French table.
		localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ language: 'en', theme: 'system', default_player_count: 4 }));
		render(TablePhone, { props: { play: play.id, joinToken: ticket.join_token, hostLang: 'fr', events: null } });
		await waitFor(() => expect(screen.getByTestId('tbl-seat-0').textContent).toMatch(/Entered by the host/));
		localStorage.removeItem(PREFERENCES_KEY);
		setLang('en');
	});

	it('offers the host’s seats, then only this seat’s panel, with the core’s total as typed', async () => {
		const { play, ticket } = await openTable();
		render(TablePhone, { props: { play: play.id, joinToken: ticket.join_token, events: null } });
		const ani = await screen.findByTestId('tbl-seat-0');
		expect(ani).toHaveProperty('disabled', true);
		expect(ani.textContent).toMatch(/Entered by the host/);
		await fireEvent.click(screen.getByTestId('tbl-seat-1'));

		await screen.findByTestId('val-city-1');
		expect(screen.queryByTestId('val-city-0')).toBeNull();
		expect(screen.queryByTestId('nav-history')).toBeNull();
		// 6 in the city, 2 members at the 5 fountain: 6 + 10 = 16.
		await fireEvent.input(screen.getByTestId('val-city-1'), { target: { value: '6' } });
		await fireEvent.click(screen.getByTestId('val-fm-1-1-plus'));
		await fireEvent.click(screen.getByTestId('val-fm-1-1-plus'));
		await waitFor(() => expect(screen.getByTestId('tbl-total').dataset.total).toBe('16'));
		await waitFor(() => expect(screen.getByTestId('tbl-save-state').dataset.state).toBe('saved'));
		expect(screen.getByTestId('tbl-save-state').textContent).toMatch(/Saved · the host sees it/);
		const stored = (await backend.getPlay(play.id)).table_state as { players: Record<string, unknown>[] };
		expect(stored.players[1]).toMatchObject({ city_members: 6, fountain_members: [0, 2] });

		await fireEvent.click(screen.getByTestId('tbl-finished'));
		await waitFor(() => expect((screen.getByTestId('tbl-finished') as HTMLInputElement).checked).toBe(true));
		expect(screen.getByTestId('tbl-other-0').textContent).toMatch(/host/);
	});

	it('a table the core refuses shows its problems where the help would be, the other seat named (Le duel: « 8 jetons Technologie »)', async () => {
		const play = await startPlay('orleans', 'duel', ['Ani', 'Dirk']);
		await backend.saveTableState(play.id, {
			variant: 'duel',
			round: 2,
			players: [{ name: 'Ani', technology: 6 }, { name: 'Dirk' }]
		} as never);
		const r = await fetch('/api/table_open', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ play_id: play.id, seats: [1] })
		});
		const ticket = (await r.json()) as { join_token: string };
		render(TablePhone, { props: { play: play.id, joinToken: ticket.join_token, events: null } });
		await fireEvent.click(await screen.findByTestId('tbl-seat-1'));
		await fireEvent.input(await screen.findByTestId('orl-technology-1'), { target: { value: '3' } });
		await waitFor(() =>
			expect(screen.getByTestId('tbl-help-problems').textContent).toMatch(/Ani — 9 technology tiles in all: The Duel puts only 8 in play/)
		);
		await fireEvent.input(screen.getByTestId('orl-technology-1'), { target: { value: '2' } });
		await waitFor(() => expect(screen.queryByTestId('tbl-help-problems')).toBeNull());
	});

	it('says "saved · the host sees it" only while the seat’s entries are valid', async () => {
		const { play, ticket } = await openTable();
		render(TablePhone, { props: { play: play.id, joinToken: ticket.join_token, events: null } });
		await fireEvent.click(await screen.findByTestId('tbl-seat-1'));
		await screen.findByTestId('val-city-1');
		// Two palm members, nobody in the city: stored, but not a fine entry.
		await fireEvent.input(screen.getByTestId('val-palms-1'), { target: { value: '2' } });
		await waitFor(() => expect(screen.getByTestId('tbl-save-state').dataset.entry).toBe('invalid'));
		expect(screen.getByTestId('tbl-save-state').dataset.state).toBe('saved');
		expect(screen.getByTestId('tbl-save-state').textContent).toMatch(/Saved · some entries need fixing/);
		expect(screen.getByTestId('tbl-save-state').textContent).not.toMatch(/the host sees it/);
		await fireEvent.input(screen.getByTestId('val-city-1'), { target: { value: '4' } });
		await waitFor(() => expect(screen.getByTestId('tbl-save-state').textContent).toMatch(/Saved · the host sees it/));
	});

	it('shows nothing live once the table is closed: no total, no "saved"', async () => {
		const { play, ticket } = await openTable();
		let heard: ((c: TableChange) => void) | null = null;
		const events = (_: unknown, onchange: (c: TableChange) => void) => {
			heard = onchange;
			return () => {};
		};
		render(TablePhone, { props: { play: play.id, joinToken: ticket.join_token, events } });
		await fireEvent.click(await screen.findByTestId('tbl-seat-1'));
		await fireEvent.input(await screen.findByTestId('val-city-1'), { target: { value: '6' } });
		await waitFor(() => expect(screen.getByTestId('tbl-total').dataset.total).toBe('6'));
		(heard as unknown as (c: TableChange) => void)({ play_id: play.id, revision: 99, seat: null, closed: true, elsewhere: true });
		await screen.findByTestId('tbl-closed');
		expect(screen.queryByTestId('tbl-total')).toBeNull();
		expect(screen.queryByTestId('tbl-save-state')).toBeNull();
	});

	it('offers the printed value the host’s history remembers when a mission card is added', async () => {
		const { play, ticket } = await openTable();
		await backend.setCardValue('valencia', 'mission_walls', 6);
		render(TablePhone, { props: { play: play.id, joinToken: ticket.join_token, events: null } });
		await fireEvent.click(await screen.findByTestId('tbl-seat-1'));
		await waitFor(() => expect((screen.getByTestId('val-mission-add-1') as HTMLButtonElement).disabled).toBe(false));
		await fireEvent.click(screen.getByTestId('val-mission-add-1'));
		await fireEvent.click(await screen.findByTestId('val-pick-1-mission_walls'));
		await waitFor(async () => {
			const stored = (await backend.getPlay(play.id)).table_state as { players: { missions?: unknown[] }[] };
			expect(stored.players[1].missions).toEqual([{ id: 'mission_walls', points: 6 }]);
		});
	});
});
