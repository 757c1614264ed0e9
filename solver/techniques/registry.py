"""Which techniques exist, the order hints try them in, and the next step of a position.

Every technique lives in the module of its family, next to its
:class:`Technique` (name, level, weight, lesson) and its finder.  This table
only puts them in order: simplest first, the order hint engines use, so the
first technique that changes something gives the *next step*.

Each :class:`Technique`'s ``name`` and ``summary`` are English and are the catalogue's
keys (contexts "technique" and "technique summary", extracted from :data:`TECHNIQUES` by
``tools/i18n.py``): write the summary as whole sentences; ``Technique.title`` and
``Technique.lesson`` give them in the chosen language.

Adding a family (finned fish, chains, ALS, ...): write ``techniques/<family>.py``
with its ``Technique`` constants and finders (``step.py`` states the finder
contract and holds the shared helpers), import it here and add one line per
technique to ``_TABLE`` where it belongs in the order
(``tests/solver/test_techniques.py`` checks that levels never go down the table).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Collection, Mapping, Optional

from ..cancel import check
from ..candidates import effective_masks
from ..grid import Grid, Unit, first_conflict
from ..words.i18n import keep_case, unit_text
from ..words.levels import level_for_se
from . import als, chains, coloring, fish, forcing, intersections, single_digit, singles, subsets, uniqueness, wings
from .step import Step, Technique

__all__ = ["TECHNIQUES", "FINDERS", "SE_FINDERS", "SE_RATINGS", "technique", "finders", "find_first", "check_grid",
           "next_step", "find_step"]

Finder = Callable[[list, list], Optional[Step]]

# (technique, finder) in the order they are tried.
_TABLE: tuple[tuple[Technique, Finder], ...] = (
    (singles.FULL_HOUSE, singles.full_house),
    (singles.NAKED_SINGLE, singles.naked_single),
    (singles.HIDDEN_SINGLE, singles.hidden_single),
    (intersections.POINTING, intersections.pointing),
    (intersections.CLAIMING, intersections.claiming),
    (subsets.NAKED_PAIR, subsets.naked_pair),
    (subsets.HIDDEN_PAIR, subsets.hidden_pair),
    (subsets.NAKED_TRIPLE, subsets.naked_triple),
    (subsets.HIDDEN_TRIPLE, subsets.hidden_triple),
    (fish.X_WING, fish.x_wing),
    (single_digit.SKYSCRAPER, single_digit.skyscraper),
    (single_digit.TWO_STRING_KITE, single_digit.two_string_kite),
    (single_digit.TURBOT_FISH, single_digit.turbot_fish),
    (single_digit.EMPTY_RECTANGLE, single_digit.empty_rectangle),
    (fish.SWORDFISH, fish.swordfish),
    (wings.XY_WING, wings.xy_wing),
    (wings.XYZ_WING, wings.xyz_wing),
    (wings.W_WING, wings.w_wing),
    (uniqueness.UNIQUE_RECTANGLE, uniqueness.unique_rectangle),
    (uniqueness.UR_TYPE_2, uniqueness.unique_rectangle_type_2),
    (uniqueness.UR_TYPE_3, uniqueness.unique_rectangle_type_3),
    (uniqueness.UR_TYPE_4, uniqueness.unique_rectangle_type_4),
    (uniqueness.UR_TYPE_5, uniqueness.unique_rectangle_type_5),
    (uniqueness.UR_TYPE_6, uniqueness.unique_rectangle_type_6),
    (uniqueness.HIDDEN_RECTANGLE, uniqueness.hidden_rectangle),
    (uniqueness.UNIQUE_LOOP, uniqueness.unique_loop),
    (uniqueness.AVOIDABLE_RECTANGLE, uniqueness.avoidable_rectangle),
    (uniqueness.AVOIDABLE_RECTANGLE_TYPE_4, uniqueness.avoidable_rectangle_type_4),
    (uniqueness.BUG_PLUS_1, uniqueness.bug_plus_1),
    (fish.FINNED_X_WING, fish.finned_x_wing),
    (fish.SASHIMI_X_WING, fish.sashimi_x_wing),
    (subsets.NAKED_QUAD, subsets.naked_quad),
    (subsets.HIDDEN_QUAD, subsets.hidden_quad),
    (fish.JELLYFISH, fish.jellyfish),
    (fish.FINNED_SWORDFISH, fish.finned_swordfish),
    (fish.SASHIMI_SWORDFISH, fish.sashimi_swordfish),
    (wings.WXYZ_WING, wings.wxyz_wing),
    (fish.FINNED_JELLYFISH, fish.finned_jellyfish),
    (fish.SASHIMI_JELLYFISH, fish.sashimi_jellyfish),
    (als.SUE_DE_COQ, als.sue_de_coq),
    (wings.VWXYZ_WING, wings.vwxyz_wing),  # an ALS-XZ of four cells and one: after the wings' lessons
    (als.ALS_XZ, als.als_xz),
    (als.ALS_XY_WING, als.als_xy_wing),
    (als.DEATH_BLOSSOM, als.death_blossom),
    # -- colouring and chains (coloring.py, chains.py): expert, after the fixed shapes --
    (coloring.SIMPLE_COLOURING, coloring.simple_colouring),
    (chains.REMOTE_PAIRS, chains.remote_pairs),
    (coloring.MULTI_COLOURING, coloring.multi_colouring),
    (chains.X_CHAIN, chains.x_chain),
    (chains.XY_CHAIN, chains.xy_chain),
    (chains.AIC, chains.aic),
    (chains.GROUPED_AIC, chains.grouped_aic),
    (als.ALS_CHAIN, als.als_chain),
    (fish.FRANKEN_FISH, fish.franken_fish),
    (fish.MUTANT_FISH, fish.mutant_fish),
    # -- forcing chains (forcing.py): the last resort, extreme; keep them last --
    (forcing.DIGIT_FORCING, forcing.digit_forcing),
    (forcing.CELL_FORCING, forcing.cell_forcing),
    (forcing.UNIT_FORCING, forcing.unit_forcing),
    (forcing.NESTED_FORCING, forcing.nested_forcing),
)
# Techniques that are sound only when the puzzle has exactly one solution.
_NEED_UNIQUE = frozenset(t.name for t in uniqueness.TECHNIQUES)

#: Each technique's rating on Sudoku Explainer's scale (SE 1.2.1 and its successor Sukaku
#: Explainer, whose ratings the forum lists and tests/data/se_rated quote).  "SE" marks SE's
#: own value; "SukE" Sukaku Explainer's (techniques SE 1.2.1 lacks); "reasoned" a value for a
#: technique neither has, set where SE's own technique for the same deduction sits (which chain
#: or forcing chain SE would need) and checked against the SE-rated puzzles (python -m bench.se).
#: A step may add to it: chain length, subset size, loop size (see solver.rating.step_se).
SE_RATINGS: dict[str, float] = {
    "Full House": 1.0,            # SE: last value in a unit
    "Hidden Single": 1.2,         # SE: 1.2 in a box, 1.5 in a row or column
    "Naked Single": 2.3,          # SE
    "Pointing": 2.6,              # SE
    "Claiming": 2.8,              # SE
    "Naked Pair": 3.0,            # SE
    "X-Wing": 3.2,                # SE
    "Hidden Pair": 3.4,           # SE
    "Naked Triple": 3.6,          # SE
    "Swordfish": 3.8,             # SE
    "Hidden Triple": 4.0,         # SE
    "Skyscraper": 4.0,            # SukE Turbot Fish, row-row or column-column
    "Two-String Kite": 4.1,       # SukE Turbot Fish, row-column
    "Turbot Fish": 4.2,           # SukE Turbot Fish, with a box
    "Empty Rectangle": 4.3,       # SukE Turbot Fish through an empty box region
    "XY-Wing": 4.2,               # SE
    "XYZ-Wing": 4.4,              # SE
    "W-Wing": 7.0,                 # SE: Forcing Chain 7.0 + length; its 6 nodes (+2, as an AIC's) add 0.1 (step_se)
    "Unique Rectangle": 4.5,      # SE Unique Rectangle type 1
    "Unique Rectangle Type 2": 4.5,   # SE
    "Unique Rectangle Type 3": 4.6,   # SE: 4.5 + 0.1 per extra digit of the subset (pair 4.6)
    "Unique Rectangle Type 4": 4.5,   # SE
    "Unique Rectangle Type 5": 4.6,   # reasoned: type 2 spread over a diagonal (SE: loop of 6, 4.6)
    "Unique Rectangle Type 6": 5.6,   # reasoned: SE has no type 6 (its loops are types 1-4); its puzzles rate 5.6 there
    "Unique Loop": 4.5,           # SE: 4.5 + 0.1 for 6 cells, + 0.2 for 8 (step_se)
    "Hidden Rectangle": 5.6,      # reasoned: SE has none; as UR type 6, SE-rated puzzles need 5.5-7.2
    "Avoidable Rectangle": 4.5,   # reasoned: the rectangle argument on solved cells, as type 1
    "Avoidable Rectangle Type 4": 4.6,  # reasoned: as Hidden Rectangle
    "BUG+1": 5.6,                 # SE: Bivalue Universal Grave type 1
    "Finned X-Wing": 4.0,          # reasoned: as Sukaku Explainer's 2-link fish (turbot 4.0); SE-rated puzzles agree
    "Sashimi X-Wing": 4.0,         # reasoned: as Finned X-Wing
    "Naked Quad": 5.0,            # SE
    "Hidden Quad": 5.4,           # SE
    "Jellyfish": 5.2,             # SE
    "Finned Swordfish": 5.3,      # reasoned: Swordfish with a fin, between Jellyfish (5.2) and hidden quad (5.4)
    "Sashimi Swordfish": 5.3,     # reasoned: as Finned Swordfish
    "WXYZ-Wing": 5.5,             # SukE (5.5 to 5.6 with the pivot's size)
    "VWXYZ-Wing": 6.3,            # SukE: 6.2-6.4 with its largest cell's size (6.3 the middle)
    "Finned Jellyfish": 5.7,       # reasoned: Jellyfish 5.2 + fin, as BUG's 5.6-5.7
    "Sashimi Jellyfish": 5.7,      # reasoned: as Finned Jellyfish
    "Sue de Coq": 6.3,             # reasoned: SE has none; two ALSs on one intersection, as SukE VWXYZ (6.2-6.4)
    "ALS-XZ": 7.1,                # reasoned: SE needs a forcing chain through both sets (7.0 + length);
                                  # SukE's small wings are our WXYZ-Wing.  Sizes 4-6 rated 5.5-6.6 (as SukE's
                                  # wings) put 80 % of such puzzles 0.5+ under SE: they are 7.0-7.2
    "ALS-XY-Wing": 7.2,            # reasoned: three ALSs; SE needs a forcing chain of 8-10 nodes (7.1-7.2)
    "Death Blossom": 8.3,          # reasoned: SE needs cell forcing chains (Multiple chains 8.0+ length)
    "Simple Colouring": 6.5,      # SE: Bidirectional X-Cycle / Forcing X-Chain 6.5-6.6 + length
    "Remote Pairs": 7.0,          # SE: Forcing Chain 7.0 + length (SE has no forcing Y-chain: see XY-Chain)
    "Multi-Colouring": 6.6,       # SE: Forcing X-Chain 6.6 + length
    "X-Chain": 6.6,                # SukE: n strong links 3..7 rate 5.4, 5.8, 6.2, 6.6, 7.0 (step_se)
    "XY-Chain": 7.0,              # SE: Forcing Chain 7.0 + length.  SE has no forcing Y-chain (only
                                  # Y-cycles): the target's peer links make it an X+Y chain
    "Alternating Inference Chain": 7.0,  # SE: Forcing Chain (both kinds of link) 7.0 + length
    "Grouped AIC": 8.0,            # reasoned: SE's chains have no groups; it needs Multiple Forcing Chains (8.0+)
    "ALS Chain": 8.2,              # reasoned: ALS nodes SE must unfold into multiple forcing chains; SE-rated 8.3-8.4
    "Franken Fish": 5.6,          # reasoned: SukE fish with box units (Jellyfish class + 0.4)
    "Mutant Fish": 6.0,           # reasoned: rows, columns and boxes mixed
    "Digit Forcing Chain": 8.6,    # SE: Dynamic Forcing Chains 8.5 + length (ours are shorter than SE counts: +0.1)
    "Cell Forcing Chain": 8.5,     # SE: Dynamic (cell) Forcing Chains 8.5 + length
    "Unit Forcing Chain": 8.5,     # SE: Dynamic (region) Forcing Chains 8.5 + length
    "Nested Forcing Chain": 9.5,   # SE: Nested Forcing Chains 9.5, +0.5 a level deeper, + length
}

#: Every technique, in the order they are tried (simplest first); each carries its SE rating
#: and the level whose band holds it.
TECHNIQUES: tuple[Technique, ...] = tuple(
    replace(t, se=SE_RATINGS[t.name], level=level_for_se(SE_RATINGS[t.name])) for t, _ in _TABLE)
keep_case(*(t.name for t in TECHNIQUES))  # "Naked Single: …" keeps its capitals after a colon
_BY_NAME = {t.name: t for t in TECHNIQUES}
_FINDER = {t.name: f for t, f in _TABLE}
#: (name, finder) pairs in the order they are tried: the default of :func:`find_first`.
FINDERS: tuple[tuple[str, Finder], ...] = tuple((t.name, f) for t, f in _TABLE)
#: The same finders easiest SE rating first (ties keep the hint order): the rater's order, since
#: Sudoku Explainer applies the easiest-rated technique available at each step.
#: Its XY-Chain gives way to a shorter AIC (``chains.xy_chain_or_shorter_aic``).
SE_FINDERS: tuple[tuple[str, Finder], ...] = tuple(
    (n, chains.xy_chain_or_shorter_aic if n == "XY-Chain" else f)
    for n, f in sorted(FINDERS, key=lambda nf: SE_RATINGS[nf[0]]))


def technique(name: str) -> Technique:
    """The :class:`Technique` called ``name``; KeyError naming the known ones otherwise."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown technique {name!r}; known: {', '.join(_BY_NAME)}") from None


