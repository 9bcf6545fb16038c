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

	it('keeps a tick by the step’s id: a list that gains a step keeps it on the same step, and ticks kept by position are mapped once', async () => {
		const three = await backend.setupChecklist('citadelles', 'classique', 3, false);
		const four = await backend.setupChecklist('citadelles', 'classique', 4, false);
		const play = 'setup-ids-test';
		// Ticks kept by position before: the 5th step (the characters) at 3 players.
		localStorage.setItem(`greffier.setup.${play}`, JSON.stringify([false, false, false, false, true]));
		const first = render(SetupChecklist, { props: { steps: three, play, onrule: () => {} } });
		expect((screen.getByTestId('setup-step-4') as HTMLInputElement).checked).toBe(true);
		expect(JSON.parse(localStorage.getItem(`greffier.setup.${play}`) ?? '')).toEqual({ ids: ['characters'] });
		await fireEvent.click(screen.getByTestId('setup-step-6'));
		first.unmount();
		// At 4 players the list has no « two characters » step: the ticks stay on their steps.
		render(SetupChecklist, { props: { steps: four, play, onrule: () => {} } });
		const ticked = [...document.querySelectorAll<HTMLInputElement>('[data-step]')].filter((b) => b.checked).map((b) => b.dataset.step);
		expect(ticked).toEqual(['characters', 'end']);
		expect(screen.getByTestId('setup-count').textContent).toBe('2/7');
	});
});
