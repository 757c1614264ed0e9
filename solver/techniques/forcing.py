"""Forcing chains: the last resort, so that logic alone reaches the end of every puzzle.

A forcing chain *assumes* a candidate and follows what it forces, the way
Sudoku Explainer's dynamic chains do: a placed digit removes itself from its
peers; a cell left with one digit, or a digit left with one place in a unit,
is placed (singles).  Three patterns turn such chains into a sound step:

* **Digit Forcing Chain** (contradiction): if r1c2 were 4, the chain would
  leave a cell without a candidate, a digit without a place, or a cell with
  two digits; so r1c2 is not 4;
* **Cell Forcing Chain**: whichever digit a cell takes, the chains agree on
  some fact (r5c5 ≠ 7); so it holds;
* **Unit Forcing Chain**: wherever a digit goes in a unit, they agree.

When none of these is found with singles alone, a **Nested Forcing Chain**
lets each chain use digit forcing chains inside it (an elimination
that itself was proved by contradiction), one level deeper at a time.  Every
step is proved by following rules, never by trial and error with the
solution: a deeper level is only ever needed because the chains get long.

Each step carries a :class:`~.links.Chain` whose ``branches`` are the
readable tree: one :class:`~.links.Branch` per assumption, each implication
with its reason, nested proofs indented under the line they prove.

Chains run in the branch engine :func:`propagate` (``branches.py``: plain
lists, bit masks, fact keys: ``9 * i + d - 1`` for "cell i holds d", ``729 +``
that for "cell i is not d").  The search is bounded: the depth of nesting (``MAX_DEPTH``)
and the cancel token (``solver.cancel.check``), looked at once per branch.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Optional

from ..cancel import check
from ..candidates import BIT, DIGIT_OF, DIGITS_IN, POP
from ..grid import PEER_SETS, UNITS, Grid, cell_of
from ..words.i18n import Msg, msg
from .branches import ELIM, PLACE, open_pairs, needed_facts, Record, propagate
from .links import Branch, Chain, public_node
from .step import Technique, cells_of, make_step

__all__ = ["DIGIT_FORCING", "CELL_FORCING", "UNIT_FORCING", "NESTED_FORCING", "TECHNIQUES",
           "digit_forcing", "cell_forcing", "unit_forcing", "nested_forcing", "propagate", "MAX_DEPTH"]

DIGIT_FORCING = Technique(
    "Digit Forcing Chain", "extreme", 70,
    "Assume a candidate and follow the singles it forces: if that ends in a contradiction (a cell with no digit left, a digit with no place in a unit), the candidate is false.")

CELL_FORCING = Technique(
    "Cell Forcing Chain", "extreme", 75,
    "Try every digit a cell can hold and follow the singles each one forces: whatever all the chains agree on is true, because one of the digits is right.")

UNIT_FORCING = Technique(
    "Unit Forcing Chain", "extreme", 80,
    "Try every place a digit can take in a unit and follow the singles each one forces: whatever all the chains agree on is true, because the digit goes in one of those places.")

NESTED_FORCING = Technique(
    "Nested Forcing Chain", "extreme", 110,
    "A forcing chain whose links may themselves be proved by smaller forcing chains (an elimination shown by contradiction inside the branch). The last resort: every puzzle with one solution yields to it.")

TECHNIQUES = (DIGIT_FORCING, CELL_FORCING, UNIT_FORCING, NESTED_FORCING)

MAX_DEPTH = 3  # nesting levels tried; puzzles of the public sets need at most 2
_EXPLAIN_TRIES = 6  # patterns of one kind whose explanations are measured to pick the shortest


# -- wording of a branch ----------------------------------------------------------------
def _fact(k: int) -> Msg:
    """Fact key ``k`` as "r1c2 = 4" / "r1c2 ≠ 4"."""
    if k >= ELIM:
        i, d = divmod(k - ELIM, 9)
        return msg("fact_not", c=cell_of(i), d=d + 1)
    i, d = divmod(k, 9)
    return msg("fact_is", c=cell_of(i), d=d + 1)


def _listed(items, code="fact_list"):
    """Messages (or digits) joined as "a, b, c" (``fact_list``) or "a or b or c" (``digit_or``)."""
    out = items[0]
    for item in items[1:]:
        out = msg(code, a=out, b=item)
    return out


def _line(rec, k: int, depth: int):
    _, kind, parents, extra = rec[k]
    if kind == "peer":
        return _fact(k), msg("forcing_peer", c=cell_of(extra)), ()
    if kind == "naked":
        return _fact(k), msg("forcing_naked"), ()
    if kind == "hidden":
        return _fact(k), msg("forcing_hidden", d=k % 9 + 1, u=extra), ()
    if kind == "nested":
        sub_rec, bad, base, premise = extra
        return _fact(k), msg("forcing_nested"), (_branch(sub_rec, premise, bad, base),)
    return _fact(k), None, ()


def _branch(rec, premise, bad=None, base=0, targets=()) -> Branch:
    """A :class:`Branch`: the premise, the facts the outcome needs, and the outcome."""
    i, d = premise
    roots = list(bad[1]) if bad is not None else list(targets)
    # a placement's eliminations in its peers go without saying: the lines are placements
    # and the eliminations proved by nested chains
    keys = [k for k in needed_facts(rec, roots, base) if rec[k][1] not in ("assume", "peer")]
    lines = tuple(_line(rec, k, 0) for k in keys)
    if bad is not None:
        outcome = msg("forcing_outcome", why=bad[0], c=cell_of(i), d=d)
    else:
        outcome = _listed([_fact(k) for k in targets]) if targets else None
    return Branch(msg("forcing_if", c=cell_of(i), d=d), lines, outcome)


def _size(branch: Branch) -> int:
    n = 0
    for _, _, nested in branch.facts:
        n += 1 + sum(_size(b) for b in nested)
    return n


# -- the searches ---------------------------------------------------------------------------
def _run(cells, masks, premise, depth, cancel, rec=None, memo=None, trace=None):
    c, m = list(cells), list(masks)
    order = _false_first(cells, masks, memo) if depth else None
    bad = propagate(c, m, [premise], (), rec, depth, cancel, order, trace)
    if bad is not None:
        return None, bad
    return _pack([BIT[c[j]] if c[j] else m[j] for j in range(81)]), None


def _pack(v) -> int:
    """81 masks as one int (9 bits a cell), so a union of branches is one ``|``."""
    out = 0
    for j in range(80, -1, -1):
        out = out << 9 | v[j]
    return out


def _verities(cells, masks, groups, results):
    """(premises, placements, eliminations) where every non-contradicting branch of a group agrees."""
    base = _pack([0 if cells[j] else masks[j] for j in range(81)])
    for premises in groups:
        union = 0
        alive = False
        for p in premises:
            v = results.get(p)
            if type(v) is tuple:
                c, m = v
                v = results[p] = _pack([BIT[c[j]] if c[j] else m[j] for j in range(81)])
            if v is not None:
                union |= v
                alive = True
        if not alive:
            continue  # every branch contradicts: a broken puzzle, nothing sound to say
        gone = base & ~union
        if len({i for i, _ in premises}) == 1:
            gone &= ~(0x1FF << 9 * premises[0][0])  # the cell itself: digit forcing's business
        if not gone:
            continue
        pl, el = [], []
        for j in range(81):
            g = gone >> 9 * j & 0x1FF
            if g:
                u = union >> 9 * j & 0x1FF
                if POP[u] == 1:
                    pl.append((j, DIGIT_OF[u]))
                else:
                    el.extend((j, e) for e in DIGITS_IN[g])
        if pl:  # the placements remove their digit from their peers anyway: say less
            el = [(j, e) for j, e in el if not any(e == x and j in PEER_SETS[i] for i, x in pl)]
        yield premises, pl, el


def _cell_groups(cells, masks):
    out = [tuple((i, d) for d in DIGITS_IN[masks[i]]) for i in range(81)
           if not cells[i] and POP[masks[i]] >= 2]
    out.sort(key=len)
    return out


def _unit_groups(cells, masks):
    out = []
    for u, unit in enumerate(UNITS):
        for d in range(1, 10):
            pl = tuple((j, d) for j in unit if masks[j] & BIT[d])
            if len(pl) >= 2:
                out.append((u, pl))
    out.sort(key=lambda x: len(x[1]))
    return out


@lru_cache(maxsize=4)
def _level_one(cells: tuple, masks: tuple) -> dict:
    """Every candidate's singles chain in this position: {premise: final possibilities or None}.

    Filled in as the searches go (the digit forcing scan leaves its results here).
    """
    return {}


def _all_results(cells: tuple, masks: tuple) -> dict:
    results = _level_one(cells, masks)
    for p in open_pairs(cells, masks):
        if p not in results:
            results[p] = _run(cells, masks, p, 0, None)[0]
    return results


def _pick(cells, masks, found, depth, cancel, kind, memo=None, trace=None):
    """Of up to ``_EXPLAIN_TRIES`` patterns found, the one whose explanation is shortest, as a Step.

    ``trace``: for one nested contradiction, the candidates its search removed (replayed)."""
    best = None
    for premises, pl, el, unit in found[:_EXPLAIN_TRIES]:
        branches = []
        for p in premises:
            rec = Record()
            v, bad = _run(cells, masks, p, depth, cancel, rec, memo, trace)
            if bad is not None:
                branches.append(_branch(rec, p, bad))
            else:
                targets = [_target_key(rec, j, e, True) for j, e in pl] + \
                          [_target_key(rec, j, e, False) for j, e in el]
                branches.append(_branch(rec, p, targets=[t for t in targets if t is not None]))
        size = sum(_size(b) for b in branches)
        if best is None or size < best[0]:
            best = (size, premises, pl, el, unit, tuple(branches))
    _, premises, pl, el, unit, branches = best
    return _make(kind, premises, pl, el, unit, branches, depth)


def _target_key(rec, j, e, placed: bool):
    if placed:
        k = PLACE + 9 * j + e - 1
        return k if k in rec else None
    k = ELIM + 9 * j + e - 1
    if k in rec:
        return k
    for x in range(1, 10):  # the cell took another digit
        if (k := PLACE + 9 * j + x - 1) in rec:
            return k
    return None


def _make(kind, premises, pl, el, unit, branches, depth):
    tech = {"contradiction": DIGIT_FORCING, "cell": CELL_FORCING, "unit": UNIT_FORCING}[kind]
    name = tech.name if depth == 0 else NESTED_FORCING.name
    cells_ = sorted({i for i, _ in premises})
    digits = sorted({d for _, d in premises})
    nested = "_nested" if depth else ""
    if kind == "contradiction":
        (i, d), = premises
        text = msg("forcing_digit" + nested, t=name, c=cell_of(i), d=d)
        hint = msg("forcing_digit_hint", d=d, c=cell_of(i))
        units = []
    elif kind == "cell":
        i = premises[0][0]
        text = msg("forcing_cell" + nested, t=name, c=cell_of(i),
                   ds=_listed([d for _, d in premises], "digit_or"), facts=_conclusion(pl, el))
        hint = msg("forcing_cell_hint", c=cell_of(i))
        units = []
    else:
        d = premises[0][1]
        text = msg("forcing_unit" + nested, t=name, u=unit, d=d,
                   cs=cells_of([i for i, _ in premises]), facts=_conclusion(pl, el))
        hint = msg("forcing_unit_hint", d=d, u=unit)
        units = [unit]
    elims = list(el) if kind != "contradiction" else [premises[0]]
    chain = Chain(nodes=tuple(public_node(((i,), d)) for i, d in premises),
                  branches=branches,
                  targets=tuple(public_node(((j,), e)) for j, e in list(pl) + elims),
                  kind=kind)
    return make_step(name, units, cells_, digits, placements=pl, elims=elims, message=text,
                     unit_hint=hint, chain=chain)


def _conclusion(pl, el) -> Msg:
    """"r1c2 = 4, r3c3 ≠ 5": the placements, then the eliminations."""
    return _listed([msg("fact_is", c=cell_of(j), d=e) for j, e in pl]
                   + [msg("fact_not", c=cell_of(j), d=e) for j, e in el])


@lru_cache(maxsize=4)
def _solution(cells: tuple) -> Optional[tuple]:
    """The puzzle's solution, only to choose which candidates to try first (None: none or unknown)."""
    from ..search import solve
    sol = solve(Grid(cells))
    return sol.cells if sol is not None else None


