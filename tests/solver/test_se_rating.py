"""The rating on Sudoku Explainer's scale, its levels, old level names and one backtracking figure."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import solver
from conftest import load_lines
from solver.isomorph import isomorph
from solver.path import solve_logically
from solver.rating import length_increment, step_se
from solver.techniques.registry import SE_FINDERS, SE_RATINGS
from solver.words.levels import SE_FLOORS, canonical_level, level_for_se

# 3 SE-rated puzzles a level band (tests/data/se_rated_sample18.csv: <81 chars>,<SE rating>)
SAMPLE = [(p, float(r)) for p, r in (ln.split(",") for ln in
                                     (Path(__file__).parent.parent / "data" / "se_rated_sample18.csv")
                                     .read_text().splitlines() if ln.strip() and not ln.startswith("#"))]


def grid(line: str) -> solver.Grid:
    return solver.Grid(int(ch) if ch in "123456789" else 0 for ch in line)


# -- the ladder ------------------------------------------------------------------------------
SE_PUBLISHED = {  # Sudoku Explainer 1.2.1's own values
    "Full House": 1.0, "Hidden Single": 1.2, "Naked Single": 2.3, "Pointing": 2.6, "Claiming": 2.8,
    "Naked Pair": 3.0, "X-Wing": 3.2, "Hidden Pair": 3.4, "Naked Triple": 3.6, "Swordfish": 3.8,
    "Hidden Triple": 4.0, "XY-Wing": 4.2, "XYZ-Wing": 4.4, "Unique Rectangle": 4.5,
    "Unique Rectangle Type 2": 4.5, "Unique Rectangle Type 4": 4.5, "Naked Quad": 5.0, "Jellyfish": 5.2,
    "Hidden Quad": 5.4, "BUG+1": 5.6, "Alternating Inference Chain": 7.0,
    # Sukaku Explainer, for techniques SE 1.2.1 lacks
    "Skyscraper": 4.0, "Two-String Kite": 4.1, "Turbot Fish": 4.2, "WXYZ-Wing": 5.5,
}


@pytest.mark.parametrize("name,se", sorted(SE_PUBLISHED.items()))
def test_each_technique_carries_se_published_rating(name, se):
    assert solver.technique(name).se == SE_RATINGS[name] == se


def test_every_technique_has_a_rating_and_the_level_of_its_band():
    for t in solver.TECHNIQUES:
        assert 1.0 <= t.se <= 12 and t.level == level_for_se(t.se), t.name
    # the rater tries them easiest rating first (ties keep the hint order)
    ses = [solver.technique(n).se for n, _ in SE_FINDERS]
    assert ses == sorted(ses) and len(SE_FINDERS) == len(solver.TECHNIQUES)


def test_a_hidden_single_in_a_row_rates_as_se_says_and_chains_grow_with_length():
    g = grid(SAMPLE[1][0])  # SE 1.5: a hidden single in a row or column is needed
    steps = solver.logical_path(g)
    assert {step_se(s) for s in steps if s.technique == "Hidden Single"} <= {1.2, 1.5}
    assert solver.rate(g).se == 1.5
    # SE's length increment: +0.1 each time length (nodes - 2) passes 4, 6, 8, 12, 16, 24, ...
    assert [length_increment(n) for n in (4, 6, 7, 8, 10, 11, 14, 15, 18, 19, 26, 27)] == \
        [0.0, 0.0, 0.1, 0.1, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.6]


def test_an_xy_chain_rates_as_ses_forcing_chain_from_the_eliminated_candidate():
    """SE has no forcing Y-chain: it finds an XY-Chain's elimination as a Forcing Chain (7.0)
    from the eliminated candidate on, along the chain, to it off: 2 nodes more than ours, so a
    chain of four cells (8 nodes) rates 7.0 + length(10) = 7.2, as SE rates these puzzles."""
    assert SE_RATINGS["XY-Chain"] == SE_RATINGS["Remote Pairs"] == 7.0
    for line in ("900004003004301500000200000040910030802403905090027080000005000003102700100800006",
                 "000300004024001000000070200810030905090108040406020081003080000000500620900007000"):
        r = solver.rate(grid(line))
        assert (r.hardest, r.se, r.level) == ("XY-Chain", 7.2, "diabolical")  # SE 7.2 both
    steps, _ = solve_logically(list(grid(line)), SE_FINDERS)
    chain = next(s for s in steps if s.technique == "XY-Chain")
    assert step_se(chain) == round(7.0 + length_increment(len(chain.chain.nodes) + 2), 1)


def test_the_rater_takes_a_shorter_aic_over_an_xy_chain_and_a_w_wing_is_a_6_node_chain():
    """SE takes the easiest-rated chain: where an AIC is shorter than the XY-Chain found, the AIC
    rates the step (these SE 7.2 puzzles: 7.3 with the XY-Chain of 5 cells, 7.2 with the AIC).
    A W-Wing is an AIC of 6 nodes, so SE's 7.0 + length(8) = 7.1 (these two: SE 7.1)."""
    from solver.techniques import chains
    from solver.techniques.registry import FINDERS
    assert dict(SE_FINDERS)["XY-Chain"] is chains.xy_chain_or_shorter_aic
    assert dict(FINDERS)["XY-Chain"] is chains.xy_chain  # the hint order keeps the XY-Chain
    for line in ("....9...5...3..71...2..8.9..8.6.25..9...3...6..61.9.7..9.4..2...34..7...6...8....",
                 "500070004032000070007080250000912000908703106000658000095020700070000490300090002"):
        r = solver.rate(grid(line))
        assert (r.hardest, r.se) == ("Alternating Inference Chain", 7.2)
    for line in ("..971..6.7..3..4...65...7.3....5..242..9.3..115..2....9.1...64...4..6..7.7..491..",
                 "1..4.7.35..79...68.93......24.3....1....4....6....8.52......21.92...15..31.2.4..7"):
        r = solver.rate(grid(line))
        assert (r.hardest, r.se, r.level) == ("W-Wing", 7.1, "diabolical")


