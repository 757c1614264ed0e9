"""Puzzle generator by level (and optional symmetry), rated by the card's own rater.

How a puzzle is made (all randomness from one ``random.Random(seed)``, so a
seed always gives the same puzzle):

1. a random full solution grid (search with a shuffled digit order);
2. clues are removed in random order, one symmetry *orbit* at a time (a
   cell and its mirror images), keeping a removal only when the puzzle stays
   acceptable:

   * easy: singles still solve it (sound logic that fills the grid proves
     the solution is unique), so the result is as bare as singles allow;
   * other levels: the solution stays unique (counted by the fast solver).
     The bare puzzle is then often too hard for a medium/hard/expert target:
     it gets clues back (random removed orbits) until the techniques of
     that level (and below) solve it;

3. the result is rated with :func:`solver.rate`'s rater and verified with
   ``count_solutions(limit=2) == 1``; if its level is not the target, the next
   attempt starts from step 1.

A bare puzzle almost never needs the hardest level's techniques (well under 1 in 400), so the
hardest level is not dug: :mod:`solver.walk` walks to it from public seed puzzles of that
level (the forum's way), and an answer is never an isomorph of a seed or an example
(:func:`solver.isomorph.canonical`).  ``python -m bench.generate`` measures the time per
level.
"""
from __future__ import annotations

import random
from typing import Optional

from .cancel import check
from .candidates import ALL, BIT, POP
from .grid import PEERS, Grid
from .words.i18n import msg
from .isomorph import canonical, isomorph
from .path import solve_logically
from .rating import LEVELS, level_of, rate_cells
from .search import count_solutions, open_candidates
from .techniques.registry import SE_FINDERS, finders
from .walk import walk
from .words.levels import OLD_LEVELS

__all__ = ["generate", "SYMMETRIES", "SLOW_SYMMETRIES", "GenerationFailed"]

#: Symmetries of the clue pattern.  None means "none".
SYMMETRIES = ("none", "rotational", "quarter-turn", "mirror", "diagonal", "anti-diagonal")
#: (level, symmetry) pairs the generator cannot promise within issue 28's times (median 5 s, p95
#: 20 s), each with the nearest symmetry it can: quarter-turn and mirror moves change four or two
#: cells at once and seldom keep the hardest level (30 puzzles each: median 7 and 6 s, p95 25 and
#: 29 s, at most 58 s; docs/benchmarks.md, "A walk that keeps what it found").  generate() makes
#: them; the New puzzle dialog says they can take up to a minute and names the quicker one.
SLOW_SYMMETRIES = {("extreme", "quarter-turn"): "rotational", ("extreme", "mirror"): "rotational"}
MAX_ATTEMPTS = 400
GIVE_BACK_TRIES = 3  # shuffles of the removed clues tried per bare puzzle
LOOKAHEAD = 8  # alternative clues tried when one clue made a puzzle too easy


