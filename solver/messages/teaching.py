"""Hints, the logical path, the difficulty card and the generator (hint, path, rating, generate),
and the words on printed pages (printing, worksheet) and of the example puzzles (examples)."""
from ..i18n import register

register({
    # hint.py: checked advice
    "hint_wrong": ("{n:n} digit differs from the solution: {cells:cells}.",
                   "{n:n} digits differ from the solution: {cells:cells}.", "n"),
    "hint_solved": "The grid is complete and correct.",
    "hint_digit_from": "{digit} from {cell:cell}",
    "hint_wrong_note": "Your notes removed {removed:and}, but {digit} goes there.",
    "hint_wrong_notes_same": "Your notes removed {removed:and}, but {digit} goes there in each.",
    "hint_wrong_notes": "Your notes removed {removed:and}, but those digits go there.",
    "hint_bad_candidates": "The pencil marks rule out the right digit in {cells:cells}; recompute the candidates.",
    "hint_stuck": "No technique this app teaches applies here: the puzzle needs guessing (trial and error) "
                  "from this position.",
    # the rungs of the hint ladder (Hint.rungs)
    "hint_rung_technique": "1. Technique: {name:technique} ({level:level}).",
    "hint_rung_look": "2. {look}",
    "hint_rung_cells": ("3. The highlighted cells: {cells:cellcomma} (digit {digits:digits}).",
                        "3. The highlighted cells: {cells:cellcomma} (digits {digits:digits}).", "n"),
    "hint_rung_step": "4. {step}\n   So: {so}",
    # rating.py: the difficulty card
    "rating_not_rated": "Not rated",
    "rating_summary_not_rated": "Not rated: {why}",
    "rating_summary": "{level:level} (score {score}): hardest technique {name:technique}; {givens} givens",
    "rating_summary_stuck": "{level:level} (score {score}): logic gets stuck with {left} cells left; {givens} givens",
    "rating_summary_solved": "{level:level} (score {score}): already solved; {givens} givens",
    "rating_unique": "Unique solution \u2713",
    "rating_givens": "Givens: {givens}",
    "rating_level": "Level: {level:level} (score {score})",
    "rating_hardest": "Hardest technique needed: {name:technique} ({level:level})",
    "rating_stuck": "Logic gets stuck with {left} cells left: from there it needs guessing.",
    "rating_count": "  {name:technique}: {n}\u00d7",
    "rating_backtracker": "Classic backtracker: {placements:n} placements, {backtracks:n} backtracks",
    "rating_backtracker_capped": "Classic backtracker: {placements:n} placements, {backtracks:n} backtracks "
                                 "(stopped at the cap of {cap:n})",
    "rating_fast_solver": "Fast solver: {nodes:n} nodes, {guesses:n} guesses",
})