def test_a_unique_loop_rates_as_se_by_its_length():
    """SE's Unique Loop: 4.5 + 0.1 for 6 cells (0.2 for 8).  Without it a chain (7.1+) solved
    these SE 4.6 puzzles, two levels too high."""
    assert SE_RATINGS["Unique Loop"] == 4.5
    line = "..7.9..2.56...4.1....8.1..5.51...2..3...4...6..8...13.7..9.3....2.4...79.9..2.5.."
    r = solver.rate(grid(line))
    assert (r.hardest, r.se, r.level) == ("Unique Loop", 4.6, "fiendish")  # SE 4.6


def test_puzzles_se_solves_with_a_vwxyz_wing_rate_there():
    """Sukaku Explainer's VWXYZ-Wing (6.2-6.4) solves these SE 6.3-6.4 puzzles; before it, our
    XY-Chain (now 7.2) did, putting them a level too high."""
    assert SE_RATINGS["VWXYZ-Wing"] == 6.3
    for line in ("...6...9...8.42..725......8...8......19.7.85......1...5......249..51.3...8...7...",
                 "400082706000001040106500000500400000604000203000006004000007409040200000802950007",
                 "700040030020039100036007000000002060080070040060800000000700950008350010040060002"):
        r = solver.rate(grid(line))
        # Sue de Coq rates 6.3 too and comes first in the hint order, so may rate one of them
        assert (r.se, r.level) == (6.3, "fiendish") and r.hardest in ("VWXYZ-Wing", "Sue de Coq")
    assert solver.rate(grid(line)).hardest == "VWXYZ-Wing"


