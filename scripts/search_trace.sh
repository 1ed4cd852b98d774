#!/usr/bin/env bash
# Whether this checkout's fast Sokoban search makes the same positions in the same order and
# finds the same answers as another commit's: both run `search::trace` (the real search on a
# fixed schedule of turns, no clock deciding; see src/sokoban/search/trace.rs) on the same
# levels, and their lines are compared. For a change meant to make the search faster and
# nothing else.
#
#   scripts/search_trace.sh BASE_COMMIT [TRACE]
#
# TRACE: `FILE:FIRST-LAST:BUDGET` items split by `;` (default: XSokoban 1-90 and Microban
# 1-155 at 30 000 states, XSokoban 29 and 89 at 300 000). The base commit is checked out in a
# temporary worktree with this checkout's trace.rs added; both are built as tests (opt-level
# 3) in $CARGO_TARGET_DIR (or ./target; the base in its search-trace-base/). SAVE=DIR keeps
# both outputs there; BASE_TRACE=FILE takes the base's from such a file instead of building
# it. Exit status 0: every line the same.
set -euo pipefail
BASE=${1:?usage: scripts/search_trace.sh BASE_COMMIT [TRACE]}
ROOT=$(git rev-parse --show-toplevel)
D=$(realpath "$ROOT/../shared/data/sokoban-levels")
TRACE=${2:-"$D/xsokoban-90.xsb:1-90:30000;$D/microban-155.xsb:1-155:30000;$D/xsokoban-90.xsb:29-29:300000;$D/xsokoban-90.xsb:89-89:300000"}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
WORK=$(mktemp -d)
trap 'git -C "$ROOT" worktree remove --force "$WORK/base" >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT
git -C "$ROOT" worktree add --detach "$WORK/base" "$BASE" >/dev/null 2>&1
cp "$ROOT/src/sokoban/search/trace.rs" "$WORK/base/src/sokoban/search/trace.rs"
grep -q '^mod trace;' "$WORK/base/src/sokoban/search/mod.rs" ||
    printf '#[cfg(test)]\nmod trace;\n' >>"$WORK/base/src/sokoban/search/mod.rs"
run() {
    # The test binary's path from cargo's JSON lines, then the traces, timings cut off.
    local bin
    bin=$(cd "$1" && cargo test --lib --no-run --message-format=json |
        python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and "lib" in m["target"]["kind"]:
        print(m["executable"])')
    TRACE="$TRACE" "$bin" search::trace --ignored --nocapture --test-threads 1 |
        grep -o 'TRACE .*' | tee "$2" | sed 's/ ([0-9.]* s)$//' >"$2.cmp"
}
if [ -n "${BASE_TRACE:-}" ]; then
    # A base's lines saved before (SAVE=DIR below), with the same TRACE.
    cp "$BASE_TRACE" "$WORK/base.txt" && sed 's/ ([0-9.]* s)$//' "$BASE_TRACE" >"$WORK/base.txt.cmp"
else
    # The base in a target directory of its own: cargo tells a crate's builds apart by its name
# and its files' times, not by its checkout's path.
echo "base $BASE:" && CARGO_TARGET_DIR="$CARGO_TARGET_DIR/search-trace-base" run "$WORK/base" "$WORK/base.txt"
fi
echo "this checkout:" && run "$ROOT" "$WORK/this.txt"
lines=$(wc -l <"$WORK/this.txt")
[ -n "${SAVE:-}" ] && mkdir -p "$SAVE" && cp "$WORK/base.txt" "$SAVE/base.txt" && cp "$WORK/this.txt" "$SAVE/this.txt"
if diff "$WORK/base.txt.cmp" "$WORK/this.txt.cmp"; then
    echo "the same: $lines lines"
    python3 - "$WORK/base.txt" "$WORK/this.txt" <<'EOF'
import re, sys
def secs(p):
    return sum(float(m.group(1)) for l in open(p) if (m := re.search(r'\(([0-9.]+) s\)$', l)))
b, t = secs(sys.argv[1]), secs(sys.argv[2])
print(f"time in the traces: base {b:.1f} s, this {t:.1f} s")
EOF
else
    echo "DIFFERENT"
    exit 1
fi
