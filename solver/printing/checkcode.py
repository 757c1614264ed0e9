"""Check codes: a few characters printed under a puzzle that tell whether its givens were typed right.

The code has one character per row and a check character, printed ``7KD-3QX-9MP-R``.  A
row's character is ``(sum of weight(col) * digit + offset(row)) mod 31`` (blank is 0),
written in an alphabet of 31 characters that cannot be mistaken for one another
(no 0/O, 1/I/L): the weights 1..9 are distinct and non-zero modulo the prime 31 and a
digit changes by 1..9, so any single wrong, missing or extra digit in a row changes that
row's character, and so does swapping two different digits of a row (or moving one to a
blank cell of the row).  The check character, ``sum((k + 1) * value_k) mod 31``, changes
with any one mistyped character of the code itself and with two neighbours swapped, so a
misread code is told apart from a wrong grid.  Case, spaces and dashes do not matter.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..grid import Grid
from ..words.i18n import Msg, msg

__all__ = ["ALPHABET", "CodeComparison", "check_code", "compare_code", "read_code"]

#: The 31 characters a code is written in: no 0, 1, I, L or O, which are read for one another.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
_MOD = len(ALPHABET)
assert _MOD == 31  # a prime above 9: see the module doc
_VALUE = {ch: k for k, ch in enumerate(ALPHABET)}
_SEPARATORS = " -\t._·"


def _row_values(cells) -> list[int]:
    out = []
    for r in range(9):
        row = cells[9 * r:9 * r + 9]
        # the row's offset keeps empty or equal rows from printing equal characters
        out.append((sum((c + 1) * d for c, d in enumerate(row)) + 7 * r + 3) % _MOD)
    return out


def _check_value(values) -> int:
    return sum((k + 1) * v for k, v in enumerate(values)) % _MOD


def check_code(grid: Grid) -> str:
    """The check code of ``grid``'s digits, as printed: ``"7KD-3QX-9MP-R"`` (rows 1-3, 4-6, 7-9, check)."""
    values = _row_values(grid.cells)
    chars = "".join(ALPHABET[v] for v in values + [_check_value(values)])
    return f"{chars[0:3]}-{chars[3:6]}-{chars[6:9]}-{chars[9]}"


@dataclass(frozen=True)
class CodeComparison:
    """What :func:`compare_code` found.

    ``ok``: the grid matches the code; ``rows_wrong``: the rows (0..8) whose digits differ
    from the paper's; ``error``: None, or why the code could not be read -- ``"empty"``,
    ``"length"`` (``count`` characters after dropping spaces and dashes), ``"character"``
    (``char`` at ``position``, 1-based), ``"checksum"`` (the code was mistyped);
    ``text``: a message for people (str() words it).
    """

    ok: bool
    rows_wrong: tuple = ()
    error: Optional[str] = None
    text: Msg = None
    char: str = ""
    position: int = 0
    count: int = 0

    @property
    def message(self) -> str:
        return str(self.text)

    def __str__(self) -> str:
        return str(self.text)


def read_code(code: str) -> tuple[list[int], Optional[CodeComparison]]:
    """The ten values of a typed code, or ([], the CodeComparison saying why it cannot be read)."""
    text = "".join(ch for ch in str(code).upper() if ch not in _SEPARATORS)
    if not text:
        return [], CodeComparison(False, error="empty", text=msg("code_empty"))
    for k, ch in enumerate(text, 1):
        if ch not in _VALUE:
            return [], CodeComparison(False, error="character", text=msg("code_character", char=ch, position=k),
                                      char=ch, position=k)
    if len(text) != 10:
        return [], CodeComparison(False, error="length", text=msg("code_length", n=len(text)), count=len(text))
    values = [_VALUE[ch] for ch in text]
    if _check_value(values[:9]) != values[9]:
        return [], CodeComparison(False, error="checksum", text=msg("code_checksum"))
    return values, None


def compare_code(grid: Grid, code: str) -> CodeComparison:
    """Whether ``grid``'s digits are the ones the check ``code`` was printed for, and which rows differ.

    A code that cannot be read gives ``ok=False`` with ``error`` set and ``rows_wrong`` empty.
    """
    values, problem = read_code(code)
    if problem is not None:
        return problem
    wrong = tuple(r for r, v in enumerate(_row_values(grid.cells)) if v != values[r])
    if not wrong:
        return CodeComparison(True, text=msg("code_match"))
    return CodeComparison(False, rows_wrong=wrong,
                          text=msg("code_rows_wrong", rows=[r for r in wrong], n=len(wrong)))
