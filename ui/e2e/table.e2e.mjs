// Table mode from the phones' side (scripts/table-smoke.sh starts `greffier table` and
// chromedriver): two headless Chromium phones at 390×844 (phones.mjs) join seats 0 and 1 of a
// Valencia play and enter their players' tables at the same time; the host's side (`greffier
// call` on the same history) sees both totals; a phone never receives another seat's missions
// and cannot write the other seat (403); a reloaded phone resumes its seat; a third phone
// claiming a held seat gets a clear choice, and asking for it waits for the holding phone's
// answer (shown on the host's side too); the latency from one phone's change to the other
// phone's screen is measured (a report, not an assertion). Then the other games' panels: a
// Citadelles, a Splendor and an Orléans play, each opened with its own `greffier table`, one
// phone entering its part, checked on the host's side and against the core's total.
// The real app's E2E (areas/table.mjs) covers the host's window with real phones; what is
// here is what it does not: the CLI host, privacy and refusals, resume, the other games.
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, finish, percentile, reportFigure, runCheck } from './lib.mjs';
import {
	attr,
	endPhone,
	joinSeat,
	overflow,
	phonesFailed,
	settled,
	shot as phoneShot,
	shown,
	startPhone,
	tap,
	typeInto,
	waitAttr
} from './phones.mjs';
import { axeViolations } from './screens.mjs';

const JOIN_URL = process.env.GREFFIER_TABLE_URL;
const DB = process.env.GREFFIER_DB;
const PLAY = Number(process.env.GREFFIER_PLAY);
const BIN = process.env.GREFFIER_BIN;
const SHOTS = process.env.GREFFIER_SHOTS ?? '.';
if (!JOIN_URL || !DB || !PLAY || !BIN) throw new Error('GREFFIER_TABLE_URL, GREFFIER_DB, GREFFIER_PLAY and GREFFIER_BIN are needed');

/** The host's side: an operation on the same history, through the CLI. */
function host(operation, request) {
	const file = path.join(SHOTS, `..`, 'host-request.json');
	writeFileSync(file, JSON.stringify(request));
	return JSON.parse(execFileSync(BIN, ['call', operation, file, '--db', DB, '--json'], { encoding: 'utf8' }));
}

/** One named check over the phones, a screenshot of each when it fails. */
async function check(name, fn, { critical = false } = {}) {
	await runCheck(name, fn, { critical, onFail: phonesFailed(SHOTS, () => ({ ani, dirk })) });
}

const sel = (testid) => `[data-testid="${testid}"]`;
/** What axe finds on each phone page a screenshot is taken of (every screen). */
const axeFound = [];
const shot = async (b, name) => {
	await phoneShot(b, SHOTS, name, { top: false });
	for (const v of await axeViolations({ client: b })) axeFound.push(`${v} on ${name}`);
};

/** What the core stored for the play (the host's read). */
const stored = () => host('get_play', { play_id: PLAY }).table_state;

let ani;
let dirk;
/** A tick mission with a printed value, from the core's catalogue. */
let mission;

await check(
	'two phones open the join link and each takes a seat, at the same time',
	async () => {
		[ani, dirk] = await Promise.all([startPhone('fr'), startPhone('en')]);
		await Promise.all([ani.url(JOIN_URL), dirk.url(JOIN_URL)]);
		await Promise.all([shown(ani, 'tbl-seat-0'), shown(dirk, 'tbl-seat-1')]);
		// No desktop chrome on a phone.
		assert(!(await (await ani.$(sel('nav-history'))).isExisting()), 'no navigation bar');
		await shot(ani, 'pick-seat');
		await Promise.all([tap(ani, 'tbl-seat-0'), tap(dirk, 'tbl-seat-1')]);
		await Promise.all([shown(ani, 'val-city-0'), shown(dirk, 'val-city-1')]);
		assert((await attr(ani, 'tbl-phone', 'data-seat')) === '0', 'Ani holds seat 0');
		assert((await attr(dirk, 'tbl-phone', 'data-seat')) === '1', 'Dirk holds seat 1');
		// The own panel only: no other seat's fields.
		assert(!(await (await ani.$(sel('val-city-1'))).isExisting()), "Ani's phone shows no field of Dirk's seat");
		const status = host('table_status', { play_id: PLAY });
		assert(
			status.seats[0].device !== null && status.seats[1].device !== null && status.seats[2].device === null,
			JSON.stringify(status.seats)
		);
	},
	{ critical: true }
);

