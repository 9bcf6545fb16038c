// Seat colours. Valencia's physical pieces come first (red, yellow, blue, white, black); the
// stored value is the id, which is also a valid CSS colour name as a fallback.
export const PALETTE = [
	{ id: 'red', css: '#c62828' },
	{ id: 'yellow', css: '#f9c80e' },
	{ id: 'blue', css: '#1e5bd8' },
	{ id: 'white', css: '#ffffff' },
	{ id: 'black', css: '#111111' },
	{ id: 'green', css: '#2e7d32' },
	{ id: 'purple', css: '#7b1fa2' },
	{ id: 'orange', css: '#ef6c00' },
	{ id: 'pink', css: '#e573b5' },
	{ id: 'grey', css: '#8a8a8a' }
] as const;

export type ColourId = (typeof PALETTE)[number]['id'];

export function colourCss(id: string | null | undefined): string {
	if (!id) return 'transparent';
	return PALETTE.find((c) => c.id === id)?.css ?? id;
}

/** Light colours need an outline to be seen on a light background (and white pieces always). */
export function needsOutline(id: string | null | undefined): boolean {
	return id === 'white' || id === 'yellow' || id === 'black' || !id;
}

/** First palette colour not in `taken`, preferring `preferred`. */
export function nextColour(taken: (string | null)[], preferred?: string | null): string | null {
	if (preferred && !taken.includes(preferred)) return preferred;
	return PALETTE.find((c) => !taken.includes(c.id))?.id ?? null;
}
