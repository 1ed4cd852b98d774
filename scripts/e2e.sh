#!/usr/bin/env bash
# End to end, through the real window under Xvfb: what kittest cannot see (the system
# clipboard, the window manager's resize and close, files left on disk).
#
#   scripts/e2e.sh [BINARY]     (default: target/debug/tumblebox, which `cargo test` builds)
#
# Needs xvfb, xdotool, xclip and imagemagick (`.ci/run` installs them). Each check prints
# "ok ..." or "FAIL ..."; the exit status is the number of failures (0: all passed).
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-target/debug/tumblebox}")
for tool in Xvfb xdotool xclip import convert; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is not installed"; exit 1; }
done

WORK=$(mktemp -d)
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/.local/share" XDG_RUNTIME_DIR="$WORK/run"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
unset WAYLAND_DISPLAY DBUS_SESSION_BUS_ADDRESS
# No session bus, so no desktop portal: the window's file dialog is zenity. A `zenity` first on
# PATH stands in for the player at a save dialog: it keeps the suggested name in the home
# folder (the checks below save and export there), and it cancels any other dialog.
mkdir -p "$WORK/bin"
cat > "$WORK/bin/zenity" <<'ZENITY'
#!/bin/sh
save= name=
while [ $# -gt 0 ]; do
  case "$1" in --save) save=1 ;; --filename) shift; name=$1 ;; esac
  shift
