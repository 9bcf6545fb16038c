// One history for the group, in the real window: Settings → « Partager cet
// historique » shares the app's history through a folder; two other devices (histories driven
// by the `greffier` CLI, as a sync engine would bring their files) correct a play: the play open
// on screen follows the change applied underneath it, with nothing clicked; two edits of one play
// made at once are listed in History (« garder celle-ci »), in French and in English. Ends with
// the conflict settled and sharing stopped, on Settings.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assert, browser, check, el, screenshot, setLangTo, shown, tap, typeInto, waitPath, waitText } from '../lib.mjs';

const BIN = process.env.GREFFIER_BIN;
const APP_DB = path.join(process.env.GREFFIER_DATA_DIR ?? '', 'greffier.sqlite3');

/** An operation of the core on history `db`, through the CLI. */
function call(db, operation, request, dir) {
	const file = path.join(dir, 'request.json');
	writeFileSync(file, JSON.stringify(request ?? {}));
	return JSON.parse(execFileSync(BIN, ['call', operation, file, '--db', db, '--json'], { encoding: 'utf8' }));
}

/** One pass of device `db` through the shared folder (its sync engine brought the files). */
function pass(db, folder, name) {
	return JSON.parse(execFileSync(BIN, ['sync', '--db', db, '--folder', folder, '--device-name', name, '--json'], { encoding: 'utf8' }));
}

/** The play of history `db` whose uuid is `uuid`. */
function playByUuid(db, uuid, dir) {
	const page = call(db, 'list_plays', { filter: { limit: 200 } }, dir);
	for (const p of page.plays) if (call(db, 'get_play', { play_id: p.id }, dir).uuid === uuid) return p.id;
	return null;
}

export async function run() {
	if (!BIN) {
		await check('share: GREFFIER_BIN names the greffier CLI', async () => assert(false, 'GREFFIER_BIN is not set'));
		return;
	}
	const dir = mkdtempSync(path.join(tmpdir(), 'greffier-e2e-share-'));
	const folder = path.join(dir, 'Partage');
	const tablet = path.join(dir, 'tablette.sqlite3');
	const salon = path.join(dir, 'salon.sqlite3');
	let playId = null;
	let uuid = null;
	try {
		await check(
			'Settings → Partager cet historique: the folder and this device’s name',
			async () => {
				execFileSync('mkdir', ['-p', folder]);
				await tap('nav-settings');
				await shown('share-not-shared');
				await typeInto('share-folder', folder);
				await typeInto('share-device-name', 'Portable du salon');
				await tap('share-go');
				await waitText('share-folder-shown', (t) => t === folder, 'the folder shown is the one typed');
			},
			{ critical: true }
		);

		await check('another device receives the app’s plays through the folder', async () => {
			// The app writes its plays on its own (a pass when sharing starts): the tablet's pass
			// applies them once they are there.
			await browser.waitUntil(() => pass(tablet, folder, 'Tablette').applied.length > 0, {
				timeout: 30000,
				interval: 500,
				timeoutMsg: 'the app never wrote its plays into the folder'
			});
			const page = call(APP_DB, 'list_plays', { filter: { status: 'finished', limit: 1 } }, dir);
			assert(page.plays.length === 1, 'the app has a finished play');
			playId = page.plays[0].id;
			uuid = call(APP_DB, 'get_play', { play_id: playId }, dir).uuid;
			assert(playByUuid(tablet, uuid, dir) !== null, 'the tablet holds the app’s play');
		});

		await check('a play open on screen follows a correction made on another device', async () => {
			assert(playId !== null, 'a play was shared');
			await tap('nav-history');
			await tap(`history-row-${playId}`);
			await waitPath(new RegExp(`^/history/${playId}$`));
			await shown('play-status');
			const there = playByUuid(tablet, uuid, dir);
			call(tablet, 'edit_play', { play_id: there, edit: { location: 'Chez Lilli, Nantes' } }, dir);
			assert(pass(tablet, folder, 'Tablette').written === 1, 'the tablet writes its correction');
			// Nothing clicked: the app's sharing thread sees the file come and the page reads the play again.
			await browser.waitUntil(async () => (await browser.execute(() => document.body.innerText)).includes('Chez Lilli, Nantes'), {
				timeout: 30000,
				timeoutMsg: 'the page never showed the correction'
			});
			await screenshot('share-play-followed');
		});

		await check('two edits of one play made at once are listed in History, keep this one / that one', async () => {
			pass(salon, folder, 'Salon');
			const onTablet = playByUuid(tablet, uuid, dir);
			const onSalon = playByUuid(salon, uuid, dir);
			assert(onSalon !== null, 'the salon holds the play');
			// Both edit before either sees the other's.
			call(tablet, 'edit_play', { play_id: onTablet, edit: { location: 'Chez Lilli, Nantes', notes: 'Revanche jeudi' } }, dir);
			call(salon, 'edit_play', { play_id: onSalon, edit: { location: 'Chez Lilli, Nantes', notes: 'Revanche vendredi' } }, dir);
			pass(tablet, folder, 'Tablette');
			pass(salon, folder, 'Salon');
			await tap('nav-history');
			await browser.waitUntil(async () => await (await el('sync-conflict')).isExisting(), {
				timeout: 30000,
				timeoutMsg: 'History never listed the conflict'
			});
			const card = await waitText(
				'sync-conflict',
				(t) => t.includes('Revanche jeudi') && t.includes('Revanche vendredi'),
				'both versions shown'
			);
			assert(card.includes('Tablette') && card.includes('Salon'), `each version says its device (got "${card}")`);
			await screenshot('share-conflict-fr');
			await setLangTo('en');
			await waitText('sync-conflicts', (t) => t.includes('Keep this one'), 'the card reads in English');
			await screenshot('share-conflict-en');
			await setLangTo('fr');
		});

		await check('Settings lists each device with its last change applied, in French and in English', async () => {
			await tap('nav-settings');
			await waitText('share-devices', (t) => t.includes('Tablette') && t.includes('Salon'), 'Settings lists both devices');
			await (await el('share-devices')).scrollIntoView({ block: 'center' });
			await screenshot('share-settings-fr');
			await setLangTo('en');
			await waitText('share-panel', (t) => t.includes('Share this history'), 'the panel reads in English');
			await screenshot('share-settings-en');
			await setLangTo('fr');
		});

		await check('keeping one version settles the conflict', async () => {
			await tap('nav-history');
			// The first version's « Garder celle-ci ».
			await tap('sync-keep');
			await browser.waitUntil(async () => !(await (await el('sync-conflict')).isExisting()), {
				timeoutMsg: 'the conflict is still listed'
			});
		});
	} finally {
		// The next areas run on a history shared with no one.
		await check('sharing stops', async () => {
			await tap('nav-settings');
			await tap('share-stop');
			await shown('share-not-shared');
		});
		rmSync(dir, { recursive: true, force: true });
	}
}
