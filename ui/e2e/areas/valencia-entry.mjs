// How much a table types to enter a 4-player Valencia end game: on
// one device, and in table mode on one phone (each player enters their own seat, all at once).
// Every tap and key goes through a counter, the cheaper way a player would take: a count of 1
// is one tap on +, an empty count is already 0, a value the sheet already holds (a printed
// mission value remembered) is not typed again, a number is one tap into the field and its
// digits. The counts are printed with the summary, not asserted; what is asserted is that the
// entry reached the core (the totals it computes) and, for the phone, that axe finds nothing on
// the phone's seat page. The one-device play is finished (History keeps a 4-player game); the
// table-mode play is abandoned.
import {
	assert,
	browser,
	check,
	el,
	reportFigure,
	runCheck,
	shotsDir,
	shown,
	tap,
	typeInto,
	waitPath,
	waitText,
	startPlay
} from '../lib.mjs';
import * as phone from '../phones.mjs';
import { AXE_TAGS } from '../screens.mjs';
import AxeBuilder from '@axe-core/webdriverio';

const PLAYERS = ['Ani', 'Dirk', 'Lilli', 'Frank'];
/** Printed fountain values, the central one last. */
const FOUNTAINS = [6, 2, 4];
/** Each seat's members at each fountain. */
const MEMBERS = [
	[2, 1, 0],
	[0, 2, 3],
	[1, 0, 2],
	[1, 1, 1]
];
/** Each seat: members in the city, palms, privileges left, coins, council points. */
const COUNTS = [
	[8, 3, 1, 5, 6],
	[6, 5, 0, 8, 7],
	[7, 2, 2, 3, 5],
	[5, 4, 1, 2, 4]
];
/** Each seat's mission cards: what is typed to find it, its id, its printed points, its tick. */
const MISSIONS = [
	[
		['palm', 'mission_palms', 4, null],
		['carr', 'mission_square', 3, true]
	],
	[
		['rich', 'mission_most_coins', 5, null],
		['centr', 'mission_central_fountain', 3, null]
	],
	[
		['10 m', 'mission_ten_minus_coins', null, null],
		['coin', 'mission_corners', 4, true]
	],
	[
		['cons', 'mission_council', 2, null],
		['lign', 'mission_line_of_three', 3, false]
	]
];

/** Taps and keys of one way in: the app's window, or a phone's browser. */
function counter(b, actions) {
	const n = { taps: 0, keys: 0 };
	const value = async (testid) => (await (await b.$(`[data-testid="${testid}"]`)).getValue()) ?? '';
	return {
		n,
		async tap(testid) {
			n.taps++;
			await actions.tap(testid);
		},
		/** Types a value the cheaper way: nothing when it is there, + for 1, else tap and digits. */
		async enter(testid, v) {
			const now = await value(testid);
			if (now === String(v) || (v === 0 && now === '')) return;
			if (v === 1 && now === '') {
				n.taps++;
				await actions.tap(`${testid}-plus`);
			} else {
				n.taps++;
				n.keys += String(v).length;
				await actions.typeInto(testid, String(v));
			}
			await b.waitUntil(async () => (await value(testid)) === String(v), { timeoutMsg: `${testid} never held ${v}` });
		},
		/** Types a search: one tap into the box, a key a letter. */
		async search(testid, text) {
			n.taps++;
			n.keys += text.length;
			await actions.typeInto(testid, text);
		}
	};
}

/** One seat's own part: its fountain members, counts, missions (the same fields on a phone). */
async function enterSeat(c, i) {
	for (const [k, members] of MEMBERS[i].entries()) await c.enter(`val-fm-${i}-${k}`, members);
	const [city, palms, privileges, coins, council] = COUNTS[i];
	await c.enter(`val-city-${i}`, city);
	await c.enter(`val-palms-${i}`, palms);
	await c.enter(`val-privileges-${i}`, privileges);
	await c.enter(`val-coins-${i}`, coins);
	await c.enter(`val-council-points-${i}`, council);
	for (const [k, [query, id, points, done]] of MISSIONS[i].entries()) {
		await c.tap(`val-mission-add-${i}`);
		await c.search(`val-mission-search-${i}`, query);
		await c.tap(`val-pick-${i}-${id}`);
		if (points !== null) await c.enter(`val-mission-value-${i}-${k}`, points);
		if (done === true) await c.tap(`val-mission-done-${i}-${k}`);
		if (done === false) await c.tap(`val-mission-not-done-${i}-${k}`);
	}
}