# -- levels ----------------------------------------------------------------------------------
def test_levels_are_six_se_bands_easiest_first():
    assert solver.LEVELS == ("easy", "medium", "hard", "fiendish", "diabolical", "extreme")
    floors = [SE_FLOORS[lv] for lv in solver.LEVELS]
    assert floors == sorted(floors) and floors[0] == 0
    assert [level_for_se(x) for x in (1.2, 2.3, 2.6, 3.4, 3.6, 4.4, 4.5, 6.7, 6.8, 8.4, 8.5, 11.6)] == [
        "easy", "easy", "medium", "medium", "hard", "hard", "fiendish", "fiendish", "diabolical",
        "diabolical", "extreme", "extreme"]


@pytest.mark.parametrize("line,se", SAMPLE, ids=[f"SE{r}-{k}" for k, (_, r) in enumerate(SAMPLE)])
def test_se_rated_puzzles_get_their_band_and_about_their_rating(line, se):
    r = solver.rate(grid(line))
    assert r.level == level_for_se(se) and abs(r.se - se) <= 0.5, (r.se, r.hardest)
    assert r.label == solver.LEVEL_LABELS[r.level]


def test_the_rating_does_not_depend_on_how_the_puzzle_is_written():
    """Seeded isomorphs get the same level, and the same SE rating up to forcing chains: which
    contradiction a forcing chain finds first depends on the scan, and with it its length (±0.1)."""
    from solver.rating import rate_se
    rng = random.Random(28)
    for line, _ in SAMPLE:
        cells = [int(ch) if ch in "123456789" else 0 for ch in line]
        se, level = rate_se(cells)
        for _ in range(2):
            se2, level2 = rate_se(list(isomorph(cells, rng)))
            assert level2 == level and abs(se2 - se) <= (0.1 if se >= 8.5 else 0), line


# -- old level names -------------------------------------------------------------------------
def test_old_level_names_still_open():
    assert [canonical_level(x) for x in ("Expert", "expert", "Extreme", "Easy", " medium ")] == [
        "fiendish", "fiendish", "extreme", "easy", "medium"]
    with pytest.raises(ValueError, match="fiendish, diabolical"):
        canonical_level("expertise")
    assert solver.fill("{level:level}", level="expert") == "Fiendish"
    g = solver.generate("Expert", seed=3)  # a setting or a script of an earlier version
    assert g == solver.generate("fiendish", seed=3) and solver.rate(g).level == "fiendish"


def test_cli_generate_takes_an_old_level(capsys):
    from solver.cli import main
    assert main(["generate", "expert", "--seed", "3"]) == 0
    assert capsys.readouterr().out.strip() == solver.generate("fiendish", seed=3).to_line()


# -- one count, one cap ----------------------------------------------------------------------
TOP95_15 = load_lines("norvig_top95")[15]  # the classic backtracker needs 1,000,582 placements


def test_the_card_the_cli_and_the_demo_state_one_figure(capsys):
    import json

    from solver import work
    from solver.cli import main
    g = grid(TOP95_15)
    work._FIGURES.clear()
    r = solver.rate(g)
    fig = solver.backtrack_figure(g)
    assert r.backtrack.capped and r.backtrack.placements == solver.BACKTRACK_CAP == 1_000_000
    assert r.backtrack_estimate is fig.estimate and fig.estimate.placements > solver.BACKTRACK_CAP
    about = f"about {fig.estimate.placements:,} in all"
    assert any(about in ln and "≥ 1,000,000" in ln for ln in r.card_lines())
    assert main(["rate", TOP95_15]) == 0
    assert about in capsys.readouterr().out
    # the demo counts it to the end ("Count the whole run"): the card and the CLI reuse that count
    exact = solver.count_backtrack_work(g, cap=10 ** 15)
    assert not exact.capped and exact.placements == 1_000_582
    r2 = solver.rate(g)
    assert r2.backtrack == exact and r2.backtrack_estimate is None
    assert main(["rate", "--json", TOP95_15]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["backtrack"] == {"placements": 1_000_582, "backtracks": exact.backtracks, "exact": True,
                                "about": None}
    # a run the demo watched to its end counts the same way
    work._FIGURES.clear()
    solver.remember_backtrack_count(g, exact)
    assert solver.rate(g).backtrack == exact
    work._FIGURES.clear()
