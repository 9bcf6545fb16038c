import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { backend, type GameTableState, type ValenciaRawAuction } from '$lib/backend';
import { game, recording, startPlay } from '../../../test-support';
import { VALENCIA_TABLE } from '../../../test-tables';
import ValenciaSheet from './ValenciaSheet.svelte';

/** Renders a Valencia play on the real core; what the sheet saves and asks is recorded. */
async function setup(saved: GameTableState | null = null, names = ['Ani', 'Dirk', 'Lilli'], variant = 'base') {
	const { calls } = recording('saveTableState', 'valenciaAuction', 'setCardValue', 'previewTableState', 'valenciaRound', 'valenciaCouncil');
	await backend.setCardValue('valencia', 'mission_palms', 4);
	calls.setCardValue.length = 0;
	let play = await startPlay('valencia', variant, names);
	if (saved) {
		await backend.saveTableState(play.id, saved);
		play = await backend.getPlay(play.id);
		calls.saveTableState.length = 0;
	}
	const onfinished = vi.fn();
	render(ValenciaSheet, { props: { play, game: await game('valencia'), debounceMs: 5, onfinished } });
	const sent = () => calls.saveTableState.map((c) => c[1] as GameTableState);
	return {
		play,
		sent,
		calls,
		/** Each valenciaAuction call's arguments ([auction]), as they are made. */
		auctions: calls.valenciaAuction as [ValenciaRawAuction][],
		remembered: calls.setCardValue as unknown as [string, string, number][],
		last: () => sent()[sent().length - 1] as unknown as { players: Record<string, unknown>[]; fountains: unknown[] }
	};
}

const text = (testid: string) => screen.getByTestId(testid).textContent?.replace(/\s+/g, ' ').trim() ?? '';
const value = (testid: string) => (screen.getByTestId(testid) as HTMLInputElement).value;

