// Settings › Paired devices on the real core: `greffier serve` of its own, a device
// paired with a code from the screen, its use from another address (127.0.0.2: not this
// machine's own user, as a tablet on the network), Revoke, and the door refusing it at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { request } from 'node:http';
import { setLang } from '$lib/i18n.svelte';
import { backend } from '$lib/backend';
import { ownServer } from '../../../test-support';
import PairedDevicesPanel from './PairedDevicesPanel.svelte';

let server: { url: string; stop: () => Promise<void> };
beforeEach(async () => {
	server = await ownServer();
});
afterEach(() => server.stop());

/** `POST /api/<operation>` from 127.0.0.2 with a paired token, as a tablet would: its status. */
function callFromTablet(operation: string, token: string | null): Promise<number> {
	const url = new URL(`${server.url}/api/${operation}`);
	const headers: Record<string, string> = { 'Content-Type': 'application/json' };
	if (token) headers.Authorization = `Bearer ${token}`;
	return new Promise((ok, fail) => {
		const sent = request(
			{ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers, localAddress: '127.0.0.2' },
			(answer) => {
				answer.resume();
				answer.on('end', () => ok(answer.statusCode ?? 0));
			}
		);
		sent.on('error', fail);
		sent.end('{"filter": {}}');
	});
}

describe('Settings, paired devices', () => {
	it('pairs a device with the code it shows, lists its last use and revokes it at once (EN)', async () => {
		setLang('en');
		render(PairedDevicesPanel);
		await screen.findByTestId('paired-none');
		expect(screen.getByTestId('pairing-trust').textContent).toMatch(/plain HTTP.*network you trust/);

		const start = screen.getByTestId('pairing-start') as HTMLButtonElement;
		await waitFor(() => expect(start.disabled).toBe(false));
		await fireEvent.click(start);
		const url = (await screen.findByTestId('pairing-url', {}, { timeout: 5000 })).textContent ?? '';
		expect(url.startsWith(`${server.url}/pair?lang=en#p`)).toBe(true);
		expect((screen.getByTestId('pairing-qr') as HTMLImageElement).src).toMatch(/^data:image\/svg\+xml/);
		// Served on the loopback only: the screen says no tablet reaches this page.
		expect(screen.getByTestId('pairing-not-reachable').textContent).toMatch(/--host 0.0.0.0/);

		// The tablet pairs with the code the screen shows, without any token (from the network).
		const code = decodeURIComponent(url.split('#')[1]);
		const paired = await backend.pairDevice(code, 'Tablette du salon');
		const item = await screen.findByTestId('paired-device', {}, { timeout: 5000 });
		expect(item.textContent).toContain('Tablette du salon');
		expect(within(item).getByTestId('paired-last-used').textContent).toBe('not used yet');
		expect(screen.queryByTestId('pairing-offer')).toBeNull();
		// A code pairs once.
		await expect(backend.pairDevice(code, 'Twice')).rejects.toMatchObject({ kind: 'unauthorized' });

		// The tablet, from the network: nothing without its token, everything with it.
		expect(await callFromTablet('list_plays', null)).toBe(403);
		expect(await callFromTablet('list_plays', paired.token)).toBe(200);
		const devices = await backend.listPairedDevices();
		expect(devices[0].last_used_at).not.toBeNull();

		const revoke = within(item).getByTestId('paired-revoke') as HTMLButtonElement;
		await waitFor(() => expect(revoke.disabled).toBe(false));
		await fireEvent.click(revoke);
		await screen.findByTestId('paired-none');
		expect(screen.getByTestId('pairing-notice').textContent).toBe('Tablette du salon was revoked: it no longer gets in.');
		expect(await callFromTablet('list_plays', paired.token)).toBe(401);
	});

	it("shows a device's last use and speaks French", async () => {
		setLang('fr');
		const { code } = await backend.pairingCode('fr', null);
		const { token } = await backend.pairDevice(code, 'iPad');
		expect(await callFromTablet('list_plays', token)).toBe(200);
		render(PairedDevicesPanel);
		const item = await screen.findByTestId('paired-device');
		expect(within(item).getByTestId('paired-last-used').textContent).toMatch(/^utilisé le /);
		expect(within(item).getByTestId('paired-revoke').getAttribute('aria-label')).toBe('Révoquer iPad');
		expect(screen.getByTestId('pairing-trust').textContent).toMatch(/HTTP simple.*réseau de confiance/);
		await waitFor(() => expect(screen.getByText('Appareils appairés')).toBeTruthy());
	});
});