done
[ -n "$save" ] && [ -n "$name" ] && { printf '%s\n' "$HOME/$name"; exit 0; }
exit 1
ZENITY
chmod +x "$WORK/bin/zenity"
export PATH="$WORK/bin:$PATH"
export DISPLAY=:${E2E_DISPLAY:-93}
Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
APP=
cleanup() {
  [ -n "$APP" ] && kill "$APP" 2>/dev/null
  pkill -f "xclip -selection clipboard" 2>/dev/null
  kill "$XVFB" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done

fails=0
ok() { echo "ok   $*"; }
fail() { echo "FAIL $*"; fails=$((fails + 1)); }

start() {
  "$BIN" >"$WORK/app.log" 2>&1 &
  APP=$!
  WIN=$(timeout 30 xdotool search --sync --onlyvisible --name '^tumblebox$' | head -1)
  [ -n "$WIN" ] || { fail "the window did not open: $(head -c 300 "$WORK/app.log")"; exit "$fails"; }
  xdotool windowfocus --sync "$WIN" 2>/dev/null
  sleep 2
}
key() { xdotool windowfocus --sync "$WIN" 2>/dev/null; xdotool key --clearmodifiers "$@"; sleep 0.7; }
clip() { timeout 5 xclip -o -selection clipboard 2>/dev/null; }

start

# 1. Copy reaches the system clipboard: another program reads it.
key ctrl+c
if clip | grep -q "SAMPLE-01"; then ok "Ctrl+C: another program pastes the level"; else fail "Ctrl+C: the clipboard holds '$(clip | head -c 80)'"; fi

# 2. Paste reads what another program put there: a Vexed level, then copied back out.
printf 'E2Epasted;a../X.b/abX;2\n' | xclip -selection clipboard
sleep 0.3
key ctrl+v
key ctrl+c
if clip | grep -q "E2Epasted"; then ok "Ctrl+V: a level from another program opens"; else fail "Ctrl+V: after the paste the window copies '$(clip | head -c 80)'"; fi

# 3. A 640×480 window still shows the board (walls in the screenshot).
xdotool windowsize --sync "$WIN" 640 480 2>/dev/null || xdotool windowsize "$WIN" 640 480
sleep 2
import -window "$WIN" "$WORK/small.png" 2>/dev/null
size=$(identify -format '%wx%h' "$WORK/small.png" 2>/dev/null)
walls=$(convert "$WORK/small.png" -format %c histogram:info:- 2>/dev/null | grep -i '#5B5F66' | awk '{print $1+0}' | head -1)
if [ "$size" = "640x480" ] && [ "${walls:-0}" -gt 800 ]; then
  ok "640×480: the board is drawn ($walls wall pixels)"
else
  fail "640×480: window $size, ${walls:-0} wall pixels"
  cp "$WORK/small.png" /tmp/tumblebox-e2e-small.png 2>/dev/null
fi
xdotool windowsize "$WIN" 1200 760
sleep 1

# 4. The library travels in a save the real window writes: a Sokoban level pasted with moves
#    that solve it (a file's solution), a snapshot (Ctrl+Shift+S), then Save (Ctrl+S; the
#    dialog keeps the suggested name in the home folder).
printf '; e2e box\n\n######\n#@$ .#\n######\nRR\n' | xclip -selection clipboard
sleep 0.3
key ctrl+v
sleep 1
key ctrl+shift+s
key ctrl+s
saved=
for _ in $(seq 100); do
  saved=$(find "$HOME" -maxdepth 1 -name 'tumblebox-sokoban-*.tumble' | head -1)
  [ -n "$saved" ] && break
  sleep 0.1
done
if [ -n "$saved" ] && grep -q '^solution file .* RR$' "$saved" && grep -q '^snapshot .* "move 2" RR$' "$saved"; then
  ok "Ctrl+S writes the level's library (a solution, a snapshot) into the save"
else
  fail "the save's library: '${saved:-no save}' holds $(grep -E '^(solution|snapshot)' "${saved:-/dev/null}" 2>/dev/null | head -3 | tr '\n' '|')"
fi

# 5. Quitting during an export leaves no file: a 24,000-move game (several seconds to export;
#    to the home folder), then Ctrl+Q, and Ctrl+Q again to confirm.
{
  printf '#########\n#@  $  .#\n#########\n'
  for _ in $(seq 12000); do printf 'rl'; done
  printf '\n'
} | xclip -selection clipboard
sleep 0.3
key ctrl+v
sleep 1
key ctrl+e
key Return
partial=0
for _ in $(seq 100); do
  partial=$(find "$HOME" -maxdepth 1 -name '.*.tmp' | wc -l)
  [ "$partial" -ge 1 ] && break
  sleep 0.1
done
if [ "$partial" -ge 1 ]; then ok "the export is running (its staged file is there)"; else fail "no export running: $(ls -A "$HOME")"; fi
key ctrl+q
if kill -0 "$APP" 2>/dev/null; then ok "Ctrl+Q during an export asks first"; else fail "Ctrl+Q closed at once during an export"; fi
key ctrl+q
for _ in $(seq 100); do kill -0 "$APP" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$APP" 2>/dev/null; then fail "the window did not close on the second Ctrl+Q"; else ok "the second Ctrl+Q quits"; fi
APP=
left=$(find "$HOME" -maxdepth 1 \( -name '*.tmp' -o -name '*.gif' \) | wc -l)
if [ "$left" -eq 0 ]; then ok "nothing left beside the target"; else fail "left behind: $(find "$HOME" -maxdepth 1 -name '*.tmp' -o -maxdepth 1 -name '*.gif')"; fi

# 6. Crash safety: a pushing-boxes level solved by the player's keys, the process killed
#    (kill -9) 50 ms after the solving key: the solve and every move are in the store.
STORE="$XDG_DATA_HOME/tumblebox"
start
printf '; e2e crash\n\n#######\n#@ $ .#\n#######\n' | xclip -selection clipboard
sleep 0.3
key ctrl+v
sleep 1
key Right
key Right
xdotool windowfocus --sync "$WIN" 2>/dev/null
xdotool key --clearmodifiers Right
sleep 0.05
kill -9 "$APP"
wait "$APP" 2>/dev/null
APP=
kept=$("$BIN" progress --store "$STORE" 2>&1)
game=$("$BIN" progress export - --store "$STORE" 2>/dev/null | grep -c '^kept	sokoban	.*move r\\nmove R\\nmove R\\n' || true)
if echo "$kept" | grep -q 'best 3 moves' && [ "${game:-0}" -ge 1 ]; then
  ok "kill -9 50 ms after a solve: the solve and its three moves were kept"
else
  fail "kill -9 50 ms after a solve: the store says '$(echo "$kept" | tr '\n' '|' | head -c 300)' (kept games with the three moves: ${game:-0})"
fi

# 7. Two windows on one store: each solves a level; the one that quits last erases nothing.
start_pid() {
  "$BIN" >"$WORK/app$1.log" 2>&1 &
  local pid=$!
  local win=
  for _ in $(seq 100); do
    win=$(xdotool search --all --onlyvisible --pid "$pid" --name '^tumblebox$' 2>/dev/null | head -1)
    [ -n "$win" ] && break
    sleep 0.2
  done
  echo "$pid $win"
}
read -r PA WA < <(start_pid a)
read -r PB WB < <(start_pid b)
# Side by side: with no window manager, a covered window is not drawn and misses its keys.
xdotool windowsize "$WA" 630 760 windowmove "$WA" 0 0 2>/dev/null
xdotool windowsize "$WB" 630 760 windowmove "$WB" 640 0 2>/dev/null
sleep 2
solve_in() {
  WIN=$1
  printf '%s' "$2" | xclip -selection clipboard
  sleep 0.3
  key ctrl+v
  sleep 1
  key Right
  key Right
}
solve_in "$WB" $'; e2e window B\n\n######\n#@ $.#\n######\n'
solve_in "$WA" $'; e2e window A\n\n######\n#@$ .#\n######\n'
WIN=$WA; key ctrl+q
WIN=$WB; key ctrl+q
for _ in $(seq 50); do kill -0 "$PA" 2>/dev/null || kill -0 "$PB" 2>/dev/null || break; sleep 0.1; done
kill "$PA" "$PB" 2>/dev/null
both=$("$BIN" progress --store "$STORE" 2>&1)
if [ "$(echo "$both" | grep -c 'best 2 moves')" -ge 2 ] && echo "$both" | grep -q 'best 3 moves'; then
  ok "two windows: both solves (and the crash test's) are kept after both quit"
else
  fail "two windows: the store says '$(echo "$both" | tr '\n' '|' | head -c 1500)' (windows $WA $WB)"
fi

exit "$fails"