WALK_MOVES = 3  # kept moves of the walk before its puzzle may be the answer
#: A walk steps back to the puzzle before after WALK_TRIES moves in a row that were not kept
#: (a dead end), and starts again from another seed when it steps back past its seed or has made
#: WALK_LENGTH moves (so MAX_ATTEMPTS walks end).  With quarter-turn symmetry about 1 move in 30
#: is kept: 60 moves from the seed seldom made the 3 kept moves an answer needs, and the walk
#: was thrown away with what it had found (docs/benchmarks.md, "Other symmetries at extreme").
WALK_TRIES = 60
WALK_LENGTH = 2000
#: Public puzzles that need forcing chains (forum "hardest" lists, magictour top1465; the
#: public-domain Sudoku Exchange bank's SE 7.9-9.3 puzzles), by the symmetry of their givens
#: (quarter-turn ones are rotational too; the anti-diagonal ones are the diagonal ones turned a
#: quarter): the hardest level's walks start from them (see walk.py).  A symmetric move keeps
#: the puzzle hard less often than a one-cell move, so each symmetry needs a few dozen seeds,
#: not a handful, to meet its time (with 5 quarter-turn seeds a puzzle took 69 s to > 150 s).
#: They are seeds, never answers: an answer is several moves away and is checked not to be an
#: isomorph of a seed or an example.
WALK_SEEDS = {
    "rotational": (
        "1.......2.2.....6...34..5.....8.5.....8.3.9.....9.4.....5..34...7.....1.6.......7",
        "5..6......2.....4...1.2.3..9..8.......7.4.1.......9..6..4.7.2...3.....1......5..8",
        "34.6.......7.......2..8.57......5....7..1..2....4......36.2..1.......9.......7.82",
        "38.7...9.....5...1..18.4...67.........2...3.........84...5.97..5...8.....9...1.42",
        "5.2........97.26...1...8..7...9...62...4.1...29...3...4..8...9...52.67........3.6",
        "....192..9.......8.7..3..95....815..16.....84..469....64..2..3.2.......7..396....",
        "43.7..........2..79..3..61..7.9...4...........1...6.2..42..3..55..1..........4.86",
        ".3.79.6....6..21..8.2....7..45...9......1......7...38..6....8.4..86..7....1.87.9.",
        "...1.......8.9.3..17.8......2.....67.61.5.93.93.....4......2.56..3.4.7.......1...",
        ".2..5...98......1.7.3...2......89.2...2...4...6.37......9...3.2.1......55...2..7.",
        ".5.9.86..8....6..7..6.2......9....7.2.3...8.9.1....4......3.7..9..8....4..56.4.3.",
        "..784.21.1....7...8...2...6.9......44.3...6.22......9.6...1...7...4....9.24.685..",
        ".8..56.1.9.5.8...7...9...5.4.....9..67.....35..9.....2.9...7...3...6.8.4.6.81..9.",
        "...92..3.9....4.....1..57...82.....77...1...51.....89...57..6.....5....2.1..68...",
        ".9.7..3.....2....45...34.....5....76..9.5.1..63....4.....56...34....2.....8..9.1.",
        "..4...7...1.5...3.2.......6...7.3.5.....6.....8.9.1...7.......4.5...8.9...6...2..",
        "3....1..4..4.6......84..23.4.....6...1..8..9...3.....5.62..54......3.1..7..2....8",
        ".8.5.3.1.9..2..7.8.32...6..3..7.8.29.........47.9.5..3..7...34.8.3..7..6.4.3.2.8.",
        ".8.6.5.....5...2.3.1..9..8.5...7...9..89.35..2...4...6.5..1..7.4.1...9.....4.9.5.",
        ".4....8....3.9...25....6.9...1.2.....9.8.4.3.....7.9...6.1....77...6.5....2....4.",
        ".9.8..6.......5..38.264.5...8....3.7..3...4..6.9....5...8.267.42..1.......6..8.2.",
    ),
    "quarter-turn": (
        "..4...7...1.5...3.2.......6...7.3.5.....6.....8.9.1...7.......4.5...8.9...6...2..",
        "..784.21.1....7...8...2...6.9......44.3...6.22......9.6...1...7...4....9.24.685..",
        ".8..56.1.9.5.8...7...9...5.4.....9..67.....35..9.....2.9...7...3...6.8.4.6.81..9.",
        "...92..3.9....4.....1..57...82.....77...1...51.....89...57..6.....5....2.1..68...",
        ".9.7..3.....2....45...34.....5....76..9.5.1..63....4.....56...34....2.....8..9.1.",
        "3....1..4..4.6......84..23.4.....6...1..8..9...3.....5.62..54......3.1..7..2....8",
        ".8.5.3.1.9..2..7.8.32...6..3..7.8.29.........47.9.5..3..7...34.8.3..7..6.4.3.2.8.",
        ".8.6.5.....5...2.3.1..9..8.5...7...9..89.35..2...4...6.5..1..7.4.1...9.....4.9.5.",
        ".4....8....3.9...25....6.9...1.2.....9.8.4.3.....7.9...6.1....77...6.5....2....4.",
        ".9.8..6.......5..38.264.5...8....3.7..3...4..6.9....5...8.267.42..1.......6..8.2.",
    ),
    "mirror": (
        ".264.597..1..7..4...72396...3.....8.5.......4..2...1....1.5.8..2..7.1..9...3.8...",
        "....1....1..7.3..2.37...68.2.......5...8.5....9.132.4..6..2..3...2...9..9...4...7",
        "7...1...61.......9.6.....5...15749......6.....4.139.7....8.3...2.......8.3..4..1.",
        "2.......7..83.71......2....6.......55.12.47.3.3..5..1.3..5.9..4..9...8......4....",
        "...6.7.....3.8.6...1.3.9.8...4...3..2.......6..8.5.1..6.91.84.7.8.....1....7.5...",
        "1.......7..2.3.8...7.4.8.2....316....3.....1....7.5...9.7...4.5.4.....8...6.4.2..",
        "....1....49.....13..1...6.....6.3.....68791..9.......6.6.354.2..2.....6.5.9...8.4",
        "...982....793.625.82.5.1.93.3..9..6.6.......7..8...5..7.......6.5.....3..8..6..7.",
        ".8.7.4.6............5.1.4....48.62...2.5.1.3.8...3...6.4..5..7..5.....9.6.8...3.1",
        "..2...9.....4.5...51..9..46....6.....26...81....248...1.......9.5.187.3..8..5..7.",
        ".6.1.5.4...8...3......9....3.......5...934....1..5..6.84.....376..4.3..9..1.6.2..",
        "51.....327.......53.8...7.1...915.....3.7.1....53.24...3..4..2....6.7...6...3...4",
        "..........9.574.1.5..6.9..4..4...8.....197....7.....5..867.394.7...2...3..5...7..",
        "..2...8....91.76...4..2..7...........38...41.1...3...75..316..2..69.47...9..7..6.",
        ".71...98...6.9.2..9...1...7..7.5.8...........6.52731.4....2....8.21.57.9.6.7.9.2.",
        "...5.3.....1.6.2...96...37.4...9...79.5.4.8.6.72...49..87.3.14....2.1............",
        "6...4...1...6.2.....9.7.2....5...4..1...6...8...3.7...3.4.8.6.5.8..2..7...1...9..",
        ".4.3.8.9.....5.....1.7.9.6.1...6...2.8.....5...2.9.3......3......9.8.6...349.672.",
        "6.3...4.8..7...6...5.....9.8..4.6..9..4.7.5...1..8..4.....9.......2.3....2.5.8.1.",
        "7.......1..4...7..51.....24..31.46.....395.......2....8...1...2.4..5..9....7.2...",
        "53.9.4.166...5...3..46.39...9..6..4.4.......7.57...16.....1.....6.7.8.3..4.....2.",
        "5...3...9..68.73...3.5.1.6..2..7..3....9.2...7...5...1...4.9....8.....7...4.6.8..",
        "....3.......1.6...7..982..1.2.....7.3..7.1..8..5.6.3....1...8...3.....5...93.42..",
        "9...5...1..68.49...........7.......6.5.....3...8...4...3..7..9....4.5...5.92.61.4",
    ),
    "diagonal": (
        ".....5..3..9....4..81.4.......7.......4..2..68...14.3.......2...4...6..79...5..1.",
        "5.......9.2.1...7...8...3...4...2.......5.......7.6.1...3...8...6...4.2.9.......5",
        "1..2......3..1......2..45..6..4..1...7..3..5...8..5..9..68..4......4..7......9..2",
        "98.......7..9..6....5.4..9..7..6..5...38..4.......2..1.6..8..3...83..5.......1..2",
        ".7.......3...2..5...41..6....5.4..2..3.6..4.......8..9..1.3..4..5.4..7.......9..8",
        "1..2......3..4.2....2..5.4.6..7...2..2..8...9..7...1...9...18....64.........9...3",
        "..1..2..3....1..4.5..6..2....3..7..8.9.....3.6..5..1....4..9..6.8..2....3..8..7..",
        "98.7..6..75.....9...4......8..9...5.....3.2.......2..96...4.1...7.8...6......1..3",
        "98.7.....7...6.9....5..4...6..3..8...7.....9...2.....1.3.8..6......5..4......1..2",
        "98.7.....7...6.9....5..4...6..3..8...9.....6...2.....1.3.8..6......1..4......5..2",
        "98.7.....6...9.5....4..3...5..8..6...9.....4...2.....1.7.6..9......7...3.....1.2.",
        "98.7.....76....5....4.6....3..6..7....8.9..4......2..1.5.9..8......1..3......4..2",
        "98.7.....6.7...8...5..8....5..9...4...6.3.7.......2..1.3..5.6.....1....2.....4.9.",
        "9..8..7...8..7..9...6..5...8..4...3..2..3.9....1.....42...8.3...5.6...2......2..1",
        "........1.....2.34..3.5.6......6.7....58......9...3.4...87......4...1..213.....9.",
        "98.7.....7.6...8...5..4....5..4..9....8.3..4......2..1.7.6..5......1..3......4..2",
        "1.......2.3..4..5...6...7.....895....9.46..8....3.......7...1...5..8..4.2.......6",
        ".7......49......2...8..31......153.....3.2.....586......16..8...2......94......7.",
        "9..8..7...8.....6...5.4....8..7...3...4..2.......5...16......8..7.3..9.......1..2",
        "98.7.....76....5....4......3..5..8......6..2......4..1.5.9..7......1...4.....2.6.",
        "98.7.....76.........5...4..4..5..9......6..3......2..1..89..5......3..6......1..2",
        "7.......1.2....6....58...3...94.3.......65......98..4..1....7....8..4.5.6.......2",
        "1.7....3..43......62..1.........84....1.7..6....5....9...9..5..2...3..7......4..8",
        "1..2......3...4.....2.5.6..4.....5....7.8...6.9...1.7...37..2.5.....5.93....3.76.",
        "3.8....4..29......45..9.........62....4.8..5....1....7...2..6..5...3..9......7..1",
    ),
    "anti-diagonal": (
        "5.......9.2.1...7...8...3...4.6.........5.......2.7.1...3...8...6...4.2.9.......5",
        "1..2......3..1......2..45..6..4..1...7..3..5...8..5..9..68..4......4..7......9..2",
        ".....6..1....7..3...68..2....8..4..2.4..3..1.9..5..4....4..15...7..5....2..9.....",
        ".......79..6..7..8.8..3.5...3..8..9...8..64..1..2......5..4..6...3..59..2..1.....",
        ".......3..5..3...7..1..54...4..6.1....3..4.2.9..8......7..4.6....4..2.5.8..9.....",
        ".....6..1..9.2..3..6.7..2...4...7..29...8..4...1...5....81...2......24..3...9....",
        "3..6..5...8..9......4..3..18..5..6...2.....1...9..7..27..1..2......3..4...6..8..3",
        "..6..8.79.7.....58......4...8...9..7..4.3....1..2.......1.2...6.6...5.9.3..9.....",
        ".....6.79..3.7...8...2..5....8..3..7.5.....6.1.....4....6..8.9..4..9....2..1.....",
        ".....6.79..3.9...8...2..5....8..3..7.1.....6.5.....4....6..8.9..4..6....2..1.....",
        ".....5.69..7.9...8...2..4....6..8..7.7.....9.1.....3....9..6.5.2...4.....3.1.....",
        ".....3.79..5....68....8.4....9..6..7.1..9.6..4..2.......8..7.5..3..4....2..1.....",
        ".....5.69..3...5.8....6..7..1...9..7..5.3.8..4..2.......6.7..8.9....4....2.1.....",
        "..2..8..9.5..2..8....1..6...6...4..8..8.3..7.2.....5....3.9...7.2...3.9.1..4.....",
        "1........34.9.......8.5.3....7.8.........65...1.3...2......76..9..4...3..2.....41",
        ".....5.79..7...5.8....8..6...6..4..7.1..3.4..4..2.......5..9.8..3..4....2..1.....",
        "2.......1.5..9..3...7...6.....348....8..69.4......5.....1...7...4..8..5.6.......2",
        "4......9..2......7..15..8....683.......6.1.......253....8..31..7......2..9......4",
        "..6..8..9.7.....8.....4.5...3...7..8...5..4..1...2.....9......7..8..3.6.2..1.....",
        ".....3.79..5....68......4....9..5..7.1..6....2..4.......7..8.5.6...2.....4.1.....",
        ".....4.79.......68..8...5....9..5..7.3..6....1..2.......5..94...6..3....2..1.....",
        "6.......7..1....2..8...95.....9.48.....86.....4..53.....7....6..5.4..3..2.......1",
        ".2....6.1......24.....1..37..95......3..7.1..4....8.....5..4....7..6...38..9.....",
        ".....4..1...9...3...3.7.2....7.....23...8.5...5.1...4.7.2..56..69.7......35.6....",
        ".5....4.3......52.....4..98..21......3..8.9..7....6.....6..2....9..5...41..7.....",
        "9..8......4....8......4.19......7...5..1..4...6.42...5..2......1..3...4..7..6...3",
    ),
}
WALK_SEEDS["none"] = tuple(dict.fromkeys(x for v in WALK_SEEDS.values() for x in v))