def _path_solution(cells: tuple, memo) -> tuple[Optional[tuple], bool]:
    """(solution, known to be the only one) of the position, for ordering the tries.

    Along one logical path (``memo``), once a position is known to have exactly
    one solution, every later position has that same solution (sound steps only
    add digits of it), so it is remembered instead of searched for again.
    """
    if memo is not None:
        known = memo.get("solution")
        if known is not None and all(c == 0 or c == s for c, s in zip(cells, known)):
            return known, True
    sol = _solution(cells)
    if sol is None or memo is None:
        return sol, False
    from ..search import count_solutions
    unique = memo.get("unique checked") != cells and count_solutions(Grid(cells), 2) == 1
    memo["unique checked"] = cells  # look once per position, not once per finder
    if unique:
        memo["solution"] = sol
    return sol, unique


def _false_first(cells: tuple, masks: tuple, memo=None) -> list[tuple[int, int]]:
    """The candidates in the order chains are tried: those that are not the solution's first.

    A true candidate never leads to a contradiction, so trying the false ones
    first only saves time; the chains themselves never look at the solution.
    """
    order = open_pairs(cells, masks)
    sol = _path_solution(cells, memo)[0]
    if sol is None:
        return order
    return [p for p in order if sol[p[0]] != p[1]] + [p for p in order if sol[p[0]] == p[1]]


