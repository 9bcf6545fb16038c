// Every screen in French and English, at 1280×800 and as a portrait tablet (800×1280), saved as
// target/e2e-screenshots/gallery-<lang>-<size>-<screen>.png for the polish review (issue #14).
// Runs after every other area, so History holds finished plays of each game; each game's sheet
// is shown through « Corriger la feuille » (a finished play reopened in its own sheet).
// Also checks that no control is smaller than a 44 px target, that chart labels are 14 px and
// never cut, and that the portrait window is really 1280 px tall (the Xvfb screen of
// scripts/e2e.sh is made tall enough for it).
// Leaves the app in French at 1280×800 on Home, as the restart checks expect.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assert, browser, check, horizontalOverflow, screenshot, setLangTo, setViewport, shotsDir, shown } from '../lib.mjs';

/** Controls on screen smaller than a 44 px target, each described once for the report. */
async function smallTargets() {
	return browser.execute(() => {
		const small = [];
		const q = 'button, a.button, select, summary, input[type="text"], input[type="number"], input[type="search"], input:not([type]), nav a, .glossary a';
		// A link is a target of its own unless it runs inside a sentence (inline in a block of text).
		const standalone = (a) => getComputedStyle(a).display !== 'inline' || /flex|grid/.test(getComputedStyle(a.parentElement).display);
		const links = [...document.querySelectorAll('a:not(.button)')].filter(standalone);
		for (const e of new Set([...document.querySelectorAll(q), ...links])) {
			const r = e.getBoundingClientRect();
			if (r.width === 0 || r.height === 0) continue;
			if (e.closest('details:not([open])') && e.tagName !== 'SUMMARY') continue;
			const s = getComputedStyle(e);
			if (s.visibility === 'hidden') continue;
			// A text field may be narrow (a 2-digit count); a button or a summary may not.
			const narrow = e.tagName !== 'INPUT' && e.tagName !== 'SELECT' && e.tagName !== 'SUMMARY' && r.width < 43.5;
			if (r.height < 43.5 || narrow) {
				const id = e.getAttribute('data-testid') ?? e.className ?? '';
				small.push(`${e.tagName.toLowerCase()}[${id}] "${(e.textContent ?? '').trim().slice(0, 20)}" ${Math.round(r.width)}×${Math.round(r.height)}`);
			}
		}
		return small;
	});
}

/** Chart texts drawn smaller than 14 px or cut by their drawing's edge. */
async function unreadableChartText() {
	return browser.execute(() => {
		const bad = [];
		for (const t of document.querySelectorAll('figure svg text')) {
			const r = t.getBoundingClientRect();
			if (r.width === 0) continue;
			const box = t.ownerSVGElement.getBoundingClientRect();
			const size = parseFloat(getComputedStyle(t).fontSize) * (box.width / t.ownerSVGElement.viewBox.baseVal.width);
			const cut = !t.getAttribute('transform') && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
			if (size < 13.5 || cut) bad.push(`"${t.textContent}" ${size.toFixed(1)} px${cut ? ', cut' : ''}`);
		}
		return bad;
	});
}

/** French text on screen with a plain space, or none, before « : » (« Orléans: Invasion »). */
async function frenchColonsWithoutNarrowSpace() {
	return browser.execute(() => {
		const found = [];
		for (const m of document.body.innerText.matchAll(/[^\n]{0,24}[\p{L}\d»)] ?:(?=\s)[^\n]{0,16}/gu)) found.push(m[0].trim());
		return found;
	});
}

/** Client-side navigation to `path`, as a link in the page would do it. */
async function go(path, ready) {
	await browser.execute((to) => {
		const a = document.createElement('a');
		a.href = to;
		document.body.appendChild(a);
		a.click();
		a.remove();
	}, path);
	await browser.waitUntil(async () => (await browser.execute(() => location.pathname + location.search)) === path, {
		timeoutMsg: `never reached ${path}`
	});
	if (ready) await shown(ready);
	// Data arrives after the route: let the loading lines go.
	await browser
		.waitUntil(async () => (await browser.execute(() => document.querySelectorAll('[aria-busy="true"]').length)) === 0, { timeout: 5000 })
		.catch(() => console.log(`# ${path} still loading after 5 s (screenshot taken anyway)`));
}

