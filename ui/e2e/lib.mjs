// Shared helpers of the end-to-end tests: the WebDriver session, named checks with their
// results, and the small actions every scenario uses (tap, type, wait for a text, screenshot).
// `browser` is a live binding: it is the current session's.
import { readFileSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remote } from 'webdriverio';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
export const shotsDir = path.join(repoRoot, 'target', 'e2e-screenshots');

export const CHROME = process.env.GREFFIER_E2E_BROWSER === 'chrome';
const APP_URL = process.env.GREFFIER_E2E_URL ?? 'http://localhost:5173';
const WAIT = Number(process.env.GREFFIER_E2E_TIMEOUT ?? 15000);

/** @type {{ name: string, ok: boolean, error?: string }[]} */
export const results = [];
/** Measured figures printed before the summary line: a report, never an assertion. */
/** @type {{ name: string, value: string }[]} */
export const figures = [];
export function reportFigure(name, value) {
	figures.push({ name, value });
}

/**
 * How long ago the app's process started (ms), found in /proc by its executable; null when it
 * is not running here (the browser pass). Counted on the kernel's boot clock (/proc/uptime and
 * the process's start tick), never against the wall clock, whose boot time is whole seconds.
 */
export function appProcessAge(appBin) {
	if (!appBin) return null;
	const wanted = realpathSync(appBin);
	let newest = null;
	for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
		let stat;
		try {
			if (realpathSync(`/proc/${pid}/exe`) !== wanted) continue;
			stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		} catch {
			continue;
		}
		// Field 22, counted after the command name (which may hold spaces), in clock ticks since boot.
		const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
		if (newest === null || ticks > newest) newest = ticks;
	}
	if (newest === null) return null;
	const uptimeSeconds = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
	// USER_HZ is 100 on Linux for every architecture this runs on.
	return (uptimeSeconds - newest / 100) * 1000;
}

/**
 * The page's first contentful paint, in ms: after its navigation started, and after the app's
 * process started (what the player waits for; the driver's own start-up before it launches the
 * app is not counted). The page's clock says how long ago the paint was, /proc how long ago the
 * process started. null where the webview or /proc does not say.
 */
export async function firstPaint() {
	const paint = await browser.execute(() => {
		const fcp = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
		return fcp ? { at: fcp.startTime, now: performance.now() } : null;
	});
	if (paint === null) return { navigation: null, process: null };
	const age = appProcessAge(process.env.GREFFIER_APP_BIN);
	return { navigation: paint.at, process: age === null ? null : age - (paint.now - paint.at) };
}