def _find(cells, masks, kind, cancel=None, memo=None):
    key_c, key_m = tuple(cells), tuple(masks)
    if kind == "contradiction":
        found = []
        results = _level_one(key_c, key_m)
        known = memo.get("false", []) if memo is not None else []
        for p in known + _false_first(key_c, key_m, memo):
            if p in results or not key_m[p[0]] & BIT[p[1]]:
                continue
            check(cancel)
            c, m = list(key_c), list(key_m)
            bad = propagate(c, m, [p])
            results[p] = None if bad is not None else (c, m)  # packed when a verity needs it
            if bad is not None:
                # the fewer digits the chain placed, the shorter its explanation
                found.append((sum(1 for a, b in zip(c, key_c) if a != b), p))
                if len(found) >= _EXPLAIN_TRIES:
                    break
        if not found:
            return None
        p = min(found)[1]
        if memo is not None:  # still false in every later position of the path: try them first
            memo["false"] = [q for _, q in found if q != p]
        return _pick(key_c, key_m, [((p,), [], [], None)], 0, cancel, kind, memo)
    results = _all_results(key_c, key_m)
    if kind == "cell":
        found = [(pr, pl, el, None) for pr, pl, el in
                 _verities(key_c, key_m, _cell_groups(key_c, key_m), results)]
    else:
        groups = _unit_groups(key_c, key_m)
        unit_of = {pl: u for u, pl in groups}
        found = [(pr, pl, el, unit_of[pr]) for pr, pl, el in
                 _verities(key_c, key_m, [pl for _, pl in groups], results)]
    if not found:
        return None
    return _pick(key_c, key_m, found, 0, cancel, kind, memo)


