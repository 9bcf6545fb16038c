// Phones at an open table, shared by the table smoke test (table.e2e.mjs, CLI host)
// and the real app's table area (areas/table.mjs): each phone is its own headless Debian
// Chromium (own profile, so its own localStorage) at 390×844 with touch, driven through
// chromedriver on GREFFIER_PHONE_DRIVER_PORT; and the small actions on a given phone.
import path from 'node:path';
import { remote } from 'webdriverio';
import { chromiumOptions, message } from './lib.mjs';

const WAIT = Number(process.env.GREFFIER_E2E_TIMEOUT ?? 15000);
const sel = (testid) => `[data-testid="${testid}"]`;

/**
 * Starts a phone. `lang` ('fr' or 'en') is what its browser asks for (Accept-Language); headless
 * Chromium ignores `--lang`, so the UI language is set with the phone's own toggle (setPhoneLang).
 */
export async function startPhone(lang = 'fr') {
	return remote(
		chromiumOptions(Number(process.env.GREFFIER_PHONE_DRIVER_PORT ?? 9615), {
			args: ['--headless=new', '--no-sandbox'],
			prefs: { 'intl.accept_languages': lang === 'fr' ? 'fr-FR,fr' : 'en-GB,en' },
			mobileEmulation: { deviceMetrics: { width: 390, height: 844, pixelRatio: 2, touch: true } }
		})
	);
}

/** Ends a phone's browser; never throws (it may be gone already). */
export async function endPhone(b) {
	try {
		await b?.deleteSession();
	} catch {
		// Already gone.
	}
}

export async function shown(b, testid) {
	const e = await b.$(sel(testid));
	await e.waitForDisplayed({ timeout: WAIT, timeoutMsg: `${testid} not displayed after ${WAIT} ms` });
	return e;
}

export async function exists(b, testid) {
	return (await b.$(sel(testid))).isExisting();
}

/**
 * Scrolls an element to the middle of the screen, clear of the sticky bar. By the page itself:
 * WebdriverIO's scrollIntoView sends wheel actions, which an emulated touch phone refuses
 * (it then falls back after a retry, 2 s each time).
 */
async function centre(b, e) {
	await b.execute((node) => node.scrollIntoView({ block: 'center' }), e);
}

/** A finger's tap; a DOM click if something (the sticky bar) is over it. */
export async function tap(b, testid) {
	const e = await shown(b, testid);
	await centre(b, e);
	await e.waitForClickable({ timeoutMsg: `${testid} not clickable` });
	try {
		await e.click();
	} catch {
		await b.execute((node) => node.click(), e);
	}
}

export async function typeInto(b, testid, value) {
	const e = await shown(b, testid);
	await centre(b, e);
	await e.click();
	await e.clearValue();
	await e.setValue(String(value));
	await b.waitUntil(async () => (await e.getValue()) === String(value), { timeoutMsg: `${testid} does not hold "${value}"` });
}

export async function attr(b, testid, name) {
	return (await b.$(sel(testid))).getAttribute(name);
}

export async function waitAttr(b, testid, name, predicate, what) {
	let last = null;
	await b.waitUntil(
		async () => {
			last = await attr(b, testid, name);
			return predicate(last);
		},
		{ timeoutMsg: `${testid}[${name}]: ${what} (last: ${last})` }
	);
	return last;
}

/** Everything saved; the seat's total as the core's answer gives it. */
export async function settled(b) {
	await waitAttr(b, 'tbl-save-state', 'data-state', (s) => s === 'saved', 'saved');
	return Number(await waitAttr(b, 'tbl-total', 'data-total', (t) => t !== '' && t !== null, 'a total'));
}

/** Opens the join link and takes a seat; resolves once the seat's own panel is there. */
export async function joinSeat(b, url, seat) {
	await b.url(url);
	await tap(b, `tbl-seat-${seat}`);
	await waitAttr(b, 'tbl-phone', 'data-seat', (s) => s === String(seat), `seat ${seat} held`);
	await shown(b, 'tbl-save-state');
}

/** The phone's UI language, with its own toggle (kept in the phone's browser). */
export async function setPhoneLang(b, lang) {
	const now = () => b.execute(() => document.documentElement.lang);
	if ((await now()) !== lang) await tap(b, 'lang-toggle');
	await b.waitUntil(async () => (await now()) === lang, { timeoutMsg: `the phone's UI never became ${lang}` });
}

/** The page scrolls sideways at the phone's width (px too wide; 0 when it fits). */
export async function overflow(b) {
	return b.execute(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Saves `<dir>/<name>.png` from the top of the page; a failure is reported, never counted. */
export async function shot(b, dir, name, { top = true } = {}) {
	try {
		if (top) await b.execute(() => window.scrollTo(0, 0));
		await b.saveScreenshot(path.join(dir, `${name}.png`));
	} catch (e) {
		console.log(`# screenshot ${name} failed: ${message(e)}`);
	}
}

/** What to keep when a check over phones fails: a screenshot of each live phone. */
export function phonesFailed(dir, phones) {
	return async (name) => {
		const slug = name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 50);
		for (const [who, b] of Object.entries(phones())) if (b) await shot(b, dir, `failed-${slug}-${who}`, { top: false });
	};
}
