"""``--json``: the command line's results as plain JSON objects (fields in ``cli.py``'s docstring).

Cells are named as people read them (``"r1c1"``); digits are numbers (0 = blank);
puzzles and solutions are 81-character lines (``.`` blank).  Each function takes a
public result type of ``solver`` and returns a dict ready for ``json.dumps``.
"""
from __future__ import annotations

import json
from typing import Optional

from ..grid import cell_name

__all__ = ["dumps", "cells", "finding", "fix", "diagnosis", "rating", "step", "hint", "path"]


def dumps(record: dict) -> str:
    """One JSON object on one line (non-ASCII kept: the messages hold → and ✗)."""
    return json.dumps(record, ensure_ascii=False)


def cells(seq) -> list[str]:
    return [cell_name(c) for c in seq]


def _line(g) -> Optional[str]:
    return g.to_line() if g is not None else None


def finding(f) -> dict:
    return {"kind": f.kind, "message": f.message, "cells": cells(f.cells)}


def fix(x, confident: bool) -> Optional[dict]:
    """The likeliest slip (``Diagnosis.best_fix``): its edits flattened, and one by one."""
    if x is None:
        return None
    from .. import short_fix

    return {
        "kind": x.kind,
        "cells": cells(x.cells),
        "old": [d for e in x.edits for d in e.old],
        "new": [d for e in x.edits for d in e.new],
        "message": x.message,
        "short": short_fix(x),
        "solutions": x.solutions,
        "confident": confident,
        "fixed": x.fixed.to_line(),
        "edits": [{"kind": e.kind, "cells": cells(e.cells), "old": list(e.old), "new": list(e.new)}
                  for e in x.edits],
    }


def diagnosis(d) -> dict:
    clue = None
    if d.suggested_given is not None:
        cell, digit = d.suggested_given
        clue = {"cell": cell_name(cell), "digit": digit}
    return {
        "status": d.status,
        "summary": d.summary,
        "findings": [finding(f) for f in d.findings],
        "solution": _line(d.solution),
        "solutions": [s.to_line() for s in d.solutions],
        "differing": cells(d.differing or ()),
        "suggested_clue": clue,
        "best_fix": fix(d.best_fix, d.fix_confident),
    }


def _figure(r):
    """The classic backtracker's figure (the card's and Compare's): exact, or capped with an estimate."""
    b = r.backtrack
    if b is None:
        return None
    est = r.backtrack_estimate
    return {"placements": b.placements, "backtracks": b.backtracks, "exact": not b.capped,
            "about": est.placements if (b.capped and est is not None) else None}


def rating(r) -> dict:
    return {
        "status": r.status,
        "level": r.level,
        "level_label": r.label,
        "score": r.score if r.level else None,
        "se": r.se,
        "hardest": r.hardest,
        "counts": dict(r.counts),
        "cells_left": r.cells_left,
        "summary": r.summary,
        "backtrack": _figure(r),
    }


def _digits(pairs) -> list[dict]:
    return [{"cell": cell_name(c), "digit": d} for c, d in pairs]


def step(s) -> dict:
    return {
        "technique": s.technique,
        "message": s.message,
        "cells": cells(s.cells),
        "digits": list(s.digits),
        "placements": _digits(s.placements),
        "eliminations": _digits(s.eliminations),
    }


def hint(h) -> dict:
    s = h.step
    return {
        "status": h.status,
        "message": h.message,
        "technique": s.technique if s is not None else None,
        "cells": cells(h.cells),
        "placements": _digits(s.placements) if s is not None else [],
        "eliminations": _digits(s.eliminations) if s is not None else [],
    }


def path(p) -> dict:
    return {
        "status": "solved" if p.solved else "stuck",
        "steps": [step(s) for s in p],
        "cells_left": p.cells_left,
        "final": p.final_grid.to_line(),
    }