await check(
	'both enter their tables at once; each phone shows the total the host computes',
	async () => {
		const missions = host('valencia_missions', {});
		mission = missions.find((c) => c.judging === 'tick' && c.has_printed_points && c.min_players <= 3);
		assert(mission, 'a tick mission with printed points in the catalogue');
		const enterAni = async () => {
			// 5 in the city, 2 palms, 1 member at the 3 fountain, 1 privilege, 4 coins, a mission
			// worth 4 ticked done: 5 + 2 + 3 + 1 + 4 = 15.
			await typeInto(ani, 'val-city-0', 5);
			await typeInto(ani, 'val-palms-0', 2);
			await typeInto(ani, 'val-fm-0-0', 1);
			await typeInto(ani, 'val-privileges-0', 1);
			await typeInto(ani, 'val-coins-0', 4);
			await tap(ani, 'val-mission-add-0');
			await typeInto(ani, 'val-mission-search-0', mission.name.fr);
			await tap(ani, `val-pick-0-${mission.id}`);
			await typeInto(ani, 'val-mission-value-0-0', 4);
			await tap(ani, 'val-mission-done-0-0');
		};
		const enterDirk = async () => {
			// 7 in the city, 1 palm, 2 members at the 5 fountain, 3 council points: 7 + 1 + 10 + 3 = 21.
			await typeInto(dirk, 'val-city-1', 7);
			await typeInto(dirk, 'val-palms-1', 1);
			await typeInto(dirk, 'val-fm-1-1', 2);
			await typeInto(dirk, 'val-council-points-1', 3);
		};
		await Promise.all([enterAni(), enterDirk()]);
		const [aniTotal, dirkTotal] = await Promise.all([
			waitAttr(ani, 'tbl-total', 'data-total', (t) => t === '15', 'Ani 15'),
			waitAttr(dirk, 'tbl-total', 'data-total', (t) => t === '21', 'Dirk 21')
		]);
		await Promise.all([settled(ani), settled(dirk)]);
		// The host's side, on the same history: the stored table scores the same.
		const state = stored();
		const preview = host('preview_table_state', { play_id: PLAY, table: state });
		const board = preview.scoreboard ?? preview.partial;
		const totals = board.players.map((p) => [p.name, p.total]);
		assert(
			JSON.stringify(totals) ===
				JSON.stringify([
					['Ani', 15],
					['Dirk', 21],
					['Eve', 4]
				]),
			`host's totals: ${JSON.stringify(totals)}`
		);
		assert(aniTotal === '15' && dirkTotal === '21', 'the phones show the same');
		assert(
			state.players[0].missions?.[0]?.id === mission.id && state.players[0].missions[0].points === 4,
			JSON.stringify(state.players[0])
		);
		assert(state.players[2].city_members === 4, "Eve's seat (the host's) untouched");
	},
	{ critical: true }
);

await check("Dirk's phone never receives Ani's missions, and cannot write Ani's seat", async () => {
	const answer = await dirk.execute(async (play) => {
		const token = JSON.parse(localStorage.getItem(`greffier.table.${play}`)).token;
		const post = async (operation, body) => {
			const r = await fetch(`/api/${operation}`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
				body: JSON.stringify(body)
			});
			return { status: r.status, body: await r.json() };
		};
		return {
			view: await post('table_view', {}),
			write: await post('table_save_seat', { play_id: play, seat: 0, part: { coins: 99 } })
		};
	}, PLAY);
	assert(answer.view.status === 200, JSON.stringify(answer.view));
	assert(answer.view.body.table.players[0].missions === undefined, 'no missions of Ani in the view');
	assert(answer.view.body.table.players[1].city_members === 7, 'his own entries');
	assert(answer.write.status === 403 && answer.write.body.kind === 'forbidden', JSON.stringify(answer.write));
	assert(stored().players[0].coins === 4, "Ani's coins untouched");
});

