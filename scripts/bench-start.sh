#!/usr/bin/env bash
# The window's start with 50,000 levels in the player's store: the time from starting the
# process to its window on screen (xdotool), under Xvfb, for one binary or two side by side
# (runs alternate, so the machine's load hits both alike).
#
#   scripts/bench-start.sh NEW [OLD] [RUNS]
#
# NEW is a tumblebox with the SQLite store (its store made by `NEW progress import`); OLD, if
# given, one from before it (commit 38cee42 or earlier), whose store is eframe's app.ron with
# the same levels as progress text. Prints each run and the medians.
set -euo pipefail
NEW=$(realpath "$1")
OLD=${2:+$(realpath "$2")}
RUNS=${3:-7}
for tool in Xvfb xdotool python3; do command -v "$tool" >/dev/null || { echo "needs $tool"; exit 2; }; done
WORK=$(mktemp -d)
export DISPLAY=:${BENCH_DISPLAY:-87} XDG_RUNTIME_DIR="$WORK/run"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
trap 'kill $XVFB 2>/dev/null; rm -rf "$WORK"' EXIT
sleep 1

# The same 50,000 levels for both: a best, a library solution and statistics each.
python3 - "$WORK" <<'PY'
import sys
work = sys.argv[1]
lines = []
for i in range(50_000):
    line = "uuLLddRRurDrdLLuu" * (1 + i % 4)
    h = f"{(i * 0x9E3779B97F4A7C15) % (1 << 64):016x}"
    pack = f"Pack {i // 500}"
    lines.append(f"level\tsokoban\t{h}\t{len(line)}\t0\t{line}\t{pack}")
    lines.append(f"found\tsokoban\t{h}\tplayer\t{1796432400 + i}\t{len(line)}\t{len(line) // 3}\t{line}\t{pack}")
    lines.append(f"stats\tsokoban\t{h}\t{60 + i % 600}\t{1 + i % 5}\t{i}\t{pack}")
body = "\n".join(lines)
open(f"{work}/v4.txt", "w").write("tumblebox progress 4\n" + body + "\n")
# eframe's app.ron: a RON map of strings, the progress text (version 3) one of them.
# With the settings the old window writes at its start, so it has nothing to write back while
# the benchmark stops it (an old window stopped while rewriting app.ron cuts it).
v3 = "tumblebox progress 3\n" + body + "\nspeed\t1\ninstant\t0\ndark\t1\nnumbers\t0\ndead\t0\nwarn\t0\ngrid\t0\nexport\t0 1 480 1 0 0 0"
esc = v3.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
import os
os.makedirs(f"{work}/old/.local/share/tumblebox", exist_ok=True)
open(f"{work}/old/.local/share/tumblebox/app.ron", "w").write('{\n    "tumblebox-progress": "' + esc + '",\n}\n')
PY
HOME="$WORK/new" XDG_DATA_HOME="$WORK/new/.local/share" "$NEW" progress import "$WORK/v4.txt" >/dev/null

# One start: milliseconds until the window is on screen.
start_ms() {
  local bin=$1 home=$2
  local t0 pid
  t0=$(date +%s%N)
  HOME="$home" XDG_DATA_HOME="$home/.local/share" "$bin" >>"$WORK/app.log" 2>&1 &
  pid=$!
  # Polled every 10 ms (xdotool's own --sync waits half a second between looks).
  until xdotool search --all --onlyvisible --pid "$pid" --name '^tumblebox$' >/dev/null 2>&1; do
    kill -0 "$pid" 2>/dev/null || { echo "$bin stopped before its window showed: $(tail -c 300 "$WORK/app.log")" >&2; exit 1; }
    sleep 0.01
  done
  echo $(( ($(date +%s%N) - t0) / 1000000 ))
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null || true
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# A first start of each, not counted (the old one imports nothing; the new one has nothing to
# import: its store is there).
start_ms "$NEW" "$WORK/new" >/dev/null
[ -n "$OLD" ] && start_ms "$OLD" "$WORK/old" >/dev/null
: >"$WORK/new.ms"
: >"$WORK/old.ms"
for i in $(seq "$RUNS"); do
  n=$(start_ms "$NEW" "$WORK/new")
  echo "$n" >>"$WORK/new.ms"
  if [ -n "$OLD" ]; then
    o=$(start_ms "$OLD" "$WORK/old")
    echo "$o" >>"$WORK/old.ms"
    echo "run $i: new $n ms, old $o ms"
  else
    echo "run $i: $n ms"
  fi
done
echo "median: new $(median <"$WORK/new.ms") ms${OLD:+, old $(median <"$WORK/old.ms") ms}"
# Both stores still hold every level (an old window stopped mid-write would have cut its own).
[ -z "$OLD" ] || [ "$(stat -c %s "$WORK/old/.local/share/tumblebox/app.ron")" -gt 10000000 ] ||
  echo "the old store was cut: $(stat -c %s "$WORK/old/.local/share/tumblebox/app.ron") bytes (the figures are not comparable)"
