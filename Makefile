# Greffier — the two commands: `make run` (install what is missing, build, launch) and
# `make test` (everything: lint, core, shell, UI, bindings, benchmarks build, `greffier serve` in
# headless Chromium, real-window E2E).
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := run

TARGET_DIR := $(or $(CARGO_TARGET_DIR),$(CURDIR)/target)
APP_BIN := $(TARGET_DIR)/debug/greffier-app
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
# WebKitGTK 4.1 and build tools to build; libclang-dev for SQLite's session extension (rusqlite's
# `session` feature generates its bindings with bindgen); the WebKit WebDriver, Xvfb and xauth
# for the E2E; Chromium and its driver for `greffier serve`'s smoke test; Syncthing for the
# shared-history test (two histories syncing through a real engine, on the loopback).
APT_PACKAGES := libwebkit2gtk-4.1-dev build-essential file pkg-config curl libclang-dev webkit2gtk-driver xvfb xauth chromium chromium-driver syncthing
TAURI_DRIVER_VERSION := 2.1.0

.PHONY: run test deps apt npm tauri-driver ui app lint test-rust check-generated test-ui bindings bench-build serve-smoke table-smoke e2e package package-apt package-test clean

## run: install what is missing, build the UI and the app, launch it
run: deps app
	"$(APP_BIN)"

## test: every check CI runs
test: deps lint test-rust test-ui bench-build serve-smoke table-smoke e2e

deps: apt npm

apt:
	@if ! dpkg -s $(APT_PACKAGES) >/dev/null 2>&1; then \
	  echo "[make] installing Debian packages: $(APT_PACKAGES)"; \
	  $(SUDO) apt-get update -qq; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(APT_PACKAGES); \
	fi
	@command -v cargo >/dev/null || { echo "cargo not found: install Rust with rustup (https://rustup.rs)"; exit 1; }
	@command -v npm >/dev/null || { echo "npm not found: apt-get install nodejs npm (Node 20+)"; exit 1; }

# npm ci only when the lockfile changed since the last install.
npm: ui/node_modules/.package-lock.json
ui/node_modules/.package-lock.json: ui/package-lock.json ui/package.json
	npm ci --prefix ui --no-audit --no-fund
	@touch $@

tauri-driver:
	@command -v tauri-driver >/dev/null || cargo install tauri-driver --version $(TAURI_DRIVER_VERSION) --locked

ui: npm
	npm run build --prefix ui

# A debug build with the UI embedded (custom-protocol): no dev server needed.
app: ui
	cargo build -p greffier-app --locked --features tauri/custom-protocol

# The UI: eslint (eslint-plugin-svelte, typescript-eslint) and Prettier (`ui/.prettierrc`).
lint: npm
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --locked -- -D warnings
	npm run lint --prefix ui

# Core unit + integration tests, shell tests on Tauri's mock runtime, bindings freshness, then
# the shell's other generated files as committed.
test-rust:
	cargo test --workspace --locked
	$(MAKE) --no-print-directory check-generated

# The shell's build (src-tauri/build.rs, tauri-build) rewrites its command permissions and the
# capability schemas from the operations' table: after a build (test-rust's), one that differs
# from what is committed (changed, removed as stale, new) was stale. `bindings.ts` has its own
# test (`bindings_are_fresh`, `make bindings` to regenerate).
GENERATED := src-tauri/permissions src-tauri/gen/schemas
check-generated:
	@if ! git diff --quiet -- $(GENERATED) || [ -n "$$(git ls-files --others --exclude-standard -- $(GENERATED))" ]; then \
	  git status --short -- $(GENERATED); \
	  echo "[make] generated permissions or schemas are stale: commit what the build wrote (above)"; \
	  exit 1; \
	fi

test-ui: npm
	npm run check --prefix ui
	npm test --prefix ui

## bindings: regenerate ui/src/lib/backend/bindings.ts from the Rust commands
bindings:
	UPDATE_BINDINGS=1 cargo test -p greffier-app --locked bindings_are_fresh

bench-build:
	cargo bench -p greffier --benches --locked --no-run

# `greffier serve` with the built UI, in headless Chromium: the page renders, /api answers, and a
# few screens run on the real core over HTTP (a play typed and scored, rules search, History);
# then every screen on a seeded history, desktop and phone, French and English: axe (WCAG 2.2 AA,
# npm's axe-core) finds nothing, nothing scrolls sideways or is cut, targets are 44 px.
serve-smoke: ui
	cargo build --bin greffier --locked
	GREFFIER_BIN="$(TARGET_DIR)/debug/greffier" scripts/serve-smoke.sh

# Table mode, the phones' side: `greffier table` serving the built UI, two headless Chromium
# phones at 390×844 entering their seats at once (totals checked on the host's side, a phone
# refused the other seat, a reload resumed, a held seat claimed twice, the change-to-other-phone
# latency reported), then Citadelles, Splendor and Orléans panels on a phone. The real app with
# its phones is `make e2e`'s table area.
table-smoke: ui
	cargo build --bin greffier --locked
	GREFFIER_BIN="$(TARGET_DIR)/debug/greffier" scripts/table-smoke.sh

# The real app in a real WebKitGTK window under Xvfb, driven through tauri-driver.
e2e: app tauri-driver
	cargo build --bin greffier --locked
	APP_BIN="$(APP_BIN)" GREFFIER_BIN="$(TARGET_DIR)/debug/greffier" scripts/e2e.sh

## package: the .deb players install (release build, about 11 minutes; not part of `make test`)
# The Tauri CLI is the npm package pinned in ui/package.json (a prebuilt binary from the npm
# registry, nothing compiled or downloaded elsewhere).
package: deps package-apt ui
	cd src-tauri && ../ui/node_modules/.bin/tauri build --bundles deb --ci
	@deb=$$(ls -t "$(TARGET_DIR)"/release/bundle/deb/*.deb | head -n 1); \
	  echo "[make] $$deb ($$(du -h "$$deb" | cut -f1))"

# What the package checks need besides the build: dpkg-deb, Xvfb, xwininfo, Python for the
# window close and the database check.
PACKAGE_TEST_APT := dpkg xvfb xauth x11-utils python3
package-apt:
	@if ! dpkg -s $(PACKAGE_TEST_APT) >/dev/null 2>&1; then \
	  $(SUDO) apt-get update -qq; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(PACKAGE_TEST_APT); \
	fi

## package-test: unpack the newest .deb (no root) and check it as a player's machine would
package-test: package-apt
	DEB="$$(ls -t "$(TARGET_DIR)"/release/bundle/deb/*.deb | head -n 1)" scripts/package-test.sh

clean:
	cargo clean
	rm -rf ui/build ui/.svelte-kit target/e2e-screenshots
