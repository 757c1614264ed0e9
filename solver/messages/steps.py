"""Logical steps: every technique's finding and conclusion (techniques/).

The pieces every family shares come first (``step.py``: the conclusion, the list of
eliminations, "Look at ..."), then one block per family.  Field kinds: ``c``/``cs``
cells, ``d``/``ds`` digits, ``u`` a unit, ``elims`` the list of ``step_elim_part``.
"""
from ..i18n import register

register({
    # step.py: the shared pieces
    "step_place": "Place {d} in {c:cell}.",
    "step_remove": "Remove {elims:semi}.",
    "step_elim_part": "{ds:digits} from {cs:cells}",
    "step_sentences": "{parts:sentences}",
    "step_look_at": "Look at {units:units}.",
})