def finders(levels: Optional[Collection[str]] = None, *,
            assume_unique: bool = True, order=FINDERS) -> tuple[tuple[str, Finder], ...]:
    """(name, finder) pairs in try order: all of them, or those whose level is in ``levels``.

    ``assume_unique=False`` leaves out the techniques that are sound only for
    a puzzle with one solution (for the generator, which is still making sure).
    """
    return tuple((n, f) for n, f in order
                 if (assume_unique or n not in _NEED_UNIQUE)
                 and (levels is None or _BY_NAME[n].level in levels))


def find_first(cells, masks, finders=FINDERS, cancel=None, memo=None) -> Optional[Step]:
    """The first Step any of ``finders`` sees in the position (flat lists), or None.

    Finders marked ``cancellable`` (the long searches) get ``cancel`` too, and
    ``memo``: a dict one logical path keeps from step to step (forcing chains
    remember there which candidates earlier positions proved false).
    """
    for _, f in finders:
        check(cancel)  # between finders: a path stops within one finder's time
        step = (f(cells, masks, cancel=cancel, memo=memo) if getattr(f, "cancellable", False)
                else f(cells, masks))
        if step is not None:
            return step
    return None


def check_grid(g: Grid) -> None:
    """ValueError naming the first conflict when ``g`` holds a digit twice in a unit."""
    found = first_conflict(g.cells)
    if found is not None:
        u, d, _i, _j = found
        # a developer's error (callers check conflicts first): English, whatever the language
        raise ValueError(f"the grid breaks the rules: {unit_text(Unit.from_number(u), 'en')} has two "
                         f"{d}s; use hint() or diagnose() for details")


