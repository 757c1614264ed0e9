"""The search demo's model: one watched search, the strategies, the comparison's numbers (no Tk).

:class:`DemoRun` plays :func:`solver.backtrack_steps` one event at a time on its own copy of
the 81 cells and keeps a bounded history (a ring buffer of :data:`HISTORY` events), so Step
back and the timeline work and memory stays flat however long the search runs.  The rest
turns counts into what the comparison table and its notes say.

"Order" is the solver's word for a way of searching (``solver.ORDERS``); people see the
names of :data:`ORDER_LABELS` ("Classic", "Fewest first", "With singles").
"""
from __future__ import annotations

import math
import time
from collections import deque
from typing import NamedTuple

import solver
from solver import Grid, index

from app.wording import N_, _, describe_duration, describe_seconds, estimate_words, format_count, format_estimate, say

__all__ = ["DemoRun", "OrderLabel", "ORDER_LABELS", "HISTORY", "TABLE_CAP", "SKIP_CAP", "FULL_SPEED",
           "speed_of", "slider_position", "step_text", "run_state", "count_orders", "count_to_end", "watched_row", "table_rows", "lesson"]


class OrderLabel(NamedTuple):
    """How people see a search order: its name in the table, on its radio button, and what it teaches.

    The texts are English (marked with ``N_``): show them as ``_(label.short)``.
    """

    short: str
    long: str
    why: str


#: order -> its labels, in the table's order
ORDER_LABELS = {
    "row-major": OrderLabel(N_("Classic"), N_("Classic: first empty cell, digits 1 to 9"),
                            N_("the tutorials' code: take the first empty cell in reading order, try 1 to 9")),
    "fewest-candidates": OrderLabel(N_("Fewest first"), N_("Fewest candidates first"),
                                    N_("branch on the empty cell with the fewest possible digits")),
    "propagation": OrderLabel(N_("With singles"), N_("Fewest candidates + singles (fast)"),
                              N_("fewest candidates, and fill every forced digit (singles) after each move")),
}

HISTORY = 10_000  # events kept for Step back and the timeline (a ring buffer: memory stays flat)
TABLE_CAP = solver.BACKTRACK_CAP  # placements per order when Compare counts (the card's and the CLI's cap)
ESTIMATE_SAMPLES = 20_000  # random probes for the estimate of a capped order (more than the
# function's default, for a closer estimate on lopsided trees)
ESTIMATE_SECONDS = 5.0  # and never longer than this
SKIP_CAP = 1_500_000  # events per Skip to end (the pathological puzzle needs hundreds of millions)
FULL_SPEED = 100  # the speed slider's top position: as fast as the screen can draw


def speed_of(position: float) -> float | None:
    """Steps per second for a speed-slider position 0..100 (1 to about 9,000; None at the top: full speed)."""
    if position >= FULL_SPEED:
        return None
    return 10 ** (max(0.0, position) / 25)


def slider_position(steps_per_second: float | None) -> float:
    """The speed-slider position for ``steps_per_second`` (None: full speed); the inverse of :func:`speed_of`."""
    if steps_per_second is None:
        return FULL_SPEED
    return min(FULL_SPEED - 0.01, 25 * math.log10(max(1.0, steps_per_second)))


