// The sheet's own fields speak the UI's language: letters in a number are refused on the field
// with a message; dates are typed as jj/mm/aaaa, not in the system's picker.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { setLang } from '$lib/i18n.svelte';
import Stepper from './Stepper.svelte';
import DateField from './DateField.svelte';

describe('fields', () => {
	it('a number field refuses letters on the field, with a message, and sends nothing', async () => {
		setLang('fr');
		const onchange = vi.fn();
		render(Stepper, { props: { value: 3, label: 'Ani — Fontaines', testid: 'cell', onchange } });
		await fireEvent.input(screen.getByTestId('cell'), { target: { value: '4a' } });
		expect(screen.getByTestId('cell-refused').textContent).toBe('Des chiffres seulement (le nombre n’a pas été pris).');
		expect(onchange).not.toHaveBeenCalled();
		await fireEvent.input(screen.getByTestId('cell'), { target: { value: '4' } });
		expect(screen.queryByTestId('cell-refused')).toBeNull();
		expect(onchange).toHaveBeenCalledWith(4, true);
		setLang('en');
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