/** The newest finished play of each game, asked to the core as the History screen does. */
async function finishedPlays() {
	return browser.executeAsync((done) => {
		window.__TAURI_INTERNALS__
			.invoke('list_plays', { filter: { status: 'finished', limit: 200, offset: 0 } })
			.then((page) => {
				const byGame = {};
				for (const p of page.plays) if (!(p.game in byGame)) byGame[p.game] = p.id;
				done(byGame);
			})
			.catch((e) => done({ error: String(e) }));
	});
}

export async function run() {
	await check('gallery: every screen in French and English, landscape and portrait', async () => {
		const plays = await finishedPlays();
		assert(!plays.error, `the core lists the plays (${plays.error})`);
		const games = Object.keys(plays).sort();
		assert(games.length === 4, `a finished play of each game (got ${games.join(', ')})`);
		const screens = [
			['home', '/', 'home-new-play'],
			['new-play', '/new', null],
			['history', '/history', 'history-list'],
			['players', '/players', null],
			['stats', '/stats', null],
			['rules', '/rules', null],
			['glossary', '/rules/glossary', null],
			['settings', '/settings', null],
			...games.flatMap((g) => [
				[`${g}-history-detail`, `/history/${plays[g]}`, 'detail-table'],
				[`${g}-sheet`, `/play/${plays[g]}?correct=1`, 'save-correction']
			]),
			['other-games', '/history?others=1', null]
		];
		const overflowing = [];
		/** Small control → the first screen it was seen on. */
		const small = new Map();
		/** Chart labels under 14 px or cut (issue #14: « never cut »). */
		const chartText = [];
		/** French typography: a narrow no-break space before « : », never a plain one or none. */
		const colons = new Set();
		for (const [width, height, size] of [
			[1280, 800, 'landscape'],
			[800, 1280, 'portrait']
		]) {
			await setViewport(width, height);
			const inner = await browser.execute(() => [window.innerWidth, window.innerHeight]);
			assert(inner[1] > height - 200, `the ${size} window is ${height} px tall, as a tablet (inner ${inner.join('×')})`);
			for (const lang of ['fr', 'en']) {
				await setLangTo(lang);
				for (const [name, path, ready] of screens) {
					await go(path, ready);
					await screenshot(`gallery-${lang}-${size}-${name}`);
					if ((await horizontalOverflow()) > 0) overflowing.push(`${name} (${lang}, ${size})`);
					for (const t of await smallTargets()) if (!small.has(t)) small.set(t, `${name} (${lang}, ${size})`);
					for (const t of await unreadableChartText()) chartText.push(`${t} on ${name} (${lang}, ${size})`);
					if (lang === 'fr') for (const t of await frenchColonsWithoutNarrowSpace()) colons.add(`« ${t} » on ${name}`);
				}
				// The others tab stays chosen: back to our plays for the next language.
				await go('/history', null);
				await browser.execute(() => document.querySelector('[data-testid="history-ours"]')?.click());
			}
		}
		await setViewport(1280, 800);
		await setLangTo('fr');
		await go('/', 'home-new-play');
		assert(overflowing.length === 0, `no screen scrolls sideways (${overflowing.join(', ')})`);
		await writeFile(path.join(shotsDir, 'gallery-french-colons.txt'), `${[...colons].join('\n')}\n`);
		assert(colons.size === 0, `French text puts a narrow no-break space before « : » (${colons.size} do not, in gallery-french-colons.txt): ${[...colons].slice(0, 6).join('; ')}`);
		assert(chartText.length === 0, `chart labels are 14 px and never cut: ${chartText.slice(0, 8).join('; ')}`);
		const list = [...small].map(([t, where]) => `${t} on ${where}`);
		await writeFile(path.join(shotsDir, 'gallery-small-targets.txt'), `${list.join('\n')}\n`);
		assert(list.length === 0, `every control is a 44 px target; ${list.length} are not (all in gallery-small-targets.txt): ${list.slice(0, 12).join('; ')}`);
	});
}
