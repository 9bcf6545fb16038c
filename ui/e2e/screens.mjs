// Every screen of the app, and what is checked on each: shared by the served UI's tour
// (screens.e2e.mjs, headless Chromium at desktop and phone sizes) and the real window's gallery
// (areas/zzz-gallery.mjs). Each check returns what it found, described for the report; the
// caller collects and asserts.
import AxeBuilder from '@axe-core/webdriverio';
import { browser, shown } from './lib.mjs';

/** WCAG 2.2 AA, as the issue asks: axe's rules tagged with these. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The screens, given the plays to show (`finished` and `empty`: play ids by game; any may be
 * missing): [name, path, what to wait for]. Paths are the app's own links.
 */
export function screenList({ finished = {}, empty = {} }) {
	const games = Object.keys(finished).sort();
	return [
		['home', '/', 'home-new-play'],
		['new-play', '/new', 'new-player-name'],
		['history', '/history', 'history-list'],
		['players', '/players', 'roster'],
		['stats', '/stats', null],
		['rules', '/rules', 'rules-search'],
		['glossary', '/rules/glossary', null],
		['settings', '/settings', 'app-version'],
		...games.flatMap((g) => [
			[`${g}-history-detail`, `/history/${finished[g]}`, 'play-status'],
			[`${g}-sheet`, `/play/${finished[g]}?correct=1`, 'save-correction']
		]),
		...Object.keys(empty)
			.sort()
			.map((g) => [`${g}-new-sheet`, `/play/${empty[g]}`, 'finish-play']),
		['other-games', '/history?others=1', null]
	];
}

/** Client-side navigation to `path`, as a link in the page would do it; waits for its data. */
export async function go(path, ready) {
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
		.catch(() => console.log(`# ${path} still loading after 5 s`));
}

/**
 * What axe finds against WCAG 2.2 AA on the page as it is: one line per rule and element.
 * `legacy`: axe's legacy mode (one frame, no extra window), for WebKitGTK's driver. `client`:
 * another session than the window's (a phone).
 */
