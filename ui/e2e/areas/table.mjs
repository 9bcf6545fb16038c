// Table mode, the host's side and two real phones: a Valencia play (a fountain
// worth 3 placed by the host) opened to the phones from its play screen; two headless Chromium
// phones at 390×844 (phones.mjs, chromedriver started by scripts/e2e.sh) open the URL the
// host's panel shows, take two seats and enter their players' tables at the same time; the
// host's window shows both totals live (the latency from a phone's tap to the host's total is
// measured and reported, not asserted); one phone says it has finished; screenshots of the host
// and both phones in French and English; the host closes the table (nothing answers on its
// port any more), finishes the play and finds it in History with both totals.
// The app serves the table on the loopback here (GREFFIER_TABLE_ADDRESS=127.0.0.1, set by
// scripts/e2e.sh): the test talks to this machine only.
import {
	assert,
	browser,
	check,
	el,
	percentile,
	reportFigure,
	runCheck,
	screenshot,
	setLangTo,
	shotsDir,
	shown,
	tap,
	textOf,
	typeInto,
	waitPath,
	waitText,
	startPlay
} from '../lib.mjs';
import * as phone from '../phones.mjs';

/** The host's total cell of a seat, as a number (null while it shows none). */
async function hostTotal(seat) {
	const t = await textOf(`total-${seat}`);
	return /^\d+$/.test(t) ? Number(t) : null;
}

/** The host's window notes the moment total-<seat> first reads `wanted` (page clock). */
async function watchHostTotal(seat, wanted) {
	await browser.execute(
		(testid, value) => {
			const w = /** @type {any} */ (window);
			w.__tableSeenAt = null;
			const look = () => {
				const total = document.querySelector(`[data-testid="${testid}"]`);
				if (w.__tableSeenAt === null && total && total.textContent.trim() === value) w.__tableSeenAt = Date.now();
			};
			w.__tableObserver?.disconnect();
			w.__tableObserver = new MutationObserver(look);
			w.__tableObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
			look();
		},
		`total-${seat}`,
		String(wanted)
	);
}

