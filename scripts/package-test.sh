#!/usr/bin/env bash
# Checks the .deb built by `make package` as a player's machine would see it, without root:
# unpacks it into a temp root, checks its control fields, desktop entry, icons and licence,
# then runs the unpacked app under Xvfb on a temp data dir: it must stay up, open its window
# and write its database, then close cleanly when its window is closed (WM_DELETE_WINDOW, as a
# desktop's close button does), leaving a sound database. Prints the app's idle memory.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DEB:?DEB must point at the .deb (make package-test finds the newest)}"

if [ -z "${GREFFIER_PACKAGE_IN_XVFB:-}" ]; then
  export GREFFIER_PACKAGE_IN_XVFB=1
  exec xvfb-run -a -s "-screen 0 1280x800x24" "$0" "$@"
fi

fail() { echo "package-test: FAIL: $*" >&2; exit 1; }
ok() { echo "ok - $*"; }

root=$(mktemp -d)
data=$(mktemp -d)
cleanup() {
  if [ -n "${app_pid:-}" ]; then kill "$app_pid" 2>/dev/null || true; fi
  rm -rf "$root" "$data"
}
trap cleanup EXIT

# The package itself.
size=$(stat -c %s "$DEB")
[ "$size" -le $((15 * 1024 * 1024)) ] || fail "the .deb is $size bytes, over 15 MiB"
ok "size: $((size / 1024)) KiB"
field() { dpkg-deb -f "$DEB" "$1"; }
version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)
[ "$(field Package)" = greffier ] || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', the workspace says $version"
[ "$(field Section)" = games ] || fail "Section is '$(field Section)'"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
field Depends | grep -q "libwebkit2gtk-4.1-0" || fail "Depends lacks WebKitGTK 4.1: $(field Depends)"
[ -z "$(field Depends | tr -d " " | tr "," "\n" | sort | uniq -d)" ] || fail "Depends lists a package twice: $(field Depends)"
field Description | grep -q 'Citadelles' || fail "Description does not name the games"
field Description | grep -q 'Greffier accompagne' || fail "Description has no French paragraph"
ok "control: greffier $version, section games, depends on WebKitGTK 4.1, described in EN and FR"

dpkg-deb -x "$DEB" "$root"
bin="$root/usr/bin/greffier-app"
[ -x "$bin" ] || fail "no executable usr/bin/greffier-app"
desktop=$(find "$root/usr/share/applications" -name '*.desktop' | head -n 1)
[ -n "$desktop" ] || fail "no .desktop file"
for line in 'Name=Greffier' 'Exec=greffier-app' 'Icon=greffier-app' 'Type=Application' \
  'Comment=Companion for Valencia' 'Comment\[fr\]=Compagnon de table' 'GenericName\[fr\]='; do
  grep -q "^$line" "$desktop" || fail "$(basename "$desktop") lacks $line"
done
grep -q '^Categories=.*Game;' "$desktop" || fail "Categories: $(grep ^Categories "$desktop")"
ok "desktop entry: name, comments in EN and FR, categories $(sed -n 's/^Categories=//p' "$desktop")"
icons=$(find "$root/usr/share/icons/hicolor" -name 'greffier-app.png' | wc -l)
[ "$icons" -ge 3 ] || fail "only $icons icon sizes"
[ -s "$root/usr/share/doc/greffier/copyright" ] || fail "no licence at usr/share/doc/greffier/copyright"
ok "$icons icon sizes and the licence"

# The app, run from the unpacked tree.
GREFFIER_DATA_DIR="$data" "$bin" >"$data/app.log" 2>&1 &
app_pid=$!
window=""
for _ in $(seq 1 150); do
  kill -0 "$app_pid" 2>/dev/null || fail "the app exited at start: $(tail -n 20 "$data/app.log")"
  window=$(xwininfo -root -tree | awk '/"Greffier"/ { print $1; exit }')
  [ -n "$window" ] && [ -f "$data/greffier.sqlite3" ] && break
  sleep 0.2
done
[ -n "$window" ] || fail "no window titled Greffier after 30 s"
[ -f "$data/greffier.sqlite3" ] || fail "no database written in the data dir"
ok "window $window open, database written"
sleep 5
kill -0 "$app_pid" 2>/dev/null || fail "the app did not stay up: $(tail -n 20 "$data/app.log")"
rss_kib=$(ps -o rss= -p "$app_pid" | tr -d ' ')
web_kib=$(ps -o rss= --ppid "$app_pid" | awk '{ s += $1 } END { print s + 0 }')
ok "stays up; idle memory: app process $((rss_kib / 1024)) MiB, its web processes $((web_kib / 1024)) MiB"

# Close the window as a desktop's close button does.
python3 - "$window" <<'PY'
import ctypes, sys
x = ctypes.cdll.LoadLibrary("libX11.so.6")
x.XOpenDisplay.restype = ctypes.c_void_p
x.XInternAtom.restype = ctypes.c_ulong
x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
x.XFlush.argtypes = [ctypes.c_void_p]

class ClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]

class Event(ctypes.Union):
    _fields_ = [("client", ClientMessage), ("pad", ctypes.c_long * 24)]

display = x.XOpenDisplay(None)
window = int(sys.argv[1], 16)
event = Event()
event.client.type = 33  # ClientMessage
event.client.window = window
event.client.message_type = x.XInternAtom(display, b"WM_PROTOCOLS", 0)
event.client.format = 32
event.client.data[0] = x.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
x.XSendEvent(display, window, 0, 0, ctypes.byref(event))
x.XFlush(display)
PY
for _ in $(seq 1 50); do
  kill -0 "$app_pid" 2>/dev/null || break
  sleep 0.2
done
kill -0 "$app_pid" 2>/dev/null && fail "the app is still running 10 s after its window was closed"
status=0
wait "$app_pid" || status=$?
app_pid=""
[ "$status" -eq 0 ] || fail "the app exited with status $status: $(tail -n 20 "$data/app.log")"
python3 - "$data/greffier.sqlite3" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "integrity"
assert db.execute("PRAGMA application_id").fetchone()[0] == 0x47524546, "not marked as Greffier's"
assert db.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'plays'").fetchone()[0] == 1, "no plays table"
PY
ok "closed cleanly (status 0), database sound"
echo "package-test: all checks passed"
