// Every screen in French and English, at 1280×800 and as a portrait tablet (800×1280), saved as
// target/e2e-screenshots/gallery-<lang>-<size>-<screen>.png for the polish review.
// Runs after every other area, so History holds finished plays of each game; each game's sheet
// is shown through « Corriger la feuille » (a finished play reopened in its own sheet).
// Also checks that no control is smaller than a 44 px target, that chart labels are 14 px and
// never cut, that axe finds nothing against WCAG 2.2 AA in the real window (its legacy mode,
// the one WebKitGTK's driver runs; French, 1280×800: the served tour, screens.e2e.mjs, covers
// both languages and the phone), and that the portrait window is really 1280 px tall (the Xvfb
// screen of scripts/e2e.sh is made tall enough for it). The checks are screens.mjs's.
// Leaves the app in French at 1280×800 on Home, as the restart checks expect.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assert, browser, check, horizontalOverflow, screenshot, setLangTo, setViewport, shotsDir } from '../lib.mjs';
import { axeViolations, frenchColonsWithoutNarrowSpace, go, screenList, smallTargets, unreadableChartText } from '../screens.mjs';

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
		const screens = screenList({ finished: plays });
		const overflowing = [];
		/** Small control → the first screen it was seen on. */
		const small = new Map();
		/** Chart labels under 14 px or cut (« never cut »). */
		const chartText = [];
		/** French typography: a narrow no-break space before « : », never a plain one or none. */
		const colons = new Set();
		/** What axe finds in the real window (WebKitGTK: its legacy mode), on the first pass. */
		const axe = [];
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
					if (lang === 'fr' && size === 'landscape') for (const v of await axeViolations({ legacy: true })) axe.push(`${v} on ${name}`);
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
		await writeFile(path.join(shotsDir, 'gallery-axe.txt'), `${axe.join('\n')}\n`);
		assert(axe.length === 0, `axe finds nothing in the real window (${axe.length}, all in gallery-axe.txt): ${axe.slice(0, 6).join('; ')}`);
		await writeFile(path.join(shotsDir, 'gallery-french-colons.txt'), `${[...colons].join('\n')}\n`);
		assert(
			colons.size === 0,
			`French text puts a narrow no-break space before « : » (${colons.size} do not, in gallery-french-colons.txt): ${[...colons].slice(0, 6).join('; ')}`
		);
		assert(chartText.length === 0, `chart labels are 14 px and never cut: ${chartText.slice(0, 8).join('; ')}`);
		const list = [...small].map(([t, where]) => `${t} on ${where}`);
		await writeFile(path.join(shotsDir, 'gallery-small-targets.txt'), `${list.join('\n')}\n`);
		assert(
			list.length === 0,
			`every control is a 44 px target; ${list.length} are not (all in gallery-small-targets.txt): ${list.slice(0, 12).join('; ')}`
		);
	});
}
