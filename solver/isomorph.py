"""Isomorphs: the same puzzle in another picture (same logic, same difficulty).

Relabel the digits, permute the bands and stacks, the rows inside each band and the
columns inside each stack, and maybe transpose.  The benchmarks draw their cases this way
(with a fixed seed) and the generator uses it to vary its seed puzzles.  :func:`canonical`
is the one picture every isomorph shares: the key that tells essentially different puzzles
apart.
"""
from __future__ import annotations

import random
from itertools import permutations, product

__all__ = ["isomorph", "isomorph_line", "canonical"]


def isomorph(cells, rng: random.Random) -> tuple:
    """A random isomorph of 81 digits (0 = blank), as a tuple."""
    digits = list(range(1, 10))
    rng.shuffle(digits)
    relabel = [0] + digits

    def order():
        bands = rng.sample(range(3), 3)
        return [3 * b + r for b in bands for r in rng.sample(range(3), 3)]

    rows, cols = order(), order()
    transpose = rng.random() < 0.5
    out = [0] * 81
    for r in range(9):
        for c in range(9):
            d = cells[9 * rows[r] + cols[c]]
            out[9 * c + r if transpose else 9 * r + c] = relabel[d]
    return tuple(out)


def isomorph_line(line: str, rng: random.Random) -> str:
    """A random isomorph of an 81-character line (digits, '.' or '0' for blanks)."""
    cells = [int(ch) if ch in "123456789" else 0 for ch in line]
    return "".join(str(d) if d else "." for d in isomorph(cells, rng))



# -- the canonical form: one representative per class of isomorphs -------------------------

_NEW = 10  # the key of a digit not labelled yet: above every label


def canonical(cells) -> str:
    """The minlex form of a puzzle (81 digits, 0 = blank; or a Grid): the smallest line, read
    row by row with blanks as 0, among all its isomorphs (digits relabelled, bands, stacks,
    rows in a band, columns in a stack permuted, maybe transposed).  Two puzzles are
    isomorphs exactly when their forms are equal: the key of "essentially the same puzzle".

    Built row by row: each output row takes every source row that gives the smallest row
    possible, the columns that can still be swapped kept as groups (so the work stays small:
    a few milliseconds a puzzle), and only the choices that tie go on."""
    cells = tuple(getattr(cells, "cells", cells))
    flipped = tuple(cells[9 * c + r] for r in range(9) for c in range(9))
    # A state: (grid, bands not used, rows left in the current band, column groups, labels,
    # next label).  Column groups: ordered groups of stacks that can still be swapped; a
    # stack: ordered groups of its columns that can still be swapped.
    stacks = (tuple(((3 * s, 3 * s + 1, 3 * s + 2),) for s in range(3)),)
    states = {(g, (0, 1, 2), (), stacks, (0,) * 10, 1) for g in (cells, flipped)}
    out: list[int] = []
    for _ in range(9):
        best, kept = None, []
        for g, bands, left, groups, labels, nxt in states:
            if left:
                choices = [(bands, row, tuple(x for x in left if x != row)) for row in left]
            else:
                choices = [(tuple(b for b in bands if b != band), row,
                            tuple(x for x in range(3 * band, 3 * band + 3) if x != row))
                           for band in bands for row in range(3 * band, 3 * band + 3)]
            for bands2, row, left2 in choices:
                line = g[9 * row:9 * row + 9]
                keys = [(labels[d] or _NEW) if d else 0 for d in line]
                seq, groups2 = _refine(groups, keys)
                if best is None or seq < best:
                    best, kept = seq, []
                if seq == best:
                    kept.append((g, bands2, left2, groups2, labels, nxt, line, keys))
        nxt = kept[0][5]
        for k in best:
            out.append(nxt if k == _NEW else k)
            nxt += k == _NEW
        states = set()
        for g, bands2, left2, groups2, labels, nxt, line, keys in kept:
            for fixed in _branches(groups2, keys):
                new = list(labels)
                n = nxt
                for c in _columns(fixed):
                    if keys[c] == _NEW:
                        new[line[c]], n = n, n + 1
                states.add((g, bands2, left2, fixed, tuple(new), n))
    return "".join(str(d) for d in out)


def _columns(groups):
    return [c for group in groups for stack in group for cg in stack for c in cg]


def _runs(items, key):
    """Sorted ``items`` cut into runs of equal ``key``."""
    items = sorted(items, key=key)
    runs = [[items[0]]]
    for x in items[1:]:
        if key(x) == key(runs[-1][0]):
            runs[-1].append(x)
        else:
            runs.append([x])
    return runs


def _refine(groups, keys):
    """The smallest row these groups allow (a list of keys), and the groups split by it."""
    seq, out = [], []
    for group in groups:
        ranked = []
        for stack in group:
            cols = tuple(tuple(run) for cg in stack for run in _runs(cg, keys.__getitem__))
            ranked.append((tuple(keys[c] for cg in cols for c in cg), cols))
        for run in _runs(ranked, lambda x: x[0]):
            out.append(tuple(cols for _k, cols in run))
            for _ in run:
                seq.extend(run[0][0])
    return seq, tuple(out)


def _branches(groups, keys):
    """Every order of what the row's new digits leave open (tied stacks holding a new digit,
    tied columns holding new digits): the order decides which digit gets which label."""
    per_group = []
    for group in groups:
        variants = [_stack_variants(stack, keys) for stack in group]
        if len(group) > 1 and any(keys[c] == _NEW for cg in group[0] for c in cg):
            opts = [tuple((s,) for s in combo) for perm in permutations(range(len(group)))
                    for combo in product(*(variants[i] for i in perm))]
        else:
            opts = [(tuple(combo),) for combo in product(*variants)]
        per_group.append(opts)
    for choice in product(*per_group):
        yield tuple(g for part in choice for g in part)


def _stack_variants(stack, keys):
    per_cg = [[tuple((c,) for c in perm) for perm in permutations(cg)]
              if len(cg) > 1 and keys[cg[0]] == _NEW else [(cg,)] for cg in stack]
    return [tuple(cg for part in combo for cg in part) for combo in product(*per_cg)]