class GenerationFailed(RuntimeError):
    """No puzzle of the requested level was found within MAX_ATTEMPTS tries (never seen in practice).

    Its argument is a :class:`solver.Msg`: ``str(exc)`` words it in the chosen language.
    """


def _image(kind: str, r: int, c: int) -> list[tuple[int, int]]:
    if kind == "none":
        return [(r, c)]
    if kind == "rotational":
        return [(r, c), (8 - r, 8 - c)]
    if kind == "quarter-turn":
        return [(r, c), (c, 8 - r), (8 - r, 8 - c), (8 - c, r)]
    if kind == "mirror":
        return [(r, c), (r, 8 - c)]
    if kind == "diagonal":
        return [(r, c), (c, r)]
    if kind == "anti-diagonal":
        return [(r, c), (8 - c, 8 - r)]
    raise AssertionError(kind)  # pragma: no cover


def _orbits(kind: str) -> list[tuple[int, ...]]:
    seen = set()
    out = []
    for i in range(81):
        if i in seen:
            continue
        orb = tuple(sorted({9 * rr + cc for rr, cc in _image(kind, *divmod(i, 9))}))
        seen.update(orb)
        out.append(orb)
    return out


_ORBITS = {k: _orbits(k) for k in SYMMETRIES}
# Per level, the techniques of that level and below; none that assume a unique
# solution, since the generator uses them to make sure it is unique.
_LEVEL_FINDERS = {
    lv: finders(LEVELS[:LEVELS.index(lv) + 1], assume_unique=False, order=SE_FINDERS)
    for lv in LEVELS
}