export async function run() {
	let playId = null;
	let origin = null;
	let url = null;
	/** @type {Record<string, WebdriverIO.Browser | undefined>} */
	const phones = { ani: undefined, dirk: undefined };
	/** The totals both sides agreed on. */
	const totals = [null, null];

	/** A check over the phones (a screenshot of each and of the window when it fails). */
	const phoneCheck = (name, fn, { critical = false } = {}) =>
		runCheck(name, fn, {
			critical,
			onFail: async (n) => {
				await phone.phonesFailed(shotsDir, () => phones)(n);
				await screenshot(`failed-${n.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60)}`);
			}
		});

	await check(
		'table mode: start a Valencia play, place a fountain and open the table to phones',
		async () => {
			playId = await startPlay('valencia', 'base', ['Ani', 'Dirk']);
			await tap('val-fountain-add');
			await typeInto('val-fountain-value-0', '3');
			await waitText('save-state', (t) => t.includes('Enregistré'), 'the fountain is saved');
			await tap('table-open');
			url = await waitText('table-url', (t) => t.startsWith('http://'), 'the panel shows the join URL');
			const parsed = new URL(url);
			assert(
				parsed.pathname === '/table' && parsed.searchParams.get('play') === String(playId),
				`the URL names the play's table page (${url})`
			);
			assert(parsed.hash.startsWith(`#j${playId}_`), `the join token is in the fragment (${url})`);
			origin = parsed.origin;
			const qr = await shown('table-qr');
			assert((await qr.getAttribute('src')).startsWith('data:image/svg+xml'), 'the QR code is an SVG image');
			await waitText('table-trusted', (t) => t.includes('réseau de confiance'), 'the panel says everyone must be on a trusted network');
		},
		{ critical: true }
	);

	await check('the table door: the strict CSP on its page, nothing without a token', async () => {
		// The phones get the app's own UI (its embedded files), with the door's strict CSP.
		const page = await fetch(`${origin}/table?play=${playId}`);
		const html = await page.text();
		assert(page.status === 200 && html.includes('<html'), `the join page is served (HTTP ${page.status})`);
		const csp = page.headers.get('content-security-policy') ?? '';
		assert(csp.includes("connect-src 'self'") && csp.includes("frame-ancestors 'none'"), `the page carries the strict CSP (${csp})`);
		const refused = await fetch(`${origin}/api/table_view`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: '{}'
		});
		assert(refused.status === 401, `a request without a token is refused (got ${refused.status})`);
	});

	await phoneCheck(
		'two phones open the URL the host shows and take two seats at the same time',
		async () => {
			[phones.ani, phones.dirk] = await Promise.all([phone.startPhone('fr'), phone.startPhone('en')]);
			await Promise.all([phone.joinSeat(phones.ani, url, 0), phone.joinSeat(phones.dirk, url, 1)]);
			// Each phone shows its own seat's fields only.
			assert(!(await phone.exists(phones.ani, 'val-city-1')), "Ani's phone shows no field of Dirk's seat");
			assert(!(await phone.exists(phones.dirk, 'val-city-0')), "Dirk's phone shows no field of Ani's seat");
			await waitText('table-summary', (t) => t.includes('2/2'), 'the host sees both seats joined');
		},
		{ critical: true }
	);

	await phoneCheck(
		'both phones enter their tables at once; the host sees both totals, the same as the phones',
		async () => {
			const { ani, dirk } = phones;
			await Promise.all([
				(async () => {
					// 5 members in the city, 2 palms, 1 member at the fountain worth 3:
					// 5 + 2 + 3 × 1 = 10 (Valencia's rulebook: a point a member and a palm, the
					// fountain's value for each own member touching it).
					await phone.typeInto(ani, 'val-city-0', 5);
					await phone.typeInto(ani, 'val-palms-0', 2);
					await phone.typeInto(ani, 'val-fm-0-0', 1);
				})(),
				(async () => {
					// 7 in the city, 3 council points, 2 members at the fountain: 7 + 3 + 3 × 2 = 16.
					await phone.typeInto(dirk, 'val-city-1', 7);
					await phone.typeInto(dirk, 'val-council-points-1', 3);
					await phone.typeInto(dirk, 'val-fm-1-0', 2);
				})()
			]);
			const [aniTotal, dirkTotal] = await Promise.all([phone.settled(ani), phone.settled(dirk)]);
			assert(aniTotal === 10 && dirkTotal === 16, `the phones show the core's totals 10 and 16 (got ${aniTotal} and ${dirkTotal})`);
			// The fountain's points on the phone come from the core's live help too.
			await ani.waitUntil(async () => (await (await ani.$('[data-testid="val-fp-0-0"]')).getText()).trim() === '= 3', {
				timeoutMsg: "Ani's phone shows 3 points at the fountain"
			});
			// The host's sheet, scored by the window's core, shows the same totals and holds the entries.
			await waitText('total-0', (t) => t === String(aniTotal), `Ani's total on the host reads ${aniTotal}`);
			await waitText('total-1', (t) => t === String(dirkTotal), `Dirk's total on the host reads ${dirkTotal}`);
			for (const [field, want] of [
				['val-city-0', '5'],
				['val-palms-0', '2'],
				['val-fm-0-0', '1'],
				['val-city-1', '7'],
				['val-council-points-1', '3'],
				['val-fm-1-0', '2']
			]) {
				const value = await (await el(field)).getValue();
				assert(value === want, `the host's ${field} holds the phone's ${want} (got "${value}")`);
			}
			totals[0] = aniTotal;
			totals[1] = dirkTotal;
		},
		{ critical: true }
	);

	await phoneCheck('a phone’s tap reaches the host’s total (latency measured over 8 taps)', async () => {
		const { dirk } = phones;
		const samples = [];
		for (let i = 0; i < 8; i++) {
			await phone.settled(dirk);
			const before = await hostTotal(1);
			assert(before !== null, "the host shows Dirk's total");
			await watchHostTotal(1, before + 1);
			// The tap and its clock in the phone's page, at once (both clocks are this machine's).
			const t0 = await dirk.execute(() => {
				const plus = /** @type {HTMLElement} */ (document.querySelector('[data-testid="val-council-points-1-plus"]'));
				const t = Date.now();
				plus.click();
				return t;
			});
			let seenAt = null;
			await browser.waitUntil(
				async () => {
					seenAt = await browser.execute(() => /** @type {any} */ (window).__tableSeenAt);
					return seenAt !== null;
				},
				{ timeoutMsg: `Dirk's total never read ${before + 1} on the host` }
			);
			samples.push(seenAt - t0);
		}
		totals[1] += 8;
		await waitText('total-1', (t) => t === String(totals[1]), `Dirk's total on the host is ${totals[1]} after 8 council points more`);
		assert((await phone.settled(dirk)) === totals[1], "Dirk's phone agrees");
		const value = await (await el('val-council-points-1')).getValue();
		assert(value === '11', `the host's sheet holds Dirk's 3 + 8 council points (got "${value}")`);
		reportFigure(
			"table mode, phone tap → host's total on screen (save, live stream, host's pull, render; loopback), 8 taps",
			`p50 ${percentile(samples, 50)} ms, max ${Math.max(...samples)} ms (target ≤ 250 ms)`
		);
	});

	await phoneCheck('a phone says it has finished entering; the host sees it', async () => {
		await phone.tap(phones.ani, 'tbl-finished');
		await waitText('table-summary', (t) => /terminées\W+1$/u.test(t), 'Ani has finished entering');
		const seat = await browser.$('[data-testid="table-seat"][data-seat="0"]');
		assert((await seat.getText()).includes('✓'), 'Ani’s seat is ticked on the host');
		await phone.waitAttr(phones.dirk, 'tbl-other-0', 'data-finished', (f) => f === 'true', "Dirk's phone sees Ani finished");
	});

	await phoneCheck('both phones in French and in English, at 390 px without sideways scrolling', async () => {
		for (const lang of ['fr', 'en']) {
			for (const [who, b] of Object.entries(phones)) {
				await phone.setPhoneLang(b, lang);
				await phone.shot(b, shotsDir, `table-phone-${who}-${lang}`);
				// The rest of the panel: the player's part and the other seats.
				await b.execute(() => document.querySelector('[data-testid="tbl-finished"]')?.scrollIntoView({ block: 'end' }));
				await phone.shot(b, shotsDir, `table-phone-${who}-${lang}-end`, { top: false });
				const wide = await phone.overflow(b);
				assert(wide <= 0, `${who}'s phone in ${lang}: no sideways scrolling at 390 px (${wide} px too wide)`);
			}
		}
		const rankText = await (await phones.dirk.$('[data-testid="tbl-total"]')).getText();
		assert(rankText.includes(String(totals[1])), `Dirk's bar shows his total (got "${rankText}")`);
	});

	await phoneCheck("a third phone asks for Dirk's seat: the host's panel and Dirk's phone show the request", async () => {
		const token = decodeURIComponent(new URL(url).hash.slice(1));
		const r = await fetch(`${origin}/api/table_join`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
			body: JSON.stringify({ claim: 1, ask: true, name: 'Eve' })
		});
		const joined = await r.json();
		assert(r.status === 200 && joined.asking === 1 && joined.seat === null, `Eve asks and takes nothing: ${JSON.stringify(joined)}`);
		await shown('table-request');
		await phone.shown(phones.dirk, 'tbl-request');
	});

	await check('the host panel in French and in English', async () => {
		await browser.execute(() => window.scrollTo(0, 0));
		await screenshot('table-host-fr');
		await setLangTo('en');
		await waitText('table-trusted', (t) => t.includes('trusted network'), 'the warning in English');
		await browser.execute(() => window.scrollTo(0, 0));
		await screenshot('table-host-en');
		await setLangTo('fr');
	});

	await phoneCheck('the host refuses the request: Dirk keeps his seat', async () => {
		await tap('table-request-refuse');
		await browser.waitUntil(async () => (await browser.$$('[data-testid="table-request"]')).length === 0, {
			timeoutMsg: 'the request is still on the host panel'
		});
		await phone.waitAttr(phones.dirk, 'tbl-phone', 'data-seat', (s) => s === '1', 'Dirk keeps seat 1');
		await phones.dirk.waitUntil(async () => (await phones.dirk.$$('[data-testid="tbl-request"]')).length === 0, {
			timeoutMsg: "the request is still on Dirk's phone"
		});
	});

	await check(
		'closing the table stops its server',
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
		},
		{ critical: true }
	);

	await phoneCheck('the phones say the table is closed', async () => {
		// The closing change must reach the phones' live stream before the server stops.
		for (const [who, b] of Object.entries(phones)) {
			let last = null;
			await b.waitUntil(
				async () => {
					try {
						last = await b.execute(() => ({
							url: location.href,
							phase: document.querySelector('[data-testid="tbl-phone"]')?.getAttribute('data-phase') ?? null,
							live: document.querySelector('[data-testid="tbl-live"]')?.textContent?.trim() ?? null
						}));
					} catch (e) {
						last = { error: String(e).slice(0, 200) };
					}
					return last.phase === 'closed';
				},
				{
					timeoutMsg: `${who}'s phone never showed the closed screen (last read: ${JSON.stringify(last)}; null: its page never answered a script)`
				}
			);
		}
		await phone.shot(phones.ani, shotsDir, 'table-phone-ani-closed');
	});
	for (const b of Object.values(phones)) await phone.endPhone(b);

	await check(
		'the host finishes the play; History shows it with both totals',
		async () => {
			await tap('finish-play');
			await waitPath(new RegExp(`^/history/${playId}/?$`));
			await waitText('play-status', (t) => t === 'Terminée', 'status "Terminée"');
			await waitText('detail-total-0', (t) => t === String(totals[0]), `Ani's ${totals[0]} on the detail`);
			await waitText('detail-total-1', (t) => t === String(totals[1]), `Dirk's ${totals[1]} on the detail`);
			await screenshot('table-history-detail');
			await tap('nav-history');
			await shown(`history-row-${playId}`);
			await waitText(`winner-${playId}`, (t) => t.includes('Dirk'), 'Dirk wins');
		},
		{ critical: true }
	);
}
