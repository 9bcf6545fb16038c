import { describe, expect, it, vi } from 'vitest';
import { backend } from '$lib/backend';
import { PREFERENCES_KEY } from '$lib/backend/http';
import { app } from '$lib/app.svelte';
import { boxName, fmtNumber, getLang, m, numberFormat, resolveLang, setLang, tx } from '$lib/i18n.svelte';

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

	it('writes French ordinals and counted words in the form their count takes (1er, 2e; 1 pièce, 0 partie)', () => {
		setLang('fr');
		expect(m.val_bid_rank({ rank: 1 })).toBe('1er');
		expect(m.val_bid_rank({ rank: 2 })).toBe('2e');
		expect(m.val_rank_total({ rank: 1, total: '12' })).toBe('1er · 12 pts');
		expect(m.val_council_needs({ n: '1' })).toBe('Mission Conseil à cette table\u202f: 1 membre au Conseil.');
		expect(m.orl_pay_coins({ n: '0' })).toBe('0 pièce');
		expect(m.orl_pay_coins({ n: '3' })).toBe('3 pièces');
		expect(m.st_h_index_help({ h: '1' })).toBe('1 jeu joué au moins 1 fois');
		expect(m.st_h_index_help({ h: '2' })).toBe('2 jeux joués chacun au moins 2 fois');
		expect(m.orl_goal_deadline({ round: '12', left: '1' })).toBe('avant la fin de la manche 12 (1 restante)');
		expect(m.orl_team_shares({ put: '1', owed: '8' })).toBe('Paiement d’équipe\u202f: 1 pièce versée sur 8'.replace('’', "'"));
		setLang('en');
		expect(m.val_bid_rank({ rank: 1 })).toBe('rank 1');
		expect(m.val_gain_coins({ n: '1' })).toBe('+1 coin');
		expect(m.val_fountain_spaces({ n: '4' })).toBe('touches 4 spaces');
	});

	it('sets a box name French-style in French only (« Orléans : Invasion »)', () => {
		setLang('fr');
		expect(boxName('Orléans: Invasion')).toBe('Orléans\u202f: Invasion');
		expect(boxName('Les Cités de Splendor')).toBe('Les Cités de Splendor');
		setLang('en');
		expect(boxName('Orléans: Invasion')).toBe('Orléans: Invasion');
	});

	it('picks the current side of a core Text, and formats numbers in the UI language', () => {
		setLang('fr');
		expect(tx({ fr: 'Fontaines', en: 'Fountains' })).toBe('Fontaines');
		expect(fmtNumber(1234)).toMatch(/^1\s?234$/u);
		setLang('en');
		expect(tx({ fr: 'Fontaines', en: 'Fountains' })).toBe('Fountains');
		expect(fmtNumber(1234)).toBe('1,234');
	});

	it('keeps one number formatter per language and options, and follows a language change', () => {
		setLang('fr');
		const fr = numberFormat({ maximumFractionDigits: 1 });
		expect(numberFormat({ maximumFractionDigits: 1 })).toBe(fr);
		expect(numberFormat({ maximumFractionDigits: 2 })).not.toBe(fr);
		expect(fr.format(2.5)).toBe('2,5');
		setLang('en');
		const en = numberFormat({ maximumFractionDigits: 1 });
		expect(en).not.toBe(fr);
		expect(en.format(2.5)).toBe('2.5');
		setLang('fr');
		expect(numberFormat({ maximumFractionDigits: 1 })).toBe(fr);
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
		// In a browser the preferences are the page's (localStorage); the games are the core's.
		await backend.setPreferences({ language: 'fr', theme: 'dark', default_player_count: 3 });
		await app.init();
		expect(getLang()).toBe('fr');
		expect(app.notice).toBeNull();
		expect(document.documentElement.dataset.theme).toBe('dark');
		expect(app.games.map((g) => g.id)).toContain('valencia');

		await app.setLanguage('en');
		expect(getLang()).toBe('en');
		expect((await backend.getPreferences()).preferences.language).toBe('en');

		// Unreadable stored preferences: defaults, and the notice says they were reset.
		localStorage.setItem(PREFERENCES_KEY, '{oops');
		await app.init();
		expect(app.notice).toBe('reset');
	});
});

describe('French typography', () => {
	it('puts a narrow no-break space before « : ; ? ! », in French only, and leaves times and links alone', async () => {
		const { frenchSpacing, tx, setLang } = await import('./i18n.svelte');
		expect(frenchSpacing('Orléans : Invasion ; qui gagne ? Bravo !')).toBe('Orléans\u202f: Invasion\u202f; qui gagne\u202f? Bravo\u202f!');
		expect(frenchSpacing('à 20:30, voir https://x.fr')).toBe('à 20:30, voir https://x.fr');
		expect(frenchSpacing('avant « Enregistrer »')).toBe('avant «\u202fEnregistrer\u202f»');
		const text = { fr: 'Égalité : le Roi gagne.', en: 'Tie: the King wins.' };
		setLang('fr');
		expect(tx(text)).toBe('Égalité\u202f: le Roi gagne.');
		setLang('en');
		expect(tx(text)).toBe('Tie: the King wins.');
	});
});
