// Every screen of the served UI, on a history worth looking at (seed.mjs), in
// headless Chromium at 1280×800 and as a 390×844 touch phone, in French and in English: axe
// finds nothing against WCAG 2.2 AA, nothing scrolls sideways or is cut, every control is a
// 44 px target, chart labels are whole. Each screen is saved as
// target/e2e-screenshots/screens-<lang>-<size>-<name>.png for the review.
// scripts/serve-smoke.sh starts the server and chromedriver, then runs this file.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
	assert,
	message,
	browser,
	check,
	endSession,
	runCheck,
	finish,
	reportFigure,
	screenshot,
	setLangTo,
	shotsDir,
	shown,
	startSession,
	tap,
	typeInto
} from './lib.mjs';
import { seedHistory } from './seed.mjs';
import {
	axeViolations,
	clippedText,
	frenchColonsWithoutNarrowSpace,
	go,
	screenList,
	scrollingCharts,
	smallTargets,
	unreadableChartText
} from './screens.mjs';

const URL = process.env.GREFFIER_E2E_URL;
// GREFFIER_SCREENS=phone,en tours only those sizes and languages (a quick look while fixing).
const only = (process.env.GREFFIER_SCREENS ?? '').split(',').filter(Boolean);
const LANGS = ['fr', 'en'].filter((l) => !only.some((o) => ['fr', 'en'].includes(o)) || only.includes(l));
const SIZES = [
	['desktop', false],
	['phone', true]
].filter(([s]) => !only.some((o) => ['desktop', 'phone'].includes(o)) || only.includes(s));
await mkdir(shotsDir, { recursive: true });

let plays = null;
await runCheck(
	'seed a history: a BG Stats import, a finished and a new play of each game',
	async () => {
		plays = await seedHistory(URL);
		assert(Object.keys(plays.finished).length + Object.keys(plays.inProgress).length === 4, JSON.stringify(plays));
	},
	{ critical: true }
);

/** Screens that are a state of a route: a tab, a search, an open panel. */
function states() {
	const sheet = plays.empty.valencia;
	return [
		['stats-player', '/stats', 'st-tab-player', () => tap('st-tab-player')],
		['stats-scenario', '/stats', 'st-tab-scenario', () => tap('st-tab-scenario')],
		['stats-activity', '/stats', 'st-tab-activity', () => tap('st-tab-activity')],
		['stats-game', '/stats', 'st-tab-game', () => tap('st-tab-game')],
		[
			'rules-search',
			'/rules',
			'rules-search',
			() => typeInto('rules-search', 'fontaine').then(() => shown('rule-hit-valencia.scoring.fountains'))
		],
		['rule-entry', '/rules/valencia.scoring.fountains', 'rule-body', null],
		[
			'new-play-setup',
			'/new',
			'new-player-name',
			async () => {
				for (const name of ['Ani', 'Dirk']) {
					await typeInto('new-player-name', name);
					await tap('add-player');
				}
				await tap('game-orleans');
				await shown('variant-select');
			}
		],
		['sheet-rule-panel', `/play/${sheet}`, 'val-city-0', () => tap('val-city-0-rule').then(() => shown('rule-panel'))],
		['sheet-bad-input', `/play/${sheet}`, 'val-city-0', () => typeInto('val-city-0', 'abc')]
	];
}

/** Tours every screen in the session's current size; each finding names its screen. */
async function tour(size) {
	const found = { unshown: [], axe: [], overflow: [], small: new Map(), chart: [], scrolling: [], clipped: [], colons: new Set() };
	for (const lang of LANGS) {
		await go('/', 'home-new-play');
		await setLangTo(lang);
		const screens = [...screenList(plays).map(([n, p, r]) => [n, p, r, null]), ...states()];
		for (const [name, path, ready, action] of screens) {
			const where = `${name} (${lang}, ${size})`;
			try {
				await go(path, action ? null : ready);
				if (action) {
					if (ready) await shown(ready);
					await action();
				}
			} catch (e) {
				found.unshown.push(`${where}: ${message(e)}`);
				await screenshot(`failed-screens-${lang}-${size}-${name}`);
				await browser.keys('Escape').catch(() => {});
				continue;
			}
			await screenshot(`screens-${lang}-${size}-${name}`);
			for (const v of await axeViolations()) found.axe.push(`${v} on ${where}`);
			const wide = await browser.execute(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
			if (wide > 0) found.overflow.push(`${where} by ${wide} px`);
			for (const t of await smallTargets()) if (!found.small.has(t)) found.small.set(t, where);
			for (const t of await unreadableChartText()) found.chart.push(`${t} on ${where}`);
			for (const t of await scrollingCharts()) found.scrolling.push(`${t} on ${where}`);
			for (const t of await clippedText()) found.clipped.push(`${t} on ${where}`);
			if (lang === 'fr') for (const t of await frenchColonsWithoutNarrowSpace()) found.colons.add(`« ${t} » on ${name}`);
			// What a state opened closes again (a rule panel), and History shows our plays again.
			await browser.keys('Escape');
			if (name === 'other-games') await tap('history-ours');
		}
	}
	await setLangTo('fr');
	return found;
}

function report(found, size) {
	const list = (xs) => [...xs].slice(0, 15).join('; ');
	return [
		[`every screen is shown (${size})`, found.unshown],
		[`axe finds nothing against WCAG 2.2 AA (${size})`, found.axe],
		[`no screen scrolls sideways (${size})`, found.overflow],
		[`nothing is wider than the screen or cut (${size})`, found.clipped],
		[`every control is a 44 px target (${size})`, [...found.small].map(([t, w]) => `${t} on ${w}`)],
		[`chart labels are 14 px and whole (${size})`, found.chart],
		[`charts fit their place (${size})`, size === 'desktop' ? found.scrolling : []],
		[`French puts a narrow no-break space before « : » (${size})`, [...found.colons]]
	].map(([name, xs]) => [name, () => assert(xs.length === 0, `${xs.length} (all in screens-${size}.txt): ${list(xs)}`)]);
}

for (const [size, phone] of SIZES) {
	let found = null;
	await startSession({ phone });
	await check(`tour every screen (${size}, FR and EN)`, async () => {
		await browser.url(`${URL}/`);
		const t0 = Date.now();
		found = await tour(size);
		const lines = Object.entries(found).flatMap(([k, xs]) =>
			[...(xs instanceof Map ? [...xs].map(([t, w]) => `${t} on ${w}`) : xs)].map((x) => `${k}: ${x}`)
		);
		await writeFile(path.join(shotsDir, `screens-${size}.txt`), `${lines.join('\n')}\n`);
		reportFigure(`served screens toured with axe (${size}, 2 languages)`, `${Math.round((Date.now() - t0) / 1000)} s`);
	});
	for (const [name, fn] of report(
		found ?? { unshown: ['not toured'], axe: [], overflow: [], small: new Map(), chart: [], scrolling: [], clipped: [], colons: new Set() },
		size
	)) {
		await check(name, async () => fn());
	}
	await endSession();
}

finish();
