// Smoke test of `greffier serve` in headless Chromium (scripts/serve-smoke.sh starts both): the
// served UI's home page renders, and the page's own origin computes a score through /api on
// the real core; then a few screens used as a player would, the UI talking to the core over HTTP
// (http.ts): start a play, type scores and see the core's totals, search the rules (and ask
// another game's question, in both languages, on a desktop and a phone), open History.
import {
	assert,
	browser,
	check,
	endSession,
	finish,
	screenshot,
	setLangTo,
	shown,
	startSession,
	tap,
	textOf,
	typeInto,
	waitPath,
	waitText,
	seatPlayers
} from './lib.mjs';

await startSession();

await check(
	'the served home page renders',
	async () => {
		await shown('home-new-play');
		const games = await textOf('home-games');
		// Each by its box's name in the page's language (Citadelles, Citadels in English).
		assert(games.includes('Valencia') && /Citadel(le)?s/.test(games), `the games are listed: ${games}`);
	},
	{ critical: true }
);

await check('the page computes a score through POST /api/score_table', async () => {
	const answer = await browser.execute(async () => {
		const table = {
			sheet: 'generic',
			variant: 'base',
			players: [
				{ name: 'Ani', points: { city: 5 } },
				{ name: 'Dirk', points: { city: 7, fountains: 4 } }
			]
		};
		const r = await fetch('/api/score_table', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ game: 'valencia', table })
		});
		return { status: r.status, body: await r.json() };
	});
	assert(answer.status === 200, `200, got ${answer.status}: ${JSON.stringify(answer.body)}`);
	const totals = answer.body.players.map((p) => [p.name, p.total, p.winner]);
	assert(
		JSON.stringify(totals) ===
			JSON.stringify([
				['Ani', 5, false],
				['Dirk', 11, true]
			]),
		JSON.stringify(totals)
	);
});

await check('an unknown operation answers 404 with its kind', async () => {
	const answer = await browser.execute(async () => {
		const r = await fetch('/api/no_such_operation', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		return { status: r.status, body: await r.json() };
	});
	assert(answer.status === 404 && answer.body.kind === 'unknown_operation', JSON.stringify(answer));
});

await check('a deep link is answered by the SPA', async () => {
	await browser.url(`${process.env.GREFFIER_E2E_URL}/rules`);
	// The SPA renders the rules screen itself: wait for it rather than for a title, which the
	// bare index.html has before the app is up (on a busy machine that raced).
	await shown('rules-search');
});

let playId = null;

await check(
	'start a Valencia play for Ani and Dirk through the served UI',
	async () => {
		await browser.url(`${process.env.GREFFIER_E2E_URL}/`);
		await tap('nav-new');
		await shown('new-player-name');
		await seatPlayers(['Ani', 'Dirk']);
		await tap('game-valencia');
		const variant = await shown('variant-select');
		await browser.waitUntil(async () => (await variant.getValue()) !== '', { timeoutMsg: 'no variant selected' });
		await tap('start-play');
		const m = await waitPath(/^\/play\/(\d+)\/?$/);
		playId = Number(m[1]);
		await shown('val-city-0');
	},
	{ critical: true }
);

await check('type the scores: the core computes the totals (fountain worth 4 × 1 member)', async () => {
	await typeInto('val-city-0', '5');
	await typeInto('val-city-1', '7');
	await tap('val-fountain-add');
	await typeInto('val-fountain-value-0', '4');
	await typeInto('val-fm-1-0', '1');
	await waitText('total-0', (t) => t === '5', 'Ani total should be 5');
	await waitText('total-1', (t) => t === '11', 'Dirk total should be 11 (7 in the city + 4 at the fountain)');
	await waitText('rank-1', (t) => t.includes('Dirk') && t.includes('★'), 'Dirk ranked first with a star');
	// The autosave reached the core's history.
	let stored = null;
	await browser.waitUntil(
		async () => {
			const p = await browser.execute(async (id) => {
				const r = await fetch('/api/get_play', {
					method: 'POST',
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify({ play_id: id })
				});
				return r.json();
			}, playId);
			stored = p.table_state;
			return stored?.players?.[1]?.city_members === 7;
		},
		{ timeoutMsg: `the autosave did not reach the core: ${JSON.stringify(stored)}` }
	);
});

await check('search the rules: the core’s index answers, typo corrected', async () => {
	await tap('nav-rules');
	await typeInto('rules-search', 'fontane');
	await shown('rule-hit-valencia.scoring.fountains');
	await shown('rules-corrected');
});

// Another game's question answers nothing; its words, the correction it may be and
// the closest entries are shown apart, in both languages, on a desktop window and on a phone.
for (const [width, height, size] of [
	[1280, 800, 'desktop'],
	[390, 844, 'phone']
]) {
	for (const [lang, notIn, closest] of [
		['fr', 'Pas dans ces règles', 'Fiches les plus proches'],
		['en', 'Not in these rules', 'Closest entries']
	]) {
		await check(`another game's question is not in these rules (${lang}, ${size})`, async () => {
			await browser.setWindowSize(width, height);
			await setLangTo(lang);
			// On a phone the navigation sits behind its menu button.
			const menu = await browser.$('[data-testid="nav-menu"]');
			if (await menu.isDisplayed()) await tap('nav-menu');
			await tap('nav-rules');
			await typeInto('rules-search', 'dixit conteur');
			await waitText('rules-not-in-rules', (t) => t.includes(notIn) && t.includes('dixit'), `« ${notIn} » naming dixit`);
			await waitText('rules-maybe', (t) => /conteur → couleur\s?\?/.test(t), 'the correction conteur → couleur offered');
			await waitText('rules-closest', (t) => t.includes(closest), 'the closest entries under their own heading');
			assert(!(await (await browser.$('[data-testid="rules-hits"]')).isExisting()), 'no hits answer it');
			await screenshot(`rules-not-in-rules-${lang}-${size}`);
		});
	}
}
await browser.setWindowSize(1280, 800);
await setLangTo('fr');

await check('open History: the play is listed, its detail opens', async () => {
	await tap('nav-history');
	await shown(`history-row-${playId}`);
	const row = await textOf(`history-row-${playId}`);
	assert(row.includes('Ani') && row.includes('Dirk'), `the row names both players: ${row}`);
	await browser.url(`${process.env.GREFFIER_E2E_URL}/history/${playId}`);
	await shown('play-status');
});

await endSession();
finish();
