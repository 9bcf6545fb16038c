import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { backend } from '$lib/backend';
import SetupChecklist from './SetupChecklist.svelte';

describe('setup checklist', () => {
	it('lists every step of the core’s checklist with a tick box and opens the rule of a step', async () => {
		// Les Cités de Splendor, Cities module, 2 players: 4 gems of each colour, no nobles…
		const steps = await backend.setupChecklist('splendor', 'cities', 2, false);
		const onrule = vi.fn();
		render(SetupChecklist, { props: { steps, open: true, onrule } });
		const box = screen.getByTestId('setup-step-0') as HTMLInputElement;
		expect(box.checked).toBe(false);
		await fireEvent.click(box);
		expect(box.checked).toBe(true);
		expect(screen.getByTestId('setup-checklist').textContent).toContain('Gem tokens: 4 of each colour');
		// One rule button per step that names a rule entry.
		const ruleButtons = screen.getAllByRole('button');
		expect(ruleButtons).toHaveLength(steps.filter((s) => s.rule).length);
		await fireEvent.click(ruleButtons[0]);
		expect(onrule).toHaveBeenCalledWith('splendor.setup.cities');
	});
});
