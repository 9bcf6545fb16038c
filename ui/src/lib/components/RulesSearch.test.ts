import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import Highlighted from './Highlighted.svelte';
import RulesSearch from './RulesSearch.svelte';
import { rulesView } from '$lib/views.svelte';
import type { SearchFilter } from '$lib/backend';
import { setLang } from '$lib/i18n.svelte';
import { app } from '$lib/app.svelte';
import { allGames, recording } from '../../test-support';

describe('rules search', () => {
	it('renders hit segments in <mark> as text, never as HTML', () => {
		const { container } = render(Highlighted, {
			props: {
				segments: [
					{ text: 'before ', hit: false },
					{ text: '<img src=x onerror="alert(1)">', hit: true },
					{ text: ' <b>after</b>', hit: false }
				]
			}
		});
		expect(container.querySelector('img')).toBeNull();
		expect(container.querySelector('b')).toBeNull();
		const marks = container.querySelectorAll('mark');
		expect(marks).toHaveLength(1);
		expect(marks[0].textContent).toBe('<img src=x onerror="alert(1)">');
		expect(container.textContent).toBe('before <img src=x onerror="alert(1)"> <b>after</b>');
	});

	it('updates results as you type, with highlighted hits', async () => {
		rulesView.query = '';
		render(RulesSearch, { props: { debounceMs: 1 } });
		await fireEvent.input(screen.getByTestId('rules-search'), { target: { value: 'fountain' } });
		const hit = await waitFor(() => screen.getByTestId('rule-hit-valencia.scoring.fountains'));
		expect(hit.getAttribute('href')).toBe('/rules/valencia.scoring.fountains');
		const marks = [...hit.querySelectorAll('mark')].map((m) => m.textContent);
		expect(marks.length).toBeGreaterThan(0);
		expect(marks.every((m) => m?.toLowerCase() === 'fountain')).toBe(true);
	});

	it('offers close terms when nothing matches, and sends the filters and the preferred game', async () => {
		const { calls } = recording('searchRules');
		const asked = calls.searchRules as [string, SearchFilter][];
		rulesView.query = '';
		rulesView.prefer = 'valencia';
		rulesView.kind = 'scoring';
		render(RulesSearch, { props: { debounceMs: 1 } });
		// No scoring entry holds « chatteau », nor a word one typo away: the core offers the
		// word of its vocabulary closest to it that has entries under these filters.
		await fireEvent.input(screen.getByTestId('rules-search'), { target: { value: 'chatteau' } });
		const suggestion = await screen.findByTestId('rules-suggestion');
		expect(suggestion.textContent).toBe('chateau');
		expect(asked.at(-1)).toEqual(['chatteau', expect.objectContaining({ prefer: 'valencia', kind: 'scoring', limit: 30 })]);
		// Tapping the suggestion searches it.
		await fireEvent.click(suggestion);
		await waitFor(() => expect(asked.at(-1)?.[0]).toBe('chateau'));
		expect((screen.getByTestId('rules-search') as HTMLInputElement).value).toBe('chateau');
		rulesView.kind = null;
		rulesView.prefer = null;
	});

	it('says which game comes first, and puts every game alike in one tap', async () => {
		const { calls } = recording('searchRules');
		const asked = calls.searchRules as [string, SearchFilter][];
		rulesView.query = '';
		rulesView.game = null;
		rulesView.prefer = 'citadelles';
		app.games = await allGames();
		render(RulesSearch, { props: { debounceMs: 1 } });
		await fireEvent.input(screen.getByTestId('rules-search'), { target: { value: 'fountain' } });
		const said = await screen.findByTestId('rules-prefer');
		expect(said.textContent).toContain('Citadels first (the play under way).');
		await fireEvent.click(screen.getByTestId('rules-prefer-clear'));
		await waitFor(() => expect(asked.at(-1)?.[1]).toEqual(expect.objectContaining({ prefer: null })));
		expect(screen.queryByTestId('rules-prefer')).toBeNull();
		expect(rulesView.prefer).toBeNull();
	});

	it('shows the entries of a word typed with a typo, says which word it searched and marks it', async () => {
		// In French, where the Warlord is « Condottiere » (with two t).
		setLang('fr');
		rulesView.query = '';
		render(RulesSearch, { props: { debounceMs: 1 } });
		await fireEvent.input(screen.getByTestId('rules-search'), { target: { value: 'condotiere' } });
		const hit = await screen.findByTestId('rule-hit-citadelles.character.warlord');
		expect([...hit.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Condottiere']);
		expect(screen.getByTestId('rules-corrected').textContent).toContain('condottiere');
		// A query found as typed says nothing of the kind.
		await fireEvent.input(screen.getByTestId('rules-search'), { target: { value: 'fontaine' } });
		await screen.findByTestId('rule-hit-valencia.scoring.fountains');
		expect(screen.queryByTestId('rules-corrected')).toBeNull();
		setLang('en');
	});

	it('answers a question about another game "not in these rules", its words said, the closest entries apart', async () => {
		setLang('en');
		rulesView.query = '';
		rulesView.prefer = null;
		app.games = await allGames();
		render(RulesSearch, { props: { debounceMs: 1 } });
		await fireEvent.input(screen.getByTestId('rules-search'), { target: { value: 'carcassonne abbaye' } });
		const said = await screen.findByTestId('rules-not-in-rules');
		expect(said.textContent).toContain('Not in these rules.');
		expect(said.textContent).toContain('“carcassonne” and “abbaye” are in none of the rules Greffier knows');
		// The games it knows, as the core names them, in a sentence.
		const names = (await allGames()).map((g) => g.name.en);
		expect(said.textContent).toContain(`${names.slice(0, -1).join(', ')}, and ${names.at(-1)}.`);
		// No answer: the Abbot is only among the closest entries, under their own heading.
		expect(screen.queryByTestId('rules-hits')).toBeNull();
		expect(screen.queryByTestId('rules-count')).toBeNull();
		const closest = screen.getByTestId('rules-closest');
		expect(closest.querySelector('h2')?.textContent).toBe('Closest entries, which do not answer the question:');
		expect(screen.getByTestId('rule-closest-citadelles.character.abbot').textContent).toContain('Abbot');
		// The word the core is not sure of is offered, never answered.
		expect(screen.getByTestId('rules-maybe').textContent).toBe('abbaye → abbé?');
	});

	it('offers a correction that may be another word, and searches it when tapped', async () => {
		setLang('fr');
		rulesView.query = '';
		render(RulesSearch, { props: { debounceMs: 1 } });
		await fireEvent.input(screen.getByTestId('rules-search'), { target: { value: 'dixit conteur' } });
		const said = await screen.findByTestId('rules-not-in-rules');
		expect(said.textContent).toContain('Pas dans ces règles.');
		expect(said.textContent).toContain('«\u202fdixit\u202f» et «\u202fconteur\u202f» n’apparaissent dans les règles');
		const offered = screen.getByTestId('rules-maybe');
		expect(offered.textContent).toBe('conteur → couleur\u202f?');
		expect(screen.getByTestId('rules-corrected').textContent).toContain('Vouliez-vous dire');
		// Tapped, the word is replaced in the query as typed; « dixit » is still no game's.
		await fireEvent.click(offered);
		expect(rulesView.query).toBe('dixit couleur');
		await waitFor(() => expect(screen.getByTestId('rules-not-in-rules').textContent).toContain('«\u202fdixit\u202f» n’apparaît'));
		// Alone, « couleur » is about these rules.
		await fireEvent.input(screen.getByTestId('rules-search'), { target: { value: 'couleur' } });
		await screen.findByTestId('rule-hit-splendor.city.c12_same6');
		expect(screen.queryByTestId('rules-not-in-rules')).toBeNull();
		expect(screen.queryByTestId('rules-corrected')).toBeNull();
		setLang('en');
	});

	it('finds an entry by the everyday words players use for it', async () => {
		setLang('fr');
		rulesView.query = '';
		render(RulesSearch, { props: { debounceMs: 1 } });
		await fireEvent.input(screen.getByTestId('rules-search'), { target: { value: 'qui commence à citadelles ?' } });
		const hits = await screen.findByTestId('rules-hits');
		const first = [...hits.querySelectorAll('[data-testid^="rule-hit-"]')].slice(0, 3).map((a) => a.getAttribute('data-testid'));
		expect(first).toContain('rule-hit-citadelles.setup');
		expect(screen.queryByTestId('rules-not-in-rules')).toBeNull();
		setLang('en');
	});
});
