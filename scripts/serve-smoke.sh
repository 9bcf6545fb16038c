#!/usr/bin/env bash
# `greffier serve` in a real browser: the built UI (talking to the core over HTTP) served over a
# fresh temp history, headless Debian Chromium driven through chromedriver, then
# ui/e2e/served.e2e.mjs.
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
