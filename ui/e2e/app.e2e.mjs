// End-to-end test of the real Greffier app through tauri-driver (WebdriverIO standalone).
//
// Run by the test runner, which first starts, under a display (xvfb-run):
//   GREFFIER_DATA_DIR=<temp dir> tauri-driver --port 4444 --native-port 4445 --native-driver "$(command -v WebKitWebDriver)"
// and then:
//   GREFFIER_APP_BIN=<abs path to the app binary> node ui/e2e/app.e2e.mjs
// GREFFIER_DATA_DIR must be set on tauri-driver (the app is its grandchild and inherits its
// environment), so the data survives the second session, which restarts the app.
//
// Flow: create Ani and Dirk on New play, start a Valencia play, type scores so Dirk wins, finish,
// find the play in History with Dirk as winner, switch the UI to English and back, look at the
// rules, players and settings screens; then a new session (the app restarts) must still list the
// play. Then a Les Cités de Splendor play with the Cities module: pick 3 cities, Dirk meets one
// (with less prestige than Ani, who meets none), takes it, and wins. Each screen is saved to
// target/e2e-screenshots/<name>.png (relative to the repo root).
// Prints "N passed, M failed" on its last line and exits non-zero when anything failed.
//
// Dry run without the app (Chromium + chromedriver against `vite dev`, i.e. the fake backend):
//   chromedriver --port=9515 &  (cd ui && npm run dev) &
//   GREFFIER_E2E_BROWSER=chrome GREFFIER_E2E_URL=http://localhost:5173 GREFFIER_DATA_DIR=/tmp/x node ui/e2e/app.e2e.mjs

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remote } from 'webdriverio';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const shotsDir = path.join(repoRoot, 'target', 'e2e-screenshots');

const CHROME = process.env.GREFFIER_E2E_BROWSER === 'chrome';
const APP_URL = process.env.GREFFIER_E2E_URL ?? 'http://localhost:5173';
const WAIT = Number(process.env.GREFFIER_E2E_TIMEOUT ?? 15000);

/** @type {{ name: string, ok: boolean, error?: string }[]} */
const results = [];
/** Set when a step that later steps depend on fails: they are then failed without running. */
let blocked = null;

/** @type {WebdriverIO.Browser} */
let browser;

function options() {
	if (CHROME) {
		const args = ['--headless=new', '--window-size=1280,800', '--no-sandbox', '--lang=fr-FR'];
		if (process.env.GREFFIER_DATA_DIR) args.push(`--user-data-dir=${process.env.GREFFIER_DATA_DIR}`);
		return {
			hostname: '127.0.0.1',
			port: Number(process.env.GREFFIER_E2E_DRIVER_PORT ?? 9515),
			path: '/',
			logLevel: 'error',
			waitforTimeout: WAIT,
			capabilities: {
				browserName: 'chrome',
				'wdio:enforceWebDriverClassic': true,
				'goog:chromeOptions': { binary: process.env.CHROME_BIN ?? '/usr/bin/chromium', args }
			}
		};
	}
	return {
		hostname: '127.0.0.1',
		port: 4444,
		path: '/',
		logLevel: 'error',
		waitforTimeout: WAIT,
		connectionRetryCount: 2,
		connectionRetryTimeout: 120000,
		capabilities: { 'tauri:options': { application: process.env.GREFFIER_APP_BIN } }
	};
}

async function startSession() {
	browser = await remote(options());
	if (CHROME) await browser.url(APP_URL);
}

async function endSession() {
	if (!browser) return;
	try {
		await browser.deleteSession();
	} catch (e) {
		console.log(`# could not end the session cleanly: ${message(e)}`);
	}
	browser = undefined;
}

function message(e) {
	return (e && (e.message || String(e)))?.split('\n')[0] ?? 'unknown error';
}

/** Runs one named check. `critical`: later checks are pointless if this one fails. */
async function check(name, fn, { critical = false } = {}) {
	if (blocked) {
		results.push({ name, ok: false, error: `not run: "${blocked}" failed` });
		console.log(`not ok - ${name} (not run: "${blocked}" failed)`);
		return;
	}
	const t0 = Date.now();
	try {
		if (!browser) throw new Error('no WebDriver session');
		await fn();
		results.push({ name, ok: true });
		console.log(`ok - ${name} (${Date.now() - t0} ms)`);
	} catch (e) {
		results.push({ name, ok: false, error: message(e) });
		console.log(`not ok - ${name}: ${message(e)}`);
		if (critical) blocked = name;
	}
}