describe('ValenciaSheet', () => {
	it('starts a new play from the core’s setup: 5 coins each, the pawn and the Nobility for the first player, the Church on their left', async () => {
		await setup();
		await waitFor(() => expect(value('val-coins-0')).toBe('5'));
		expect([value('val-coins-1'), value('val-coins-2')]).toEqual(['5', '5']);
		expect(text('val-pawn-0')).toMatch(/Stefan Feld/);
		expect(screen.queryByTestId('val-pawn-1')).toBeNull();
		expect(screen.getByTestId('val-seat-0-nobility').getAttribute('aria-pressed')).toBe('true');
		expect(screen.getByTestId('val-seat-1-church').getAttribute('aria-pressed')).toBe('true');
		expect(screen.getByTestId('val-seat-2-church').getAttribute('aria-pressed')).toBe('false');
	});

	it('calls the first of a play under way leading, not the winner: nothing has ended yet', async () => {
		await setup(VALENCIA_TABLE);
		await waitFor(() => expect(text('total-2')).toBe('37'));
		const star = screen.getAllByText(/★/);
		expect(star).toHaveLength(1);
		expect(star[0].textContent?.trim()).toBe('★ leading');
	});

	it('resumes a saved table: counts, mission statuses, totals and the tie-break sentence', async () => {
		await setup(VALENCIA_TABLE);
		await waitFor(() => expect(text('total-2')).toBe('37'));
		expect(text('total-0')).toBe('31');
		expect(text('total-1')).toBe('37');
		expect(value('val-city-0')).toBe('8');
		expect(value('val-fountain-value-2')).toBe('4');
		expect(value('val-fm-1-2')).toBe('3');
		await waitFor(() => expect(text('val-fp-1-2')).toBe('= 12'));
		expect(await screen.findByTestId('val-mission-status-0-0')).toHaveProperty('textContent', '✘');
		expect(text('val-mission-points-0-0')).toBe('\u22124');
		expect(text('val-mission-status-0-1')).toBe('✔');
		expect(text('val-mission-status-2-0')).toBe('ƒ');
		expect(text('val-mission-points-2-0')).toBe('+7');
		expect(text('tie-break')).toMatch(/settled by “members in the city”/);
		expect(text('val-pawn-1')).toMatch(/Stefan Feld/);
	});

	it('asks the round tracker again only when its question changes, not at each score typed', async () => {
		const { calls } = await setup();
		await screen.findByTestId('val-step-title');
		const [previews, rounds] = [calls.previewTableState.length, calls.valenciaRound.length];
		await fireEvent.input(screen.getByTestId('val-city-0'), { target: { value: '5' } });
		await fireEvent.input(screen.getByTestId('val-city-0'), { target: { value: '7' } });
		await waitFor(() => expect(text('total-0')).toBe('7'));
		expect(calls.previewTableState.length).toBeGreaterThan(previews);
		expect(calls.valenciaRound.length).toBe(rounds);
		// A council seat is in its question (the tracker names who holds the church).
		await fireEvent.click(screen.getByTestId('val-seat-0-church'));
		await waitFor(() => expect(calls.valenciaRound.length).toBe(rounds + 1));
		// The council phase is not asked about at step A: its panel is phase III's.
		expect(calls.valenciaCouncil).toHaveLength(0);
	});

	it('keeps the special cards the table chose and taps only those into a stack (module 1)', async () => {
		// « Nous vous recommandons de commencer par utiliser une ou deux nouvelles cartes »: the
		// book names none, so a new play starts (from the core's setup) with none ticked.
		const { last } = await setup(null, ['Ani', 'Dirk', 'Lilli'], 'special_influence');
		await fireEvent.click(screen.getByTestId('val-auction-open'));
		await screen.findByTestId('val-tap-0-6');
		expect(screen.queryByTestId('val-tap-0-central')).toBeNull();
		expect((screen.getByTestId('val-special-central') as HTMLInputElement).checked).toBe(false);
		await fireEvent.click(screen.getByTestId('val-special-central'));
		await waitFor(() => expect((last() as unknown as { special_cards?: string[] }).special_cards).toEqual(['central']));
		expect(await screen.findByTestId('val-tap-0-central')).toBeTruthy();
	});

	it('says, from the core, when a seat holds no mission card, until one is added', async () => {
		await setup();
		await waitFor(() =>
			expect(text('val-missions-notice-0')).toMatch(/Aucune carte Mission indiquée pour Ani|No mission card entered for Ani/)
		);
		expect(text('val-missions-notice-1')).toMatch(/Dirk/);
		await waitFor(() => expect((screen.getByTestId('val-mission-add-0') as HTMLButtonElement).disabled).toBe(false));
		await fireEvent.click(screen.getByTestId('val-mission-add-0'));
		await fireEvent.input(screen.getByTestId('val-mission-search-0'), { target: { value: 'palmiers' } });
		await fireEvent.click(screen.getByTestId('val-pick-0-mission_palms'));
		await waitFor(() => expect(screen.queryByTestId('val-missions-notice-0')).toBeNull());
		expect(text('val-missions-notice-1')).toMatch(/Dirk/);
	});

	it('labels the missions the app checks from the table as checked by Greffier, not « judged by the table »', async () => {
		await setup();
		await waitFor(() => expect((screen.getByTestId('val-mission-add-0') as HTMLButtonElement).disabled).toBe(false));
		await fireEvent.click(screen.getByTestId('val-mission-add-0'));
		await fireEvent.input(screen.getByTestId('val-mission-search-0'), { target: { value: 'Stefan' } });
		expect(text('val-pick-0-mission_stefan_feld')).toMatch(/checked by Greffier$/);
		await fireEvent.input(screen.getByTestId('val-mission-search-0'), { target: { value: 'carre' } });
		expect(text('val-pick-0-mission_square')).toMatch(/to tick$/);
	});

	it('types fountains and missions into the table state and remembers printed values', async () => {
		const { last, remembered } = await setup();
		await fireEvent.click(await screen.findByTestId('val-fountain-add'));
		await fireEvent.input(screen.getByTestId('val-fountain-value-0'), { target: { value: '6' } });
		await fireEvent.click(screen.getByTestId('val-fm-2-0-plus'));
		await fireEvent.click(screen.getByTestId('val-fm-2-0-plus'));
		await fireEvent.input(screen.getByTestId('val-city-2'), { target: { value: '7' } });
		await waitFor(() => expect(last().fountains).toEqual([{ value: 6 }]));
		await waitFor(() => expect(last().players[2]).toMatchObject({ city_members: 7, fountain_members: [2] }));
		// Its points are the core's live help, which arrives after the save is sent.
		await waitFor(() => expect(text('val-fp-2-0')).toBe('= 12'));
		// Missions from the list: the remembered value is prefilled; a typed one is remembered.
		await waitFor(() => expect((screen.getByTestId('val-mission-add-0') as HTMLButtonElement).disabled).toBe(false));
		await fireEvent.click(screen.getByTestId('val-mission-add-0'));
		await fireEvent.input(screen.getByTestId('val-mission-search-0'), { target: { value: 'palmiers' } });
		expect(screen.getByTestId('val-mission-results-0').textContent).toMatch(/Sous les palmiers|Under the palms/);
		await fireEvent.click(screen.getByTestId('val-pick-0-mission_palms'));
		expect(value('val-mission-value-0-0')).toBe('4');
		await fireEvent.click(screen.getByTestId('val-mission-add-0'));
		await fireEvent.input(screen.getByTestId('val-mission-search-0'), { target: { value: 'carre' } });
		await fireEvent.keyDown(screen.getByTestId('val-mission-search-0'), { key: 'Enter' });
		await fireEvent.input(screen.getByTestId('val-mission-value-0-1'), { target: { value: '3' } });
		await fireEvent.click(screen.getByTestId('val-mission-done-0-1'));
		await waitFor(() =>
			expect(last().players[0].missions).toEqual([
				{ id: 'mission_palms', points: 4 },
				{ id: 'mission_square', points: 3, done: true }
			])
		);
		expect(remembered).toContainEqual(['valencia', 'mission_square', 3]);
		// A formula card shows no printed value, but the count its formula needs.
		await fireEvent.click(screen.getByTestId('val-mission-add-1'));
		await fireEvent.click(screen.getByTestId('val-pick-1-mission_longest_route'));
		expect(screen.queryByTestId('val-mission-value-1-0')).toBeNull();
		await fireEvent.input(screen.getByTestId('val-route-1'), { target: { value: '4' } });
		await waitFor(() => expect(last().players[1]).toMatchObject({ longest_route: 4, missions: [{ id: 'mission_longest_route' }] }));
	});

	it('resolves an auction from tapped cards and moves the pawn to the winner', async () => {
		const { last, auctions } = await setup();
		await fireEvent.click(await screen.findByTestId('val-tap-0-5'));
		await fireEvent.click(screen.getByTestId('val-tap-1-6'));
		expect(auctions).toHaveLength(0);
		expect(text('val-auction-waiting')).toMatch(/Lilli/);
		await fireEvent.click(screen.getByTestId('val-pass-2'));
		await waitFor(() => expect(text('val-bid-result-1')).toMatch(/total 6 · rank 1/));
		expect(auctions[auctions.length - 1][0]).toMatchObject({
			step: 'A',
			first_player: 0,
			players: [
				{ name: 'Ani', stack: [{ card: 5 }] },
				{ name: 'Dirk', stack: [{ card: 6 }] },
				{ name: 'Lilli', stack: null }
			]
		});
		expect(text('val-bid-effects-0')).toMatch(/Church seat/);
		// The taps are part of the table state: a restart finds them.
		await waitFor(() =>
			expect((last() as unknown as { progress: { auction: ValenciaRawAuction } }).progress.auction.players?.map((p) => p.stack)).toEqual([
				[{ card: 5 }],
				[{ card: 6 }],
				null
			])
		);
		await fireEvent.click(screen.getByTestId('val-auction-apply'));
		await waitFor(() => expect(last().players.map((p) => p.stefan_feld)).toEqual([false, true, false]));
		expect(text('val-pawn-1')).toMatch(/Stefan Feld/);
		expect((last() as unknown as { progress: { auction_applied: boolean } }).progress.auction_applied).toBe(true);
		expect((screen.getByTestId('val-auction-apply') as HTMLButtonElement).disabled).toBe(true);
	});

	it('an applied auction keeps the first player it was played with, after the pawn moved to its winner', async () => {
		// Valencia, p.6's example: ties go to « le joueur le plus près du premier joueur de ce tour ».
		// Ani holds the pawn and ties Lilli at 5; Dirk wins with 6 and takes the pawn. Ani stays 2nd.
		const saved = {
			variant: 'base',
			fountains: [],
			players: [{ name: 'Ani', stefan_feld: true }, { name: 'Dirk' }, { name: 'Lilli' }],
			progress: { round: 1, step: 'A' }
		} as unknown as GameTableState;
		const { last } = await setup(saved);
		await fireEvent.click(await screen.findByTestId('val-tap-0-5'));
		await fireEvent.click(screen.getByTestId('val-tap-1-6'));
		await fireEvent.click(screen.getByTestId('val-tap-2-5'));
		await waitFor(() => expect(text('val-bid-result-0')).toMatch(/total 5 · rank 2/));
		expect(text('val-bid-result-2')).toMatch(/total 5 · rank 3/);
		await fireEvent.click(screen.getByTestId('val-auction-apply'));
		await waitFor(() => expect(last().players.map((p) => p.stefan_feld ?? false)).toEqual([false, true, false]));
		expect((screen.getByTestId('val-auction-apply') as HTMLButtonElement).disabled).toBe(true);
		const first = screen.getByTestId('val-auction-first') as HTMLSelectElement;
		expect([first.value, first.disabled]).toEqual(['0', true]);
		await waitFor(() => expect(text('val-bid-result-0')).toMatch(/total 5 · rank 2/));
		expect(text('val-bid-result-2')).toMatch(/total 5 · rank 3/);
		expect(text('val-bid-effects-0')).toMatch(/Church seat/);
		expect((last() as unknown as { progress: { auction: ValenciaRawAuction } }).progress.auction.first_player).toBe(0);
	});

	it('the Stefan Feld pawn’s holder reveals first: an auction entered before the pawn moved follows it', async () => {
		// « Le joueur qui possède le pion Stefan Feld commence »: Lilli holds it, the auction typed
		// earlier still names Ani; Lilli, first, wins her tie with Ani and keeps the pawn.
		const saved = {
			variant: 'base',
			fountains: [],
			players: [{ name: 'Ani' }, { name: 'Dirk' }, { name: 'Lilli', stefan_feld: true }],
			progress: {
				round: 1,
				step: 'C',
				auction: {
					step: 'C',
					first_player: 0,
					players: [
						{ name: 'Ani', stack: [{ card: 3 }] },
						{ name: 'Dirk', stack: null },
						{ name: 'Lilli', stack: [{ card: 3 }] }
					]
				}
			}
		} as unknown as GameTableState;
		const { last, auctions } = await setup(saved);
		await waitFor(() => expect(text('val-bid-result-2')).toMatch(/total 3 · rank 1/));
		expect(auctions[auctions.length - 1][0].first_player).toBe(2);
		const first = screen.getByTestId('val-auction-first') as HTMLSelectElement;
		expect([first.value, first.disabled]).toEqual(['2', true]);
		await fireEvent.click(screen.getByTestId('val-auction-apply'));
		await waitFor(() => expect((last() as unknown as { progress: { auction_applied: boolean } }).progress.auction_applied).toBe(true));
		expect(last().players.map((p) => p.stefan_feld ?? false)).toEqual([false, false, true]);
	});

	/** Taps « next » until the tracker is at `step` (each move the core's). */
	async function nextUntil(step: string) {
		for (let k = 0; k < 12 && screen.getByTestId(`val-step-${step}`).getAttribute('aria-current') !== 'step'; k++) {
			const at = screen.getAllByRole('listitem').find((li) => li.getAttribute('aria-current') === 'step')?.textContent;
			await waitFor(() => expect((screen.getByTestId('val-step-next') as HTMLButtonElement).disabled).toBe(false));
			await fireEvent.click(screen.getByTestId('val-step-next'));
			await waitFor(() =>
				expect(screen.getAllByRole('listitem').find((li) => li.getAttribute('aria-current') === 'step')?.textContent).not.toBe(at)
			);
		}
		expect(screen.getByTestId(`val-step-${step}`).getAttribute('aria-current')).toBe('step');
	}

	it('scores a council phase into council points and privileges once the round’s last step is done, and the tracker moves on', async () => {
		// « 5 tours … divisés en 3 phases, que vous devez effectuer dans l'ordre »: phase III's panel
		// is there only once the tracker is past step I. The setup gave Ani (first
		// player) the Nobility and Dirk, on her left, the Church.
		const { last } = await setup();
		await fireEvent.click(await screen.findByTestId('val-seat-0-wine'));
		await waitFor(() => expect(last().players[0].council).toEqual(['nobility', 'wine']));
		expect(screen.queryByTestId('val-council-panel')).toBeNull();
		await nextUntil('I');
		expect(screen.queryByTestId('val-council-panel')).toBeNull();
		await nextUntil('council');
		await waitFor(() => expect(text('val-council-explanation')).toMatch(/Ani has the most/));
		await fireEvent.click(screen.getByTestId('val-council-apply'));
		await waitFor(() =>
			expect(last().players.map((p) => [p.council_points, p.privileges])).toEqual([
				[2, 1],
				[1, 0],
				[0, 0]
			])
		);
		expect((screen.getByTestId('val-council-apply') as HTMLButtonElement).disabled).toBe(true);
		expect(text('val-council-points-gained-2')).toBe('no points');
		// Counted: the tracker does not go back over it (Undo does), and moves on to round 2.
		await waitFor(() => expect((screen.getByTestId('val-step-prev') as HTMLButtonElement).disabled).toBe(true));
		await fireEvent.click(screen.getByTestId('val-step-next'));
		await waitFor(() => expect(text('val-round')).toBe('Round 2 / 5'));
		expect(screen.getByTestId('val-step-A').getAttribute('aria-current')).toBe('step');
		expect(screen.queryByTestId('val-council-panel')).toBeNull();
	});

	it('follows the tracker’s step with the auction, and offers none at H, I and the council phase', async () => {
		const saved = {
			variant: 'base',
			fountains: [],
			players: [{ name: 'Ani', stefan_feld: true }, { name: 'Dirk' }, { name: 'Lilli' }],
			progress: { round: 2, step: 'C' }
		} as unknown as GameTableState;
		await setup(saved);
		await waitFor(() => expect(text('val-auction-step')).toBe('Auction of step C'));
		// The steps are shown, not jumped to: only « next » and « back » move the tracker.
		expect(screen.getByTestId('val-step-F').tagName).toBe('LI');
		await nextUntil('D');
		await waitFor(() => expect(text('val-auction-step')).toBe('Auction of step D'));
		await nextUntil('H');
		await waitFor(() => expect(screen.getByTestId('val-auction-none')).toBeTruthy());
		expect(screen.queryByTestId('val-tap-0-3')).toBeNull();
	});

	it('has a row for Nina at 2 players: one card at B, two at F', async () => {
		const saved = {
			variant: 'base',
			fountains: [],
			players: [{ name: 'Ani', stefan_feld: true }, { name: 'Dirk' }],
			progress: { round: 1, step: 'E' }
		} as unknown as GameTableState;
		const { auctions } = await setup(saved, ['Ani', 'Dirk']);
		await screen.findByTestId('val-auction-step');
		expect(screen.queryByTestId('val-nina')).toBeNull();
		await nextUntil('F');
		await waitFor(() => expect(text('val-nina')).toMatch(/2 cards to reveal/));
		await fireEvent.click(screen.getByTestId('val-tap-0-4'));
		await fireEvent.click(screen.getByTestId('val-tap-1-3'));
		await fireEvent.click(screen.getByTestId('val-nina-tap-5'));
		expect(auctions).toHaveLength(0);
		await fireEvent.click(screen.getByTestId('val-nina-tap-2'));
		await waitFor(() => expect(auctions[auctions.length - 1][0]).toMatchObject({ step: 'F', nina: [5, 2] }));
		expect(screen.queryByTestId('val-nina-tap-1')).toBeNull();
	});

	it('moves a council seat to the player who takes it: the holder’s member goes back, the sheet stays valid', async () => {
		// Tapping the auction winner's guild seat left the previous holder on it, the
		// sheet turned invalid and every total became "—". « remplacez le membre de la famille que
		// vous remplacez dans la réserve de son propriétaire » (p.7).
		const { last } = await setup(VALENCIA_TABLE);
		await waitFor(() => expect(text('total-0')).toBe('31'));
		expect(screen.getByTestId('val-seat-0-wine').getAttribute('aria-pressed')).toBe('true');
		await fireEvent.click(screen.getByTestId('val-seat-2-wine'));
		await waitFor(() => expect(last().players.map((p) => p.council)).toEqual([['nobility'], ['church'], ['wine']]));
		expect(screen.getByTestId('val-seat-0-wine').getAttribute('aria-pressed')).toBe('false');
		expect(screen.getByTestId('val-seat-2-wine').getAttribute('aria-pressed')).toBe('true');
		expect(screen.queryByTestId('sheet-problems')).toBeNull();
		expect(text('total-2')).not.toBe('—');
		// The Marchands seat too.
		await fireEvent.click(screen.getByTestId('val-seat-1-merchants'));
		await fireEvent.click(screen.getByTestId('val-seat-0-merchants'));
		await waitFor(() => expect(last().players.map((p) => p.council)).toEqual([['nobility', 'merchants'], ['church'], ['wine']]));
		expect(screen.queryByTestId('sheet-problems')).toBeNull();
	});

	it('shows an auction applied after a privilege was spent as applied, with its result', async () => {
		// Once applied, the panel said in red « 1 privilèges dépensés pour 0 détenus. »
		// and the result and « ✓ Appliqué » disappeared.
		const saved = {
			variant: 'base',
			fountains: [],
			players: [{ name: 'Ani', stefan_feld: true, privileges: 1 }, { name: 'Dirk' }, { name: 'Lilli' }],
			progress: { round: 2, step: 'C', councils_counted: [1] }
		} as unknown as GameTableState;
		const { last } = await setup(saved);
		await fireEvent.click(await screen.findByTestId('val-tap-0-4'));
		await fireEvent.click(screen.getByTestId('val-tap-1-3'));
		await fireEvent.click(screen.getByTestId('val-pass-2'));
		await fireEvent.click(screen.getByTestId('val-spent-0-plus'));
		await waitFor(() => expect(text('val-bid-result-0')).toMatch(/total 4 · rank 1/));
		await fireEvent.click(screen.getByTestId('val-auction-apply'));
		await waitFor(() => expect(last().players[0].privileges).toBe(0));
		await waitFor(() => expect(text('val-auction-apply')).toBe('✓ Applied'));
		expect(text('val-bid-result-0')).toMatch(/total 4 · rank 1/);
		expect(screen.getByTestId('val-auction-result').textContent).toMatch(/1 privilege back to the supply/);
		expect(screen.queryByTestId('val-bid-0')?.querySelector('.problem')).toBeNull();
		// Applied, it is history: no taps, and the tracker does not go back over it.
		expect(screen.queryByTestId('val-tap-0-4')).toBeNull();
		await waitFor(() => expect((screen.getByTestId('val-step-prev') as HTMLButtonElement).disabled).toBe(true));
	});

	it('says where the auction would be applied why the core refuses it: the sheet, as the scorer reads it', async () => {
		// The helpers judge the table as the scorer does. Round 1, before any council
		// phase, Ani cannot hold a privilege; the auction is refused with that problem.
		const saved = {
			variant: 'base',
			fountains: [],
			players: [{ name: 'Ani', stefan_feld: true, privileges: 1 }, { name: 'Dirk' }, { name: 'Lilli' }],
			progress: { round: 1, step: 'B' }
		} as unknown as GameTableState;
		await setup(saved);
		await waitFor(() => expect(text('sheet-problems')).toMatch(/1 privilege at step B of round 1/));
		await fireEvent.click(await screen.findByTestId('val-tap-0-4'));
		await fireEvent.click(screen.getByTestId('val-pass-1'));
		await fireEvent.click(screen.getByTestId('val-pass-2'));
		await waitFor(() => expect(text('val-bid-result-0')).toMatch(/total 4 · rank 1/));
		await fireEvent.click(screen.getByTestId('val-auction-apply'));
		await waitFor(() => expect(text('val-auction-refused')).toMatch(/^To fix on the sheet first: Ani — 1 privilege at step B of round 1/));
		expect(text('val-auction-apply')).not.toMatch(/✓/);
	});

	it('says the totals are partial and what they leave out: a crowded fountain, that fountain only', async () => {
		// One fountain with too many members dropped every fountain's points, with no
		// note, no fountain named, and the outline on the fountain's value.
		const table = structuredClone(VALENCIA_TABLE) as unknown as { players: { fountain_members: number[] }[] };
		table.players[2].fountain_members = [1, 3, 2];
		await setup(table as unknown as GameTableState);
		await waitFor(() =>
			expect(text('totals-partial')).toBe(
				'Partial totals, leaving out: Ani · Fountain 2, Dirk · Fountain 2, Lilli · Fountain 2. Nobody wins until it is fixed.'
			)
		);
		// Fountain 2 is worth 2: Ani loses its 1 × 2, Dirk his 2 × 2, Lilli her 3 × 2; the other
		// fountains still count (the totals were 23/31/31/18 with every fountain dropped).
		expect([text('total-0'), text('total-1'), text('total-2')]).toEqual(['29', '33', '37']);
		expect(screen.getByTestId('total-partial-0')).toBeTruthy();
		expect(text('sheet-problems')).toMatch(
			/Fountain 2 \(value 2\): 6 members around it \(Ani 1, Dirk 2, Lilli 3\), it touches only 4 spaces/
		);
		for (const seat of [0, 1, 2]) expect(screen.getByTestId(`val-fm-${seat}-1`).getAttribute('aria-invalid')).toBe('true');
		expect(screen.getByTestId('val-fm-2-0').getAttribute('aria-invalid')).not.toBe('true');
		expect(screen.getByTestId('val-fountain-value-1').getAttribute('aria-invalid')).not.toBe('true');
	});

	it('shows the core’s problems next to their field', async () => {
		// More members next to a palm than in the city: the core refuses the count.
		const table = structuredClone(VALENCIA_TABLE) as unknown as { players: { palm_members: number }[] };
		table.players[0].palm_members = 9;
		await setup(table as unknown as GameTableState);
		await waitFor(() => expect(text('val-palms-0-problem')).toMatch(/9 members next to a palm/));
		expect(screen.getByTestId('val-palms-0').getAttribute('aria-invalid')).toBe('true');
		expect(text('sheet-problems')).toMatch(/Ani/);
		// One problem does not blank the totals: the core's partial ones show, marked as such;
		// Lilli's seat is valid and keeps its 37.
		expect(text('scoreboard-partial')).toMatch(/Partial totals/);
		expect(text('total-2')).toBe('37');
	});
});
