// Table mode, the host's side (issue #18): a Valencia play opened to the phones from its play
// screen; the panel's URL read back; two "phones" (plain fetch from node against that URL's
// /api, with the join token, then each phone's own token) join two seats and one saves its
// seat's part; the host's window shows the new total (the latency from the phone's save to the
// host's total is measured and reported, not asserted); the host closes the table (nothing
// answers on its port any more), finishes the play and finds it in History.
// The app serves the table on the loopback here (GREFFIER_TABLE_ADDRESS=127.0.0.1, set by
// scripts/e2e.sh): the test talks to this machine only.
import { assert, browser, check, el, reportFigure, screenshot, seatPlayers, setLangTo, shown, tap, textOf, waitPath, waitText } from '../lib.mjs';

/** A phone's call at the table: `POST <origin>/api/<operation>` with its token. */
async function phone(origin, token, operation, request) {
	const response = await fetch(`${origin}/api/${operation}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
		body: JSON.stringify(request)
	});
	const body = await response.json();
	if (!response.ok) throw new Error(`${operation}: HTTP ${response.status} ${JSON.stringify(body)}`);
	return body;
}

export async function run() {
	let playId = null;
	let origin = null;
	let join = null;
	const tokens = [];

	await check(
		'table mode: start a Valencia play and open its table to phones',
		async () => {
			await tap('nav-new');
			await shown('new-player-name');
			await seatPlayers(['Ani', 'Dirk']);
			await tap('game-valencia');
			const variant = await shown('variant-select');
			await variant.selectByAttribute('value', 'base');
			await tap('start-play');
			const m = await waitPath(/^\/play\/(\d+)\/?$/);
			playId = Number(m[1]);
			await shown('val-fountains');
			await tap('table-open');
			const url = await waitText('table-url', (t) => t.startsWith('http://'), 'the panel shows the join URL');
			const parsed = new URL(url);
			assert(parsed.pathname === '/table' && parsed.searchParams.get('play') === String(playId), `the URL names the play's table page (${url})`);
			assert(parsed.hash.startsWith(`#j${playId}_`), `the join token is in the fragment (${url})`);
			origin = parsed.origin;
			join = parsed.hash.slice(1);
			const qr = await shown('table-qr');
			assert((await qr.getAttribute('src')).startsWith('data:image/svg+xml'), 'the QR code is an SVG image');
			await waitText('table-trusted', (t) => t.includes('réseau de confiance'), 'the panel says everyone must be on a trusted network');
		},
		{ critical: true }
	);

	await check(
		'two phones join two seats; the host sees who joined and who finished',
		async () => {
			// The phones get the app's own UI (its embedded files), with the door's strict CSP.
			const page = await fetch(`${origin}/table?play=${playId}`);
			const html = await page.text();
			assert(page.status === 200 && html.includes('<html'), `the join page is served (HTTP ${page.status})`);
			const csp = page.headers.get('content-security-policy') ?? '';
			assert(csp.includes("connect-src 'self'") && csp.includes("frame-ancestors 'none'"), `the page carries the strict CSP (${csp})`);
			// Without a token the table door answers nothing.
			const refused = await fetch(`${origin}/api/table_view`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
			assert(refused.status === 401, `a request without a token is refused (got ${refused.status})`);
			for (const [seat, name] of [
				[0, 'Ani’s phone'],
				[1, 'Dirk’s phone']
			]) {
				const joined = await phone(origin, join, 'table_join', { claim: seat, take_over: false, name });
				assert(joined.seat === seat && typeof joined.token === 'string', `the phone holds seat ${seat}`);
				tokens[seat] = joined.token;
			}
			await waitText('table-summary', (t) => t.includes('2/2'), 'both seats joined');
			await waitText('table-seats', (t) => t.includes('Dirk’s phone') && t.includes('Ani’s phone'), 'each seat names its phone');
			await phone(origin, tokens[0], 'table_set_finished', { finished: true });
			await waitText('table-summary', (t) => /terminées\W+1$/u.test(t), 'Ani has finished entering');
		},
		{ critical: true }
	);

	await check(
		'a phone’s save reaches the host’s totals (latency reported)',
		async () => {
			const before = Number((await textOf('total-1')).replace(/\D/g, '') || 0);
			const want = String(before + 7);
			// The page notes the moment Dirk's total reads the new value.
			await browser.execute((wanted) => {
				const w = /** @type {any} */ (window);
				w.__tableSeenAt = null;
				const look = () => {
					const total = document.querySelector('[data-testid="total-1"]');
					if (w.__tableSeenAt === null && total && total.textContent.trim() === wanted) w.__tableSeenAt = Date.now();
				};
				w.__tableObserver?.disconnect();
				w.__tableObserver = new MutationObserver(look);
				w.__tableObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
			}, want);
			const sentAt = Date.now();
			await phone(origin, tokens[1], 'table_save_seat', { part: { council_points: 7 } });
			await waitText('total-1', (t) => t === want, `Dirk's total becomes ${want} (7 council points from his phone)`);
			const seenAt = await browser.execute(() => /** @type {any} */ (window).__tableSeenAt);
			if (seenAt !== null) reportFigure('table mode, phone save → host total updated (loopback)', `${seenAt - sentAt} ms`);
			const value = await (await el('val-council-points-1')).getValue();
			assert(value === '7', `the host's sheet holds the phone's entry (got "${value}")`);
			await waitText('save-state', (t) => t.includes('Enregistré'), 'the sheet shows the saved state');
		},
		{ critical: true }
	);

	await check('the host panel in French and in English', async () => {
		await browser.execute(() => window.scrollTo(0, 0));
		await screenshot('table-host-fr');
		await setLangTo('en');
		await waitText('table-trusted', (t) => t.includes('trusted network'), 'the warning in English');
		await browser.execute(() => window.scrollTo(0, 0));
		await screenshot('table-host-en');
		await setLangTo('fr');
	});

	await check(
		'closing the table stops its server; the play is finished and found in History',
		async () => {
			await tap('table-close');
			await shown('table-open');
			await browser.waitUntil(
				async () => {
					try {
						await fetch(`${origin}/api/table_view`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
						return false;
					} catch {
						return true;
					}
				},
				{ timeoutMsg: `something still answers on ${origin} after the table closed` }
			);
			await tap('finish-play');
			await waitPath(new RegExp(`^/history/${playId}/?$`));
			await waitText('play-status', (t) => t === 'Terminée', 'status "Terminée"');
			await tap('nav-history');
			await shown(`history-row-${playId}`);
		},
		{ critical: true }
	);
}
