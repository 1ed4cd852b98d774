#!/usr/bin/env bash
# Builds fuzz/corpus/TARGET/ (not committed) from the shared data beside this checkout and the
# seeds' worked examples, so each fuzz target starts from real inputs:
#   fuzz/seed-corpus.sh && cargo +nightly fuzz run judge_vexed
set -euo pipefail
cd "$(dirname "$0")"
data=../../shared/data
[ -d "$data" ] || { echo "seed-corpus: $data is missing" >&2; exit 2; }
mk() { mkdir -p "corpus/$1"; }
for t in vexed_formats judge_vexed judge_sokoban judge_stacks judge_shubbles input save loader sokoban_formats certify bench_merge library_lines; do mk "$t"; done
n=0
add() { # add TARGET FILE: one corpus entry per file (the first 64 KB)
  n=$((n + 1)); head -c 65536 "$2" > "corpus/$1/data-$n"
}
for f in "$data"/vexed-levels/palm/*.ini "$data"/vexed-levels/android/*.txt; do
  add vexed_formats "$f"; add input "$f"
done
for f in "$data"/pushing-boxes/*.in "$data"/pushing-boxes/*.txt; do add judge_sokoban "$f"; add input "$f"; done
for f in "$data"/new-game-2/*.in; do add judge_stacks "$f"; done
# The seeds' examples (seeds/ 000, 002, 003, 004), as the judges read them.
printf '4 5 SAMPLE-01\n#A--#\n##-B#\n#AB##\n#####\n6 7 SAMPLE-02\n#--Y--#\n#-ZX-X#\n#-##-##\n#-XZ--#\n####YZ#\n#######\n0 0 END\n' > corpus/judge_vexed/seed-000
cp corpus/judge_vexed/seed-000 corpus/vexed_formats/seed-000
printf '.........@...o....ooo..xox...\n+>|<-v+^+\n' > corpus/judge_shubbles/seed-002a
printf 'x.....o....o@x.....o.o.oooo.o\n-+\n' > corpus/judge_shubbles/seed-002b
printf '1 7\nSB....T\n1 7\nSB..#.T\n7 11\n###########\n#T##......#\n#.#.#..####\n#....B....#\n#.######..#\n#.....S...#\n###########\n8 4\n....\n.##.\n.#..\n.#..\n.#.B\n.##S\n....\n###T\n0 0\n' > corpus/judge_sokoban/seed-003
printf '4 4\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n4 1 2\n' > corpus/judge_stacks/seed-004
# The loader and certify take every kind the window opens; the Sokoban readers the XSB files.
for f in "$data"/sokoban-levels/*.xsb; do add sokoban_formats "$f"; add loader "$f"; done
for f in "$data"/vexed-levels/android/*.txt "$data"/pushing-boxes/*.in "$data"/new-game-2/*.in; do add loader "$f"; done
for f in corpus/judge_*/seed-*; do cp "$f" "corpus/loader/$(basename "$f")"; cp "$f" "corpus/certify/$(basename "$f")"; done
printf '; tiny\n#####\n#@$.#\n#####\n' > corpus/certify/seed-xsb
printf '; tiny\n#####\n#@$.#\n#####\n\0RrLl3(rL)\n' > corpus/sokoban_formats/seed-lurd
# Bench CSVs for --merge: two shards (cut at a NUL), an older header, quoted fields.
h=pack,index,title,boxes,solved,pushes,moves,proven,millis,solution,ended
printf '%s\np,1,"a, ""t""",2,true,2,4,true,5,rRlU,solved\np,3,L,2,false,,,false,9,,time\n\0%s\r\np,2,L,1,true,1,1,false,0,R,solved\r\n' "$h" "$h" > corpus/bench_merge/seed-shards
printf 'pack,index,title,boxes,solved,pushes,moves,proven,millis,solution\np,1,L,1,false,,,false,3,\n' > corpus/bench_merge/seed-v1
# Library lines after each game's small level (the first byte picks the game).
printf '\000solution player 2026-12-05T01:20:00Z rRR\nsnapshot 2026-12-05T01:25:10Z "around" rl\n' > corpus/library_lines/seed-sokoban
printf '\001solution solver 2026-12-05T01:20:00Z (B,1,3,L) (A,0,1,R)\nsnapshot 2026-12-05T01:25:10Z "half" (B,1,3,L)\n' > corpus/library_lines/seed-vexed
printf '\002snapshot 2026-12-05T01:25:10Z "turned" +>\n' > corpus/library_lines/seed-shubbles
printf '\003snapshot 2026-12-05T01:25:10Z "two turns" 1 2\n' > corpus/library_lines/seed-stacks
# Saves: one per game, made by the command line itself.
bin=../target/release/tumblebox
if [ -x "$bin" ]; then
  "$bin" vexed export corpus/judge_vexed/seed-000 --level 2 --save corpus/save/vexed.tumble >/dev/null 2>&1 || true
  "$bin" sokoban export corpus/judge_sokoban/seed-003 --level 3 --save corpus/save/sokoban.tumble >/dev/null 2>&1 || true
  "$bin" stacks export corpus/judge_stacks/seed-004 --turns 3 --save corpus/save/stacks.tumble >/dev/null 2>&1 || true
  cp corpus/save/*.tumble corpus/loader/ 2>/dev/null || true
fi
echo "seed-corpus: $(find corpus -type f | wc -l) inputs in fuzz/corpus/"
