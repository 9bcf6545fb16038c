// Text comparison as the search boxes do it: case and accents ignored (é → e, Ç → c).

/** Lower case without accents (combining marks removed after NFD). */
export function fold(s: string): string {
	return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