function assert(cond, what) {
	if (!cond) throw new Error(`assertion failed: ${what}`);
}

const sel = (testid) => `[data-testid="${testid}"]`;
const el = (testid) => browser.$(sel(testid));

async function shown(testid, timeout = WAIT) {
	const e = await el(testid);
	await e.waitForDisplayed({ timeout, timeoutMsg: `${testid} not displayed after ${timeout} ms` });
	return e;
}

/** Clicks like a finger; falls back to a DOM click if something (a sticky bar) intercepts it. */
async function tap(testid) {
	const e = await shown(testid);
	await e.waitForClickable({ timeoutMsg: `${testid} not clickable` });
	try {
		await e.click();
	} catch (err) {
		console.log(`# native click on ${testid} failed (${message(err)}), using a DOM click`);
		await browser.execute((node) => node.click(), e);
	}
}

async function typeInto(testid, value) {
	const e = await shown(testid);
	await e.click();
	await e.clearValue();
	await e.setValue(value);
	await browser.waitUntil(async () => (await e.getValue()) === String(value), {
		timeoutMsg: `${testid} does not hold "${value}"`
	});
}

async function textOf(testid) {
	return (await (await shown(testid)).getText()).trim();
}

async function waitText(testid, predicate, what) {
	let last = '';
	await browser.waitUntil(
		async () => {
			const e = await el(testid);
			if (!(await e.isExisting())) return false;
			last = (await e.getText()).trim();
			return predicate(last);
		},
		{ timeoutMsg: `${testid}: ${what} (last text: "${last}")` }
	);
	return last;
}

async function waitPath(re) {
	let url = '';
	await browser.waitUntil(
		async () => {
			url = await browser.getUrl();
			return re.test(new URL(url).pathname);
		},
		{ timeoutMsg: `URL never matched ${re} (last: ${url})` }
	);
	return new URL(url).pathname.match(re);
}

async function uiLang() {
	return browser.execute(() => document.documentElement.lang);
}

/** Saves a screenshot; never fails a check (a missing picture is reported, not counted). */
async function screenshot(name) {
	try {
		// WebKitWebDriver can return the previous frame: wait for two animation frames first.
		await browser.executeAsync((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))));
		await browser.saveScreenshot(path.join(shotsDir, `${name}.png`));
	} catch (e) {
		console.log(`# screenshot ${name} failed: ${message(e)}`);
	}
}

async function setLangTo(lang) {
	if ((await uiLang()) !== lang) await tap('lang-toggle');
	await browser.waitUntil(async () => (await uiLang()) === lang, { timeoutMsg: `UI language never became ${lang}` });
	const expected = lang === 'fr' ? 'Historique' : 'History';
	await waitText('nav-history', (t) => t === expected, `nav label should read "${expected}"`);
}

let playId = null;
let splendorId = null;

