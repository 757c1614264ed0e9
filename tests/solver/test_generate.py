"""Generator (uniqueness, level, symmetry, bad arguments) and worksheets (no Tk)."""
from __future__ import annotations

import re
import threading
import time

import pytest

import solver
from solver import SYMMETRIES, count_solutions, generate, make_worksheet, rate
from tests.conftest import load_lines


@pytest.mark.slow
def test_rate_agrees_with_the_generator():
    g = generate("hard", "rotational", seed=7)
    assert rate(g).level == "hard"


@pytest.mark.slow
def test_same_seed_same_puzzle():
    assert generate("medium", seed=42) == generate("medium", seed=42)
    assert generate("medium", seed=42) != generate("medium", seed=43)


MIRRORS = {
    "rotational": lambda r, c: [(8 - r, 8 - c)],
    "quarter-turn": lambda r, c: [(c, 8 - r), (8 - r, 8 - c), (8 - c, r)],
    "mirror": lambda r, c: [(r, 8 - c)],
    "diagonal": lambda r, c: [(c, r)],
    "anti-diagonal": lambda r, c: [(8 - c, 8 - r)],
}


@pytest.mark.parametrize("symmetry", sorted(MIRRORS))
def test_clue_pattern_has_the_symmetry(symmetry):
    g = generate("easy", symmetry, seed=3)
    filled = set(g.filled())
    for r, c in filled:
        assert set(MIRRORS[symmetry](r, c)) <= filled
    assert count_solutions(g, 2) == 1


def test_unknown_level_or_symmetry_names_the_valid_ones():
    with pytest.raises(ValueError, match="easy, medium, hard, fiendish, diabolical, extreme"):
        generate("impossible")
    with pytest.raises(ValueError, match="rotational"):
        generate("easy", "spiral")
    assert SYMMETRIES[0] == "none"


def test_generation_can_be_cancelled():
    ev = threading.Event()
    ev.set()
    with pytest.raises(solver.Cancelled):
        generate("expert", seed=1, cancel=ev)


class _Looks:
    """A cancel token that records the CPU time of the thread at each look, and reads as set from
    look ``at`` on (the user's Esc at that point of the work; None: never)."""

    def __init__(self, at: int | None = None):
        self.at = at
        self.cpu: list[float] = []

    def is_set(self):
        self.cpu.append(time.thread_time())
        return self.at is not None and len(self.cpu) >= self.at


@pytest.mark.slow
@pytest.mark.parametrize("level,seed", [("expert", 3), ("expert", 5)])
def test_generation_stops_soon_after_cancel_wherever_it_is(level, seed):
    """Esc reaches every stage: making the grid, digging, giving clues back, rating.  Counted in
    looks at the token and the CPU time of this thread, which a busy machine does not change:
    a whole generation never goes 50 ms of CPU without a look (from its start, between two
    looks, from the last look to its end: measured at most 1-3 ms; before, the give-back and
    rating passes never looked: 85-130 ms, up to 0.36 s at expert), and with the token set at 25
    looks spread over the first 80 % of the work, Cancelled follows at that very look (the same
    seed makes the same looks) and within 50 ms of CPU (measured under 0.1 ms)."""
    t0 = time.thread_time()
    whole = _Looks()
    generate(level, seed=seed, cancel=whole)
    times = [t0, *whole.cpu, time.thread_time()]
    gap = max(b - a for a, b in zip(times, times[1:]))
    assert len(whole.cpu) >= 30 and gap < 0.05, \
        f"{level}: {gap * 1000:.0f} ms of CPU without a look at the token ({len(whole.cpu)} looks)"
    for k in range(25):
        token = _Looks(at=1 + len(whole.cpu) * k // 30)
        with pytest.raises(solver.Cancelled):
            generate(level, seed=seed, cancel=token)
        late = time.thread_time() - token.cpu[token.at - 1]
        assert len(token.cpu) == token.at and late < 0.05, \
            f"{level}: cancelled {late * 1000:.0f} ms of CPU and {len(token.cpu) - token.at} looks after the token was set"


# -- worksheets --------------------------------------------------------------------
PUZZLES = [solver.parse(line) for line in load_lines("norvig_easy50")[:5]]  # read, not generated: fast


@pytest.mark.parametrize("per_page,pages", [(1, 5), (2, 3), (4, 2)])
def test_worksheet_pages_and_grids(per_page, pages):
    html = make_worksheet(PUZZLES, per_page=per_page, title="Week 3 <practice>")
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    assert html.count('class="page puzzles"') == pages
    assert html.count("<svg") == 5 and "solutions" not in html.split("<body>")[1]
    assert "Week 3 &lt;practice&gt;" in html and "break-after: page" in html
    for n, g in enumerate(PUZZLES, 1):
        assert f"Puzzle {n}" in html
        assert f'aria-label="Sudoku grid {g.to_line()}"' in html
    first_svg = html[html.index("<svg"):html.index("</svg>")]
    digits = re.findall(r">(\d)</text>", first_svg)
    assert len(digits) == PUZZLES[0].filled_count


def test_worksheet_with_solution_pages():
    html = make_worksheet(PUZZLES, per_page=2, solutions=True, labels=["Easy"] * 5)
    assert html.count('class="page solutions"') == 1 and html.count("<svg") == 10
    sol_part = html[html.index('class="page solutions"'):]
    first = sol_part[sol_part.index("<svg"):sol_part.index("</svg>")]
    assert len(re.findall(r">(\d)</text>", first)) == 81
    assert "Puzzle 1 · Easy" in html and "Solution 5" in html


def test_worksheet_bad_arguments():
    with pytest.raises(ValueError, match="1 to 6"):
        make_worksheet(PUZZLES, per_page=7)
    with pytest.raises(ValueError):
        make_worksheet([])
    with pytest.raises(ValueError, match="more than one"):
        make_worksheet([solver.Grid.empty()], solutions=True)
