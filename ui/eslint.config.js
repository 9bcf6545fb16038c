// eslint with eslint-plugin-svelte and typescript-eslint's recommended rules; formatting is
// Prettier's (`npm run format`), so eslint-config-prettier's part is `svelte.configs.prettier`.
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

export default ts.config(
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	...svelte.configs.prettier,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } }
	},
	{
		files: ['**/*.svelte', '**/*.svelte.ts'],
		languageOptions: {
			parserOptions: { extraFileExtensions: ['.svelte'], parser: ts.parser, svelteConfig }
		}
	},
	{
		rules: {
			// `_`-prefixed arguments and variables are deliberately unused (a callback's shape).
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			// The SPA is served at the root (no `paths.base`), in the app and by `greffier serve`:
			// resolve() would return every link unchanged.
			'svelte/no-navigation-without-resolve': 'off',
			// `{' '}` and `{' — '}` keep a space Prettier would otherwise move or drop.
			'svelte/no-useless-mustaches': 'off',
			// A Map, Set or Date built and read within one function is not state.
			'svelte/prefer-svelte-reactivity': 'off'
		}
	},
	{
		ignores: ['build/', '.svelte-kit/', 'node_modules/', 'src/lib/paraglide/', 'src/lib/backend/bindings.ts']
	}
);
