import { sveltekit } from '@sveltejs/kit/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { defineConfig } from 'vitest/config';

const vitest = !!process.env.VITEST;

export default defineConfig({
	plugins: [
		// Under vitest the messages are compiled once by `pretest` (the plugin's file watcher
		// would keep vitest from exiting).
		...(vitest
			? []
			: [
					paraglideVitePlugin({
						project: './project.inlang',
						outdir: './src/lib/paraglide',
						// The UI language lives in our own rune state ($lib/i18n.svelte.ts), not in a
						// cookie or the URL: the app is an SPA inside Tauri.
						strategy: ['globalVariable', 'baseLocale']
					})
				]),
		sveltekit()
	],
	clearScreen: false,
	// In a plain browser the UI talks to `greffier serve` (default port 4180) through this proxy.
	// The Host header is kept (no changeOrigin): the server accepts its loopback name and an
	// Origin equal to it, as for its own pages.
	server: { port: 5173, strictPort: true, proxy: { '/api': 'http://127.0.0.1:4180' } },
	build: { target: 'es2022' },
	test: {
		environment: 'happy-dom',
		include: ['src/**/*.test.ts'],
		setupFiles: ['./src/test-setup.ts'],
		// One `greffier serve` for the suite (the real core): see the file.
		globalSetup: ['./vitest.global-setup.ts'],
		// Each test waits for real answers (a debug build, a busy CI machine): room, not speed.
		testTimeout: 60000
	},
	resolve: vitest ? { conditions: ['browser'] } : undefined
});
