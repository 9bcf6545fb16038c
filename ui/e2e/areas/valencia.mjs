// Valencia, base game, 3 players, two plays. The first follows the course of play with the
// helpers: the auction of step A (resumed after a restart), the tracker moved on by
// the core to the council phase — whose panel exists only then — counted once, still counted
// after a restart, taken back by undo; then abandoned. The second is typed at the end of the
// game: fountains as a grid, each player's panel, a council seat taken from its holder,
// missions picked from the list (✔ / ✘ / ƒ), the totals checked against the CLI (`greffier
// score valencia`: Ani 31, Dirk 37, Lilli 37, Lilli ahead on members in the city), finished and
// checked in History.
import {
	assert,
	browser,
	check,
	el,
	endSession,
	horizontalOverflow,
	screenshot,
	setViewport,
	shown,
	startSession,
	tap,
	typeInto,
	waitPath,
	waitText,
	startPlay
} from '../lib.mjs';

export async function run() {
	let playId = null;
	const value = async (testid) => (await el(testid)).getValue();
	/** `want`: the value, or the values accepted (an empty stepper for a count never typed). */
	const waitValue = (testid, want, what) =>
		browser.waitUntil(async () => [want].flat().includes(await value(testid)), { timeoutMsg: `${what} (${testid})` });
	const current = async () =>
		browser.execute(() => document.querySelector('[data-testid^="val-step-"][aria-current="step"]')?.getAttribute('data-testid') ?? null);
	/** Taps « next » (the core moves the tracker) until the tracker is at `step`. */
	async function nextUntil(step) {
		for (let k = 0; k < 12 && (await current()) !== `val-step-${step}`; k++) {
			const before = await current();
			await browser.waitUntil(async () => (await el('val-step-next')).isEnabled(), { timeoutMsg: 'the core offers the next step' });
			await tap('val-step-next');
			await browser.waitUntil(async () => (await current()) !== before, { timeoutMsg: `the tracker moves on from ${before}` });
		}
		assert((await current()) === `val-step-${step}`, `the tracker reaches ${step}`);
	}
	async function reopen() {
		await endSession();
		await startSession();
		await shown('nav-home', 30000);
		await tap(`history-row-${playId}`);
		await shown('val-fountains');
	}

	await check(
		'start a 3-player Valencia play (base game) to follow with the helpers',
		async () => {
			playId = await startPlay('valencia', 'base', ['Ani', 'Dirk', 'Lilli']);
			await shown('val-fountains');
			await waitText('val-step-title', (t) => t.includes('Noblesse'), 'the tracker starts at step A (Nobility and Church)');
			assert(!(await (await browser.$('[data-testid="val-council-panel"]')).isExisting()), 'no council phase at step A');
		},
		{ critical: true }
	);

	await check('the auction resolver: Dirk wins step A and takes the Stefan Feld pawn', async () => {
		await tap('val-auction-open');
		await waitText('val-auction-step', (t) => t.includes('A'), 'the auction is the tracker’s step A');
		await tap('val-tap-0-5');
		await tap('val-tap-1-6');
		// The app closes mid-auction: the cards revealed so far come back with the play.
		await waitText('val-auction-waiting', (t) => t.includes('Lilli') && !t.includes('Dirk'), 'Lilli still to reveal');
		await waitText('save-state', (t) => t.includes('Enregistré'), 'the taps are saved');
		await reopen();
		const panel = await el('val-auction-panel');
		if (!(await panel.getAttribute('open'))) await tap('val-auction-open');
		await waitText(
			'val-auction-waiting',
			(t) => t.includes('Lilli') && !t.includes('Ani') && !t.includes('Dirk'),
			'after a restart only Lilli is still to reveal'
		);
		await tap('val-pass-2');
		await waitText('val-bid-result-1', (t) => t.includes('6') && t.includes('1'), 'Dirk: total 6, first');
		await waitText('val-bid-result-0', (t) => t.includes('5') && t.includes('2'), 'Ani: total 5, second');
		await waitText('val-bid-effects-0', (t) => t.includes('Église'), 'second place takes the Church seat');
		await tap('val-auction-apply');
		await waitText('val-pawn-1', (t) => t.includes('Stefan Feld'), 'Dirk holds the pawn');
		await waitText('val-auction-apply', (t) => t.includes('✓'), 'the auction shows as applied');
		for (const [seat, on] of [
			['val-seat-1-nobility', 'true'],
			['val-seat-0-church', 'true'],
			['val-seat-0-nobility', 'false']
		]) {
			await browser.waitUntil(async () => (await (await el(seat)).getAttribute('aria-pressed')) === on, { timeoutMsg: `${seat} ${on}` });
		}
		await tap('val-auction-open');
	});

	await check(
		'a council phase comes after step I and counts once: counted after a restart, and undo takes it back',
		async () => {
			await nextUntil('I');
			assert(!(await (await browser.$('[data-testid="val-council-panel"]')).isExisting()), 'no council phase at step I');
			await nextUntil('council');
			await (await el('val-tracker')).scrollIntoView();
			await screenshot('valencia-council-phase');
			await tap('val-seat-0-wine');
			await browser.waitUntil(async () => (await (await el('val-seat-0-wine')).getAttribute('aria-pressed')) === 'true', {
				timeoutMsg: 'Ani takes the wine seat'
			});
			const panel = await el('val-council-panel');
			if (!(await panel.getAttribute('open'))) await tap('val-council-open');
			await waitText('val-council-explanation', (t) => t.includes('Ani') && t.includes('privilège'), 'Ani has the most council members');
			await tap('val-council-apply');
			await waitText('val-council-apply', (t) => t.includes('✓'), 'the button says the phase is counted');
			// Ani: Church and wine → +2 points and the majority's privilege; Dirk: Noblesse → +1.
			await waitValue('val-council-points-0', '2', 'Ani: 2 council points');
			await waitValue('val-privileges-0', '1', 'Ani: 1 privilege');
			await waitValue('val-council-points-1', '1', 'Dirk: 1 council point');
			await waitText('save-state', (t) => t.includes('Enregistré'), 'saved before the restart');

			await reopen();
			await waitValue('val-council-points-0', '2', 'the counted phase is still in the table after the restart');
			const again = await el('val-council-panel');
			if (!(await again.getAttribute('open'))) await tap('val-council-open');
			await waitText('val-council-apply', (t) => t.includes('✓'), 'after the restart the phase is still counted, not offered again');
			assert(!(await (await el('val-council-apply')).isEnabled()), 'the counted phase cannot be counted again');

			await tap('undo');
			await waitValue('val-council-points-0', ['0', ''], 'undo takes the council points back');
			await waitValue('val-privileges-0', ['0', ''], 'undo takes the privilege back');
			await waitText('val-council-apply', (t) => !t.includes('✓'), 'undo makes the phase countable again');
		},
		{ critical: true }
	);

	await check('abandon the play followed with the helpers', async () => {
		await tap('abandon-play');
		const confirm = await shown('abandon-confirm');
		await browser.execute((node) => node.click(), confirm);
		await waitPath(/^\/$/);
		await shown('nav-history');
	});

	await check(
		'start a 3-player Valencia play (base game) typed at the end of the game',
		async () => {
			playId = await startPlay('valencia', 'base', ['Ani', 'Dirk', 'Lilli']);
			await shown('val-fountains');
		},
		{ critical: true }
	);

	await check(
		'type the fountains as a grid: value × members',
		async () => {
			await tap('val-fountain-add');
			await typeInto('val-fountain-value-0', '6');
			await tap('val-fountain-add');
			await typeInto('val-fountain-value-1', '2');
			await tap('val-fountain-add-central');
			await typeInto('val-fountain-value-2', '4');
			const members = [
				[2, 1, 0],
				[0, 2, 3],
				[1, 0, 2]
			];
			for (const [i, row] of members.entries()) {
				for (const [k, n] of row.entries()) await typeInto(`val-fm-${i}-${k}`, String(n));
			}
		},
		{ critical: true }
	);

	await check(
		'fill each player: city, palms, privileges, coins, council points, seats, the pawn',
		async () => {
			const rows = [
				[8, 3, 1, 5, 6],
				[6, 5, 0, 8, 7],
				[7, 2, 2, 3, 5]
			];
			for (const [i, [city, palms, privileges, coins, council]] of rows.entries()) {
				await typeInto(`val-city-${i}`, String(city));
				await typeInto(`val-palms-${i}`, String(palms));
				await typeInto(`val-privileges-${i}`, String(privileges));
				await typeInto(`val-coins-${i}`, String(coins));
				await typeInto(`val-council-points-${i}`, String(council));
			}
			// With their city members typed, the fountains count (the core's figure).
			await waitText('val-fp-1-2', (t) => t.includes('12'), 'Dirk: 3 members × 4 at the central fountain');
			// The book's setup seats the first player on the Noblesse and the next on the Église:
			// the core wrote it into the new play.
			for (const seat of ['val-seat-0-nobility', 'val-seat-1-church']) {
				assert((await (await el(seat)).getAttribute('aria-pressed')) === 'true', `${seat} is taken from the start`);
			}
			// Lilli takes the Église: Dirk's member goes back, the sheet stays valid.
			await tap('val-seat-2-church');
			await browser.waitUntil(async () => (await (await el('val-seat-1-church')).getAttribute('aria-pressed')) === 'false', {
				timeoutMsg: 'the Church changes hands'
			});
			assert(!(await (await browser.$('[data-testid="sheet-problems"]')).isExisting()), 'no problem: one member per seat');
			await tap('val-seat-0-wine');
			await tap('val-pawn-toggle-1');
			await waitText('val-pawn-1', (t) => t.includes('Stefan Feld'), 'Dirk holds the pawn');
		},
		{ critical: true }
	);

	await check(
		'pick missions from the list; their status and the totals match the CLI',
		async () => {
			/** Opens the picker of a seat, searches, taps the card, types its printed points. */
			async function pick(seat, query, id, k, points) {
				await tap(`val-mission-add-${seat}`);
				await typeInto(`val-mission-search-${seat}`, query);
				await tap(`val-pick-${seat}-${id}`);
				if (points !== null) await typeInto(`val-mission-value-${seat}-${k}`, String(points));
			}
			await pick(0, 'palmiers', 'mission_palms', 0, 4);
			await pick(0, 'carré', 'mission_square', 1, 3);
			await waitText('val-mission-status-0-1', (t) => t === '?', 'the square needs a tick');
			await tap('val-mission-done-0-1');
			await pick(1, 'Stefan', 'mission_stefan_feld', 0, 3);
			await pick(2, '10 moins', 'mission_ten_minus_coins', 0, null);
			await waitText('val-mission-status-0-0', (t) => t === '✘', 'Ani: 3 members next to a palm, not 5');
			await waitText('val-mission-points-0-0', (t) => t === '−4', 'the failed card costs its 4 points');
			await waitText('val-mission-status-0-1', (t) => t === '✔', 'the ticked square is met');
			await waitText('val-mission-status-1-0', (t) => t === '✔', 'Dirk holds the pawn');
			await waitText('val-mission-points-2-0', (t) => t === '+7', 'Lilli: 10 − 3 coins');
			await waitText('total-0', (t) => t === '31', 'Ani: 31 (CLI)');
			await waitText('total-1', (t) => t === '37', 'Dirk: 37 (CLI)');
			await waitText('total-2', (t) => t === '37', 'Lilli: 37 (CLI)');
			await waitText('tie-break', (t) => t.includes('membres dans la ville'), 'the tie is settled by members in the city');
			await waitText('save-state', (t) => t.includes('Enregistré'), 'autosave should say "Enregistré"');
		},
		{ critical: true }
	);

	await check('a crowded fountain leaves out that fountain only, and the totals say so', async () => {
		// Lilli's 3 members make 6 around fountain 2 (4 spaces).
		await typeInto('val-fm-2-1', '3');
		await waitText('totals-partial', (t) => t.includes('Fontaine 2') && t.includes('Lilli'), 'the header names what it leaves out');
		await waitText('total-0', (t) => t === '29', 'Ani without fountain 2 (1 × 2)');
		await waitText('total-1', (t) => t === '33', 'Dirk without fountain 2 (2 × 2)');
		await waitText('total-2', (t) => t === '37', 'Lilli without fountain 2');
		await browser.execute(() => window.scrollTo(0, 0));
		await screenshot('valencia-partial-totals');
		await typeInto('val-fm-2-1', '0');
		await waitText('total-1', (t) => t === '37', 'Dirk: 37 again');
		assert(!(await (await browser.$('[data-testid="totals-partial"]')).isExisting()), 'no note once it is fixed');
	});

	await check('the Valencia sheet fits 1280×800 and a portrait tablet', async () => {
		await browser.execute(() => window.scrollTo(0, 0));
		await screenshot('valencia-play');
		await (await el('val-fountains')).scrollIntoView();
		await screenshot('valencia-fountains');
		await (await el('val-player-0')).scrollIntoView();
		await screenshot('valencia-players');
		const wide = await horizontalOverflow();
		assert(wide <= 0, `no horizontal scroll at 1280×800 (overflow ${wide} px)`);
		try {
			await setViewport(800, 1280);
			const tall = await horizontalOverflow();
			await browser.execute(() => window.scrollTo(0, 0));
			await screenshot('valencia-portrait');
			assert(tall <= 0, `no horizontal scroll at 800×1280 (overflow ${tall} px)`);
		} finally {
			await browser.setWindowSize(1280, 800);
		}
	});

	await check(
		'finish the Valencia play: Lilli wins the tie on members in the city',
		async () => {
			await tap('finish-play');
			await waitPath(new RegExp(`^/history/${playId}/?$`));
			await waitText('play-status', (t) => t === 'Terminée', 'status "Terminée"');
			await waitText('detail-rank-2', (t) => t === '1', 'Lilli ranks first');
			await waitText('detail-rank-1', (t) => t === '2', 'Dirk ranks second');
			await waitText('detail-rank-0', (t) => t === '3', 'Ani ranks third');
			await waitText('tie-break', (t) => t.includes('membres dans la ville'), 'the tie-break sentence');
			await screenshot('valencia-history-detail');
		},
		{ critical: true }
	);
}
