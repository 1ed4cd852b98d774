#!/usr/bin/env python3
"""Replays a Vexed solution with rules written from the spec alone (no shared code with the
Rust engine): a second, independent check of solutions the solver reports below par.

Usage: tumblebox vexed solve PACK.txt --level N --time-limit 15 | scripts/check_vexed.py PACK.txt N
Reads the `(letter,row,col,L|R)` moves from standard input; prints the length and whether the
board ends empty; exits 1 if a move is illegal or blocks are left.
"""
import re
import sys


def load(path, index):
    lines = [l for l in open(path, encoding="latin-1").read().splitlines() if l.strip()]
    title, board, par = lines[index - 1].split(";")
    rows = board.split("/")
    width = max(len(r) for r in rows)
    return title, int(par), [list(r.ljust(width, "X")) for r in rows]


def settle(g):
    h, w = len(g), len(g[0])
    while True:
        moved = True
        while moved:  # gravity, one row per pass, until nothing falls
            moved = False
            for r in range(h - 2, -1, -1):
                for c in range(w):
                    if g[r][c] not in ".X" and g[r + 1][c] == ".":
                        g[r + 1][c], g[r][c] = g[r][c], "."
                        moved = True
        gone = set()
        for r in range(h):
            for c in range(w):
                if g[r][c] in ".X":
                    continue
                for dr, dc in ((0, 1), (1, 0)):
                    rr, cc = r + dr, c + dc
                    if rr < h and cc < w and g[rr][cc] == g[r][c]:
                        gone |= {(r, c), (rr, cc)}
        if not gone:
            return
        for r, c in gone:
            g[r][c] = "."


def main():
    title, par, g = load(sys.argv[1], int(sys.argv[2]))
    settle(g)
    moves = re.findall(r"\(([a-zA-Z]),(\d+),(\d+),([LR])\)", sys.stdin.read())
    for i, (letter, r, c, d) in enumerate(moves, 1):
        r, c = int(r), int(c)
        to = c - 1 if d == "L" else c + 1
        if g[r][c] != letter or not (0 <= to < len(g[0])) or g[r][to] != ".":
            sys.exit(f"{title}: move {i} {letter},{r},{c},{d} is illegal")
        g[r][to], g[r][c] = letter, "."
        settle(g)
    left = sum(ch not in ".X" for row in g for ch in row)
    print(f"{title}: {len(moves)} moves (par {par}), {left} blocks left")
    sys.exit(0 if left == 0 else 1)


if __name__ == "__main__":
    main()