await check("one phone's change reaches the other phone's screen (latency measured)", async () => {
	// Dirk's phone notes when each revision reaches its screen.
	await dirk.execute(() => {
		const w = /** @type {any} */ (window);
		w.__revisions = {};
		const node = document.querySelector('[data-testid="tbl-phone"]');
		new MutationObserver(() => {
			const r = node.getAttribute('data-revision');
			if (!(r in w.__revisions)) w.__revisions[r] = Date.now();
		}).observe(node, { attributes: true, attributeFilter: ['data-revision'] });
	});
	const samples = [];
	for (let i = 0; i < 12; i++) {
		await settled(ani);
		const before = Number(await attr(ani, 'tbl-phone', 'data-revision'));
		// The tap and its clock in the page, at once.
		const t0 = await ani.execute(() => {
			const plus = document.querySelector('[data-testid="val-coins-0-plus"]');
			const t = Date.now();
			plus.click();
			return t;
		});
		const revision = Number(await waitAttr(ani, 'tbl-phone', 'data-revision', (r) => Number(r) > before, 'a new revision'));
		let seen = null;
		await dirk.waitUntil(
			async () => {
				const revs = await dirk.execute(() => /** @type {any} */ (window).__revisions);
				const hit = Object.entries(revs).filter(([r]) => Number(r) >= revision);
				seen = hit.length ? Math.min(...hit.map(([, t]) => t)) : null;
				return seen !== null;
			},
			{ timeoutMsg: `revision ${revision} never reached Dirk's screen` }
		);
		samples.push(seen - t0);
	}
	assert(stored().players[0].coins === 16, `12 taps on + from 4: ${stored().players[0].coins}`);
	reportFigure(
		"phone → other phone's screen (save, live stream, fetch, render), 12 changes",
		`p50 ${percentile(samples, 50)} ms, max ${Math.max(...samples)} ms (target ≤ 250 ms)`
	);
});

await check("'I have finished entering' shows on the host's side and on the other phone", async () => {
	await tap(ani, 'tbl-finished');
	await waitAttr(dirk, 'tbl-other-0', 'data-finished', (f) => f === 'true', "Ani's seat marked finished on Dirk's phone");
	const status = host('table_status', { play_id: PLAY });
	assert(status.seats[0].finished && !status.seats[1].finished, JSON.stringify(status.seats));
});

await check('screenshots of both phones', async () => {
	await Promise.all([ani.execute(() => window.scrollTo(0, 0)), dirk.execute(() => window.scrollTo(0, 0))]);
	await shot(ani, 'phone-ani-seat0');
	await shot(dirk, 'phone-dirk-seat1');
	const wide = await overflow(dirk);
	assert(wide <= 0, `no sideways scrolling at 390 px (${wide} px too wide)`);
});

await check('a reloaded phone resumes its seat with its token', async () => {
	await dirk.refresh();
	await shown(dirk, 'val-city-1');
	assert((await attr(dirk, 'tbl-phone', 'data-seat')) === '1', 'seat 1 again');
	const value = await (await dirk.$(sel('val-city-1'))).getValue();
	assert(value === '7', `his entries are back: ${value}`);
	const status = host('table_status', { play_id: PLAY });
	assert(status.session.devices.length === 2, `no new phone: ${status.session.devices.length}`);
});

await check('a third phone asking for a held seat gets a clear choice', async () => {
	const eve = await startPhone('en');
	try {
		await eve.url(JOIN_URL);
		await tap(eve, 'tbl-seat-1');
		await shown(eve, 'tbl-taken');
		await tap(eve, 'tbl-pick-another');
		await shown(eve, 'tbl-seat-2');
		const status = host('table_status', { play_id: PLAY });
		assert(status.seats[1].device !== null && status.session.devices.length === 2, 'the refused phone left nothing');
	} finally {
		await endPhone(eve);
	}
});

