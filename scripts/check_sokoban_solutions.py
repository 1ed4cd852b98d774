#!/usr/bin/env python3
"""Replays another solver's Sokoban solutions, independently of tumblebox, and counts those
that end with every box on a goal. Used to check a peer's figures before they are quoted
(docs/sokoban-solver.md: Festival's solutions file).

Usage: scripts/check_sokoban_solutions.py SOLUTIONS LEVELS.xsb
SOLUTIONS is Festival's `solutions.sok` (a `Level N` line, then a `Solution` line and the
LURD moves on the next line); LEVELS the collection it solved."""
import re
import sys


def levels_of(text):
    levels, cur = [], []
    for line in text.split("\n"):
        if "#" in line and set(line) <= set("#@+$*. -_"):
            cur.append(line)
        elif cur:
            levels.append(cur)
            cur = []
    if cur:
        levels.append(cur)
    return levels


def solutions_of(text):
    lines, sols, level = text.split("\n"), {}, None
    for i, line in enumerate(lines):
        m = re.match(r"^Level (\d+)$", line)
        if m:
            level = int(m.group(1))
        if line.startswith("Solution") and i + 1 < len(lines) and re.fullmatch(r"[lurdLURD]+", lines[i + 1].strip()):
            sols[level] = lines[i + 1].strip()
    return sols


def solves(grid, moves):
    walls, boxes, goals, player = set(), set(), set(), None
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch == "#":
                walls.add((r, c))
            if ch in "$*":
                boxes.add((r, c))
            if ch in ".*+":
                goals.add((r, c))
            if ch in "@+":
                player = (r, c)
    step = {"l": (0, -1), "r": (0, 1), "u": (-1, 0), "d": (1, 0)}
    for ch in moves:
        dr, dc = step[ch.lower()]
        to = (player[0] + dr, player[1] + dc)
        if to in walls:
            return False
        if to in boxes:
            beyond = (to[0] + dr, to[1] + dc)
            if ch.islower() or beyond in walls or beyond in boxes:
                return False
            boxes.remove(to)
            boxes.add(beyond)
        elif ch.isupper():
            return False
        player = to
    return boxes == goals


def main():
    sols = solutions_of(open(sys.argv[1]).read())
    levels = levels_of(open(sys.argv[2]).read())
    good = [n for n, m in sorted(sols.items()) if solves(levels[n - 1], m)]
    bad = sorted(set(sols) - set(good))
    print(f"{len(sols)} solutions, {len(good)} replay to solved" + (f"; not: {bad}" if bad else ""))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
