// Pairing a device, in the real window and on a 390×844 tablet (headless Chromium,
// phones.mjs): Settings › Paired devices shows a one-time code as a QR code and its URL, with
// the plain-HTTP warning; the tablet opens the URL, names itself and is paired (its browser
// keeps its token and lands on the app); the window's list shows the device; an English code
// opens an English page; Revoke empties the list. Screenshots of both sides in French and
// English. The app serves paired devices on the loopback here (GREFFIER_TABLE_ADDRESS, set by
// scripts/e2e.sh): the tablet is this machine, which the door answers without a token; the
// refusal of a caller from the network is the Rust tests' (tests/it/pairing.rs).
import { assert, browser, check, screenshot, setLangTo, shotsDir, shown, tap, waitText } from '../lib.mjs';
import * as phone from '../phones.mjs';

/** The code's URL Settings shows, in `lang`, checked. */
async function showCode(lang) {
	await tap('pairing-start');
	const url = await waitText('pairing-url', (t) => t.startsWith('http://'), 'Settings shows the pairing URL');
	const parsed = new URL(url);
	assert(parsed.pathname === '/pair' && parsed.searchParams.get('lang') === lang, `the URL is the pairing page in ${lang} (${url})`);
	assert(/^#p\d+_[0-9a-f]{40}$/.test(parsed.hash), `the one-time code is in the fragment (${url})`);
	const qr = await shown('pairing-qr');
	assert((await qr.getAttribute('src')).startsWith('data:image/svg+xml'), 'the QR code is an SVG image');
	await browser.execute(() => document.querySelector('[data-testid="paired-devices"]')?.scrollIntoView({ block: 'start' }));
	return url;
}

export async function run() {
	/** @type {WebdriverIO.Browser | undefined} */
	let tablet;
	let codeFr = null;
	try {
		await check('pairing: Settings shows a one-time code, its QR code and the trusted-network warning (FR)', async () => {
			await setLangTo('fr');
			await tap('nav-settings');
			await shown('paired-none');
			await waitText(
				'pairing-trust',
				(t) => t.includes('HTTP simple') && t.includes('réseau de confiance'),
				'the warning says plain HTTP, a trusted network'
			);
			codeFr = await showCode('fr');
			await screenshot('pairing-settings-code-fr');
		});

		await check('pairing: a 390×844 tablet opens the code, names itself and is paired (FR)', async () => {
			assert(codeFr, 'a code was shown');
			tablet = await phone.startPhone('fr');
			await tablet.url(codeFr);
			await phone.shown(tablet, 'pair-name');
			assert((await phone.overflow(tablet)) <= 0, 'the pairing page fits the phone');
			await phone.shot(tablet, shotsDir, 'pairing-tablet-fr');
			await phone.typeInto(tablet, 'pair-name', 'Tablette du salon');
			await phone.tap(tablet, 'pair-submit');
			await tablet.waitUntil(async () => new URL(await tablet.getUrl()).pathname === '/', {
				timeoutMsg: 'the tablet never opened the app'
			});
			// At a tablet's 390 px the navigation sits behind its menu button.
			await phone.shown(tablet, 'nav-menu');
			const token = await tablet.execute(() => localStorage.getItem('greffier.paired-token'));
			assert(typeof token === 'string' && /^h\d+_[0-9a-f]{40}$/.test(token), `the tablet keeps its own token (${token})`);
			assert(!(await tablet.getUrl()).includes('#'), 'the spent code left the address bar');
			await phone.shot(tablet, shotsDir, 'pairing-tablet-paired-fr');
			// A paired tablet is the host: it manages the paired devices too, at its width.
			await phone.tap(tablet, 'nav-menu');
			await phone.tap(tablet, 'nav-settings');
			await phone.shown(tablet, 'paired-device');
			await tablet.execute(() => document.querySelector('[data-testid="paired-devices"]')?.scrollIntoView({ block: 'start' }));
			assert((await phone.overflow(tablet)) <= 0, 'Settings fits the tablet');
			await phone.shot(tablet, shotsDir, 'pairing-tablet-settings-fr', { top: false });
		});

		await check('pairing: the window lists the paired device', async () => {
			await waitText('paired-list', (t) => t.includes('Tablette du salon'), 'the list shows the new device');
			await waitText('paired-last-used', (t) => t.startsWith('utilisé le'), 'the tablet opening the app is its first use');
			await shown('pairing-start');
			await screenshot('pairing-settings-list-fr');
		});

		await check('pairing: in English, the code opens an English page', async () => {
			await setLangTo('en');
			await waitText('pairing-trust', (t) => t.includes('plain HTTP') && t.includes('network you trust'), 'the warning in English');
			const url = await showCode('en');
			await screenshot('pairing-settings-code-en');
			// A browser of its own: the paired one's saved preferences are not this one's.
			await phone.endPhone(tablet);
			tablet = await phone.startPhone('en');
			await tablet.url(url);
			const title = await (await phone.shown(tablet, 'pair-submit')).getText();
			assert(title === 'Pair', `the page speaks English (${title})`);
			await phone.shot(tablet, shotsDir, 'pairing-tablet-en');
			await tap('pairing-done');
		});

		await check('pairing: Revoke takes the device off the list', async () => {
			await tap('paired-revoke');
			await waitText('pairing-notice', (t) => t.includes('Tablette du salon'), 'the screen says which device was revoked');
			await shown('paired-none');
			await screenshot('pairing-settings-revoked-en');
		});
	} finally {
		await phone.endPhone(tablet);
		// The next areas speak French.
		await setLangTo('fr').catch(() => {});
	}
}
