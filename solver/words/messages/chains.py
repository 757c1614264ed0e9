"""Chains, uniqueness, Almost Locked Sets and forcing chains: their steps' words (techniques/).

Field names: ``t`` the technique (English name, worded by the ``technique`` kind),
``d``/``x``/``y``/``z`` digits, ``c``/``o``/``p``/``q`` cells, ``cs`` and ``out`` cells,
``elims`` a list of ``step_elim_part`` (``{elims:semi}``), ``u`` a unit.  Chain notation
("5r1c1 = 5r1c5 - 3r1c5") is built from ``chain_node`` messages, so its cell names follow
the language (5Z1S1 = 5Z1S5 ...); a grouped node reads ``4r1c23`` (digit, rows, columns).
A forcing chain's tree is made of facts ("r1c2 = 4", "r1c2 ≠ 4"), their reasons and the
contradictions of ``branches.py``.
"""
TEMPLATES = {
    # -- links.py: chain notation
    "chain_node": "{d}{c:cell}",
    "chain_group_node": "{d}r{rows}c{cols}",
    "chain_notation": "{parts:sentences}",

    # -- chains.py (and the ALS Chain): n is the number of candidates removed
    "chain": (
        "{t:technique}: {links}. If {first} is false, the links force {last} true, so one of the "
        "two ends is true: remove {removed:and}, which sees both ends.",
        "{t:technique}: {links}. If {first} is false, the links force {last} true, so one of the "
        "two ends is true: remove {removed:and}, which see both ends.",
        "n"),
    "chain_als": (
        "{t:technique}: {links} ({sets:semi}). If {first} is false, the links force {last} true, "
        "so one of the two ends is true: remove {removed:and}, which sees both ends.",
        "{t:technique}: {links} ({sets:semi}). If {first} is false, the links force {last} true, "
        "so one of the two ends is true: remove {removed:and}, which see both ends.",
        "n"),
    "chain_elim_part": "{d} from {cs:cells}",
    "chain_hint": "Look for a chain of strong and weak links from {first} to {last}.",
    "als_chain_set": "{set} is an almost locked set: without {x} it is locked, so it holds {y} "
                     "({xn} = {yn})",

    # -- uniqueness.py: floors hold only a and b, roofs hold more
    "unique_loop_1": "{t:technique}: the {n} cells {loop:cells} form a loop on {a} and {b}; were "
                     "{c:cell} just {a} or {b} too, the two digits could swap along the loop, giving "
                     "two solutions. So {a} and {b} can be removed from {c:cell}.",
    "unique_loop_2": "{t:technique}: the {n} cells {loop:cells} form a loop on {a} and {b}; were none "
                     "of {zs:cells} {z}, the two digits could swap along the loop, giving two "
                     "solutions. So one of them is {z}, and {z} can be removed from every cell that "
                     "sees them all: {out:cells}.",
    "unique_loop_hint": "Look for a loop of cells that all hold {a} and {b}.",
    "ur_hint": "Look at rows {r1} and {r2} with columns {c1} and {c2}.",
    "ur_type_1": "{t:technique}: {three:cells} hold only {a} and {b}; if {c:cell} were {a} or {b} "
                 "too, the four corners (two boxes) could swap {a} and {b} and the puzzle would "
                 "have two solutions, so remove {a} and {b} from {c:cell}.",
    # n: the number of floors (1 or 2)
    "ur_one_extra": (
        "{t:technique}: {floors:cells} holds only {a} and {b}, and {roofs:cells} hold {a}, {b} "
        "and {z}. If none of {roofs:cells} were {z}, the four corners (two boxes) could swap {a} "
        "and {b}: two solutions. So one of them is {z}, and {z} can be removed from every cell "
        "that sees them all: {out:cells}.",
        "{t:technique}: {floors:cells} hold only {a} and {b}, and {roofs:cells} hold {a}, {b} "
        "and {z}. If none of {roofs:cells} were {z}, the four corners (two boxes) could swap {a} "
        "and {b}: two solutions. So one of them is {z}, and {z} can be removed from every cell "
        "that sees them all: {out:cells}.",
        "n"),
    "ur_type_3": "{t:technique}: {floors:cells} hold only {a} and {b}; {roofs:cells} hold them "
                 "too, so one of {roofs:cells} must be {extra:digitor} (or the four corners could "
                 "swap {a} and {b}: two solutions). Together they act as one cell of "
                 "{extra:digits}, which with {others:cells} makes a naked set of {ds:digits} in "
                 "{u:unit}: remove {elims:semi}.",
    "ur_type_4": "{t:technique}: {floors:cells} hold only {a} and {b}; in {u:unit}, {x} fits only "
                 "at {roofs:cells}, so one of them is {x}. Were the other {y}, the four corners "
                 "(two boxes) could swap {a} and {b}: two solutions. So remove {y} from "
                 "{roofs:cells}.",
    "ur_type_6_rows": "{t:technique}: {floors:cells} hold only {a} and {b}, and in rows "
                      "{lines:digits}, {x} fits only in the rectangle, so it sits on one diagonal. "
                      "On {roofs:cells} it would leave {y} for {floors:cells}, and the four "
                      "corners (two boxes) could swap: two solutions. So remove {x} from "
                      "{roofs:cells}.",
    "ur_type_6_cols": "{t:technique}: {floors:cells} hold only {a} and {b}, and in columns "
                      "{lines:digits}, {x} fits only in the rectangle, so it sits on one diagonal. "
                      "On {roofs:cells} it would leave {y} for {floors:cells}, and the four "
                      "corners (two boxes) could swap: two solutions. So remove {x} from "
                      "{roofs:cells}.",
    "hidden_rectangle": "{t:technique}: {c:cell} holds only {a} and {b}, and all four corners hold "
                        "both. In {row:unit} and in {col:unit}, {x} fits only in the rectangle. "
                        "Were {o:cell} {y}, {p:cell} and {q:cell} would be {x} and {c:cell} {y}: "
                        "the four corners (two boxes) could swap, two solutions. So remove {y} "
                        "from {o:cell}.",
    "bug_plus_1": "{t:technique}: every blank cell but {c:cell} holds two candidates, and without "
                  "{d} there every digit would have two places in each unit: a deadly pattern "
                  "with no solution or several. So {c:cell} is {d}.",
    "bug_plus_1_hint": "Look at the only cell with three candidates, {c:cell}.",
    "avoidable_type_1": "{t:technique}: {o:cell} was solved as {x}, {mates:cells} as {y}, none of "
                        "them a given. Were {c:cell} {x} too, the four corners (two boxes) could "
                        "swap {x} and {y} and still fit every given: two solutions. So remove {x} "
                        "from {c:cell}.",
    "avoidable_type_2": "{t:technique}: {p:cell} was solved as {x} and {q:cell} as {y}, neither a "
                        "given; {a:cell} holds {y} or {z}, {b:cell} {x} or {z}. Were neither {z}, "
                        "the four corners (two boxes) could swap {x} and {y}: two solutions. So "
                        "one of them is {z}: remove {z} from {out:cells}, which see both.",

    "avoidable_type_4": "{t:technique}: {p:cell} was solved as {x} and {q:cell} as {y}, neither a "
                        "given. In {u:unit}, {s} fits only at {a:cell} and {b:cell}. Were {c:cell} "
                        "{e}, the other one would be {s}; with {a:cell} = {y} and {b:cell} = {x} "
                        "the four corners (two boxes) could swap {x} and {y} and still fit every "
                        "given: two solutions. So remove {e} from {c:cell}.",

    # -- als.py: an almost locked set reads "r1c1 and r1c2 (1, 5 and 7)"
    "als_set": "{cs:cells} ({ds:digits})",
    "als_xz": "{t:technique}: {a} and {b} are almost locked sets; {x} is restricted between them "
              "(every {x} of one sees every {x} of the other), so at most one holds {x} and the "
              "other is locked. So remove {elims:semi}.",
    "als_xz_double": "{t:technique}: {a} and {b} are almost locked sets; {xs:digits} are both "
                     "restricted between them, so each set is locked on its other digits and "
                     "{xs:digits} are each in one of them. So remove {elims:semi}.",
    "als_xy_wing": "{t:technique}: the almost locked set {c} shares the restricted digit {x} with "
                   "{a} and {y} with {b}. If neither of those two held {zs:digits}, both would be "
                   "locked, take {x} and {y} from {cs:cells}, and it would be two digits short. "
                   "So remove {elims:semi}.",
    "death_blossom": "{t:technique}: the stem {s:cell} holds {ds:digits}, and each digit has a "
                     "petal, an almost locked set whose places of that digit all see the stem "
                     "({petals:semi}). Whichever digit the stem takes, its petal is locked and "
                     "holds {z}, so {z} can be removed from every cell that sees every {z} of the "
                     "petals: {out:cells}.",
    "death_blossom_petal": "for {d}, {set}",
    "death_blossom_hint": "Look at the stem {s:cell} and the sets around it.",
    # n: the number of cells (and digits) of the core, line and box cells together (4 or more)
    "sue_de_coq": (
        "{t:technique}: where {box:unit} meets {line:unit}, {core:cells} hold {cd:digits}; with "
        "{lc:cells} ({ld:digits}) in {line:unit} and {bc:cells} ({bd:digits}) in {box:unit}, no "
        "digit in both, this {n:n} cell holds exactly {n:n} digit, so it is in them once. Remove "
        "{elims:semi}.",
        "{t:technique}: where {box:unit} meets {line:unit}, {core:cells} hold {cd:digits}; with "
        "{lc:cells} ({ld:digits}) in {line:unit} and {bc:cells} ({bd:digits}) in {box:unit}, no "
        "digit in both, these {n:n} cells hold exactly {n:n} digits, so each is in them once. "
        "Remove {elims:semi}.",
        "n"),
    "sue_de_coq_hint": "Look at where {box:unit} meets {line:unit}.",

    # -- forcing.py and branches.py: the tree of a forcing chain
    "fact_is": "{c:cell} = {d}",
    "fact_not": "{c:cell} ≠ {d}",
    "fact_list": "{a}, {b}",
    "digit_or": "{a} or {b}",
    "forcing_if": "If {c:cell} = {d}",
    "forcing_peer": "sees {c:cell}",
    "forcing_naked": "the only digit left in the cell",
    "forcing_hidden": "the only place left for {d} in {u:unit}",
    "forcing_nested": "else a contradiction:",
    "forcing_outcome": "{why}: a contradiction, so {c:cell} ≠ {d}",
    "contradiction_both": "{c:cell} would have to be both {a} and {b}",
    "contradiction_ruled_out": "{c:cell} would have to be {d}, but {d} is already ruled out there",
    "contradiction_no_place": "{d} would have no place left in {u:unit}",
    "contradiction_no_candidate": "{c:cell} would have no candidate left",
    # the steps: the _nested forms say some links are proved by smaller forcing chains
    "forcing_digit": "{t:technique}: if {c:cell} were {d}, the digits it forces would end in a "
                     "contradiction, so {d} can be removed from {c:cell}.",
    "forcing_digit_nested": "{t:technique}: if {c:cell} were {d}, the digits it forces would end "
                            "in a contradiction (some links are themselves proved by smaller "
                            "forcing chains), so {d} can be removed from {c:cell}.",
    "forcing_digit_hint": "Look at what {d} in {c:cell} would force.",
    "forcing_cell": "{t:technique}: {c:cell} holds {ds}, and whichever it is, the chains agree: "
                    "{facts}.",
    "forcing_cell_nested": "{t:technique}: {c:cell} holds {ds}, and whichever it is, the chains "
                           "agree (some links are themselves proved by smaller forcing chains): "
                           "{facts}.",
    "forcing_cell_hint": "Try each digit of {c:cell} and follow what it forces.",
    "forcing_unit": "{t:technique}: in {u:unit}, {d} goes in {cs:cells}, and wherever it goes, "
                    "the chains agree: {facts}.",
    "forcing_unit_nested": "{t:technique}: in {u:unit}, {d} goes in {cs:cells}, and wherever it "
                           "goes, the chains agree (some links are themselves proved by smaller "
                           "forcing chains): {facts}.",
    "forcing_unit_hint": "Try each place of {d} in {u:unit} and follow what it forces.",
}
