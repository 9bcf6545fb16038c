// Orléans: Invasion, Le dignitaire (solo): the event opens its rule entry in the side panel;
// three rounds played from round 5 with the coins the resolver computes checked (Income,
// Trading day, Contribution) and applied to the sheet; the 8th citizen wins at once; the
// result is finished into History.
import {
	assert,
	browser,
	check,
	el,
	horizontalOverflow,
	screenshot,
	setViewport,
	shown,
	tap,
	textOf,
	typeInto,
	waitPath,
	waitText,
	seatPlayers
} from '../lib.mjs';

/** The value an input holds. */
async function valueOf(testid) {
	return (await (await shown(testid)).getValue()).trim();
}

async function waitValue(testid, expected, what) {
	let last = '';
	await browser.waitUntil(
		async () => {
			last = await valueOf(testid);
			return last === expected;
		},
		{ timeoutMsg: `${testid}: ${what} (last value: "${last}")` }
	);
}

export async function run() {
	let playId = null;
	await check(
		'start a Le dignitaire play (Orléans, solo) with Ani',
		async () => {
			await tap('nav-new');
			await shown('new-player-name');
			await tap('game-orleans');
			const variant = await shown('variant-select');
			await variant.selectByAttribute('value', 'dignitaire');
			// Seats the preferences may have filled: Le dignitaire is played alone.
			while (await (await el('seat-remove-0')).isExisting()) await tap('seat-remove-0');
			await typeInto('new-player-name', 'Ani');
			await tap('add-player');
			await waitText('seat-0', (t) => t.includes('Ani'), 'seat 0 should hold Ani');
			await tap('start-play');
			const m = await waitPath(/^\/play\/(\d+)\/?$/);
			playId = Number(m[1]);
			await waitText('orl-round-title', (t) => t.includes('1') && t.includes('16'), 'round 1 of 16');
			await waitText('orl-event-name', (t) => t === 'Conférence', 'round 1 is Conférence');
			await shown('setup-checklist');
		},
		{ critical: true }
	);

	await check('tapping the event opens its rule entry in the side panel', async () => {
		await tap('orl-event-rule');
		await waitText('rule-title', (t) => t.includes('Conférence'), 'the entry of Conférence');
		await tap('rule-panel-close');
	});

	await check(
		'three rounds of Le dignitaire: the resolver computes the coins and the sheet follows',
		async () => {
			await typeInto('orl-round', '5');
			await typeInto('orl-coins-0', '4');
			// The development track's space (level 2 from space 4): the one fact asked.
			await typeInto('orl-development_points-0', '4');
			await typeInto('orl-trading_posts-0', '1');
			// Round 5: Revenus, 2 coins per development level.
			await waitText('orl-round-title', (t) => t.includes('5'), 'round 5');
			await waitText('orl-event-name', (t) => t === 'Revenus', 'round 5 is Revenus');
			await waitText('orl-res-0-gain', (t) => t.startsWith('+4'), 'level 2 × 2 coins = +4');
			await waitText('orl-forecast-gained-0', (t) => t.includes('+'), 'the forecast sits beside the event');
			await tap('orl-close-round');
			await waitText('orl-round-title', (t) => t.includes('6'), 'round 6');
			await waitValue('orl-coins-0', '8', '4 + 4 coins');
			// Round 6: Jour de commerce, 3 coins per trading post.
			await waitText('orl-res-0-gain', (t) => t.startsWith('+3'), '1 trading post × 3 coins = +3');
			await tap('orl-close-round');
			await waitText('orl-round-title', (t) => t.includes('7'), 'round 7');
			await waitValue('orl-coins-0', '11', '8 + 3 coins');
			// Round 7: Cotisation, pay 5 coins.
			await waitText('orl-res-0-owed', (t) => t.startsWith('−5'), 'the contribution asks 5 coins');
			await waitText('orl-res-0-after', (t) => t.includes('6'), '6 coins left after paying');
			await tap('orl-close-round');
			await waitText('orl-round-title', (t) => t.includes('8'), 'round 8');
			await waitValue('orl-coins-0', '6', '11 − 5 coins');
			await waitText('orl-log', (t) => t.includes('Revenus') && t.includes('Cotisation'), 'the round log keeps the three rounds');
			await waitText('save-state', (t) => t.includes('Enregistré'), 'autosave should say "Enregistré"');
		},
		{ critical: true }
	);

	await check('the layout fits at 1280×800 and 800×1280', async () => {
		await browser.execute(() => window.scrollTo(0, 0));
		await screenshot('orleans-play');
		await (await el('orl-player-0')).scrollIntoView();
		await screenshot('orleans-player');
		const wide = await horizontalOverflow();
		assert(wide <= 0, `no horizontal scroll at 1280×800 (overflow ${wide} px)`);
		try {
			await setViewport(800, 1280);
			await browser.execute(() => window.scrollTo(0, 0));
			const tall = await horizontalOverflow();
			await screenshot('orleans-portrait');
			assert(tall <= 0, `no horizontal scroll at 800×1280 (overflow ${tall} px)`);
		} finally {
			await browser.setWindowSize(1280, 800);
		}
	});

	await check(
		'the 8th citizen wins at once; finished, History keeps the solo win and the round',
		async () => {
			await typeInto('orl-citizens-0', '8');
			await waitText('orl-outcome', (t) => t.includes('Gagné') && t.includes('8'), 'a loud win banner at round 8');
			await browser.execute(() => window.scrollTo(0, 0));
			await screenshot('orleans-won');
			await tap('finish-play');
			await waitPath(new RegExp(`^/history/${playId}/?$`));
			await waitText('play-status', (t) => t === 'Terminée', 'status "Terminée"');
			await waitText('outcome', (t) => t.includes('Gagnée') && t.includes('8'), 'History: won, round 8');
			// The rounds played are viewable afterwards: Cotisation's 5 coins paid in round 7.
			await waitText('orl-log', (t) => t.includes('Cotisation'), 'History shows the round log');
			await (await el('orl-log')).scrollIntoView({ block: 'center' });
			await screenshot('orleans-history-log');
			await shown('nav-history');
			assert((await textOf('outcome')).length > 0, 'the outcome is shown');
		},
		{ critical: true }
	);

	await check('Invasion at 4: the hourglass tiles are drawn by the core, the coming ones stay hidden; the sheet fits', async () => {
		await tap('nav-new');
		await shown('new-player-name');
		await tap('game-orleans');
		const variant = await shown('variant-select');
		await variant.selectByAttribute('value', 'invasion');
		while (await (await el('seat-remove-0')).isExisting()) await tap('seat-remove-0');
		await seatPlayers(['Ani', 'Dirk', 'Lilli', 'Frank']);
		await tap('start-play');
		await waitPath(/^\/play\/(\d+)\/?$/);
		await waitText('orl-round-title', (t) => t.includes('16'), '16 rounds at 4 players');
		await tap('orl-deck-draw');
		await waitText('orl-deck-drawn', (t) => t.includes('16'), '16 tiles drawn');
		await waitText('orl-event-name', (t) => t.length > 0, 'the first tile is revealed');
		await tap('orl-upcoming-open');
		await waitText('orl-upcoming', (t) => t.includes('Tuile cachée'), 'the coming tiles stay hidden');
		await browser.execute(() => window.scrollTo(0, 0));
		await screenshot('orleans-invasion');
		const wide = await horizontalOverflow();
		assert(wide <= 0, `no horizontal scroll at 1280×800 (overflow ${wide} px)`);
		try {
			await setViewport(800, 1280);
			await (await el('orl-team')).scrollIntoView();
			const tall = await horizontalOverflow();
			await screenshot('orleans-invasion-portrait');
			assert(tall <= 0, `no horizontal scroll at 800×1280 (overflow ${tall} px)`);
		} finally {
			await browser.setWindowSize(1280, 800);
		}
		await tap('abandon-play');
		await tap('abandon-confirm');
		await waitPath(/^\/$/);
		await shown('nav-history');
	});
}