await check('a phone asks for a held seat: the holding phone keeps it, and the host sees the request', async () => {
	const eve = await startPhone('en');
	try {
		await eve.url(JOIN_URL);
		await tap(eve, 'tbl-seat-1');
		await shown(eve, 'tbl-taken');
		await tap(eve, 'tbl-ask');
		await shown(eve, 'tbl-asking');
		let status = host('table_status', { play_id: PLAY });
		const dirkDevice = status.seats[1].device;
		const asker = status.seats[1].requests[0]?.device;
		assert(asker !== undefined && asker !== dirkDevice, `the host sees Eve's request: ${JSON.stringify(status.seats[1])}`);
		await shown(dirk, 'tbl-request');
		await shot(dirk, 'phone-dirk-asked-for-his-seat');
		await shot(eve, 'phone-eve-asking');
		await tap(dirk, 'tbl-request-keep');
		await waitAttr(eve, 'tbl-notice', 'data-notice', (n) => n === 'refused', 'Eve is told her request was not granted');
		status = host('table_status', { play_id: PLAY });
		assert(status.seats[1].device === dirkDevice && status.seats[1].requests.length === 0, 'Dirk keeps his seat');
		host('table_remove_device', { play_id: PLAY, device: asker });
	} finally {
		await endPhone(eve);
	}
});

// ---------------------------------------------------------------- the other games' panels
// A play of each game with Ani and Dirk, opened with its own `greffier table` on the same
// history; Ani's phone joins seat 0 and enters its part through the game's panel; the host's
// side holds it, and the phone's total is the one the core scores the stored table at.
const UI_BUILD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'build');

/** `greffier table --play <id>` on the loopback: its join URL, and how to stop it. */
async function openTable(play) {
	const child = spawn(BIN, ['table', '--play', String(play), '--bind', '127.0.0.1', '--port', '0', '--db', DB, '--ui', UI_BUILD], {
		stdio: ['ignore', 'pipe', 'pipe']
	});
	const url = await new Promise((resolve, reject) => {
		let out = '';
		let err = '';
		child.stdout.on('data', (d) => {
			out += d;
			if (out.includes('\n')) resolve(out.split('\n')[0].trim());
		});
		child.stderr.on('data', (d) => (err += d));
		child.on('exit', (code) => reject(new Error(`greffier table exited (${code}): ${err.trim()}`)));
	});
	return { url, stop: () => child.kill('SIGTERM') };
}

/** A new play of `game` with Ani and Dirk (the smoke play's first two seats), the host's table saved. */
function startOther(game, variant, table) {
	const seats = host('get_play', { play_id: PLAY })
		.seats.slice(0, 2)
		.map((s) => ({ player_id: s.player_id, colour: s.colour }));
	const play = host('start_play', { new_play: { game, variant, location: null, notes: null, seats, first_seat: 0 } }).id;
	if (table) host('save_table_state', { play_id: play, table });
	return play;
}

/** Ani's phone at seat 0 of `play`: `enter` types its part; returns the stored table and the phone's total. */
async function enterOther(play, enter) {
	const table = await openTable(play);
	try {
		await joinSeat(ani, table.url, 0);
		await enter();
		await waitAttr(ani, 'tbl-save-state', 'data-state', (s) => s === 'saved', 'saved');
		const state = host('get_play', { play_id: play }).table_state;
		const preview = host('preview_table_state', { play_id: play, table: state });
		const board = preview.scoreboard ?? preview.partial;
		if (board?.outcome?.kind !== 'points') {
			// Won or lost together (or alone): no seat's total or place on the phone.
			const shown = await attr(ani, 'tbl-total', 'data-total');
			assert(shown === '', `no total on the phone for a ${board?.outcome?.kind} play (got "${shown}")`);
			return { state, total: null };
		}
		const total = await settled(ani);
		const core = board?.players?.find((p) => p.seat === 0)?.total;
		assert(total === core, `the phone's total ${total} is the core's ${core}`);
		return { state, total };
	} finally {
		table.stop();
	}
}

