"""The visible search and its counts (backtrack, work, search)."""
TEMPLATES = {
    # one event of the backtracking search (solver/backtrack.py)
    "search_try": "try {digit} at {cell:cell}",
    "search_reject": "{digit} \u2717 at {cell:cell}: already in {unit:unit} at {peer:cell}",
    "search_place": "{cell:cell} = {digit}",
    "search_deduce": "{cell:cell} = {digit}: {why}",
    "search_naked_single": "naked single (only {digit} fits)",
    "search_hidden_single": "hidden single: {digit} has no other place in {unit:unit}",
    "search_undo": "undo {cell:cell} = {digit}",
    "search_undo_why": "undo {cell:cell} = {digit}: {why}",
    "search_undo_deduced": "undo {cell:cell} = {digit} (deduced)",
    "search_undo_deduced_why": "undo {cell:cell} = {digit} (deduced): {why}",
    "search_out_of_digits": "{cell:cell} ran out of digits",
    "search_no_candidates": "{cell:cell} has no candidates left",
    "search_no_place": "{digit} has no place left in {unit:unit}",
    "search_solved": "solved: {placements:n} placements, {backtracks:n} backtracks",
    "search_exhausted": "no solution: every possibility tried ({placements:n} placements, {backtracks:n} backtracks)",
    "search_exhausted_why": "no solution: {why}",
    "search_not_searched": "not searched: {unit:unit} already has two {digit}s ({cell:cell} and {peer:cell}); "
                           "fix the givens first",
}
