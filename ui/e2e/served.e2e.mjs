// Smoke test of `greffier serve` in headless Chromium (scripts/serve-smoke.sh starts both): the
// served UI's home page renders, and the page's own origin computes a score through /api on
// the real core. (The UI itself still talks to its in-browser backend: issue #17.)
import { assert, browser, check, endSession, finish, shown, startSession, textOf } from './lib.mjs';

await startSession();

await check('the served home page renders', async () => {
	await shown('home-new-play');
	const games = await textOf('home-games');
	assert(games.includes('Valencia') && games.includes('Citadelles'), `the games are listed: ${games}`);
}, { critical: true });

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
	assert(JSON.stringify(totals) === JSON.stringify([['Ani', 5, false], ['Dirk', 11, true]]), JSON.stringify(totals));
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

await endSession();
finish();
