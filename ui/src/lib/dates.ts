// Dates typed in the UI's own date fields: `DD/MM/YYYY` (the way French and British players
// write them), also `YYYY-MM-DD`; stored as `YYYY-MM-DD`.

/** What was typed as `YYYY-MM-DD`; '' when empty; null when it is not a real date. */
export function parseDay(text: string): string | null {
	const t = text.trim();
	if (t === '') return '';
	const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
	const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
	const [day, month, year] = dmy ? [+dmy[1], +dmy[2], +dmy[3]] : ymd ? [+ymd[3], +ymd[2], +ymd[1]] : [0, 0, 0];
	if (!year) return null;
	const date = new Date(Date.UTC(year, month - 1, day));
	if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
	return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` as a date field shows it: `DD/MM/YYYY`. */
export function shownDay(iso: string): string {
	const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
	return d ? `${d[3]}/${d[2]}/${d[1]}` : '';
}
