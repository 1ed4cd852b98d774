#!/usr/bin/env python3
"""The long proof runs: every level a bench CSV left unproven, solved again without a time limit.

Usage: scripts/prove_unproven.py ANDROID_DIR BENCH.csv [--jobs 2] [--max-states 200000000]
                                 [--binary target/release/tumblebox] [--sweep]

Each level runs `tumblebox vexed solve PACK.txt --level N --max-states M` (no time limit: the
solver stops when the best solution is proven optimal, or when M positions are stored, about
47 bytes each). With --sweep it runs `tumblebox vexed prove` instead (the class sweep, which
holds only the positions still ahead; M then bounds those). Prints one line per level as it
ends, then a summary; exits 1 if any level is still unproven.
"""
import argparse
import csv
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor


def run(binary, pack_file, level, max_states, sweep):
    """(length, proven, lower bound, states expanded, wall seconds), or an error text."""
    start = time.time()
    command = "prove" if sweep else "solve"
    out = subprocess.run(
        [binary, "vexed", command, pack_file, "--level", str(level), "--max-states", str(max_states)],
        capture_output=True,
        text=True,
    )
    wall = time.time() - start
    if sweep:
        proven_len = re.search(r"^length: (\d+) \(proven optimal", out.stdout, re.M)
        best = re.search(r"^best found: (\d+) \(the optimum is at least (\d+)\)", out.stdout, re.M)
        states = sum(int(x) for x in re.findall(r"^sweep \d: (\d+) positions expanded", out.stdout, re.M))
        if proven_len:
            n = int(proven_len.group(1))
            return n, True, n, states, wall
        if best:
            return int(best.group(1)), False, int(best.group(2)), states, wall
        return (out.stdout + out.stderr).strip()[:200]
    length = re.search(r"^length: (\d+) \((proven optimal|not proven optimal: the optimum is at least (\d+))", out.stdout, re.M)
    states = re.search(r"^states: (\d+) expanded", out.stdout, re.M)
    if not length:
        return (out.stdout + out.stderr).strip()[:200]
    proven = length.group(2) == "proven optimal"
    bound = int(length.group(1)) if proven else int(length.group(3))
    return int(length.group(1)), proven, bound, int(states.group(1)) if states else 0, wall


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("android_dir")
    ap.add_argument("bench_csv")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--max-states", type=int, default=200_000_000)
    ap.add_argument("--binary", default="target/release/tumblebox")
    ap.add_argument("--sweep", action="store_true", help="prove with `vexed prove` (the class sweep)")
    a = ap.parse_args()
    rows = [r for r in csv.DictReader(open(a.bench_csv)) if r["proven"] != "true"]
    print(f"{len(rows)} unproven levels in {a.bench_csv}")

    def one(r):
        got = run(a.binary, f"{a.android_dir}/{r['pack']}.txt", r["index"], a.max_states, a.sweep)
        name = f"{r['pack']} #{r['index']} {r['title']}"
        if isinstance(got, str):
            print(f"{name}: no answer ({got})", flush=True)
            return False
        length, proven, bound, states, wall = got
        status = "PROVEN optimal" if proven else f"not proven (optimum >= {bound})"
        line = f"{name}: par {r['par']}, {length} moves, {status}; {states} states expanded, {wall:.0f} s"
        print(line, flush=True)
        return proven

    with ThreadPoolExecutor(a.jobs) as pool:
        results = list(pool.map(one, rows))
    proven = sum(1 for p in results if p)
    print(f"proven: {proven} of {len(rows)}")
    sys.exit(0 if proven == len(rows) else 1)


if __name__ == "__main__":
    main()
