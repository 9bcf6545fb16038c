#!/usr/bin/env bash
# Table mode from the phones' side: a temp history with a 3-player Valencia play in
# progress (the host placed two fountains), `greffier table --play N` serving the built UI on
# the loopback, and headless Debian Chromium as two phones at 390×844 (chromedriver), driven by
# ui/e2e/table.e2e.mjs. The host's side is read with `greffier call` on the same history.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
: "${GREFFIER_BIN:?GREFFIER_BIN must point at the greffier binary}"
[ -f ui/build/index.html ] || { echo "ui/build is missing: npm run build --prefix ui"; exit 2; }

driver_port="${GREFFIER_TABLE_DRIVER_PORT:-9615}"
work=$(mktemp -d)
db="$work/greffier.sqlite3"
cleanup() {
  [ -n "${table_pid:-}" ] && kill "$table_pid" 2>/dev/null || true
  [ -n "${driver_pid:-}" ] && kill "$driver_pid" 2>/dev/null || true
  if [ -n "${GREFFIER_TABLE_KEEP:-}" ]; then echo "# kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# `greffier call <operation>` with a JSON request; prints the answer's JSON.
call() {
  printf '%s' "$2" >"$work/request.json"
  "$GREFFIER_BIN" call "$1" "$work/request.json" --db "$db" --json
}
id_of() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).id))'; }

ani=$(call create_player '{"name":"Ani","colour":"red"}' | id_of)
dirk=$(call create_player '{"name":"Dirk","colour":"blue"}' | id_of)
eve=$(call create_player '{"name":"Eve","colour":"black"}' | id_of)
play=$(call start_play "{\"new_play\":{\"game\":\"valencia\",\"variant\":\"base\",\"location\":null,\"notes\":null,\"seats\":[{\"player_id\":$ani,\"colour\":\"red\"},{\"player_id\":$dirk,\"colour\":\"blue\"},{\"player_id\":$eve,\"colour\":\"black\"}],\"first_seat\":0}}" | id_of)
# The host placed two fountains (printed 3 and 5) and entered Eve's city.
call save_table_state "{\"play_id\":$play,\"table\":{\"variant\":\"base\",\"fountains\":[{\"value\":3},{\"value\":5}],\"players\":[{\"name\":\"Ani\"},{\"name\":\"Dirk\"},{\"name\":\"Eve\",\"city_members\":4}]}}" >/dev/null

"$GREFFIER_BIN" table --play "$play" --bind 127.0.0.1 --port 0 --db "$db" --ui ui/build >"$work/table.out" 2>"$work/table.err" &
table_pid=$!
join_url=$(first_line "$work/table.out")
[ -n "$join_url" ] || { cat "$work/table.err"; exit 1; }
echo "# join URL: ${join_url%%#*}#…"

chromedriver --port="$driver_port" >"$work/driver.log" 2>&1 &
driver_pid=$!
wait_for_port "$driver_port"

mkdir -p "$work/shots"
GREFFIER_TABLE_URL="$join_url" GREFFIER_PHONE_DRIVER_PORT="$driver_port" GREFFIER_DB="$db" GREFFIER_PLAY="$play" \
  GREFFIER_SHOTS="$work/shots" node ui/e2e/table.e2e.mjs

# The phones' screenshots, beside the app E2E's, to look at.
mkdir -p target/e2e-screenshots/table-smoke
cp "$work"/shots/*.png target/e2e-screenshots/table-smoke/ 2>/dev/null || true

kill -TERM "$table_pid"
wait "$table_pid" || true
table_pid=
