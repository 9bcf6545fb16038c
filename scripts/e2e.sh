#!/usr/bin/env bash
# Runs the end-to-end test against the built app: Xvfb display, tauri-driver (which starts
# WebKitWebDriver, which starts the app), chromedriver for the table area's phones (headless
# Chromium), then the WebdriverIO script in ui/e2e/.
# The app's data goes to a fresh temp dir, never to a real profile.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
: "${APP_BIN:?APP_BIN must point at the greffier-app binary}"
# The CLI, for the share area's other devices (their histories, their passes).
: "${GREFFIER_BIN:?GREFFIER_BIN must point at the greffier CLI binary}"

if [ -z "${GREFFIER_E2E_IN_XVFB:-}" ]; then
  export GREFFIER_E2E_IN_XVFB=1
  exec xvfb-run -a -s "-screen 0 1280x1280x24" "$0" "$@"
fi

# Ports, so that two checkouts on one machine can each run their E2E (one at a time is still
# kinder to a 2-core machine).
port="${GREFFIER_E2E_TAURI_PORT:-4444}"
native_port="${GREFFIER_E2E_NATIVE_PORT:-$((port + 1))}"
# The table area's two phones: headless Chromium through chromedriver (ui/e2e/phones.mjs).
phone_driver_port="${GREFFIER_E2E_PHONE_DRIVER_PORT:-9616}"
data_dir=$(mktemp -d)
driver_log=$(mktemp)
phone_driver_log=$(mktemp)
app_copy=$(mktemp -d)
mkdir -p target/e2e-screenshots
cleanup() {
  [ -n "${driver_pid:-}" ] && kill "$driver_pid" 2>/dev/null || true
  [ -n "${phone_driver_pid:-}" ] && kill "$phone_driver_pid" 2>/dev/null || true
  rm -rf "$data_dir" "$app_copy" "$driver_log" "$phone_driver_log"
}
trap cleanup EXIT
# Run a copy of the app: a build finishing meanwhile in the same target dir (another checkout
# sharing it) must not swap the binary between the two sessions.
cp "$APP_BIN" "$app_copy/greffier-app"
APP_BIN="$app_copy/greffier-app"
# The cold start this run reports is the app's own: the builds just before (`make test` writes
# gigabytes) finish writing to the disk first, instead of competing with the app's first reads
# from it. Measured on 2026-11-29 right after a build of the app: 1.47 s with 390 MB still to
# write, 0.89 s after `sync`.
sync

# The app inherits tauri-driver's environment: that is how it finds its data dir, and serves
# an open table (table mode) on the loopback: the test talks to this machine only.
GREFFIER_DATA_DIR="$data_dir" GREFFIER_TABLE_ADDRESS=127.0.0.1 tauri-driver --port "$port" --native-port "$native_port" \
  --native-driver "$(command -v WebKitWebDriver)" >"$driver_log" 2>&1 &
driver_pid=$!
chromedriver --port="$phone_driver_port" >"$phone_driver_log" 2>&1 &
phone_driver_pid=$!
wait_for_port "$port"
wait_for_port "$phone_driver_port"

status=0
GREFFIER_E2E_TAURI_PORT="$port" GREFFIER_PHONE_DRIVER_PORT="$phone_driver_port" GREFFIER_APP_BIN="$(realpath "$APP_BIN")" GREFFIER_DATA_DIR="$data_dir" \
  GREFFIER_BIN="$(realpath "$GREFFIER_BIN")" \
  node ui/e2e/app.e2e.mjs || status=$?
if [ "$status" -ne 0 ]; then
  echo "--- tauri-driver log ---"
  tail -n 50 "$driver_log"
  echo "--- chromedriver (phones) log ---"
  tail -n 20 "$phone_driver_log"
fi
exit "$status"
