import { describe, expect, it, vi } from 'vitest';
import { setBackend } from '$lib/backend';
import { createFakeBackend } from '$lib/backend/fake';
import { app } from '$lib/app.svelte';
import { fmtNumber, getLang, m, resolveLang, setLang, tx } from '$lib/i18n.svelte';

describe('i18n', () => {
	it('switches every message live', () => {
		setLang('fr');
		expect(m.nav_history()).toBe('Historique');
		expect(m.plays_count({ count: 1 })).toBe('1 partie');
		expect(m.plays_count({ count: 3 })).toBe('3 parties');
		setLang('en');
		expect(m.nav_history()).toBe('History');
		expect(m.plays_count({ count: 1 })).toBe('1 play');
	});

	it('picks the current side of a core Text, and formats numbers in the UI language', () => {
		setLang('fr');
		expect(tx({ fr: 'Fontaines', en: 'Fountains' })).toBe('Fontaines');
		expect(fmtNumber(1234)).toMatch(/^1\s?234$/u);
		setLang('en');
		expect(tx({ fr: 'Fontaines', en: 'Fountains' })).toBe('Fountains');
		expect(fmtNumber(1234)).toBe('1,234');
	});

	it('resolves the language: saved preference, then the system, then English', () => {
		expect(resolveLang('fr')).toBe('fr');
		const langs = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'fr-CH']);
		expect(resolveLang(null)).toBe('fr');
		langs.mockReturnValue(['de-DE']);
		const lang = vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
		expect(resolveLang(null)).toBe('en');
		langs.mockRestore();
		lang.mockRestore();
	});

	it('loads the saved preferences and reports a reset preferences file', async () => {
		const fake = createFakeBackend({ notice: 'reset' });
		await fake.setPreferences({ language: 'fr', theme: 'dark', default_player_count: 3 });
		setBackend(fake);
		await app.init();
		expect(getLang()).toBe('fr');
		expect(app.notice).toBe('reset');
		expect(document.documentElement.dataset.theme).toBe('dark');
		expect(app.games.map((g) => g.id)).toContain('valencia');

		await app.setLanguage('en');
		expect(getLang()).toBe('en');
		expect(fake.db.preferences.language).toBe('en');
	});
});

describe('French typography', () => {
	it('puts a narrow no-break space before « : ; ? ! », in French only, and leaves times and links alone', async () => {
		const { frenchSpacing, tx, setLang } = await import('./i18n.svelte');
		expect(frenchSpacing('Orléans : Invasion ; qui gagne ? Bravo !')).toBe('Orléans\u202f: Invasion\u202f; qui gagne\u202f? Bravo\u202f!');
		expect(frenchSpacing('à 20:30, voir https://x.fr')).toBe('à 20:30, voir https://x.fr');
		const text = { fr: 'Égalité : le Roi gagne.', en: 'Tie: the King wins.' };
		setLang('fr');
		expect(tx(text)).toBe('Égalité\u202f: le Roi gagne.');
		setLang('en');
		expect(tx(text)).toBe('Tie: the King wins.');
	});
});