export async function run() {
	const window = { tap, typeInto };
	let playId = null;

	await check(
		'enter a 4-player Valencia end game on one device, counting taps and keys',
		async () => {
			playId = await startPlay('valencia', 'base', PLAYERS);
			await shown('val-fountains');
			const c = counter(browser, window);
			for (const [k, v] of FOUNTAINS.entries()) {
				await c.tap(k === FOUNTAINS.length - 1 ? 'val-fountain-add-central' : 'val-fountain-add');
				await c.enter(`val-fountain-value-${k}`, v);
			}
			for (const i of PLAYERS.keys()) await enterSeat(c, i);
			// Every seat scored by the core, nothing left to fix.
			for (const i of PLAYERS.keys()) await waitText(`total-${i}`, (t) => /^\d+$/.test(t), `${PLAYERS[i]} has a total`);
			assert(!(await (await el('sheet-problems')).isExisting()), 'the sheet has no problem left');
			await c.tap('finish-play');
			await waitPath(new RegExp(`^/history/${playId}/?$`));
			await waitText('play-status', (t) => t === 'Terminée' || t === 'Finished', 'the play is finished');
			reportFigure(
				'entering a 4-player Valencia end game on one device (3 fountains, 2 missions each, finish)',
				`${c.n.taps} taps + ${c.n.keys} keys`
			);
		},
		{ critical: true }
	);

	let tablePlay = null;
	let url = null;
	/** @type {WebdriverIO.Browser | undefined} */
	let ani;
	await check('table mode: the host places the fountains and opens the table', async () => {
		tablePlay = await startPlay('valencia', 'base', PLAYERS);
		for (const [k, v] of FOUNTAINS.entries()) {
			await tap(k === FOUNTAINS.length - 1 ? 'val-fountain-add-central' : 'val-fountain-add');
			await typeInto(`val-fountain-value-${k}`, String(v));
		}
		await waitText('save-state', (t) => t.includes('Enregistré') || t.includes('Saved'), 'the fountains are saved');
		await tap('table-open');
		url = await waitText('table-url', (t) => t.startsWith('http://'), 'the panel shows the join URL');
	});

	await runCheck(
		'table mode: a phone takes its seat and enters it, counting taps and keys; axe finds nothing on it',
		async () => {
			assert(url, 'the table is open');
			ani = await phone.startPhone('fr');
			await ani.url(url);
			const axe = async (where) => {
				const r = await new AxeBuilder({ client: ani }).withTags(AXE_TAGS).analyze();
				const found = r.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
				assert(found.length === 0, `axe on the phone's ${where}: ${found.join('; ')}`);
			};
			await phone.shown(ani, 'tbl-seat-0');
			await axe('seat picker');
			const c = counter(ani, { tap: (t) => phone.tap(ani, t), typeInto: (t, v) => phone.typeInto(ani, t, v) });
			await c.tap('tbl-seat-0');
			await phone.waitAttr(ani, 'tbl-phone', 'data-seat', (s) => s === '0', 'seat 0 held');
			await enterSeat(c, 0);
			await phone.settled(ani);
			await c.tap('tbl-finished');
			await axe('seat page');
			await phone.shot(ani, shotsDir, 'valencia-entry-phone');
			await waitText('total-0', (t) => /^\d+$/.test(t), "the host shows Ani's total");
			reportFigure(
				'entering one seat of a 4-player Valencia end game on its phone in table mode (join, 2 missions, « finished »)',
				`${c.n.taps} taps + ${c.n.keys} keys`
			);
		},
		{ onFail: phone.phonesFailed(shotsDir, () => ({ ani })) }
	);
	await phone.endPhone(ani);

	await check('table mode: the host closes the table and abandons the play', async () => {
		if (!tablePlay) return;
		await tap('table-close').catch(() => {});
		await tap('abandon-play');
		const confirm = await shown('abandon-confirm');
		await browser.execute((node) => node.click(), confirm);
		await waitPath(/^\/$/);
	});
}