class DemoRun:
    """One search being watched: the grid it shows, the bounded history, the generator (no Tk).

    ``pos`` is the step shown (0: the puzzle before the first event); ``head`` the number of
    events taken from the generator so far.  Events ``earliest+1 .. head`` are kept, so
    :meth:`back` works down to ``earliest``.  Only one thread may use a run at a time.
    """

    def __init__(self, puzzle: Grid, order: str, history: int = HISTORY):
        self.puzzle = puzzle
        self.order = order
        self._events = solver.backtrack_steps(puzzle, order)
        self.digits = list(puzzle.cells)
        self.kinds: list[str | None] = ["given" if d else None for d in puzzle.cells]
        self.history: deque = deque(maxlen=history)
        # per kept event: for an undo, the kind of the digit it took back ("guess" / "deduce"), else None
        self._undone: deque = deque(maxlen=history)
        self._floor = None  # the event at ``earliest`` once older ones were dropped
        self.head = 0
        self.pos = 0
        self.finished = False
        self.changed: set[int] = set()  # cells whose digit changed since the view last looked

    @property
    def earliest(self) -> int:
        """The lowest step :meth:`back` can reach."""
        return self.head - len(self.history)

    @property
    def at_end(self) -> bool:
        """True when the search has ended and the last event is shown."""
        return self.finished and self.pos == self.head

    @property
    def solved(self) -> bool:
        return self.at_end and self.event is not None and self.event.kind == "solved"

    @property
    def event(self):
        """The event shown (None at step 0)."""
        return self.event_at(self.pos)

    def event_at(self, p: int):
        if p <= 0:
            return None
        first = self.earliest
        if p == first:
            return self._floor
        if first < p <= self.head:
            return self.history[p - first - 1]
        return None

    def forward(self, limit: int = 1) -> int:
        """Show up to ``limit`` more events (replaying history first); how many were shown."""
        done = 0
        while done < limit and not self.at_end:
            if self.pos < self.head:
                e = self.history[self.pos - self.earliest]
            else:
                e = next(self._events)
                if len(self.history) == self.history.maxlen:
                    self._floor = self.history[0]
                self.history.append(e)
                self._undone.append(self.kinds[index(*e.cell)] if e.kind == "undo" else None)
                self.head += 1
                if e.kind in ("solved", "exhausted"):
                    self.finished = True
            self.pos += 1
            self._apply(e)
            done += 1
        return done

    def back(self) -> bool:
        """Take back the event shown; False when the history does not reach further back."""
        if self.pos <= self.earliest:
            return False
        e = self.history[self.pos - self.earliest - 1]
        self._invert(e, self._undone[self.pos - self.earliest - 1])
        self.pos -= 1
        return True

    def seek(self, p: int) -> int:
        """Show step ``p`` (clamped to what the history holds and what was searched); the step shown."""
        p = max(self.earliest, min(self.head, int(p)))
        while self.pos > p and self.back():
            pass
        if self.pos < p:
            self.forward(p - self.pos)
        return self.pos

    def _apply(self, e) -> None:
        k = e.kind
        if k == "place" or k == "deduce":
            i = index(*e.cell)
            self.digits[i] = e.digit
            self.kinds[i] = "guess" if k == "place" else "deduce"
            self.changed.add(i)
        elif k == "undo":
            i = index(*e.cell)
            self.digits[i] = 0
            self.kinds[i] = None
            self.changed.add(i)

    def undid_deduced(self) -> bool:
        """True when the event shown is an undo that took back a deduced digit (not a guess)."""
        e = self.event
        if e is None or e.kind != "undo" or self.pos <= self.earliest:
            return False
        return self._undone[self.pos - self.earliest - 1] == "deduce"

    def _invert(self, e, undone: str | None) -> None:
        k = e.kind
        if k == "place" or k == "deduce":
            i = index(*e.cell)
            self.digits[i] = 0
            self.kinds[i] = None
            self.changed.add(i)
        elif k == "undo":
            i = index(*e.cell)
            self.digits[i] = e.digit
            self.kinds[i] = undone or "guess"
            self.changed.add(i)


# -- the comparison table -------------------------------------------------------------
def step_text(run: DemoRun) -> str:
    """What the current step of ``run`` did, in words ("Step 12: r1c3 = 4 ...")."""
    e = run.event
    if e is None:
        why = _(ORDER_LABELS[run.order].why)
        return say("Step 0: the puzzle. {why}.", why=why[:1].upper() + why[1:])
    if e.kind == "reject":
        return say("Step {n:n}: {event} (marked yellow)", n=e.steps, event=e.message)
    return say("Step {n:n}: {event}", n=e.steps, event=e.message)


def run_state(run: DemoRun | None, playing: bool, skipping: bool) -> str:
    """The run's state under the counters: not started, solved, no solution, playing, skipping, paused."""
    if run is None:
        return _("not started")
    if run.solved:
        return _("✓ solved")
    if run.at_end:
        return _("no solution")
    return _("▶ playing") if playing else (_("skipping…") if skipping else _("❚❚ paused"))


def count_orders(g: Grid, token, progress: dict, cap: int | None = None) -> dict[str, dict]:
    """Count every order on ``g`` (at most ``cap`` placements each; default :data:`TABLE_CAP`), estimating a
    capped one with random probes; a row per order.  Runs on the worker: ``progress`` tells the Tk thread
    which order is being counted (``order``, ``index``, ``estimating``)."""
    cap = TABLE_CAP if cap is None else cap
    rows = {}
    for k, order in enumerate(ORDER_LABELS):
        progress["order"], progress["index"] = order, k
        t0 = time.perf_counter()
        if order == "row-major" and cap == solver.BACKTRACK_CAP:
            # the classic order's figure is the one the difficulty card and the CLI state (and reuse)
            progress["estimating"] = True
            fig = solver.backtrack_figure(g, cancel=token)
            progress["estimating"] = False
            rows[order] = {"counts": fig.counts, "seconds": time.perf_counter() - t0, "source": "counted",
                           "puzzle": g}
            if fig.estimate is not None:
                rows[order]["estimate"] = fig.estimate
            continue
        counts = solver.count_backtrack_work(g, order, cap=cap, cancel=token)
        rows[order] = {"counts": counts, "seconds": time.perf_counter() - t0, "source": "counted", "puzzle": g}
        if counts.capped:  # too long to count: estimate the whole run instead (quick random probes)
            progress["estimating"] = True
            rows[order]["estimate"] = solver.estimate_backtrack_work(
                g, order, samples=ESTIMATE_SAMPLES, seed=0, cancel=token, seconds=ESTIMATE_SECONDS)
            progress["estimating"] = False
    return rows


def count_to_end(g: Grid, order: str, token) -> dict:
    """Count ``order`` on ``g`` to its end, however long (the worker's job behind "Count the whole run")."""
    t0 = time.perf_counter()
    counts = solver.count_backtrack_work(g, order, cap=10 ** 15, cancel=token)
    return {"counts": counts, "seconds": time.perf_counter() - t0, "source": "counted", "puzzle": g}


