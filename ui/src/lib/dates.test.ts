import { describe, expect, it } from 'vitest';
import { parseDay, shownDay } from './dates';

describe('date fields', () => {
	it('read a day as players write it, and refuse what is not a date', () => {
		expect(parseDay('24/11/2026')).toBe('2026-11-24');
		expect(parseDay('1/2/2025')).toBe('2025-02-01');
		expect(parseDay('2026-11-24')).toBe('2026-11-24');
		expect(parseDay('  ')).toBe('');
		expect(parseDay('31/02/2026')).toBeNull();
		expect(parseDay('11/24/2026')).toBeNull();
		expect(parseDay('demain')).toBeNull();
		expect(shownDay('2026-11-24')).toBe('24/11/2026');
		expect(shownDay('')).toBe('');
	});
});
