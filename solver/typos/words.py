"""The words of :mod:`solver.typos.search`: the one place the sentences about a slip are made.

Each function takes an explanation (``solver.typos.search.Explanation``: its ``edits``, each an
``Edit`` with ``kind``, ``cells``, ``old`` and ``new`` digits) and returns a message
(:class:`solver.words.i18n.Msg`) or its text in the chosen language.
"""
from __future__ import annotations

from ..words.i18n import Msg, describe, msg
from .prior import confusable

__all__ = ["short_fix_msg", "short_fix", "explanation_msg", "describe_explanation"]

_WHY = {"look_alike": "typo_look_alike", "keypad": "typo_keypad"}
_DIRECTIONS = {(0, 1): "right", (0, -1): "left", (1, 0): "down", (-1, 0): "up"}


def _edit_msg(e) -> Msg:
    if e.kind == "wrong_digit":
        (cell,), (old,), (new,) = e.cells, e.old, e.new
        why = confusable(old, new)
        if why:
            return msg("typo_wrong_digit_why", cell=cell, old=old, new=new,
                       why=msg(_WHY[why], a=min(old, new), b=max(old, new)))
        return msg("typo_wrong_digit", cell=cell, old=old, new=new)
    if e.kind == "extra":
        (cell,), (old,) = e.cells, e.old
        return msg("typo_extra", cell=cell, digit=old)
    if e.kind == "left_out":
        (cell,), (new,) = e.cells, e.new
        return msg("typo_left_out", cell=cell, digit=new)
    if e.kind == "shifted":
        (src, dst), (d, _) = e.cells, e.old
        return msg(f"typo_shifted_{_direction(src, dst)}", src=src, dst=dst, digit=d)
    if e.kind == "swapped":
        (a, b), (da, db) = e.cells, e.old
        return msg("typo_swapped", a=a, b=b, da=da, db=db)
    raise ValueError(f"unknown slip kind {e.kind!r}")


def _direction(src, dst) -> str:
    (r1, c1), (r2, c2) = src, dst
    return _DIRECTIONS[(r2 - r1, c2 - c1)]


def _chained(parts: list, code: str) -> Msg:
    """Messages one after the other, joined by the template ``code`` ("{first}; and {second}")."""
    if len(parts) == 1:
        return parts[0]
    return msg(code, first=parts[0], second=_chained(parts[1:], code))


def short_fix_msg(x) -> Msg:
    """:func:`short_fix` as a message."""
    parts = []
    for e in x.edits:
        if e.kind == "wrong_digit":
            parts.append(msg("fix_wrong_digit", cell=e.cells[0], old=e.old[0], new=e.new[0]))
        elif e.kind == "extra":
            parts.append(msg("fix_extra", digit=e.old[0], cell=e.cells[0]))
        elif e.kind == "left_out":
            parts.append(msg("fix_left_out", digit=e.new[0], cell=e.cells[0]))
        elif e.kind == "shifted":
            parts.append(msg("fix_shifted", digit=e.old[0], src=e.cells[0], dst=e.cells[1]))
        else:
            parts.append(msg("fix_swapped", a=e.cells[0], b=e.cells[1]))
    return _chained(parts, "fix_two")


def short_fix(x) -> str:
    """The fix in a few words, for a button or a status line: "r5c9 7 → 1", "remove the 7
    in r5c9", "add 4 in r2c3", "move the 3 from r1c4 to r1c5", "swap r6c4 and r7c4"
    (in the chosen language)."""
    return describe(short_fix_msg(x))


def explanation_msg(x) -> Msg:
    """The sentence of an explanation as a message (its edits, then what the fix gives)."""
    edits = _chained([_edit_msg(e) for e in x.edits], "typo_two")
    return msg("typo_unique" if x.unique else "typo_several", edits=edits)


def describe_explanation(x) -> str:
    """The sentence for people, e.g. "r5c9: you typed 7, the puzzle works with 1 there; 1 and
    7 look alike. With that fix the puzzle has exactly one solution." (in the chosen language)"""
    return describe(explanation_msg(x))