/** The page scrolls sideways: a layout wider than the window. */
async function horizontalOverflow() {
	return browser.execute(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function setViewport(width, height) {
	await browser.setWindowSize(width, height);
	await browser.waitUntil(async () => (await browser.execute(() => window.innerWidth)) <= width, {
		timeoutMsg: `the window never became ${width} px wide`
	});
}

async function main() {
	await mkdir(shotsDir, { recursive: true });
	if (!CHROME && !process.env.GREFFIER_APP_BIN) console.log('# GREFFIER_APP_BIN is not set');

	// ---------------------------------------------------------------- session 1
	try {
		await startSession();
	} catch (e) {
		console.log(`# could not start a WebDriver session: ${message(e)}`);
	}

	await check(
		'app starts and shows the home screen',
		async () => {
			await shown('nav-home', 30000);
			await shown('home-new-play', 30000);
		},
		{ critical: true }
	);

	await check('UI is in French', async () => {
		await setLangTo('fr');
		await screenshot('home');
	});

	await check(
		'create Ani and Dirk on New play',
		async () => {
			await tap('nav-new');
			await shown('new-player-name');
			await screenshot('new-play-empty');
			for (const [i, name] of ['Ani', 'Dirk'].entries()) {
				await typeInto('new-player-name', name);
				await tap('add-player');
				await waitText(`seat-${i}`, (t) => t.includes(name), `seat ${i} should hold ${name}`);
			}
		},
		{ critical: true }
	);

	await check(
		'start a Valencia play with both',
		async () => {
			await tap('game-valencia');
			const variant = await shown('variant-select');
			await browser.waitUntil(async () => (await variant.getValue()) !== '', { timeoutMsg: 'no variant selected' });
			await screenshot('new-play');
			await tap('start-play');
			const m = await waitPath(/^\/play\/(\d+)\/?$/);
			playId = Number(m[1]);
			await shown('cell-0-city');
		},
		{ critical: true }
	);

	await check('type the scores: Dirk leads', async () => {
		await typeInto('cell-0-city', '5');
		await typeInto('cell-1-city', '7');
		await typeInto('cell-1-fountains', '4');
		await waitText('total-0', (t) => t === '5', 'Ani total should be 5');
		await waitText('total-1', (t) => t === '11', 'Dirk total should be 11');
		// The live scoreboard comes back from the core.
		await waitText('rank-1', (t) => t.includes('Dirk') && t.includes('★'), 'Dirk ranked first with a star');
		await waitText('save-state', (t) => t.includes('Enregistré'), 'autosave should say "Enregistré"');
		await screenshot('play');
	});

	await check('the rule button opens the scoring rule', async () => {
		await tap('rule-city');
		await shown('rule-panel');
		const body = await textOf('rule-body');
		assert(body.length > 20, `rule body is not empty (got ${body.length} chars)`);
		await screenshot('play-rule-panel');
		await tap('rule-panel-close');
		await browser.waitUntil(async () => !(await (await el('rule-panel')).isExisting()), {
			timeoutMsg: 'rule panel did not close'
		});
	});

	await check(
		'finish the play',
		async () => {
			await tap('finish-play');
			await waitPath(new RegExp(`^/history/${playId}/?$`));
			await waitText('detail-total-1', (t) => t === '11', 'Dirk total 11 on the detail');
			await waitText('play-status', (t) => t === 'Terminée', 'status "Terminée"');
			await screenshot('history-detail');
		},
		{ critical: true }
	);

	await check('History lists the play with Dirk as winner', async () => {
		await tap('nav-history');
		await shown(`history-row-${playId}`);
		const w = await waitText(`winner-${playId}`, (t) => t.includes('Dirk'), 'winner should be Dirk');
		assert(w.includes('★'), `winner is marked with a star (got "${w}")`);
		assert(w.includes('Vainqueur'), `winner is labelled "Vainqueur" (got "${w}")`);
		assert(!w.includes('Ani'), `Ani is not a winner (got "${w}")`);
		await screenshot('history');
	});

	await check('switch the UI to English', async () => {
		await setLangTo('en');
		await waitText(`winner-${playId}`, (t) => t.includes('Winner') && t.includes('Dirk'), 'English "Winner: Dirk"');
		await screenshot('history-en');
	});

	await check('switch the UI back to French', async () => {
		await setLangTo('fr');
		await waitText(`winner-${playId}`, (t) => t.includes('Vainqueur'), 'French "Vainqueur"');
	});

	await check('rules search highlights hits and opens an entry', async () => {
		await tap('nav-rules');
		await typeInto('rules-search', 'fontaine');
		const first = await browser.$('[data-testid^="rule-hit-"]');
		await first.waitForDisplayed({ timeoutMsg: 'no rule hit for "fontaine"' });
		const marks = await first.$$('mark');
		assert((await marks.length) > 0, 'the hit has highlighted segments');
		await screenshot('rules');
		await first.click();
		await waitPath(/^\/rules\/.+/);
		await shown('rule-body');
		await screenshot('rule-entry');
	});

	await check('rules search updates letter by letter, suggests close terms, lists the glossary', async () => {
		await tap('nav-rules');
		const box = await shown('rules-search');
		await box.click();
		await box.clearValue();
		// "c", "co", "con"…: each letter typed updates the results: the first hit's highlighted
		// words start with what is typed so far; "condo" finds the Warlord.
		const seen = [];
		for (let k = 1; k <= 'condo'.length; k++) {
			// setValue types the text key by key; each step adds one more letter.
			await box.setValue('condo'.slice(0, k));
			const typed = await box.getValue();
			assert(typed.length > 0 && 'condo'.startsWith(typed), `the box holds a prefix of "condo" (got "${typed}")`);
			await browser.waitUntil(
				async () => {
					const first = await browser.$('[data-testid^="rule-hit-"]');
					if (!(await first.isExisting())) return false;
					const marks = await first.$$('mark');
					if ((await marks.length) === 0) return false;
					const words = [];
					for (const mk of marks) words.push((await mk.getText()).toLowerCase());
					return words.every((w) => w.startsWith(typed));
				},
				{ timeoutMsg: `the hits never matched "${typed}"` }
			);
			seen.push(await textOf('rules-count'));
		}
		assert(new Set(seen).size > 1, `the results changed while typing (counts: ${seen.join(' | ')})`);
		await shown('rule-hit-citadelles.character.warlord');
		await screenshot('rules-letter-by-letter');
		// A typo: nothing, but a close term that does find entries.
		await typeInto('rules-search', 'fontane');
		await shown('rules-none');
		const suggestion = await waitText('rules-suggestions', (t) => t.includes('fontaine'), 'suggests "fontaine"');
		assert(suggestion.length > 0, 'a suggestion is shown');
		await tap('rules-suggestion');
		await shown('rule-hit-valencia.scoring.fountains');
		await tap('rules-glossary-link');
		await waitText('term-glossary.citadelles.warlord', (t) => t.includes('Condottiere') && t.includes('Warlord'), 'Condottiere / Warlord');
		await screenshot('glossary');
	});

	await check('players screen lists Ani and Dirk', async () => {
		await tap('nav-players');
		await waitText('roster', (t) => t.includes('Ani') && t.includes('Dirk'), 'roster holds Ani and Dirk');
		await screenshot('players');
	});

	await check('settings show the app info', async () => {
		await tap('nav-settings');
		const v = await textOf('app-version');
		assert(v.length > 0, 'a version is shown');
		await screenshot('settings');
	});

	// ------------------------------------------------------------ Les Cités de Splendor, Cities
	await check(
		'start a Splendor play with the Cities module',
		async () => {
			await tap('nav-new');
			await shown('new-player-name');
			// Ani and Dirk exist: typing their names seats them again.
			for (const [i, name] of ['Ani', 'Dirk'].entries()) {
				await typeInto('new-player-name', name);
				await tap('add-player');
				await waitText(`seat-${i}`, (t) => t.includes(name), `seat ${i} should hold ${name}`);
			}
			await tap('game-splendor');
			const variant = await shown('variant-select');
			await variant.selectByAttribute('value', 'cities');
			await browser.waitUntil(async () => (await variant.getValue()) === 'cities', { timeoutMsg: 'module "cities" not selected' });
			await screenshot('splendor-new-play');
			await tap('start-play');
			const m = await waitPath(/^\/play\/(\d+)\/?$/);
			splendorId = Number(m[1]);
			await waitText('cities-count', (t) => t.includes('0/3'), 'the picker asks for 3 cities');
			await screenshot('splendor-cities-picker');
		},
		{ critical: true }
	);

	await check(
		'pick the 3 cities in play',
		async () => {
			for (const id of ['c13_r4k3', 'c15_same5', 'c17']) await tap(`city-pick-${id}`);
			await shown('city-c13_r4k3');
			await shown('city-c17');
		},
		{ critical: true }
	);

	await check('Dirk meets a city, Ani has more prestige but meets none', async () => {
		await typeInto('sp-bonus-1-red', '4');
		await typeInto('sp-bonus-1-black', '3');
		await typeInto('sp-prestige-1', '13');
		await typeInto('sp-bonus-0-white', '2');
		await typeInto('sp-prestige-0', '16');
		await waitText('total-0', (t) => t === '16', 'Ani total should be 16');
		await waitText('total-1', (t) => t === '13', 'Dirk total should be 13');
		// The core's live help: who qualifies, and what the others lack.
		await waitText('city-c13_r4k3-why-1', (t) => t.includes('peut la prendre'), 'Dirk can take the 13-prestige city');
		await waitText('city-c13_r4k3-why-0', (t) => t.includes('il manque'), 'Ani lacks bonuses');
		const mark = await textOf('city-c13_r4k3-seat-1');
		assert(mark.includes('✔'), `Dirk's line is ticked (got "${mark}")`);
		await waitText('round-winners', (t) => t.includes('Personne'), 'nobody holds a city yet');
		await shown('city-take-c13_r4k3-1');
		assert(!(await (await el('city-take-c13_r4k3-0')).isExisting()), 'Ani has no "take" button');
		await browser.execute(() => window.scrollTo(0, 0));
		await screenshot('splendor-eligibility');
		await (await el('sp-player-0')).scrollIntoView();
		await screenshot('splendor-players');
		await browser.execute(() => window.scrollTo(0, 0));
	});

	await check('the Splendor sheet fits 1280×800 and 800×1280 without horizontal scroll', async () => {
		const wide = await horizontalOverflow();
		assert(wide <= 0, `no horizontal scroll at 1280×800 (overflow ${wide} px)`);
		try {
			await setViewport(800, 1280);
			const tall = await horizontalOverflow();
			await screenshot('splendor-portrait');
			assert(tall <= 0, `no horizontal scroll at 800×1280 (overflow ${tall} px)`);
		} finally {
			await browser.setWindowSize(1280, 800);
		}
	});

	await check('Dirk takes the city: finish the round', async () => {
		await tap('city-take-c13_r4k3-1');
		await waitText('end-banner', (t) => t.includes('Une Cité a été prise'), 'the end-of-round banner');
		await waitText('end-winners', (t) => t.includes('Dirk') && !t.includes('Ani'), 'Dirk wins if the round ended now');
		await waitText('city-held-c13_r4k3', (t) => t.includes('Dirk'), 'the city is Dirk’s');
		await waitText('save-state', (t) => t.includes('Enregistré'), 'autosave should say "Enregistré"');
		await browser.execute(() => window.scrollTo(0, 0));
		await screenshot('splendor-city-taken');
	});

	await check(
		'finish the Splendor play',
		async () => {
			await tap('finish-play');
			await waitPath(new RegExp(`^/history/${splendorId}/?$`));
			await waitText('play-status', (t) => t === 'Terminée', 'status "Terminée"');
			await screenshot('splendor-history-detail');
		},
		{ critical: true }
	);

	await check('History shows Dirk as the Splendor winner with less prestige', async () => {
		await tap('nav-history');
		await shown(`history-row-${splendorId}`);
		const w = await waitText(`winner-${splendorId}`, (t) => t.includes('Dirk'), 'winner should be Dirk');
		assert(!w.includes('Ani'), `Ani is not a winner (got "${w}")`);
		const row = await textOf(`history-row-${splendorId}`);
		assert(row.includes('16') && row.includes('13'), `the row shows both totals (got "${row}")`);
		await screenshot('splendor-history');
	});

	// ------------------------------------------------------------ Citadelles, classic, 4 players
	let citadellesId = null;
	await check(
		'start a 4-player Citadelles play (classic rules)',
		async () => {
			await tap('nav-new');
			await shown('new-player-name');
			for (const [i, name] of ['Ani', 'Dirk', 'Lilli', 'Frank'].entries()) {
				await typeInto('new-player-name', name);
				await tap('add-player');
				await waitText(`seat-${i}`, (t) => t.includes(name), `seat ${i} should hold ${name}`);
			}
			await tap('game-citadelles');
			const variant = await shown('variant-select');
			await variant.selectByAttribute('value', 'classique');
			await tap('start-play');
			const m = await waitPath(/^\/play\/(\d+)\/?$/);
			citadellesId = Number(m[1]);
			await waitText('cit-threshold', (t) => t.includes('7'), 'a city is complete at 7 districts');
		},
		{ critical: true }
	);

	await check('the draft assistant draws the set-aside characters, never the King face up', async () => {
		await tap('cit-draft-open');
		await waitText('cit-draft-summary', (t) => t.includes('2') && t.includes('1'), '2 face up and 1 face down at 4 players');
		await tap('cit-draft-draw');
		const faceUp = await waitText('cit-draft-face-up', (t) => t.includes('Face visible'), 'the draw is shown');
		assert(!faceUp.includes('Roi'), `the King is never face up (got "${faceUp}")`);
		assert(faceUp.split(',').length === 2, `two characters face up at 4 players (got "${faceUp}")`);
		await tap('cit-draft-open');
	});

	/** Builds districts in a seat's city through the search box. */
	async function buildCity(seat, picks) {
		for (const [query, id] of picks) {
			await typeInto(`cit-search-${seat}`, query);
			await tap(`cit-add-${seat}-${id}`);
		}
	}

	await check(
		'build four cities from the search box',
		async () => {
			await buildCity(0, [['temple', 'temple'], ['eglise', 'church'], ['manoir', 'manor'], ['chateau', 'castle'], ['marche', 'market'], ['prison', 'prison'], ['port', 'harbor']]);
			await buildCity(1, [['palais', 'palace'], ['cathedrale', 'cathedral'], ['forteresse', 'fortress'], ['donjon', 'keep'], ['chateau', 'castle']]);
			await buildCity(2, [['taverne', 'tavern'], ['marche', 'market'], ['comptoir', 'docks'], ['port', 'harbor'], ['tour', 'watchtower'], ['caserne', 'barracks'], ['temple', 'temple']]);
			await buildCity(3, [['manoir', 'manor'], ['chateau', 'castle']]);
			await waitText('cit-completion', (t) => t.indexOf('Ani') >= 0 && t.indexOf('Ani') < t.indexOf('Lilli'), 'Ani completed first, then Lilli');
			await waitText('total-0', (t) => t === '22', 'Ani: 18 + 4 for the first complete city');
			await waitText('total-1', (t) => t === '22', 'Dirk: 22 in district costs');
			await waitText('total-2', (t) => t === '17', 'Lilli: 15 + 2 for a complete city');
			await waitText('total-3', (t) => t === '7', 'Frank: 7');
			await waitText('cit-end-banner', (t) => t.includes('Ani'), 'the last round is under way');
		},
		{ critical: true }
	);

	await check('the round caller calls the last round; Dirk revealed the Warlord', async () => {
		await tap('cit-round-start');
		// Assassin, Thief: nobody; Magician: Lilli; King: Ani; Bishop: nobody; Merchant: Frank;
		// Architect: nobody; Warlord: Dirk.
		for (const who of ['none', 'none', '2', '0', 'none', '3', 'none', '1']) {
			await waitText('cit-call', (t) => t.length > 0, 'a character is called');
			await tap(`cit-reveal-${who}`);
		}
		await tap('cit-round-end');
		await waitText('cit-round-done', (t) => t.includes('Ani'), 'the King’s holder takes the crown');
		await waitText('cit-crown-0', (t) => t.includes('Couronne'), 'Ani holds the crown');
		await waitText('save-state', (t) => t.includes('Enregistré'), 'autosave should say "Enregistré"');
		await browser.execute(() => window.scrollTo(0, 0));
		await screenshot('citadelles-play');
		await (await el('cit-player-0')).scrollIntoView();
		await screenshot('citadelles-players');
		const wide = await horizontalOverflow();
		assert(wide <= 0, `no horizontal scroll at 1280×800 (overflow ${wide} px)`);
		try {
			await setViewport(800, 1280);
			const tall = await horizontalOverflow();
			await screenshot('citadelles-portrait');
			assert(tall <= 0, `no horizontal scroll at 800×1280 (overflow ${tall} px)`);
		} finally {
			await browser.setWindowSize(1280, 800);
		}
	});

	await check(
		'finish the Citadelles play: the tie goes to the highest character of the last round',
		async () => {
			await tap('finish-play');
			await waitPath(new RegExp(`^/history/${citadellesId}/?$`));
			await waitText('play-status', (t) => t === 'Terminée', 'status "Terminée"');
			await waitText('detail-rank-1', (t) => t === '1', 'Dirk ranks first');
			await waitText('detail-rank-0', (t) => t === '2', 'Ani ranks second');
			await waitText('tie-break', (t) => t.includes('Condottiere') && t.includes('Roi'), 'the tie-break sentence names the characters');
			await screenshot('citadelles-history-detail');
		},
		{ critical: true }
	);

	await endSession();
	blocked = null;

	// ---------------------------------------------------------------- session 2 (app restarts)
	try {
		await startSession();
	} catch (e) {
		console.log(`# could not start the second WebDriver session: ${message(e)}`);
	}

	await check(
		'app restarts',
		async () => {
			await shown('nav-home', 30000);
		},
		{ critical: true }
	);

	await check('language preference survived the restart', async () => {
		await browser.waitUntil(async () => (await uiLang()) === 'fr', { timeoutMsg: 'UI is not in French after restart' });
		await waitText('nav-history', (t) => t === 'Historique', 'nav reads "Historique"');
	});

	await check('the play is still in History after the restart', async () => {
		assert(playId !== null, 'a play was started in the first session');
		await tap('nav-history');
		await shown(`history-row-${playId}`);
		await waitText(`winner-${playId}`, (t) => t.includes('Dirk'), 'winner still Dirk');
		await screenshot('history-after-restart');
	});

	await endSession();
}

try {
	await main();
} catch (e) {
	results.push({ name: 'test script', ok: false, error: message(e) });
	console.log(`not ok - test script: ${message(e)}`);
	await endSession();
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