/** The p-th percentile (0–100) of a list of numbers, nearest rank. */
export function percentile(values, p) {
	const sorted = [...values].sort((a, b) => a - b);
	if (!sorted.length) return NaN;
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Set when a step that later steps depend on fails: they are then failed without running. */
export let blocked = null;

/** @type {WebdriverIO.Browser} */
export let browser;

/**
 * A session of Debian's Chromium through chromedriver on `port`: `chromeOptions` are added to
 * the binary's (its `args`, a phone's `mobileEmulation`…).
 */
export function chromiumOptions(port, chromeOptions) {
	return {
		hostname: '127.0.0.1',
		port,
		path: '/',
		logLevel: 'error',
		waitforTimeout: WAIT,
		capabilities: {
			browserName: 'chrome',
			'wdio:enforceWebDriverClassic': true,
			'goog:chromeOptions': { binary: process.env.CHROME_BIN ?? '/usr/bin/chromium', ...chromeOptions }
		}
	};
}

/** `phone`: Chromium as a 390×844 touch phone (its own profile), for the served UI only. */
function options({ phone = false } = {}) {
	if (CHROME) {
		const args = ['--headless=new', '--window-size=1280,800', '--no-sandbox', '--lang=fr-FR'];
		const profile = process.env.GREFFIER_DATA_DIR;
		if (profile) args.push(`--user-data-dir=${phone ? `${profile}-phone` : profile}`);
		const port = Number(process.env.GREFFIER_E2E_DRIVER_PORT ?? 9515);
		if (phone)
			return chromiumOptions(port, { args, mobileEmulation: { deviceMetrics: { width: 390, height: 844, pixelRatio: 2, touch: true } } });
		return chromiumOptions(port, { args });
	}
	return {
		hostname: '127.0.0.1',
		port: Number(process.env.GREFFIER_E2E_TAURI_PORT ?? 4444),
		path: '/',
		logLevel: 'error',
		waitforTimeout: WAIT,
		connectionRetryCount: 2,
		connectionRetryTimeout: 120000,
		// Classic WebDriver, as axe's adapter needs (WebdriverIO 9 would try BiDi first).
		capabilities: { 'wdio:enforceWebDriverClassic': true, 'tauri:options': { application: process.env.GREFFIER_APP_BIN } }
	};
}

export async function startSession({ phone = false } = {}) {
	browser = await remote(options({ phone }));
	if (CHROME) await browser.url(APP_URL);
	// Keep the page's uncaught errors, to print them when a check fails.
	try {
		await browser.execute(() => {
			const w = /** @type {any} */ (window);
			w.__e2eErrors = [];
			window.addEventListener('error', (e) => w.__e2eErrors.push(String(e.message)));
			window.addEventListener('unhandledrejection', (e) => w.__e2eErrors.push(String(e.reason?.message ?? e.reason)));
		});
	} catch {
		// The page is not ready yet: the checks still run, without the error list.
	}
}

export async function endSession() {
	if (!browser) return;
	try {
		await browser.deleteSession();
	} catch (e) {
		console.log(`# could not end the session cleanly: ${message(e)}`);
	}
	browser = undefined;
}

export function message(e) {
	return (e && (e.message || String(e)))?.split('\n')[0] ?? 'unknown error';
}

/**
 * Runs one named check and records it. `critical`: later checks are pointless if this one
 * fails. `onFail`: what to keep after a failure (screenshots of the sessions involved).
 */
export async function runCheck(name, fn, { critical = false, onFail = async () => {} } = {}) {
	if (blocked) {
		results.push({ name, ok: false, error: `not run: "${blocked}" failed` });
		console.log(`not ok - ${name} (not run: "${blocked}" failed)`);
		return;
	}
	const t0 = Date.now();
	try {
		await fn();
		results.push({ name, ok: true });
		console.log(`ok - ${name} (${Date.now() - t0} ms)`);
	} catch (e) {
		results.push({ name, ok: false, error: message(e) });
		console.log(`not ok - ${name}: ${message(e)}`);
		await onFail(name);
		if (critical) blocked = name;
	}
}

/** A check in the app's window: a screenshot and the page's errors when it fails. */
export async function check(name, fn, { critical = false } = {}) {
	await runCheck(
		name,
		async () => {
			if (!browser) throw new Error('no WebDriver session');
			await fn();
		},
		{ critical, onFail: windowFailed }
	);
}

async function windowFailed(name) {
	if (!browser) return;
	await screenshot(`failed-${name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60)}`);
	try {
		const all = await browser.execute(() => /** @type {any} */ (window).__e2eErrors ?? []);
		// WebKit reports every skipped ResizeObserver frame; that is noise, not a failure.
		const errors = [...new Set(all.filter((x) => !x.startsWith('ResizeObserver loop')))];
		if (errors.length) console.log(`# page errors: ${errors.join(' | ')}`);
	} catch {
		// No page to ask.
	}
}

export function assert(cond, what) {
	if (!cond) throw new Error(`assertion failed: ${what}`);
}

export const sel = (testid) => `[data-testid="${testid}"]`;
export const el = (testid) => browser.$(sel(testid));

export async function shown(testid, timeout = WAIT) {
	const e = await el(testid);
	await e.waitForDisplayed({ timeout, timeoutMsg: `${testid} not displayed after ${timeout} ms` });
	return e;
}

/**
 * Scrolls an element to the middle of the window, by the page itself: WebdriverIO's
 * scrollIntoView sends wheel actions, which an emulated touch phone refuses.
 */
async function centre(e) {
	await browser.execute((node) => node.scrollIntoView({ block: 'center' }), e);
}

/** Clicks like a finger; falls back to a DOM click if something (a sticky bar) intercepts it. */
export async function tap(testid) {
	const e = await shown(testid);
	await centre(e);
	await e.waitForClickable({ timeoutMsg: `${testid} not clickable` });
	try {
		await e.click();
	} catch (err) {
		console.log(`# native click on ${testid} failed (${message(err)}), using a DOM click`);
		await browser.execute((node) => node.click(), e);
	}
}

export async function typeInto(testid, value) {
	const e = await shown(testid);
	// In the middle of the window, clear of the sticky header and totals bar.
	await centre(e);
	try {
		await e.click();
	} catch (err) {
		console.log(`# native click on ${testid} failed (${message(err)}), focusing it instead`);
		await browser.execute((node) => node.focus(), e);
	}
	await e.clearValue();
	await e.setValue(value);
	await browser.waitUntil(async () => (await e.getValue()) === String(value), {
		timeoutMsg: `${testid} does not hold "${value}"`
	});
}

/** Seats these players on New play, one after the other, each checked in its seat. */
export async function seatPlayers(names) {
	for (const [i, name] of names.entries()) {
		await typeInto('new-player-name', name);
		await tap('add-player');
		await waitText(`seat-${i}`, (t) => t.includes(name), `seat ${i} should hold ${name}`);
	}
}

/** From the nav, starts a play of `game` (`variant`) for these players; resolves to its id. */
export async function startPlay(game, variant, names) {
	await tap('nav-new');
	await shown('new-player-name');
	await seatPlayers(names);
	await tap(`game-${game}`);
	const select = await shown('variant-select');
	await select.selectByAttribute('value', variant);
	await tap('start-play');
	const m = await waitPath(/^\/play\/(\d+)\/?$/);
	return Number(m[1]);
}

export async function textOf(testid) {
	return (await (await shown(testid)).getText()).trim();
}

export async function waitText(testid, predicate, what) {
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

export async function waitPath(re) {
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

export async function uiLang() {
	return browser.execute(() => document.documentElement.lang);
}

/** Saves a screenshot; never fails a check (a missing picture is reported, not counted). */
export async function screenshot(name) {
	try {
		// Without a GPU the window draws with the CPU (src-tauri/src/rendering.rs), and then
		// WebKitWebDriver answers a screenshot only after the page's next frame: a page that has
		// nothing to draw kept it waiting until the request's 120 s timeout. One pixel whose
		// colour changes every frame keeps frames coming while the picture is taken.
		await browser.execute(() => {
			const pixel = document.createElement('div');
			pixel.id = 'e2e-frame-ticker';
			pixel.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;pointer-events:none;z-index:2147483647';
			document.body.appendChild(pixel);
			let on = false;
			const tick = () => {
				on = !on;
				pixel.style.background = on ? 'rgba(0,0,0,0.01)' : 'transparent';
				/** @type {any} */ (window).__e2eTicker = requestAnimationFrame(tick);
			};
			tick();
		});
		// WebKitWebDriver can return the previous frame: wait for two animation frames first.
		await browser.executeAsync((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))));
		await browser.saveScreenshot(path.join(shotsDir, `${name}.png`));
	} catch (e) {
		console.log(`# screenshot ${name} failed: ${message(e)}`);
	} finally {
		await browser
			.execute(() => {
				cancelAnimationFrame(/** @type {any} */ (window).__e2eTicker);
				document.getElementById('e2e-frame-ticker')?.remove();
			})
			.catch(() => {});
	}
}

export async function setLangTo(lang) {
	if ((await uiLang()) !== lang) await tap('lang-toggle');
	await browser.waitUntil(async () => (await uiLang()) === lang, { timeoutMsg: `UI language never became ${lang}` });
	const expected = lang === 'fr' ? 'Historique' : 'History';
	// Read from the page: on a phone the links are folded in the menu, not on screen.
	await browser.waitUntil(
		async () => (await browser.execute(() => document.querySelector('[data-testid="nav-history"]')?.textContent?.trim())) === expected,
		{ timeoutMsg: `nav label should read "${expected}"` }
	);
}

/** The page scrolls sideways: a layout wider than the window. */
export async function horizontalOverflow() {
	return browser.execute(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

export async function setViewport(width, height) {
	await browser.setWindowSize(width, height);
	await browser.waitUntil(async () => (await browser.execute(() => window.innerWidth)) <= width, {
		timeoutMsg: `the window never became ${width} px wide`
	});
}

/** Lets the next checks run again (after a session restart). */
export function unblock() {
	blocked = null;
}

/** Prints the summary line and exits: non-zero when anything failed. */
export function finish() {
	for (const f of figures) console.log(`# measured: ${f.name}: ${f.value}`);
	const passed = results.filter((r) => r.ok).length;
	const failed = results.length - passed;
	console.log(`${passed} passed, ${failed} failed`);
	process.exit(failed === 0 && passed > 0 ? 0 : 1);
}
