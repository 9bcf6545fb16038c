// App-wide state: preferences (language, theme, default player count), the preferences-reset
// notice and the game catalogue. Loaded once by the root layout.
import { backend, BackendError, type GameSummary, type Lang, type Preferences, type Theme } from '$lib/backend';
import { resolveLang, setLang } from '$lib/i18n.svelte';

const DEFAULTS: Preferences = { language: null, theme: 'system', default_player_count: null };

class AppState {
	prefs = $state<Preferences>({ ...DEFAULTS });
	/** "reset" when the core could not read the preferences file. */
	notice = $state<string | null>(null);
	noticeDismissed = $state(false);
	games = $state<GameSummary[]>([]);
	ready = $state(false);
	error = $state<BackendError | null>(null);

	async init(): Promise<void> {
		try {
			const loaded = await backend.getPreferences();
			this.prefs = loaded.preferences;
			this.notice = loaded.notice;
		} catch (e) {
			this.error = BackendError.from(e);
		}
		this.apply();
		try {
			this.games = await backend.listGames();
		} catch (e) {
			this.error = BackendError.from(e);
		}
		this.ready = true;
	}

	game(id: string): GameSummary | undefined {
		return this.games.find((g) => g.id === id);
	}

	/** Applies language and theme to the document. */
	apply(): void {
		setLang(resolveLang(this.prefs.language));
		applyTheme(this.prefs.theme);
	}

	async update(patch: Partial<Preferences>): Promise<void> {
		this.prefs = { ...this.prefs, ...patch };
		this.apply();
		try {
			this.prefs = await backend.setPreferences(this.prefs);
			this.apply();
		} catch (e) {
			this.error = BackendError.from(e);
		}
	}

	setLanguage(language: Lang | null): Promise<void> {
		return this.update({ language });
	}

	setTheme(theme: Theme): Promise<void> {
		return this.update({ theme });
	}
}

export function applyTheme(theme: Theme): void {
	if (typeof document === 'undefined') return;
	const root = document.documentElement;
	if (theme === 'system') delete root.dataset.theme;
	else root.dataset.theme = theme;
}

export const app = new AppState();
