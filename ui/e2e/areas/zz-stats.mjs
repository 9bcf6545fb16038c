// Statistics, the play log and files, after the other areas have finished plays:
// Dirk's competitive win rate is derived from the play log (filtered to Dirk's competitive
// plays), then read on Statistics with its chart; delete-with-undo in History; a CSV export
// whose path is shown; the app's own backup, gzip-compressed, imported back from the picker.
// Runs last (zz-) and ends on Settings.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { assert, browser, check, el, horizontalOverflow, screenshot, setViewport, shown, tap, textOf, waitText } from '../lib.mjs';

/** The rows of the play log on screen: id and winner line. */
async function rows() {
	return browser.execute(() =>
		[...document.querySelectorAll('[data-testid^="history-row-"]')].map((a) => {
			const id = a.getAttribute('data-testid').slice('history-row-'.length);
			const w = document.querySelector(`[data-testid="winner-${id}"]`);
			return { id: Number(id), winner: w ? w.textContent : '' };
		})
	);
}

/** Plays the log lists now (from "N parties"), once the list agrees with it. */
async function settledTotal() {
	let total = -1;
	await browser.waitUntil(
		async () => {
			const e = await el('history-total');
			if (!(await e.isExisting())) return false;
			const n = Number(((await e.getText()).match(/\d+/) ?? ['-1'])[0]);
			const shownRows = (await rows()).length;
			const empty = await (await el('history-empty')).isExisting();
			if ((n === 0 && empty) || (n > 0 && shownRows === Math.min(n, 20))) {
				total = n;
				return true;
			}
			return false;
		},
		{ timeoutMsg: 'the play log never settled' }
	);
	return total;
}

