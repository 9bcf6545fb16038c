import { describe, expect, it, vi } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { backend } from '$lib/backend';
import { PREFERENCES_KEY } from '$lib/backend/http';
import { app } from '$lib/app.svelte';
import { fmtNumber, getLang, m, numberFormat, resolveLang, setLang, tx } from '$lib/i18n.svelte';

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
		expect(m.orl_team_shares({ put: '1', owed: '8' })).toBe('Paiement d’équipe\u202f: 1 pièce versée sur 8');
		setLang('en');
		expect(m.val_bid_rank({ rank: 1 })).toBe('rank 1');
		expect(m.val_gain_coins({ n: '1' })).toBe('+1 coin');
		expect(m.val_fountain_spaces({ n: '4' })).toBe('touches 4 spaces');
	});

	it('writes a negative number with the minus sign (U+2212), never a hyphen-minus, in both languages', () => {
		for (const lang of ['fr', 'en'] as const) {
			setLang(lang);
			expect(fmtNumber(-5)).toBe('\u22125');
			expect(fmtNumber(5)).toBe('5');
			expect(fmtNumber(-1234).startsWith('\u2212')).toBe(true);
		}
		setLang('fr');
		// A demand of 1 coin reads « −1 pièce » (the sign outside the counted words).
		expect(`\u2212${m.orl_pay_coins({ n: fmtNumber(1) })}`).toBe('\u22121 pièce');
	});

	it('shows a box name as the core sets it in each language (« Orléans\u202f: Invasion », the English box’s name in English)', async () => {
		const orleans = (await backend.listGames()).find((g) => g.id === 'orleans');
		const splendor = (await backend.listGames()).find((g) => g.id === 'splendor');
		setLang('fr');
		expect(tx(orleans?.name)).toBe('Orléans\u202f: Invasion');
		expect(tx(splendor?.name)).toBe('Les Cités de Splendor');
		setLang('en');
		expect(tx(orleans?.name)).toBe('Orléans: Invasion');
		expect(tx(splendor?.name)).toBe('Cities of Splendor');
	});

	it('picks the current side of a core Text, and formats numbers in the UI language', () => {
		setLang('fr');
		expect(tx({ fr: 'Fontaines', en: 'Fountains' })).toBe('Fontaines');
		expect(fmtNumber(1234)).toMatch(/^1\s?234$/u);
		setLang('en');
		expect(tx({ fr: 'Fontaines', en: 'Fountains' })).toBe('Fountains');
		expect(fmtNumber(1234)).toBe('1,234');
	});

	it('writes a negative number with the minus sign, decimals and percentages too', () => {
		setLang('fr');
		expect(fmtNumber(-1.44, { maximumFractionDigits: 1 })).toBe('\u22121,4');
		expect(fmtNumber(-0.25, { style: 'percent' })).toMatch(/^\u221225\s?%$/u);
		setLang('en');
		expect(fmtNumber(-3)).toBe('\u22123');
	});

	it('formats numbers in one place: no screen builds its own number formatter', () => {
		const found: string[] = [];
		const walk = (dir: string) => {
			for (const e of readdirSync(dir, { withFileTypes: true })) {
				const path = join(dir, e.name);
				if (e.isDirectory()) {
					if (e.name !== 'paraglide') walk(path);
				} else if (/\.(svelte|ts)$/.test(e.name) && !/\.test\.ts$|i18n\.svelte\.ts$/.test(e.name)) {
					const text = readFileSync(path, 'utf8');
					for (const bad of ['numberFormat(', 'Intl.NumberFormat', 'toLocaleString(', 'toFixed('])
						if (text.includes(bad)) found.push(`${path}: ${bad}`);
				}
			}
		};
		walk(resolve(import.meta.dirname, '..'));
		expect(found).toEqual([]);
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
		// A phone at an open table speaks the host's language until its player picks one.
		expect(resolveLang(null, 'fr')).toBe('fr');
		expect(resolveLang('en', 'fr')).toBe('en');
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
	it('shows the core’s French as it comes: a narrow no-break space before « : » (a rule entry, a search hit), none in English', async () => {
		const entry = await backend.getRule('orleans.tie_break');
		setLang('fr');
		expect(tx(entry.title)).toBe('Départage à Orléans\u202f: Invasion');
		setLang('en');
		expect(tx(entry.title)).not.toMatch(/\u202f/u);
		const found = await backend.searchRules('départage orléans', { game: 'orleans', lang: 'fr', limit: 5 });
		expect(found.hits.map((h) => h.title)).toContain('Départage à Orléans\u202f: Invasion');
	});
});

describe('backend errors in words', () => {
	it('says a read-only history and one needing an upgrade as what they are, not as a database failure', async () => {
		const { errorText } = await import('$lib/labels');
		const { BackendError } = await import('$lib/backend');
		setLang('en');
		expect(errorText(new BackendError('read_only', 'x'))).toBe(
			'This history is read-only (its file or folder cannot be written): nothing was changed.'
		);
		expect(errorText(new BackendError('needs_upgrade', 'x'))).toMatch(/^This history was written by an older Greffier/);
		setLang('fr');
		expect(errorText(new BackendError('read_only', 'x'))).toBe(
			'Cet historique est en lecture seule (son fichier ou son dossier ne peut pas être écrit)\u202f: rien n’a été modifié.'
		);
		expect(errorText(new BackendError('database', 'x'))).toBe('La base de données n’a pas pu être lue ou écrite.');
	});
});
