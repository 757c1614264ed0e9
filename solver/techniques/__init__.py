"""Human solving techniques, one module per family, and the order they are tried in.

A *position* is a grid plus its candidates (pencil marks, ``candidates.py``).
Techniques *eliminate* candidates or *place* digits; the first technique in
the hint order that changes something gives the *next step*.

=================  ===============================================================
``step.py``        what a :class:`Technique` and a :class:`Step` are; the finder
                   contract; helpers the families share (wording, strong links)
``registry.py``    the hint order (one line per technique), :func:`technique`,
                   :func:`next_step`, :func:`find_step`
``singles.py``     Full House, Naked Single, Hidden Single
``intersections``  Pointing, Claiming (locked candidates)
``subsets.py``     Naked/Hidden Pair, Triple, Quad
``fish.py``        X-Wing, Swordfish, Jellyfish
``single_digit``   Skyscraper, Two-String Kite
``wings.py``       XY-Wing, XYZ-Wing, W-Wing
``uniqueness.py``  Unique Rectangle (type 1): assumes one solution
=================  ===============================================================

The logical path lives in ``solver/path.py``, checked hints in ``solver/hint.py``.
"""
from __future__ import annotations

from .registry import TECHNIQUES, check_grid, find_step, next_step, technique
from .step import Step, Technique

__all__ = ["TECHNIQUES", "Step", "Technique", "check_grid", "find_step", "next_step", "technique"]