# Per level, the rater's techniques of that level and below (uniqueness ones included).
# In the rater's order (easiest SE rating first), so a path they finish is the rater's path.
_RATE_FINDERS = {lv: finders(LEVELS[:LEVELS.index(lv) + 1], order=SE_FINDERS) for lv in LEVELS}


def _level_key(level):
    """Today's key for a level of today or of an earlier version, in any case ("Expert" -> "fiendish");
    anything else unchanged (the check names the valid levels)."""
    if not isinstance(level, str):
        return level
    key = level.strip().lower()
    key = OLD_LEVELS.get(key, key)
    return key if key in LEVELS else level


def _check_args(level, symmetry) -> str:
    if level not in LEVELS:
        raise ValueError(msg("generate_unknown_level", level=repr(level), levels=", ".join(LEVELS)))
    sym = "none" if symmetry is None else symmetry
    if sym not in SYMMETRIES:
        raise ValueError(msg("generate_unknown_symmetry", symmetry=repr(symmetry),
                             symmetries=", ".join(SYMMETRIES)))
    return sym


def _random_solution(rng: random.Random) -> list[int]:
    """A random complete grid: fewest-candidates search with shuffled digits."""
    cells = [0] * 81
    # The three diagonal boxes are independent: fill them directly, then search.
    for b in (0, 4, 8):
        ds = list(range(1, 10))
        rng.shuffle(ds)
        r0, c0 = 3 * (b // 3), 3 * (b % 3)
        for k, d in enumerate(ds):
            cells[9 * (r0 + k // 3) + c0 + k % 3] = d
    if _fill(cells, rng):
        return cells
    raise AssertionError("diagonal boxes always complete")  # pragma: no cover


def _fill(cells: list[int], rng: random.Random) -> bool:
    best, bi, bm = 10, -1, 0
    for i in range(81):
        if not cells[i]:
            used = 0
            for p in PEERS[i]:
                used |= BIT[cells[p]]
            m = ALL & ~used
            n = POP[m]
            if n < best:
                best, bi, bm = n, i, m
                if n == 0:
                    return False
    if bi < 0:
        return True
    ds = [d for d in range(1, 10) if bm & BIT[d]]
    rng.shuffle(ds)
    for d in ds:
        cells[bi] = d
        if _fill(cells, rng):
            return True
    cells[bi] = 0
    return False


def _solves(cells: list[int], level_finders, cancel=None) -> bool:
    return all(solve_logically(cells, level_finders, cancel)[1])


def _is_unique(cells: list[int], cancel=None) -> bool:
    return count_solutions(Grid(cells), 2, cancel=cancel) == 1


def _dig(solution: list[int], orbits, rng: random.Random, accept, cancel) -> tuple[list[int], list]:
    """Remove orbits in random order while ``accept(cells)``; returns (puzzle, removed orbits)."""
    cells = list(solution)
    order = list(orbits)
    rng.shuffle(order)
    removed = []
    for orb in order:
        check(cancel, "generation cancelled")
        for i in orb:
            cells[i] = 0
        if accept(cells):
            removed.append(orb)
        else:
            for i in orb:
                cells[i] = solution[i]
    return cells, removed


def _put(puzzle: list[int], solution, orbit) -> None:
    """Give back the clues of ``orbit`` (from ``solution``), or blank them when solution is None."""
    for i in orbit:
        puzzle[i] = solution[i] if solution is not None else 0


def _give_back(puzzle, solution, removed, level, rng, cancel) -> Optional[list[int]]:
    """Give clues back to a puzzle too hard for ``level`` until its techniques cope.

    The removed orbits are shuffled; a binary search finds the shortest prefix
    whose clues make the level's techniques solve the puzzle (adding clues
    almost always helps, and an odd case only costs an attempt).  If the
    last clue of that prefix made it too easy, a few others are tried instead.
    """
    level_finders = _LEVEL_FINDERS[level]
    rng.shuffle(removed)

    def with_prefix(k):
        p = list(puzzle)
        for orb in removed[:k]:
            _put(p, solution, orb)
        return p

    lo, hi = 0, len(removed)  # with_prefix(lo) fails, with_prefix(hi) is solved
    while hi - lo > 1:
        check(cancel, "generation cancelled")
        mid = (lo + hi) // 2
        if _solves(with_prefix(mid), level_finders, cancel):
            hi = mid
        else:
            lo = mid
    base = with_prefix(hi - 1)
    for orb in [removed[hi - 1]] + removed[hi:hi + LOOKAHEAD]:
        p = list(base)
        _put(p, solution, orb)
        if _rated_within(p, level, cancel) == level:
            return p
    return None


def _rated_within(cells: list[int], level: str, cancel=None) -> Optional[str]:
    """The rating of a unique puzzle when the techniques up to ``level`` solve it, else None.

    The same as ``rate_cells(cells)[0]`` whenever that is ``level`` or easier: levels never
    go down the rater's order (easiest SE rating first), so a path those techniques finish is
    the rater's path.  But a
    puzzle too hard for them stops where they do, not after a run of chains and forcing
    chains (the give-back loop tries up to nine such puzzles per bare one).
    """
    steps, final = solve_logically(cells, _RATE_FINDERS[level], cancel)
    if not all(final):
        return None
    return level_of(steps, True)[0]


def _attempt(level: str, sym: str, rng: random.Random, cancel) -> Optional[list[int]]:
    solution = _random_solution(rng)
    orbits = _ORBITS[sym]
    if level == "easy":
        easy = _LEVEL_FINDERS["easy"]
        puzzle, _ = _dig(solution, orbits, rng, lambda c: _solves(c, easy, cancel), cancel)
    else:
        puzzle, removed = _dig(solution, orbits, rng, lambda c: _is_unique(c, cancel), cancel)
        if level != LEVELS[-1] and not _solves(puzzle, _LEVEL_FINDERS[level], cancel):
            # Several ways back from one bare puzzle: cheaper than a new grid.
            for _ in range(GIVE_BACK_TRIES):
                found = _give_back(puzzle, solution, removed, level, rng, cancel)
                if found is not None:
                    return found
            return None
    got, _, _ = rate_cells(puzzle, cancel)
    return puzzle if got == level else None


def _fits(cells: list[int], level: str, cancel=None, exact: bool = True) -> bool:
    """The one level test of the generator's searches: is the unique puzzle ``cells`` rated
    ``level`` (``exact``), or at least as hard?  Cheap when it is easier: the techniques of
    the level below then solve it, and the rater never runs.  (A puzzle they solve may still
    rate at the level through SE's length increments: then the search passes it by, no more.)"""
    k = LEVELS.index(level)
    if k and open_candidates(cells) == 0:
        return False  # singles alone solve it (most of the walk's moves): no need for the techniques
    if k and _solves(cells, _LEVEL_FINDERS[LEVELS[k - 1]], cancel):
        return False
    return not exact or rate_cells(cells, cancel)[0] == level


_STORED: set = set()  # canonical forms of the seeds and examples (filled on first use)


def _stored() -> set:
    """The canonical forms of every puzzle the package holds: an answer is none of them."""
    if not _STORED:
        from .examples import EXAMPLES
        lines = [x for v in WALK_SEEDS.values() for x in v] + [e.line for e in EXAMPLES]
        _STORED.update(canonical(_cells(x)) for x in lines)
    return _STORED


def _cells(line: str) -> list[int]:
    return [int(ch) if ch in "123456789" else 0 for ch in line]


def _walked(level: str, sym: str, rng: random.Random, cancel) -> Optional[list[int]]:
    """A puzzle of ``level`` found by the neighbourhood walk (walk.py) from a random seed."""
    start = _cells(rng.choice(WALK_SEEDS[sym]))
    # The walk may pass through puzzles one level easier: a symmetric move (two or four cells)
    # seldom stays at the hardest level, and a walk through the level below finds hardest
    # puzzles about ten times sooner (rotational: median 2 s instead of 20 s; none: 1.3 s
    # instead of 1.5 s).
    floor = LEVELS[max(0, LEVELS.index(level) - 1)]
    found = walk(start, _ORBITS[sym], rng,
                 keep=lambda c: _fits(c, floor, cancel, exact=False),
                 done=lambda c: _fits(c, level, cancel) and canonical(c) not in _stored(),
                 moves=WALK_MOVES, tries=WALK_TRIES, length=WALK_LENGTH, cancel=cancel)
    return None if found is None else _dress(found, sym, rng)


def _dress(cells: list[int], sym: str, rng: random.Random) -> list[int]:
    """A random picture of ``cells``: a random isomorph, or (with a symmetry, which most
    isomorphs would break) its digits relabelled."""
    if sym == "none":
        return list(isomorph(cells, rng))
    digits = [0] + rng.sample(range(1, 10), 9)
    return [digits[d] for d in cells]


def generate(level: str, symmetry: Optional[str] = None, seed=None, *, cancel=None) -> Grid:
    """A new puzzle with one solution whose rating is ``level``.

    ``symmetry`` is one of :data:`SYMMETRIES` (None = "none"); ``seed`` makes
    the result reproducible.  ValueError names the valid levels/symmetries;
    ``cancel`` (``.is_set()``) raises ``solver.Cancelled``;
    :class:`GenerationFailed` if MAX_ATTEMPTS attempts all miss the level.
    The hardest level is walked to from public seed puzzles (walk.py); the others are dug
    from a random solution grid.
    """
    level = _level_key(level)  # a level of an earlier version (a script, a setting, a saved sheet)
    sym = _check_args(level, symmetry)
    # The level and symmetry are part of the seed, so one seed gives unrelated puzzles per level.
    rng = random.Random(None if seed is None else f"{level}/{sym}/{seed}")
    walked = level == LEVELS[-1] and bool(WALK_SEEDS.get(sym))
    for _attempt_no in range(MAX_ATTEMPTS):
        check(cancel, "generation cancelled")
        puzzle = _walked(level, sym, rng, cancel) if walked else _attempt(level, sym, rng, cancel)
        if puzzle is not None:
            g = Grid(puzzle)
            if count_solutions(g, 2, cancel=cancel) != 1:  # pragma: no cover - by construction
                continue
            return g
    raise GenerationFailed(msg("generate_failed", level=level, symmetry=sym, attempts=MAX_ATTEMPTS))
