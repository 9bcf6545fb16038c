// UI language: Paraglide compiles messages/{fr,en}.json into typed functions (`m.key()`); they
// read the locale through getLocale(), which we point at a rune so that every message in the
// UI re-renders when the language changes (no reload).
import { overwriteGetLocale, overwriteSetLocale } from '$lib/paraglide/runtime';
import type { Lang, Text } from '$lib/backend';
import { m } from '$lib/paraglide/messages';

export { m };

let current = $state<Lang>('en');

overwriteGetLocale(() => current);
overwriteSetLocale((l) => {
	current = l as Lang;
});

export function getLang(): Lang {
	return current;
}

export function setLang(l: Lang): void {
	current = l;
	if (typeof document !== 'undefined') document.documentElement.lang = l;
}

/** The OS/webview language if it is one of ours, else English. */
export function systemLang(): Lang {
	const langs = typeof navigator !== 'undefined' ? [...(navigator.languages ?? []), navigator.language] : [];
	for (const l of langs) {
		const base = (l ?? '').slice(0, 2).toLowerCase();
		if (base === 'fr' || base === 'en') return base;
	}
	return 'en';
}

/** Saved preference → the host's language (a phone at an open table) → navigator language →
 * English. */
export function resolveLang(saved: Lang | null | undefined, host: Lang | null = null): Lang {
	return saved ?? host ?? systemLang();
}

/** Picks the current language's side of a bilingual text from the core. The core sets French
 * typography itself (a narrow no-break space before « : ; ? ! » and inside « »), game box names
 * included: the text is shown as it comes. */
export function tx(text: Text | null | undefined): string {
	if (!text) return '';
	return text[current] || text.fr || text.en;
}

/**
 * The current language's number formatter for these options. Building an Intl formatter is slow
 * (tens of µs) and a sheet formats every number it shows at each keystroke: each one is built
 * once per language and options, then kept.
 */
export function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
	return kept(numberFormats, options, () => new Intl.NumberFormat(current, options));
}

/** The current language's date formatter for these options, built once (as `numberFormat`). */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
	return kept(dateFormats, options, () => new Intl.DateTimeFormat(current, options));
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function kept<F>(made: Map<string, F>, options: object, make: () => F): F {
	const key = `${current} ${JSON.stringify(options)}`;
	let f = made.get(key);
	if (f === undefined) {
		f = make();
		made.set(key, f);
	}
	return f;
}

/** A number for players: the language's grouping, and a negative one with the minus sign
 * (U+2212), not the hyphen-minus some locales' formats give. Every number a screen shows goes
 * through here (`options`: decimals, a percentage…), so the sign is written in one place. */
export function fmtNumber(n: number | null | undefined, options: Intl.NumberFormatOptions = {}): string {
	if (n === null || n === undefined) return '—';
	return numberFormat(options)
		.format(n)
		.replace(/^[-\u002d]/, '\u2212');
}

/** A player's total, or the mark of a result recorded without one (a score BG Stats did not
 * keep): never a 0 the core did not give. */
export function fmtTotal(total: number | null | undefined): string {
	return total === null || total === undefined ? m.no_total() : fmtNumber(total);
}

export function fmtDate(iso: string | null | undefined): string {
	if (!iso) return '—';
	const d = new Date(iso);
	if (Number.isNaN(d.getTime())) return iso;
	return dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** "1 h 25 min" style, in the current language. */
export function fmtDuration(fromIso: string, toIso: string | null): string {
	if (!toIso) return '—';
	const mins = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 60000));
	if (!Number.isFinite(mins)) return '—';
	const unit = (unit: 'hour' | 'minute', v: number) => numberFormat({ style: 'unit', unit, unitDisplay: 'short' }).format(v);
	const h = Math.floor(mins / 60);
	return h > 0 ? `${unit('hour', h)} ${unit('minute', mins % 60)}` : unit('minute', mins);
}
