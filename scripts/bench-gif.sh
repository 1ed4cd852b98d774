#!/usr/bin/env bash
# The GIF comparison of docs/measured.md: for each animation, tumblebox's GIF against
# ffmpeg's palettegen/paletteuse on the same frames and against `gifsicle -O3` of
# tumblebox's GIF: bytes, whole-process CPU time (user + system, paired runs: tumblebox,
# ffmpeg, tumblebox, ffmpeg, ...; the median of the per-pair ratios), and whether every file
# decodes to the same frames as tumblebox's APNG of the animation (rendered without the GIF
# encoder; ffmpeg decodes all of them, consecutive equal frames merged, each compared with the
# time it starts).
#
# Needs ffmpeg, gifsicle and GNU time (apt-get install ffmpeg gifsicle time), and
# ../shared/data for the Vexed and Sokoban levels. Usage: scripts/bench-gif.sh [runs] (5).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
missing=()
for tool in ffmpeg gifsicle /usr/bin/time; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bench-gif.sh: missing ${missing[*]} (apt-get install ffmpeg gifsicle time)" >&2
  exit 2
fi
data=../shared/data
if [ ! -d "$data/vexed-levels" ] || [ ! -d "$data/sokoban-levels" ]; then
  echo "bench-gif.sh: $data (the Vexed and Sokoban levels) is missing" >&2
  exit 2
fi
cargo build --release -q
bin=${CARGO_TARGET_DIR:-target}/release/tumblebox
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '.........@...o....ooo..xox...\n+>|<-v+^+\n' > "$work/shubbles.txt"
head -9 assets/levels/stacks.txt > "$work/stacks.txt"
# Classic II #26 "New Haven": a 32-move solution (the solver's after 20 s; par 32).
haven='(e,4,6,L) (d,4,7,L) (f,5,5,R) (h,2,2,L) (d,2,5,L) (g,5,3,L) (g,2,2,L) (b,5,4,L) (e,3,2,R) (d,3,4,L) (h,4,1,L) (d,3,3,L) (d,3,2,L) (g,4,1,L) (g,0,3,L) (g,3,2,L) (b,5,3,L) (b,5,2,L) (e,1,3,R) (e,5,3,L) (e,5,5,L) (a,1,6,L) (e,3,4,L) (b,5,1,R) (b,5,2,R) (a,0,0,R) (a,2,5,L) (a,3,4,L) (b,5,3,R) (b,5,4,R) (a,5,3,L) (b,5,5,R)'

# name;mode;arguments after the binary (the output flag and file are added; a last
# `--moves` takes the New Haven solution)
animations=(
  "Vexed New Haven;smooth;vexed export $data/vexed-levels/android/classic_ii_levels.txt --level 26 --size 480 --smooth --moves"
  "shubbles +>\\|<-v+^+;smooth;shubbles judge $work/shubbles.txt --size 480 --smooth"
  "stacks, 20 turns;smooth;stacks export $work/stacks.txt --turns 20 --size 480 --smooth"
  "Sokoban Microban 40;smooth;sokoban export $data/sokoban-levels/microban-155.xsb --level 40 --size 480 --smooth"
  "Vexed New Haven;stepwise;vexed export $data/vexed-levels/android/classic_ii_levels.txt --level 26 --size 480 --moves"
  "shubbles +>\\|<-v+^+;stepwise;shubbles judge $work/shubbles.txt --size 480"
  "stacks, 20 turns;stepwise;stacks export $work/stacks.txt --turns 20 --size 480"
  "Sokoban Microban 40;stepwise;sokoban export $data/sokoban-levels/microban-155.xsb --level 40 --size 480"
)

# The frames a file shows: "start time in ms, MD5 of the RGB frame", a line each time the
# picture changes.
timeline() {
  ffmpeg -v error -i "$1" -f framemd5 -pix_fmt rgb24 - | awk -F', *' '
    /^#tb/ { split($0, a, ": "); split(a[2], f, "/"); num = f[1]; den = f[2]; next }
    /^#/ { next }
    { if ($6 != last) { printf "%d %s\n", $3 * 1000 * num / den + 0.5, $6; last = $6 } }'
}

cpu() { # user + system seconds of one run of "$@"
  /usr/bin/time -f '%U %S' -o "$work/time" "$@" >/dev/null 2>&1
  awk '{ print $1 + $2 }' "$work/time"
}

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

printf '| animation | frames | tumblebox bytes | gifsicle -O3 of it | ffmpeg bytes | CPU tumblebox / ffmpeg (median of %d pairs) | frames equal (tumblebox, gifsicle, ffmpeg) |\n' "$runs"
printf '|---|---|---|---|---|---|---|\n'
for a in "${animations[@]}"; do
  IFS=';' read -r name mode cmd <<<"$a"
  read -r -a args <<<"$cmd"
  [ "${args[-1]}" = --moves ] && args+=("$haven")
  "$bin" "${args[@]}" --gif "$work/ours.gif" >/dev/null
  "$bin" "${args[@]}" --apng "$work/ours.png" >/dev/null
  gifsicle -O3 "$work/ours.gif" -o "$work/gifsicle.gif"
  rm -rf "$work/frames" && mkdir "$work/frames"
  ffmpeg -v error -i "$work/ours.png" -vsync passthrough "$work/frames/%05d.png"
  frames=$(find "$work/frames" -name '*.png' | wc -l)
  rate=20
  [ "$mode" = stepwise ] && rate=1
  ff=(ffmpeg -v error -y -framerate "$rate" -i "$work/frames/%05d.png"
    -vf "split[a][b];[a]palettegen[p];[b][p]paletteuse" "$work/ffmpeg.gif")
  "${ff[@]}"
  ratios=()
  for _ in $(seq "$runs"); do
    t=$(cpu "$bin" "${args[@]}" --gif "$work/ours.gif")
    f=$(cpu "${ff[@]}")
    ratios+=("$(echo "$t / $f" | bc -l)")
  done
  ratio=$(printf '%s\n' "${ratios[@]}" | median)
  src=$(timeline "$work/ours.png")
  same() { [ "$(timeline "$1")" = "$src" ] && echo yes || echo NO; }
  printf '| %s, %s | %d | %d | %d | %d | %.3f | %s, %s, %s |\n' "$name" "$mode" "$frames" \
    "$(stat -c %s "$work/ours.gif")" "$(stat -c %s "$work/gifsicle.gif")" "$(stat -c %s "$work/ffmpeg.gif")" \
    "$ratio" "$(same "$work/ours.gif")" "$(same "$work/gifsicle.gif")" "$(same "$work/ffmpeg.gif")"
done
