#!/usr/bin/env bash
# Smooth-GIF benchmark: tumblebox's render + encode against ffmpeg turning the same frames
# (as PNG files) into a GIF with palettegen/paletteuse. Needs ffmpeg (apt-get install ffmpeg).
# Usage: scripts/bench-gif.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
cargo build --release -q
bin=target/release/tumblebox
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '.........@...o....ooo..xox...\n+>|<-v+^+\n' > "$work/in.txt"

now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

for i in $(seq "$runs"); do
  t0=$(now); "$bin" shubbles judge --gif "$work/ours.gif" --smooth --size 480 "$work/in.txt" >/dev/null; t1=$(now)
  echo "$t1 - $t0" | bc -l
done | median > "$work/ours.t"

mkdir "$work/frames"
ffmpeg -v error -i "$work/ours.gif" -vsync passthrough "$work/frames/%04d.png"
frames=$(ls "$work/frames" | wc -l)
for i in $(seq "$runs"); do
  t0=$(now)
  ffmpeg -v error -y -framerate 20 -i "$work/frames/%04d.png" \
    -vf "split[a][b];[a]palettegen[p];[b][p]paletteuse" "$work/ffmpeg.gif"
  t1=$(now)
  echo "$t1 - $t0" | bc -l
done | median > "$work/ffmpeg.t"

ours=$(cat "$work/ours.t"); theirs=$(cat "$work/ffmpeg.t")
printf 'frames: %d at 480x480 (.........@...o....ooo..xox... with +>|<-v+^+)\n' "$frames"
printf '%-34s %8s %10s %12s\n' method seconds "frames/s" bytes
printf '%-34s %8.3f %10.0f %12d\n' "tumblebox render + encode" "$ours" "$(echo "$frames / $ours" | bc -l)" "$(stat -c %s "$work/ours.gif")"
printf '%-34s %8.3f %10.0f %12d\n' "ffmpeg PNG -> palettegen/paletteuse" "$theirs" "$(echo "$frames / $theirs" | bc -l)" "$(stat -c %s "$work/ffmpeg.gif")"
printf 'speed-up: %.1fx\n' "$(echo "$theirs / $ours" | bc -l)"
