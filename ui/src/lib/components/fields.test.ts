// The sheet's own fields speak the UI's language: letters in a number are refused on the field
// with a message; dates are typed as jj/mm/aaaa, not in the system's picker.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { setLang } from '$lib/i18n.svelte';
import Stepper, { refusedFields } from './Stepper.svelte';
import DateField from './DateField.svelte';

describe('fields', () => {
	it('a number field keeps what is not a whole number, says it does not count, and empties its value', async () => {
		setLang('fr');
		const onchange = vi.fn();
		render(Stepper, { props: { value: 3, label: 'Ani — Fontaines', testid: 'cell', onchange } });
		const field = screen.getByTestId('cell') as HTMLInputElement;
		await fireEvent.input(field, { target: { value: '3.5' } });
		expect(screen.getByTestId('cell-refused').textContent).toBe('Pas un nombre entier\u202f: ne compte pas.');
		// Not 3 (what the text held before): nothing counts until it is fixed.
		expect(onchange).toHaveBeenLastCalledWith(null, true);
		expect(field.value).toBe('3.5');
		expect(field.getAttribute('aria-invalid')).toBe('true');
		expect(field.getAttribute('aria-describedby')).toBe(screen.getByTestId('cell-refused').id);
		expect(refusedFields.get('cell')).toBe('Ani — Fontaines');
		await fireEvent.input(field, { target: { value: '4' } });
		expect(screen.queryByTestId('cell-refused')).toBeNull();
		expect(onchange).toHaveBeenLastCalledWith(4, true);
		expect(refusedFields.has('cell')).toBe(false);
		setLang('en');
	});

	it('a number field sends a whole number of any size: the core’s limits decide', async () => {
		const onchange = vi.fn();
		render(Stepper, { props: { value: null, label: 'Ani — Fontaines', testid: 'cell', max: 15, onchange } });
		await fireEvent.input(screen.getByTestId('cell'), { target: { value: '99999' } });
		expect(onchange).toHaveBeenLastCalledWith(99999, true);
		expect(screen.queryByTestId('cell-refused')).toBeNull();
	});

	it('a date field reads jj/mm/aaaa in French and says when it is not a date', async () => {
		setLang('fr');
		const onchange = vi.fn();
		render(DateField, { props: { value: '', label: 'Du', testid: 'from', onchange } });
		const input = screen.getByTestId('from') as HTMLInputElement;
		expect(input.placeholder).toBe('jj/mm/aaaa');
		await fireEvent.input(input, { target: { value: '31/02/2026' } });
		await fireEvent.change(input);
		expect(screen.getByTestId('from-problem').textContent).toBe('Ce n’est pas une date\u202f: écrivez-la comme jj/mm/aaaa.');
		expect(onchange).not.toHaveBeenCalled();
		await fireEvent.input(input, { target: { value: '24/11/2026' } });
		await fireEvent.change(input);
		expect(onchange).toHaveBeenCalledWith('2026-11-24');
		expect(screen.queryByTestId('from-problem')).toBeNull();
		setLang('en');
	});
});
