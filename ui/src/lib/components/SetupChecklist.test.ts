import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { backend, BackendError } from '$lib/backend';
import { startPlay } from '../../test-support';
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

	it('keeps the ticks with the play in the core, by the step’s id, and carries the ticks this webview kept once', async () => {
		const three = await backend.setupChecklist('citadelles', 'classique', 3, false);
		const four = await backend.setupChecklist('citadelles', 'classique', 4, false);
		const play = await startPlay('citadelles', 'classique', ['Ani', 'Dirk', 'Lilli']);
		const key = `greffier.setup.${play.uuid}`;
		// Ticks an older version kept by position in this webview: the 5th step (the characters).
		localStorage.setItem(key, JSON.stringify([false, false, false, false, true]));
		const first = render(SetupChecklist, { props: { steps: three, play, onrule: () => {} } });
		await waitFor(() => expect((screen.getByTestId('setup-step-4') as HTMLInputElement).checked).toBe(true));
		await waitFor(() => expect(localStorage.getItem(key)).toBeNull());
		expect((await backend.getPlay(play.id)).setup_done).toEqual(['characters']);
		await fireEvent.click(screen.getByTestId('setup-step-6'));
		await waitFor(async () => expect((await backend.getPlay(play.id)).setup_done).toEqual(['characters', 'end']));
		first.unmount();
		// Another screen reading the play (another device), with a list that has no « two
		// characters » step: the ticks stay on their steps.
		render(SetupChecklist, { props: { steps: four, play: await backend.getPlay(play.id), onrule: () => {} } });
		await waitFor(() => expect(screen.getByTestId('setup-count').textContent).toBe('2/7'));
		const ticked = [...document.querySelectorAll<HTMLInputElement>('[data-step]')].filter((b) => b.checked).map((b) => b.dataset.step);
		expect(ticked).toEqual(['characters', 'end']);
		// The core refuses a step that is not the play's, naming it.
		const refused = await backend.setSetupDone(play.id, ['nowhere']).catch((e: unknown) => BackendError.from(e));
		expect(refused).toBeInstanceOf(BackendError);
		expect((refused as BackendError).problems.map((p) => p.field)).toEqual(['done[0]']);
	});
});
