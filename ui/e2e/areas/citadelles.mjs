// Citadelles, classic rules, 4 players: draft, cities built from the search box, the last
// round called character by character, the tie settled by the Warlord; checked in History.
import {
	assert,
	browser,
	check,
	el,
	endSession,
	horizontalOverflow,
	screenshot,
	setViewport,
	shown,
	startSession,
	tap,
	typeInto,
	waitPath,
	waitText,
	startPlay
} from '../lib.mjs';

export async function run() {
	// ------------------------------------------------------------ Citadelles, classic, 4 players
	let citadellesId = null;
	await check(
		'start a 4-player Citadelles play (classic rules)',
		async () => {
			citadellesId = await startPlay('citadelles', 'classique', ['Ani', 'Dirk', 'Lilli', 'Frank']);
			await waitText('cit-threshold', (t) => t.includes('7'), 'a city is complete at 7 districts');
		},
		{ critical: true }
	);

	await check('the draft assistant draws the set-aside characters, never the King face up', async () => {
		await tap('cit-draft-open');
		await waitText('cit-draft-summary', (t) => t.includes('2') && t.includes('1'), '2 face up and 1 face down at 4 players');
		await tap('cit-draft-draw');
		const faceUp = await waitText('cit-draft-face-up', (t) => t.includes('Face visible'), 'the draw is shown');
		assert(!faceUp.includes('Roi'), `the King is never face up (got "${faceUp}")`);
		assert(faceUp.split(',').length === 2, `two characters face up at 4 players (got "${faceUp}")`);
		await tap('cit-draft-open');
	});

	/** Builds districts in a seat's city through the search box. */
	async function buildCity(seat, picks) {
		for (const [query, id] of picks) {
			await typeInto(`cit-search-${seat}`, query);
			await tap(`cit-add-${seat}-${id}`);
		}
	}

	await check(
		'build four cities from the search box',
		async () => {
			await buildCity(0, [
				['temple', 'temple'],
				['eglise', 'church'],
				['manoir', 'manor'],
				['chateau', 'castle'],
				['marche', 'market'],
				['prison', 'prison'],
				['port', 'harbor']
			]);
			await buildCity(1, [
				['palais', 'palace'],
				['cathedrale', 'cathedral'],
				['forteresse', 'fortress'],
				['donjon', 'keep'],
				['chateau', 'castle']
			]);
			await buildCity(2, [
				['taverne', 'tavern'],
				['marche', 'market'],
				['comptoir', 'docks'],
				['port', 'harbor'],
				['tour', 'watchtower'],
				['caserne', 'barracks'],
				['temple', 'temple']
			]);
			// A second complete city: the app asks where Lilli comes in the completion order, and
			// the question takes the focus from Lilli's panel, far below it (72 Shift+Tab away).
			await waitText('cit-completion-ask-2', (t) => t.includes('Lilli'), 'the app asks when Lilli completed her city');
			await browser.waitUntil(
				async () => (await browser.execute(() => document.activeElement?.getAttribute('data-testid'))) === 'cit-completion-ask-2',
				{
					timeout: 5000,
					timeoutMsg: 'the completion question should take the focus'
				}
			);
			await buildCity(3, [
				['manoir', 'manor'],
				['chateau', 'castle']
			]);
			await tap('cit-place-2-last');
			// Fixing a typo in a complete city does not move who completed first.
			await tap('cit-remove-0-6');
			await buildCity(0, [['port', 'harbor']]);
			await waitText(
				'cit-completion',
				(t) => t.indexOf('Ani') >= 0 && t.indexOf('Ani') < t.indexOf('Lilli'),
				'Ani completed first, then Lilli'
			);
			await waitText('total-0', (t) => t === '22', 'Ani: 18 + 4 for the first complete city');
			await waitText('total-1', (t) => t === '22', 'Dirk: 22 in district costs');
			await waitText('total-2', (t) => t === '17', 'Lilli: 15 + 2 for a complete city');
			await waitText('total-3', (t) => t === '7', 'Frank: 7');
			await waitText('cit-end-banner', (t) => t.includes('Ani'), 'the last round is under way');
		},
		{ critical: true }
	);

	await check('the round caller calls the last round; Dirk revealed the Warlord', async () => {
		await tap('cit-round-start');
		// Assassin, Thief: nobody; Magician: Lilli; King: Ani; Bishop: nobody; Merchant: Frank;
		// Architect: nobody; Warlord: Dirk.
		for (const [k, who] of ['none', 'none', '2', '0', 'none', '3', 'none', '1'].entries()) {
			if (k === 4) {
				// The app closes mid-round: the round comes back where it was, Bishop (5) to call.
				await waitText('save-state', (t) => t.includes('Enregistré'), 'the round so far is saved');
				await endSession();
				await startSession();
				await shown('nav-home', 30000);
				await tap(`history-row-${citadellesId}`);
				await waitText('cit-call', (t) => t.includes('(5)'), 'after a restart the caller is at the Bishop (5)');
			}
			await waitText('cit-call', (t) => t.length > 0, 'a character is called');
			await tap(`cit-reveal-${who}`);
		}
		await tap('cit-round-end');
		// The round in which Ani completed her city is over: the core marks the game over.
		await waitText('cit-end-banner', (t) => t.includes('La partie est finie'), 'after the last round the game is over');
		await shown('cit-final-scoring');
		await waitText('cit-crown-0', (t) => t.includes('Couronne'), 'Ani holds the crown');
		await waitText('save-state', (t) => t.includes('Enregistré'), 'autosave should say "Enregistré"');
		await browser.execute(() => window.scrollTo(0, 0));
		await screenshot('citadelles-play');
		await (await el('cit-player-0')).scrollIntoView();
		await screenshot('citadelles-players');
		const wide = await horizontalOverflow();
		assert(wide <= 0, `no horizontal scroll at 1280×800 (overflow ${wide} px)`);
		try {
			await setViewport(800, 1280);
			const tall = await horizontalOverflow();
			await screenshot('citadelles-portrait');
			assert(tall <= 0, `no horizontal scroll at 800×1280 (overflow ${tall} px)`);
		} finally {
			await browser.setWindowSize(1280, 800);
		}
	});

	await check(
		'finish the Citadelles play: the tie goes to the highest character of the last round',
		async () => {
			await tap('finish-play');
			await waitPath(new RegExp(`^/history/${citadellesId}/?$`));
			await waitText('play-status', (t) => t === 'Terminée', 'status "Terminée"');
			await waitText('detail-rank-1', (t) => t === '1', 'Dirk ranks first');
			await waitText('detail-rank-0', (t) => t === '2', 'Ani ranks second');
			await waitText('tie-break', (t) => t.includes('Condottiere') && t.includes('Roi'), 'the tie-break sentence names the characters');
			// The round log reads as sentences in French, never as JSON.
			await (await shown('round-log')).scrollIntoView({ block: 'center' });
			await screenshot('citadelles-round-log');
			await waitText('round-log-text-0', (t) => t.includes('Tirage') && t.includes('face visible'), 'the draft in words');
			// The round itself is kept in the table state (Undo takes it back), listed from there.
			await waitText('round-log-table-0', (t) => t.includes('Roi (4)') && t.includes('la Couronne reste à Ani'), 'the round in words');
			await screenshot('citadelles-history-detail');
		},
		{ critical: true }
	);
}