def digit_forcing(cells, masks, cancel=None, memo=None):
    return _find(cells, masks, "contradiction", cancel, memo)


def cell_forcing(cells, masks, cancel=None, memo=None):
    return _find(cells, masks, "cell", cancel, memo)


def unit_forcing(cells, masks, cancel=None, memo=None):
    return _find(cells, masks, "unit", cancel, memo)


@lru_cache(maxsize=4)
def _impossible(cells: tuple, masks: tuple) -> tuple:
    """The candidates that belong to no solution: the only ones a chain can ever disprove.

    With one solution these are all the others; with several, each is checked
    by a search.  Trying no other keeps the deep searches bounded on a grid
    with several solutions, where most candidates can never be disproved.
    """
    from ..search import count_solutions, solve
    sol = _solution(cells)
    if sol is None:
        return ()
    order = open_pairs(cells, masks)
    if count_solutions(Grid(cells), 2) == 1:
        return tuple(p for p in order if sol[p[0]] != p[1])
    out = []
    for i, d in order:
        if sol[i] != d:
            c = list(cells)
            c[i] = d
            if solve(Grid(c)) is None:
                out.append((i, d))
    return tuple(out)


def nested_forcing(cells, masks, cancel=None, memo=None):
    """The first nested forcing chain, one level deeper at a time: a candidate whose chain
    (with smaller chains inside) ends in a contradiction."""
    key_c, key_m = tuple(cells), tuple(masks)
    order = _false_first(key_c, key_m, memo)
    sol, unique = _path_solution(key_c, memo)
    if unique:  # known along the path: every candidate but the solution's belongs to no solution
        targets = tuple(p for p in open_pairs(key_c, key_m) if sol[p[0]] != p[1])
    else:
        targets = _impossible(key_c, key_m)
    for depth in range(1, MAX_DEPTH + 1):
        for p in targets:
            check(cancel)
            c, m = list(key_c), list(key_m)
            trace: list = []
            if propagate(c, m, [p], (), None, depth, cancel, order, trace) is not None:
                return _pick(key_c, key_m, [((p,), [], [], None)], depth, cancel, "contradiction",
                             memo, trace)
    return None


for _f in (digit_forcing, cell_forcing, unit_forcing, nested_forcing):
    _f.cancellable = True  # find_first passes the cancel token
