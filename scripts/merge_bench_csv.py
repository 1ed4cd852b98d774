#!/usr/bin/env python3
"""Writes SHARDS bench CSVs of N levels in all (interleaved as `sokoban bench --shard I/SHARDS`
writes them) for timing `sokoban bench --merge` (docs/measured.md). Every row is a solved level
whose pushes and moves are its LURD solution's own; every seventh is proven.

    python3 scripts/merge_bench_csv.py 1000000 2 /tmp/merge   # /tmp/merge/s1.csv, s2.csv
"""
import os
import sys

HEADER = "pack,index,title,boxes,solved,pushes,moves,proven,millis,solution,ended"


def row(i):
    solution = "rUl" * (i % 5 + 1) + "D" * (i % 3 + 1) + "lurdLURD" * (i % 4)
    pushes = sum(c.isupper() for c in solution)
    proven = "true" if i % 7 == 0 else "false"
    return f"big.xsb,{i},Level {i},{i % 9 + 1},true,{pushes},{len(solution)},{proven},{i % 1000},{solution},solved\n"


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    n, shards, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    os.makedirs(out, exist_ok=True)
    for k in range(1, shards + 1):
        with open(os.path.join(out, f"s{k}.csv"), "w") as f:
            f.write(HEADER + "\n")
            f.writelines(row(i) for i in range(k, n + 1, shards))


if __name__ == "__main__":
    main()
