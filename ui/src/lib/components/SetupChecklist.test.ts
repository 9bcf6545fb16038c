import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import SetupChecklist from './SetupChecklist.svelte';

describe('setup checklist', () => {
	const steps = [
		{ text: { fr: 'Jetons gemmes : 5 de chaque couleur.', en: 'Gem tokens: 5 of each colour.' }, rule: null },
		{ text: { fr: 'Nobles : 4 tuiles.', en: 'Nobles: 4 tiles.' }, rule: 'splendor.setup.orient' }
	];

	it('lists every step with a tick box and opens the rule of a step', async () => {
		const onrule = vi.fn();
		render(SetupChecklist, { props: { steps, open: true, onrule } });
		const box = screen.getByTestId('setup-step-0') as HTMLInputElement;
		expect(box.checked).toBe(false);
		await fireEvent.click(box);
		expect(box.checked).toBe(true);
		expect(screen.getByTestId('setup-checklist').textContent).toContain('Gem tokens: 5 of each colour.');
		const ruleButtons = screen.getAllByRole('button');
		expect(ruleButtons).toHaveLength(1);
		await fireEvent.click(ruleButtons[0]);
		expect(onrule).toHaveBeenCalledWith('splendor.setup.orient');
	});
});
