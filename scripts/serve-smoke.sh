#!/usr/bin/env bash
# `greffier serve` in a real browser: the built UI (talking to the core over HTTP) served over a
# fresh temp history, headless Debian Chromium driven through chromedriver, then
# ui/e2e/served.e2e.mjs; then every screen over a second, seeded history (ui/e2e/screens.e2e.mjs:
# axe against WCAG 2.2 AA, layout, at 1280×800 and as a 390×844 phone, in French and English).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
: "${GREFFIER_BIN:?GREFFIER_BIN must point at the greffier binary}"
[ -f ui/build/index.html ] || { echo "ui/build is missing: npm run build --prefix ui"; exit 2; }

driver_port="${GREFFIER_E2E_DRIVER_PORT:-9515}"
work=$(mktemp -d)
cleanup() {
  [ -n "${serve_pid:-}" ] && kill "$serve_pid" 2>/dev/null || true
  [ -n "${driver_pid:-}" ] && kill "$driver_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

"$GREFFIER_BIN" serve --port 0 --db "$work/greffier.sqlite3" --ui ui/build >"$work/serve.out" 2>"$work/serve.err" &
serve_pid=$!
url=$(first_line "$work/serve.out")
url="${url%/}"
[ -n "$url" ] || { cat "$work/serve.err"; exit 1; }

chromedriver --port="$driver_port" >"$work/driver.log" 2>&1 &
driver_pid=$!
wait_for_port "$driver_port"

GREFFIER_E2E_BROWSER=chrome GREFFIER_E2E_URL="$url" GREFFIER_E2E_DRIVER_PORT="$driver_port" \
  GREFFIER_DATA_DIR="$work/chrome" node ui/e2e/served.e2e.mjs

# A clean stop on SIGTERM.
kill -TERM "$serve_pid"
wait "$serve_pid"
serve_pid=

# Every screen, on a history of its own that the tour seeds.
"$GREFFIER_BIN" serve --port 0 --db "$work/screens.sqlite3" --ui ui/build >"$work/screens.out" 2>"$work/screens.err" &
serve_pid=$!
url=$(first_line "$work/screens.out")
url="${url%/}"
[ -n "$url" ] || { cat "$work/screens.err"; exit 1; }
GREFFIER_E2E_BROWSER=chrome GREFFIER_E2E_URL="$url" GREFFIER_E2E_DRIVER_PORT="$driver_port" \
  GREFFIER_DATA_DIR="$work/chrome-screens" node ui/e2e/screens.e2e.mjs
kill -TERM "$serve_pid"
wait "$serve_pid"
serve_pid=