await check("Citadelles on a phone: districts from the search box and gold reach the host's table", async () => {
	const play = startOther('citadelles', 'classique', null);
	const { state, total } = await enterOther(play, async () => {
		for (const [query, id] of [
			['temple', 'temple'],
			['manoir', 'manor']
		]) {
			await typeInto(ani, 'cit-search-0', query);
			await tap(ani, `cit-add-0-${id}`);
		}
		await typeInto(ani, 'cit-gold-0', 3);
	});
	const mine = state.players[0];
	assert(
		JSON.stringify(mine.districts) === JSON.stringify(['temple', 'manor']) && mine.gold === 3,
		`the host holds Ani's city and gold: ${JSON.stringify(mine)}`
	);
	// Citadelles: a district scores its cost (Temple 1, Manor 3); gold scores nothing.
	assert(total === 4, `Ani's total is 1 + 3 = 4 (got ${total})`);
	await shot(ani, 'phone-citadelles');
});

await check("Splendor on a phone: bonuses, card prestige and a noble reach the host's table", async () => {
	// The host's sheet saved the module first.
	const play = startOther('splendor', 'strongholds', { variant: 'strongholds', players: [{ name: 'Ani' }, { name: 'Dirk' }] });
	const { state, total } = await enterOther(play, async () => {
		// Red 4 and black 4: the bonuses a noble tile asks for (a noble visits no one else).
		await typeInto(ani, 'sp-bonus-0-red', 4);
		await typeInto(ani, 'sp-bonus-0-black', 4);
		await typeInto(ani, 'sp-prestige-0', 5);
		await typeInto(ani, 'sp-nobles-0', 1);
	});
	const mine = state.players[0];
	assert(
		mine.bonuses?.red === 4 && mine.bonuses?.black === 4 && mine.card_prestige === 5 && mine.nobles === 1,
		`the host holds Ani's part: ${JSON.stringify(mine)}`
	);
	// Splendor: the cards' printed prestige plus 3 a noble: 5 + 3 = 8.
	assert(total === 8, `Ani's total is 5 + 3 = 8 (got ${total})`);
	await shot(ani, 'phone-splendor');
});

await check("Orléans on a phone: a good and this round's Administrateur terrien payment reach the host's table", async () => {
	// Invasion, round 3; the host gave Ani the Administrateur terrien (dues each round).
	const play = startOther('orleans', 'invasion', {
		variant: 'invasion',
		round: 3,
		players: [{ name: 'Ani', character: 'administrateur_terrien' }, { name: 'Dirk' }]
	});
	const { state } = await enterOther(play, async () => {
		await typeInto(ani, 'orl-wine-0', 2);
		await typeInto(ani, 'orl-due-0', 4);
	});
	const mine = state.players[0];
	assert(mine.goods?.wine === 2, `the host holds Ani's wine: ${JSON.stringify(mine)}`);
	// Round 3's payment; round 1 the book's 2, round 2 unknown on a phone (0).
	assert(JSON.stringify(mine.dues) === JSON.stringify([2, 0, 4]), `the dues are [2, 0, 4]: ${JSON.stringify(mine.dues)}`);
	assert(mine.character === 'administrateur_terrien', "the host's choice of character is kept");
	await shot(ani, 'phone-orleans');
});

await check("a phone's first entry into a play the host never saved keeps the play's module (Splendor, Strongholds)", async () => {
	// Nothing saved yet: the seat's part is merged into an empty table, which must still be the
	// play's module (Strongholds): absent, the core reads Cities, where nobles are refused.
	const play = startOther('splendor', 'strongholds', null);
	const table = await openTable(play);
	try {
		await joinSeat(ani, table.url, 0);
		// One tap on + (a typed value was not even kept in the field when this was written).
		await tap(ani, 'sp-prestige-0-plus');
		await waitAttr(ani, 'tbl-save-state', 'data-state', (s) => s === 'saved', 'saved');
		const state = host('get_play', { play_id: play }).table_state;
		assert(state.variant === 'strongholds', `the stored table names the play's module: ${JSON.stringify(state)}`);
	} finally {
		table.stop();
	}
});

await check('axe finds nothing against WCAG 2.2 AA on the phones’ pages', async () => {
	assert(axeFound.length === 0, `${axeFound.length}: ${axeFound.slice(0, 8).join('; ')}`);
});

for (const b of [ani, dirk]) await endPhone(b);
finish();