def watched_row(run: DemoRun) -> dict:
    """The table row of a watched run that ended (its counters are exact)."""
    e = run.event
    counts = solver.BacktrackCounts(e.placements, e.backtracks, e.steps, e.kind == "solved", False)
    if run.order == "row-major":  # the difficulty card and the CLI state this count from now on
        solver.remember_backtrack_count(run.puzzle, counts)
    return {"counts": counts, "seconds": None, "source": "watched", "puzzle": run.puzzle}


def table_rows(results: dict[str, dict], current: Grid | None) -> tuple[list[tuple], list[str], bool]:
    """What the table shows for the puzzle ``current``: ``(rows, notes, any_capped)``.

    ``rows``: per order ``(order, values or None, estimate values or None)`` (four columns each);
    ``notes``: the sentences under the table.
    """
    rows, notes = [], []
    any_capped = False
    for order, label in ORDER_LABELS.items():
        row = results.get(order)
        if row is None or (current is not None and row["puzzle"] != current):
            rows.append((order, None, None))
            continue
        c = row["counts"]
        ge = "≥ " if c.capped else ""
        secs = row["seconds"]
        values = (ge + format_count(c.placements), ge + format_count(c.backtracks), ge + format_count(c.steps),
                  describe_seconds(secs))
        est = row.get("estimate") if c.capped else None
        est_values = None
        rate = c.placements / secs if secs else 0  # placements per second while counting up to the cap
        if est is not None:  # the lower bound stays a fact; the estimate gets a row of its own that says "≈"
            # every figure of that row is a prediction for the whole run, its time too (how long counting
            # it would take at this rate), never the seconds the estimate itself took
            est_values = (format_estimate(est.placements), format_estimate(est.backtracks),
                          format_estimate(est.steps),
                          say("≈ {x}", x=describe_duration(est.placements / rate)) if rate else "")
        rows.append((order, values, est_values))
        if c.capped:
            any_capped = True
            if est is None:
                text = say("{name} stopped at the cap of {n:n} placements without finishing: it needs more than "
                           "that (≥ marks a lower bound). Count the whole run to know exactly.",
                           name=_(label.short), n=c.placements)
            else:
                spread = (say("±{p:0}%", p=2 * est.relative_error * 100) if est.relative_error < 0.5
                          else _("a rough guess"))
                data = dict(name=_(label.short), n=c.placements, samples=est.samples,
                            estimate=estimate_words(est.placements), spread=spread)
                if rate:
                    text = say("{name} stopped at the cap of {n:n} placements (≥: a lower bound). {samples:n} random "
                               "probes of its search tree estimate {estimate} placements ({spread}), about {time} "
                               "to count. Count the whole run to know exactly.",
                               time=describe_duration(est.placements / rate), **data)
                else:
                    text = say("{name} stopped at the cap of {n:n} placements (≥: a lower bound). {samples:n} random "
                               "probes of its search tree estimate {estimate} placements ({spread}). Count the "
                               "whole run to know exactly.", **data)
            notes.append(text)
        elif not c.solved:
            notes.append(say("{name}: no solution (every possibility tried).", name=_(label.short)))
    if not notes and results:
        notes.append(_("Same puzzle, three ways to search it: the numbers are the work each one needed."))
    return rows, notes, any_capped


def lesson(results: dict[str, dict]) -> str:
    """One sentence that states what the table measured (the "make it faster" lesson)."""
    rows = {o: r["counts"] for o, r in results.items()}
    if "row-major" not in rows or "propagation" not in rows:
        return _("Counted every strategy.")
    a, b = rows["row-major"], rows["propagation"]
    ge = "≥ " if a.capped else ""
    if not b.solved and not b.capped:
        return say("No strategy finds a solution because there is none; proving it took {a} steps in the classic "
                   "order and {b:n} with singles.", a=ge + format_count(a.steps), b=b.steps)
    factor = a.placements / max(1, b.placements)
    if factor < 1.5 and not a.capped:
        return say("On this puzzle the classic order is about as quick: {a:n} placements against {b:n} with "
                   "fewest candidates + singles.", a=a.placements, b=b.placements)
    est = results["row-major"].get("estimate") if a.capped else None
    if est is not None:
        return say("Classic needs at least {f:0}× the placements of fewest candidates + singles, about {guess}× by "
                   "the estimate ({estimate} vs {b:n}).", f=factor,
                   guess=estimate_words(est.placements / max(1, b.placements)),
                   estimate=estimate_words(est.placements), b=b.placements)
    if a.capped:
        return say("Classic needs at least {f:0}× the placements of fewest candidates + singles ({a} vs {b:n}).",
                   f=factor, a=ge + format_count(a.placements), b=b.placements)
    return say("Classic needs {f:0}× the placements of fewest candidates + singles ({a:n} vs {b:n}).",
               f=factor, a=a.placements, b=b.placements)
