#!/usr/bin/env bash
# Regenerates screenshots/ from the real window: the release binary under Xvfb, driven with
# xdotool, captured with ImageMagick. Needs: apt-get install xvfb xdotool imagemagick
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
out=screenshots
mkdir -p "$out"
display=:97
Xvfb $display -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
home=$(mktemp -d)   # fresh saved progress
cleanup() { kill "$app" "$xvfb" 2>/dev/null || true; rm -rf "$home"; }
trap cleanup EXIT
sleep 1
export DISPLAY=$display XDG_RUNTIME_DIR=/tmp XDG_DATA_HOME=$home
./target/release/tumblebox &
app=$!
sleep 4
win=$(xdotool search --sync --name tumblebox | head -1)
xdotool windowmove "$win" 0 0
xdotool windowfocus --sync "$win"
shot() { sleep "${2:-0.6}"; import -window root -crop 1200x760+0+0 +repage "$out/$1.png"; }
click() { xdotool mousemove "$1" "$2" click 1; }
key() { xdotool mousemove 640 700; xdotool key "$@"; }

# Vexed: SAMPLE-02, solved by the background solver, caught mid-way with the debugger.
click 70 117; sleep 0.5
click 419 43; sleep 2.2
shot vexed 0.1
# Shubbles: Fig. 1(a), turning clockwise (mid-rotation), then at rest.
click 142 12; sleep 0.5
key plus; shot shubbles-turning 0.25
shot shubbles 1.5
# Pushing boxes: the solver's answer being played.
click 234 12; sleep 0.5
click 60 163; sleep 0.5
click 419 43; shot sokoban 1.8
# Stacks: the fifth seed example, a few moves in.
click 306 12; sleep 0.5
click 90 194; sleep 0.5
key n n n n n n n; shot stacks 2.5
echo "screenshots written to $out/"