def next_step(g: Grid, candidates: Optional[Mapping] = None) -> Optional[Step]:
    """The simplest Step from this position, or None when no technique applies (or solved).

    ``candidates`` is an optional candidate state (a :class:`Candidates` or a
    ``{(r, c): digits}`` dict); it is narrowed to the basic candidates of ``g``
    first, so digits entered since it was made are respected.  Raises
    ValueError when ``g`` holds the same digit twice in a unit.  It does not
    check that the puzzle has one solution: :func:`hint` does.
    """
    check_grid(g)
    return find_first(list(g.cells), effective_masks(g, candidates))


def find_step(g: Grid, name: str, candidates: Optional[Mapping] = None, *,
              givens: Optional[Grid] = None) -> Optional[Step]:
    """The first Step of technique ``name`` in this position, or None (KeyError for an unknown name).

    For lessons ("show me an X-Wing here"); the hint order is ignored.  ``givens`` (the
    puzzle as given) lets Avoidable Rectangle use the cells solved since; without it every
    digit of ``g`` counts as a given.
    """
    technique(name)
    check_grid(g)
    f = _FINDER[name]
    cells, masks = list(g.cells), effective_masks(g, candidates)
    if getattr(f, "cancellable", False):
        return f(cells, masks, memo={"givens": tuple((givens or g).cells)})
    return f(cells, masks)
