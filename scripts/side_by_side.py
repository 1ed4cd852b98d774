#!/usr/bin/env python3
"""Festival and tumblebox side by side, level for level, started together (docs/sokoban-solver.md).

Builds Festival from the source you give (its C++ files, as published with the Android port:
`app/src/main/cpp`; nothing is downloaded), then for each level starts
`festival FILE -level N -cores 1 -time T -alg 0` and
`tumblebox sokoban solve FILE --level N --time-limit T` at the same moment, so the machine's
load hits both alike, waits for both, and replays every solution either prints through the
rules in scripts/check_sokoban_solutions.py (independent of both solvers). Prints one row of
the comparison table and writes a CSV of every level (level, festival, tumblebox, their times).

Usage:
  scripts/side_by_side.py --festival-src DIR LEVELS.xsb [--levels 1-90] [--time 10]
      [--tumblebox target/release/tumblebox] [--work DIR] [--tb-arg=--threads --tb-arg=2]

--festival BIN uses a Festival already built instead of --festival-src. Festival's clock
counts whole seconds, so its limit is T to T + 1 s; tumblebox's is T.
"""
import argparse
import csv
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_sokoban_solutions as check  # noqa: E402


def build_festival(src, work):
    """g++ -O3 -DLINUX -DTHREADS -fpermissive -w *.cpp -pthread, in the source directory."""
    cpp = sorted(f for f in os.listdir(src) if f.endswith(".cpp"))
    if not cpp:
        sys.exit(f"side_by_side: no .cpp files in {src} (give Festival's app/src/main/cpp)")
    out = os.path.join(work, "festival")
    cmd = ["g++", "-O3", "-DLINUX", "-DTHREADS", "-fpermissive", "-w", *cpp, "-pthread", "-o", out]
    print("building Festival:", " ".join(cmd[:6]), f"({len(cpp)} files) in {src}", file=sys.stderr)
    subprocess.run(cmd, cwd=src, check=True)
    return out


def level_range(text, count):
    levels = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        levels.extend(range(int(lo), int(hi or lo) + 1))
    bad = [n for n in levels if not 1 <= n <= count]
    if bad:
        sys.exit(f"side_by_side: levels {bad} outside 1..{count}")
    return levels


def tumblebox_solution(stdout):
    """The LURD line of `sokoban solve`'s answer (its second line), if it solved the level."""
    lines = stdout.splitlines()
    if len(lines) >= 3 and lines[2].startswith("moves "):
        return lines[1].strip()
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("levels_file")
    ap.add_argument("--festival-src")
    ap.add_argument("--festival")
    ap.add_argument("--tumblebox", default="target/release/tumblebox")
    ap.add_argument("--levels", help="such as 1-90 or 14,28,50 (default: all)")
    ap.add_argument("--time", type=int, default=10)
    ap.add_argument("--work", help="where the build, the solution files and the CSV go")
    ap.add_argument("--tb-arg", action="append", default=[], help="one more argument for tumblebox")
    a = ap.parse_args()
    if not (a.festival or a.festival_src):
        sys.exit("side_by_side: give --festival-src DIR (Festival's C++ source) or --festival BIN")
    work = a.work or tempfile.mkdtemp(prefix="side-by-side-")
    os.makedirs(work, exist_ok=True)
    festival = a.festival or build_festival(os.path.abspath(a.festival_src), work)
    levels_file = os.path.abspath(a.levels_file)
    grids = check.levels_of(open(levels_file).read())
    todo = level_range(a.levels, len(grids)) if a.levels else list(range(1, len(grids) + 1))
    rows = []
    for n in todo:
        out_file = os.path.join(work, f"festival-{n}.sok")
        if os.path.exists(out_file):
            os.remove(out_file)
        fest_cmd = [festival, levels_file, "-level", str(n), "-cores", "1", "-time", str(a.time), "-alg", "0",
                    "-out_file", out_file]
        tb_cmd = [a.tumblebox, "sokoban", "solve", levels_file, "--level", str(n), "--time-limit", str(a.time),
                  *a.tb_arg]
        tb_file = os.path.join(work, f"tumblebox-{n}.txt")
        began = time.monotonic()
        with open(tb_file, "w") as tb_fh:
            fest = subprocess.Popen(fest_cmd, cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            tb = subprocess.Popen(tb_cmd, stdout=tb_fh, stderr=subprocess.DEVNULL)
        # Each one's own time: both are watched until each ends. Neither may run on long past
        # its limit: killed at three times it, counted unsolved.
        hard = 3 * a.time + 10
        ended = {}
        while len(ended) < 2:
            now = time.monotonic() - began
            for name, proc in (("festival", fest), ("tumblebox", tb)):
                if name in ended:
                    continue
                if proc.poll() is not None:
                    ended[name] = now
                elif now > hard:
                    proc.kill()
                    proc.wait()
                    ended[name] = now
            time.sleep(0.01)
        fest_secs, tb_secs = ended["festival"], ended["tumblebox"]
        with open(tb_file) as tb_fh:
            tb_out = tb_fh.read()
        grid = grids[n - 1]
        fest_sols = check.solutions_of(open(out_file).read()) if os.path.exists(out_file) else {}
        # Festival writes one level a run, titled as the file titles it ("Level 7",
        # "Boxworld 7"): the file's one solution is this level's, whatever its title; it
        # is replayed on this level's grid below all the same.
        f_moves = fest_sols.get(n) or (next(iter(fest_sols.values())) if len(fest_sols) == 1 else None)
        t_moves = tumblebox_solution(tb_out)
        f_ok = bool(f_moves) and check.solves(grid, f_moves)
        t_ok = bool(t_moves) and check.solves(grid, t_moves)
        rows.append((n, f_ok, t_ok, round(fest_secs, 2), round(tb_secs, 2)))
        print(f"level {n}: Festival {'solved' if f_ok else '-'} ({fest_secs:.1f} s), "
              f"tumblebox {'solved' if t_ok else '-'} ({tb_secs:.1f} s)", file=sys.stderr)
    with open(os.path.join(work, "side_by_side.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["level", "festival", "tumblebox", "festival_s", "tumblebox_s"])
        w.writerows(rows)
    name = os.path.basename(levels_file)
    only_f = " ".join(str(r[0]) for r in rows if r[1] and not r[2]) or "-"
    only_t = " ".join(str(r[0]) for r in rows if r[2] and not r[1]) or "-"
    print("| collection | Festival | tumblebox | only Festival | only tumblebox |")
    print("|---|---|---|---|---|")
    print(f"| {name} ({len(rows)}) | {sum(r[1] for r in rows)} | {sum(r[2] for r in rows)} | {only_f} | {only_t} |")
    print(f"(every solution replayed by scripts/check_sokoban_solutions.py; CSV: {work}/side_by_side.csv)",
          file=sys.stderr)


if __name__ == "__main__":
    main()
