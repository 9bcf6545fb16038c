import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		// SPA: Tauri serves build/ and falls back to index.html for every route.
		adapter: adapter({ pages: 'build', assets: 'build', fallback: 'index.html', strict: true })
	}
};

export default config;