export async function axeViolations({ legacy = false, client = browser } = {}) {
	const builder = new AxeBuilder({ client }).withTags(AXE_TAGS);
	if (legacy) builder.setLegacyMode(true);
	const result = await builder.analyze();
	return result.violations.flatMap((v) =>
		v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`)
	);
}

/** Controls on screen smaller than a 44 px target, each described once for the report. */
export async function smallTargets() {
	return browser.execute(() => {
		const small = [];
		const q =
			'button, a.button, select, summary, input[type="text"], input[type="number"], input[type="search"], input[type="checkbox"], input[type="radio"], input:not([type]), nav a, .glossary a';
		// A link is a target of its own unless it runs inside a sentence (inline in a block of text).
		const standalone = (a) => getComputedStyle(a).display !== 'inline' || /flex|grid/.test(getComputedStyle(a.parentElement).display);
		const links = [...document.querySelectorAll('a:not(.button)')].filter(standalone);
		for (const e of new Set([...document.querySelectorAll(q), ...links])) {
			// A box or a dot is reached through its label: the label is the target.
			const box = e.tagName === 'INPUT' && (e.type === 'checkbox' || e.type === 'radio');
			const target = box ? (e.closest('label') ?? e) : e;
			const r = target.getBoundingClientRect();
			if (r.width === 0 || r.height === 0) continue;
			if (e.closest('details:not([open])') && e.tagName !== 'SUMMARY') continue;
			const s = getComputedStyle(e);
			if (s.visibility === 'hidden') continue;
			// A box drawn smaller than it is asked to be: squeezed by a long line beside it.
			if (box) {
				const own = e.getBoundingClientRect();
				if (own.width < 20 || own.height < 20) {
					small.push(`input[${e.getAttribute('data-testid') ?? e.type}] squeezed ${Math.round(own.width)}×${Math.round(own.height)}`);
					continue;
				}
			}
			// A text field may be narrow (a 2-digit count); a button or a summary may not.
			const narrow =
				target.tagName !== 'INPUT' &&
				target.tagName !== 'SELECT' &&
				target.tagName !== 'SUMMARY' &&
				target.tagName !== 'LABEL' &&
				r.width < 43.5;
			if (r.height < 43.5 || narrow) {
				const id = target.getAttribute('data-testid') ?? target.className ?? '';
				small.push(
					`${target.tagName.toLowerCase()}[${id}] "${(target.textContent ?? '').trim().slice(0, 20)}" ${Math.round(r.width)}×${Math.round(r.height)}`
				);
			}
		}
		return small;
	});
}

/** Chart texts drawn smaller than 14 px or cut by their drawing's edge. */
export async function unreadableChartText() {
	return browser.execute(() => {
		const bad = [];
		for (const t of document.querySelectorAll('figure svg text')) {
			const r = t.getBoundingClientRect();
			if (r.width === 0) continue;
			const svg = t.ownerSVGElement;
			const box = svg.getBoundingClientRect();
			const size = parseFloat(getComputedStyle(t).fontSize) * (box.width / svg.viewBox.baseVal.width);
			const cut = r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
			if (size < 13.5 || cut) bad.push(`"${t.textContent}" ${size.toFixed(1)} px${cut ? ', cut' : ''}`);
		}
		return bad;
	});
}

/**
 * A bar chart's drawing wider than its place: it scrolls sideways inside the page. A time
 * series (columns, one a month) may be longer than any screen: it scrolls, from the keyboard
 * too, and opens on its latest months.
 */
export async function scrollingCharts() {
	return browser.execute(() =>
		[...document.querySelectorAll('figure:not([data-columns]) .plot')]
			.filter((p) => p.scrollWidth > p.clientWidth + 1)
			.map((p) => p.closest('figure')?.getAttribute('data-testid') ?? '?')
	);
}

/**
 * French text on screen with a plain space, or none, before « : » (« Orléans: Invasion »).
 * Names the players brought (a BG Stats game's, marked `translate="no"`) are theirs, as written.
 */
export async function frenchColonsWithoutNarrowSpace() {
	return browser.execute(() => {
		const found = [];
		let text = document.body.innerText;
		for (const e of document.querySelectorAll('[translate="no"]')) text = text.split(e.innerText || e.textContent || '\u0000').join('');
		for (const m of text.matchAll(/[^\n]{0,24}[\p{L}\d»)] ?:(?=\s)[^\n]{0,16}/gu)) found.push(m[0].trim());
		return found;
	});
}

/**
 * Elements wider than the screen, or whose text runs past their own box (a word cut by the
 * navigation strip): the page may not scroll sideways, and no word may be clipped.
 */
export async function clippedText() {
	return browser.execute(() => {
		const found = [];
		const vw = document.documentElement.clientWidth;
		for (const e of document.querySelectorAll('main *, header *')) {
			const r = e.getBoundingClientRect();
			// Nothing drawn, or hidden for the eyes only (a table's header read aloud on a phone).
			if (r.width <= 1 || r.height <= 1) continue;
			const s = getComputedStyle(e);
			if (s.visibility === 'hidden' || e.closest('.visually-hidden, .skip, svg')) continue;
			// Inside a box that scrolls sideways on purpose (a wide table), the box is what counts.
			const scroller = e.parentElement?.closest('.table-wrap, .plot, .tbl');
			if (!scroller && r.right > vw + 0.5)
				found.push(`${e.tagName.toLowerCase()}.${e.className || '-'} ends at ${Math.round(r.right)} px (screen ${vw})`);
			// Text clipped by its own box: an ellipsis or a hidden overflow that cuts words.
			const clips = s.overflowX === 'hidden' || s.overflowX === 'clip' || s.textOverflow === 'ellipsis';
			if (clips && e.scrollWidth > e.clientWidth + 1 && e.textContent.trim())
				found.push(`"${e.textContent.trim().slice(0, 30)}" cut (${e.scrollWidth} > ${e.clientWidth} px)`);
		}
		return [...new Set(found)].slice(0, 20);
	});
}