export async function run() {
	let wins = 0;
	let plays = 0;

	await check('the play log filters Dirk’s competitive plays; his wins are counted from the winners shown', async () => {
		await tap('nav-history');
		await tap('history-reset');
		const player = await shown('history-player-filter');
		await player.selectByVisibleText('Dirk');
		for (const outcome of ['points', 'objective_race']) {
			await (await shown('history-outcome-filter')).selectByAttribute('value', outcome);
			await browser.pause(300);
			const n = await settledTotal();
			assert(n <= 20, `Dirk has at most 20 competitive plays of this kind here (got ${n})`);
			const list = await rows();
			plays += list.length;
			wins += list.filter((r) => /Dirk/.test(r.winner)).length;
		}
		assert(plays >= 1, `Dirk has finished competitive plays by now (got ${plays})`);
		await screenshot('stats-history-filtered');
		await tap('history-reset');
	});

	await check('Statistics shows Dirk’s competitive win rate and a chart with its table', async () => {
		await tap('nav-stats');
		await tap('st-tab-player');
		await (await shown('st-player')).selectByVisibleText('Dirk');
		const text = await waitText(
			'st-competitive-text',
			(t) => t.includes(`${wins} sur ${plays}`),
			`"${wins} sur ${plays}" competitive plays won`
		);
		const pct = String(Math.round((100 * wins) / plays));
		assert(text.includes(pct), `the rate reads ${pct} % (got "${text}")`);
		await shown('st-coop');
		const rects = await browser.execute(() => document.querySelectorAll('[data-testid="st-chart-h2h-svg"] rect').length);
		assert(rects >= 1, `the head-to-head chart draws a bar per opponent (got ${rects})`);
		const table = await textOf('st-chart-h2h-table');
		assert(table.includes('Ani'), `the table beside the chart names Ani (got "${table}")`);
		await screenshot('stats-player');
		const wide = await horizontalOverflow();
		assert(wide <= 0, `no horizontal scroll at 1280×800 (overflow ${wide} px)`);
	});

	await check('Statistics per game: Citadelles score distribution and wonders', async () => {
		await tap('st-tab-game');
		await (await shown('st-game')).selectByAttribute('value', 'citadelles');
		await waitText('st-game-plays', (t) => Number(t) >= 1, 'at least one Citadelles play');
		const bars = await browser.execute(() => document.querySelectorAll('[data-testid="st-chart-distribution-svg"] rect').length);
		assert(bars >= 1, `the distribution chart has bars (got ${bars})`);
		await shown('st-chart-distribution-table');
		await screenshot('stats-game');
		try {
			await setViewport(800, 1280);
			const tall = await horizontalOverflow();
			await screenshot('stats-game-portrait');
			assert(tall <= 0, `no horizontal scroll at 800×1280 (overflow ${tall} px)`);
		} finally {
			await browser.setWindowSize(1280, 800);
		}
		await tap('st-tab-activity');
		await shown('st-chart-activity-svg');
		await screenshot('stats-activity');
	});

	await check('Statistics read what the games wrote: a formula mission met, the solo win with its round and difficulty', async () => {
		await tap('st-tab-game');
		await (await shown('st-game')).selectByAttribute('value', 'valencia');
		// The Valencia area's Lilli scored "10 moins les pièces" at +7: met, not 0 %.
		const missions = await waitText(
			'st-chart-missions-table',
			(t) => t.includes('10 moins les pièces'),
			'the missions table lists the formula card'
		);
		const line = missions.split('\n').find((l) => l.includes('10 moins les pièces')) ?? '';
		assert(/100\s?%/.test(line) && line.includes('1/1'), `"10 moins les pièces" reads 100 % (1/1) (got "${line}")`);
		await screenshot('stats-valencia-missions');
		await tap('st-tab-scenario');
		await (await shown('st-scenario-game')).selectByAttribute('value', 'orleans');
		const solo = await waitText('st-scenario-dignitaire', (t) => t.includes('1 sur 1'), 'Le dignitaire: won 1 of 1');
		assert(solo.includes('Normale'), `the difficulty recorded is "Normale" (got "${solo}")`);
		await waitText('st-fastest-win-dignitaire', (t) => t.includes('8'), 'the fastest win is round 8');
		await screenshot('stats-scenarios');
	});

	await check('History: deleting asks once, then Undo brings the play back', async () => {
		await tap('nav-history');
		await tap('history-reset');
		await settledTotal();
		const before = await rows();
		assert(before.length > 0, 'the log lists plays');
		const id = before[0].id;
		await tap(`delete-${id}`);
		await waitText(`delete-${id}`, (t) => t.includes('Confirmer'), 'the button asks for confirmation');
		await tap(`delete-${id}`);
		await waitText('deleted-banner', (t) => t.includes('corbeille'), 'the banner says the play went to the bin');
		await browser.waitUntil(async () => !(await (await el(`history-row-${id}`)).isExisting()), { timeoutMsg: 'the play left the log' });
		await screenshot('stats-history-deleted');
		await tap('undo-delete');
		await shown(`history-row-${id}`);
		assert(!(await (await el('deleted-banner')).isExisting()), 'the banner is gone after Undo');
	});

	await check('Settings: a CSV export of the plays says where it was written', async () => {
		await tap('nav-settings');
		await (await shown('export-kind')).selectByAttribute('value', 'csv_plays');
		await tap('csv-semicolon');
		await tap('export-go');
		const where = await waitText('export-path', (t) => t.length > 0, 'the export path is shown');
		// Greffier/ in the documents folder; the E2E's app keeps its files in its data dir's exports/.
		assert(/greffier-parties-[^/\\]*\.csv$/.test(where) && /[/\\]/.test(where), `a full path to the plays CSV (got "${where}")`);
		await waitText('export-done', (t) => /\d/.test(t), 'the count of lines written is shown');
		await screenshot('stats-settings-export');
		await shown('nav-home');
	});

	// The picker offers `.gz`, but the window read the file as text. Its bytes now go
	// to the core in blocks (raw IPC bodies in the window, one streamed body in a browser).
	await check('Settings: the app’s own backup, gzip-compressed, imports back from the picker', async () => {
		await (await shown('export-kind')).selectByAttribute('value', 'backup');
		await tap('export-go');
		const where = await waitText('export-path', (t) => /\.json$/.test(t), 'the backup’s path is shown');
		const gz = path.join(tmpdir(), `greffier-e2e-backup-${process.pid}.json.gz`);
		writeFileSync(gz, gzipSync(readFileSync(where)));
		try {
			// A file input takes a path from the driver, hidden or not.
			await (await el('import-file')).addValue(gz);
			await waitText('import-file-name', (t) => t.endsWith('.json.gz'), 'the file picked is named');
			await tap('import-go');
			const done = await waitText('import-done', (t) => /déjà présentes?\.$/.test(t), 'every play is said already there');
			assert(/^Importé\u202f: 0 partie,/.test(done), `nothing added twice (got "${done}")`);
			await screenshot('stats-settings-import-gzip');
		} finally {
			rmSync(gz, { force: true });
		}
	});
}
