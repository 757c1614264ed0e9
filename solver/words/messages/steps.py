"""Logical steps: every technique's finding and conclusion (techniques/).

The pieces every family shares come first (``step.py``: the conclusion, the list of
eliminations, "Look at ..."), then one block per family.  Field names: ``t`` the
technique (its English name, worded by the ``technique`` kind), ``d``/``x``/``y``/``z``
digits, ``c``/``p``/``a``/``b`` cells, ``cs`` cells, ``ds`` digits, ``u`` a unit,
``out`` the cells that lose a digit, ``elims`` the list of ``step_elim_part``;
``base``/``cover`` are 1-based row or column numbers.
"""
TEMPLATES = {
    # -- step.py: the pieces every family shares
    "step_place": "Place {d} in {c:cell}.",
    "step_remove": "Remove {elims:semi}.",
    "step_elim_part": "{ds:digits} from {cs:cells}",
    "step_sentences": "{parts:sentences}",
    "step_look_at": "Look at {units:units}.",

    # -- singles.py
    "full_house": "{t:technique}: {c:cell} ({c:cellwords}) is the last blank cell in {u:unit}, "
                  "so it takes the missing digit {d}.",
    "naked_single_peers": "{t:technique}: {d} is the only candidate left for {c:cell} "
                          "({c:cellwords}); its row, column and box already hold every other digit.",
    "naked_single_elims": "{t:technique}: {d} is the only candidate left for {c:cell} "
                          "({c:cellwords}); its row, column and box and the earlier eliminations "
                          "rule out every other digit.",
    "naked_single_hint": "Look at the cell {c:cell}: which digits can it still hold?",
    "hidden_single": "{t:technique}: in {u:unit}, {d} fits only at {c:cell} ({c:cellwords}).",

    # -- intersections.py
    "pointing": "{t:technique}: in {box:unit}, every place for {d} lies in {line:unit} "
                "({cs:cells}), so {d} can be removed from the rest of {line:unit}: {out:cells}.",
    "claiming": "{t:technique}: in {line:unit}, every place for {d} lies in {box:unit} "
                "({cs:cells}), so {d} can be removed from the rest of {box:unit}: {out:cells}.",
    "locked_hint": "Look at {u:unit} and where {d} can go in it.",

    # -- subsets.py
    "naked_subset": "{t:technique}: in {us:units}, {cs:cells} can hold only {ds:digits}, so these "
                    "digits can be removed from the other cells there: {elims:semi}.",
    "hidden_subset": "{t:technique}: in {u:unit}, {ds:digits} fit only at {cs:cells}, so those "
                     "cells can hold nothing else: remove {elims:semi}.",
    "hidden_subset_hint": "Look at {u:unit} and where {ds:digits} can go.",

    # -- fish.py: basic fish (base rows or base columns)
    "fish_rows": "{t:technique}: in rows {base:digits}, {d} fits only in columns {cover:digits}, "
                 "so {d} must be in those columns within rows {base:digits} and can be removed "
                 "from the rest of columns {cover:digits}: {out:cells}.",
    "fish_cols": "{t:technique}: in columns {base:digits}, {d} fits only in rows {cover:digits}, "
                 "so {d} must be in those rows within columns {base:digits} and can be removed "
                 "from the rest of rows {cover:digits}: {out:cells}.",
    "fish_rows_hint": "Look at where {d} can go in rows {base:digits}.",
    "fish_cols_hint": "Look at where {d} can go in columns {base:digits}.",
    # finned and sashimi fish: f is the fish without fins (X-Wing, Swordfish, Jellyfish)
    "finned_fish_rows": (
        "{t:technique}: in rows {base:digits}, {d} fits only in columns {cover:digits}, apart "
        "from the fin {fins:cells} in {bx:unit}. Either a fin is {d}, or the {f:technique} holds "
        "and {d} is in those columns only within rows {base:digits}; either way {d} can be removed "
        "from the cells of columns {cover:digits} in {bx:unit} that see the fin: {out:cells}.",
        "{t:technique}: in rows {base:digits}, {d} fits only in columns {cover:digits}, apart "
        "from the fins {fins:cells} in {bx:unit}. Either a fin is {d}, or the {f:technique} holds "
        "and {d} is in those columns only within rows {base:digits}; either way {d} can be removed "
        "from the cells of columns {cover:digits} in {bx:unit} that see the fins: {out:cells}.",
        "n"),
    "finned_fish_cols": (
        "{t:technique}: in columns {base:digits}, {d} fits only in rows {cover:digits}, apart "
        "from the fin {fins:cells} in {bx:unit}. Either a fin is {d}, or the {f:technique} holds "
        "and {d} is in those rows only within columns {base:digits}; either way {d} can be removed "
        "from the cells of rows {cover:digits} in {bx:unit} that see the fin: {out:cells}.",
        "{t:technique}: in columns {base:digits}, {d} fits only in rows {cover:digits}, apart "
        "from the fins {fins:cells} in {bx:unit}. Either a fin is {d}, or the {f:technique} holds "
        "and {d} is in those rows only within columns {base:digits}; either way {d} can be removed "
        "from the cells of rows {cover:digits} in {bx:unit} that see the fins: {out:cells}.",
        "n"),
    "finned_fish_rows_hint": "Look at where {d} can go in rows {base:digits}, and at {bx:unit}.",
    "finned_fish_cols_hint": "Look at where {d} can go in columns {base:digits}, and at {bx:unit}.",
    # Franken and Mutant fish: f is the size (X-Wing, Swordfish), n the number of cover units
    "franken_fish": "{t:technique}: a Franken {f:technique}. In {base:units}, which share no place "
                    "of {d}, {d} fits only in {cover:units}. Each base unit holds one {d}, so the "
                    "{n} cover units get one each from the base: remove {d} from {out:cells}, "
                    "the rest of the cover units.",
    "franken_fish_cannibal": "{t:technique}: a Franken {f:technique}. In {base:units}, which share "
                             "no place of {d}, {d} fits only in {cover:units}. Each base unit holds "
                             "one {d}, so the {n} cover units get one each from the base: remove "
                             "{d} from {out:cells}, the rest of the cover units; {cs:cells} lie in "
                             "two cover units, which cannot both take their {d} from one cell.",
    "mutant_fish": "{t:technique}: a Mutant {f:technique}. In {base:units}, which share no place "
                   "of {d}, {d} fits only in {cover:units}. Each base unit holds one {d}, so the "
                   "{n} cover units get one each from the base: remove {d} from {out:cells}, "
                   "the rest of the cover units.",
    "mutant_fish_cannibal": "{t:technique}: a Mutant {f:technique}. In {base:units}, which share "
                            "no place of {d}, {d} fits only in {cover:units}. Each base unit holds "
                            "one {d}, so the {n} cover units get one each from the base: remove "
                            "{d} from {out:cells}, the rest of the cover units; {cs:cells} lie in "
                            "two cover units, which cannot both take their {d} from one cell.",
    "complex_fish_hint": "Look at where {d} can go in {base:units}.",

    # -- wings.py
    "xy_wing": "{t:technique}: the pivot {p:cell} holds {x} or {y}, and its wings {a:cell} "
               "({ad:digits}) and {b:cell} ({bd:digits}) see it, so whichever digit the pivot "
               "takes one wing is {z}: {z} can be removed from every cell that sees both wings: "
               "{out:cells}.",
    "xy_wing_hint": "Look at the two-candidate cell {p:cell} and the two-candidate cells it sees.",
    "xyz_wing": "{t:technique}: the pivot {p:cell} holds {pd:digits}, and its wings {a:cell} "
                "({ad:digits}) and {b:cell} ({bd:digits}) see it, so one of the three cells is "
                "{z}: {z} can be removed from every cell that sees all three: {out:cells}.",
    "xyz_wing_hint": "Look at the three-candidate cell {p:cell} and the two-candidate cells it sees.",
    "w_wing": "{t:technique}: {p:cell} and {q:cell} both hold only {xy:digits}, and in {u:unit} "
              "{x} must go at {s:cell} (seen by {p:cell}) or {e:cell} (seen by {q:cell}), so they "
              "cannot both be {x}: one of them is {y}, and {y} can be removed from every cell that "
              "sees both: {out:cells}.",
    "w_wing_hint": "Look at the two cells holding only {xy:digits}, and at {u:unit}.",
    "wxyz_wing": "{t:technique}: {p:cell} ({pd:digits}) and the cells it sees, {others:and}, hold "
                 "only {ds:digits}. Every digit but {z} has its places among them in one unit, so "
                 "it fills at most one of the four cells; {z} must fill one, so {z} can be removed "
                 "from every cell that sees all of {zs:cells}: {out:cells}.",
    "vwxyz_wing": "{t:technique}: {p:cell} ({pd:digits}) and the cells it sees, {others:and}, hold "
                  "only {ds:digits}. Every digit but {z} has its places among them in one unit, so "
                  "it fills at most one of the five cells; {z} must fill one, so {z} can be removed "
                  "from every cell that sees all of {zs:cells}: {out:cells}.",
    "wing_cell_digits": "{c:cell} ({ds:digits})",
    "wxyz_wing_hint": "Look at {p:cell} and the cells it sees with few candidates.",

    # -- single_digit.py
    "skyscraper_rows": "{t:technique}: in rows {a} and {b}, {d} has only two places each, and one "
                       "place of each is in {u:unit}; at most one of those can be {d}, so {e1:cell} "
                       "or {e2:cell} is {d}, and {d} can be removed from every cell that sees both: "
                       "{out:cells}.",
    "skyscraper_cols": "{t:technique}: in columns {a} and {b}, {d} has only two places each, and "
                       "one place of each is in {u:unit}; at most one of those can be {d}, so "
                       "{e1:cell} or {e2:cell} is {d}, and {d} can be removed from every cell that "
                       "sees both: {out:cells}.",
    "skyscraper_rows_hint": "Look at where {d} can go in rows {a} and {b}.",
    "skyscraper_cols_hint": "Look at where {d} can go in columns {a} and {b}.",
    "two_string_kite": "{t:technique}: {d} has only two places in {row:unit} and only two in "
                       "{col:unit}; one place of each lies in {box:unit}, where at most one can be "
                       "{d}, so {e1:cell} or {e2:cell} is {d}, and {d} can be removed from every "
                       "cell that sees both: {out:cells}.",
    "two_units_hint": "Look at where {d} can go in {u1:unit} and {u2:unit}.",
    "turbot_fish": "{t:technique}: {d} has only two places in {u1:unit} ({s:cell} and {m1:cell}) "
                   "and in {u2:unit} ({m2:cell} and {e:cell}); {m1:cell} and {m2:cell} see each "
                   "other, so at most one of them is {d}: {s:cell} or {e:cell} is {d}, and {d} can "
                   "be removed from every cell that sees both: {out:cells}.",
    "empty_rectangle": "{t:technique}: in {box:unit}, {d} fits only in {row:unit} and {col:unit}; "
                       "in {u:unit}, {d} has only two places, {near:cell} and {far:cell}. If "
                       "{near:cell} is {d}, {lost:unit} of {box:unit} loses it, so {box:unit}'s {d} "
                       "is in {other:unit} and {x:cell} cannot be {d}; if not, {far:cell} is {d} "
                       "and {x:cell} sees it. Either way remove {d} from {x:cell}.",
    "empty_rectangle_hint": "Look at where {d} can go in {box:unit} and in {u:unit}.",

    # -- coloring.py
    "colouring_wrap": "{t:technique} (wrap): colour {d}'s conjugate pairs in two colours; {a:cell} "
                      "and {b:cell} have the same colour and see each other, so that colour cannot "
                      "hold {d}: remove {d} from {out:cells} (the other colour, {good:cells}, holds it).",
    "colouring_trap": "{t:technique} (trap): colour {d}'s conjugate pairs in two colours ({a:cells} "
                      "against {b:cells}); one colour holds {d}, so a cell that sees both colours "
                      "cannot: remove {d} from {out:cells}.",
    "multi_colouring": "{t:technique}: two colourings of {d}'s conjugate pairs; {p1:cells} sees "
                       "{b1:cells}, so those two colours are not both true, and {d} is in "
                       "{p2:cells} or in {b2:cells}: remove {d} from {out:cells}, which sees both.",
    "colouring_hint": "Look at the cells where {d} has only two places in a unit.",
}
