"""Human solving techniques, one module per family, and the order they are tried in.

A *position* is a grid plus its candidates (pencil marks, ``candidates.py``).
Techniques *eliminate* candidates or *place* digits; the first technique in
the hint order that changes something gives the *next step*.

=================  ===============================================================
``step.py``        what a :class:`Technique` and a :class:`Step` are; the finder
                   contract; helpers the families share (wording, strong links)
``registry.py``    the hint order (one line per technique), :func:`technique`,
                   :func:`next_step`, :func:`find_step`
``links.py``       the chain vocabulary: nodes (candidates, box∩line groups, an
                   ALS's places of a digit), strong and weak links, the link graph
``cache.py``       structures several finders build from one position, built once
``singles.py``     Full House, Naked Single, Hidden Single
``intersections``  Pointing, Claiming (locked candidates)
``subsets.py``     Naked/Hidden Pair, Triple, Quad
``fish.py``        X-Wing, Swordfish, Jellyfish; finned and sashimi; Franken, Mutant
``single_digit``   Skyscraper, Two-String Kite, Turbot Fish, Empty Rectangle
``wings.py``       XY-Wing, XYZ-Wing, W-Wing, WXYZ-Wing
``uniqueness.py``  Unique Rectangle types 1-6, Hidden and Avoidable Rectangle,
                   BUG+1: all assume one solution
``als.py``         Sue de Coq, ALS-XZ, ALS-XY-Wing, Death Blossom, ALS Chain
``coloring.py``    Simple Colouring, Multi-Colouring
``chains.py``      Remote Pairs, X-Chain, XY-Chain, AIC, grouped AIC
``forcing.py``     digit, cell, unit and nested forcing chains (the last resort);
                   ``branches.py`` their engine (assume, follow singles, record why)
=================  ===============================================================

The logical path lives in ``solver/path.py``, checked hints in ``solver/hint.py``.
"""
from __future__ import annotations

from .registry import TECHNIQUES, check_grid, find_step, next_step, technique
from .step import Step, Technique

__all__ = ["TECHNIQUES", "Step", "Technique", "check_grid", "find_step", "next_step", "technique"]
