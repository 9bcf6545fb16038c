// vitest's global setup: one real core for the whole suite. Builds the CLI (`cargo build --bin
// greffier`, a no-op when it is fresh, so a change in Rust is always what the tests meet; the
// target dir is CARGO_TARGET_DIR's, by default ../target), starts `greffier serve --port 0` on a
// fresh temp history, hands its URL and the binary's path to the tests (`inject('serverUrl')`),
// and stops it at the end. GREFFIER_BIN points at a binary to use as is, without building.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

// The values provided are declared in src/test-setup.ts (ProvidedContext).

const repo = resolve(import.meta.dirname, '..');

function binary(): string {
	if (process.env.GREFFIER_BIN) return resolve(process.env.GREFFIER_BIN);
	const target = resolve(repo, process.env.CARGO_TARGET_DIR ?? 'target');
	const bin = join(target, 'debug', 'greffier');
	const built = spawnSync('cargo', ['build', '--quiet', '--locked', '--bin', 'greffier'], {
		cwd: repo,
		stdio: 'inherit',
		env: { ...process.env, CARGO_TARGET_DIR: target }
	});
	if (built.error && existsSync(bin)) {
		console.warn(`vitest: cargo could not run (${built.error.message}); using ${bin} as it is`);
	} else if (built.status !== 0) {
		throw new Error(`cargo build --bin greffier failed (${built.error?.message ?? `exit ${built.status}`})`);
	}
	return bin;
}

function listening(server: ChildProcess): Promise<string> {
	return new Promise((ok, fail) => {
		let out = '';
		let err = '';
		server.stdout!.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			const line = out.split('\n')[0];
			if (out.includes('\n')) ok(line.trim().replace(/\/$/, ''));
		});
		server.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
		server.on('exit', (code) => fail(new Error(`greffier serve exited (${code}) before listening: ${err}`)));
		server.on('error', fail);
	});
}

export default async function setup(project: TestProject) {
	const bin = binary();
	const dir = mkdtempSync(join(tmpdir(), 'greffier-vitest-'));
	// `--ui` at a folder that does not exist: the API only, whatever ui/build holds.
	const server = spawn(bin, ['serve', '--port', '0', '--db', join(dir, 'history.sqlite3'), '--ui', join(dir, 'no-ui')], {
		stdio: ['ignore', 'pipe', 'pipe']
	});
	const url = await listening(server);
	// The first rules look-up builds the search index (seconds in a debug build): build it now,
	// not inside the first test that opens a rule.
	await fetch(`${url}/api/list_rules`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ filter: { game: null, lang: 'en', limit: 1 } })
	});
	project.provide('serverUrl', url);
	project.provide('greffierBin', bin);
	return async () => {
		const stopped = new Promise((done) => server.once('exit', done));
		server.kill('SIGTERM');
		await stopped;
		rmSync(dir, { recursive: true, force: true });
	};
}
