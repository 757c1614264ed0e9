"""Lesson mode: a teacher's guided lesson at the projector, one key per step (issue 26).

A lesson (app/features/lessons/format.py, docs/lessons.md) is a list of steps; each sets the
grid, shows a caption in large text and may run something the other features do (the search
demo to a given step, a hint rung, a technique's pattern, the comparison, the check and its
fix, the difficulty card).  A step with ``ask:`` is a predict pause: the question first,
the answer and the run on the next key.

Every page is drawn from its step alone (the grid, the demo's position, the run), never
from what was shown before, so ← gives exactly the state before, also in the middle of an
animation (it is cancelled).  The lesson borrows the presentation view (F11) and puts its
caption box at the top of the view's column; Esc gives back the user's grid, notes, undo
history and view as they were.

Wiring: ``install_lessons(form, controller, presentation, demo, teach)`` from
``app.__main__.build_window``; the features are handed in, never imported.
"""
from __future__ import annotations

import logging
import math
import tkinter as tk
import tkinter.font as tkfont
from dataclasses import dataclass

import solver

from .format import Lesson, LessonError, LessonStep, Run, builtin_lessons, read_lesson
from app.model import Board, History, note_mask
from app.wording import _, pgettext, say

logger = logging.getLogger(__name__)

__all__ = ["Lessons", "install_lessons", "Page", "pages_of", "CAPTION_SHARE", "LESSON_TAG"]

#: the caption's text size as a share of the screen's height (at least)
CAPTION_SHARE = 0.03
LESSON_TAG = "SudokuLesson"  # the bind tag of the lesson's keys (on its caption box, which keeps the focus)
CARD_LINES = 9  # the room the difficulty card's main lines get in a lesson that shows it
ANSWER_POLL_MS = 40  # how often a run that waits for the worker (a hint) looks whether it is done


@dataclass(frozen=True)
class Page:
    """What one key press shows: ``step`` (its index), its text, the demo's position, the run."""
    step: int
    text: str
    demo: tuple | None = None  # (order, n, speed): the search shown at its step n
    run: Run | None = None  # any other run (hint, technique, compare, check, fix, card)


def pages_of(lesson: Lesson, word=lambda s: s) -> list[Page]:
    """The lesson's pages: one per step, two for a predict pause (the question; then the answer
    and the run).  The demo's position carries over to the next steps on the same grid until
    another run or grid comes; ``word`` translates a caption."""
    pages: list[Page] = []
    demo = None
    grid = None
    for k, s in enumerate(lesson.steps):
        if s.grid != grid or (s.run is not None and s.run.kind != "demo") or s.entries:
            demo = None
        grid = s.grid
        run = s.run
        new_demo = (run.arg, run.n, run.speed) if run is not None and run.kind == "demo" else demo
        other = run if run is not None and run.kind != "demo" else None
        caption = word(s.caption) if s.caption else ""
        if s.ask:
            pages.append(Page(k, " ".join(filter(None, (caption, word(s.ask)))), demo))
            answer = word(s.answer) if s.answer else ""
            pages.append(Page(k, " ".join(filter(None, (caption, answer))) or word(s.ask), new_demo, other))
        else:
            pages.append(Page(k, caption, new_demo, other))
        demo = new_demo
    return pages


class CaptionBox:
    """The lesson's caption at the projector: the lesson's title and "7 / 24", then the caption in
    large wrapped text, in a box whose height is fixed for the whole lesson (it fits the longest
    caption), then (for the card) a few lines of results."""

    def __init__(self, form):
        self.form = form
        root = form.root
        sh = root.winfo_screenheight()
        self.px = max(14, math.ceil(CAPTION_SHARE * sh))
        self.font = ("TkDefaultFont", -self.px)
        self.small = ("TkDefaultFont", -max(12, math.ceil(0.025 * sh)), "bold")
        self.frame = tk.Frame(root, bg="white", highlightthickness=3, highlightbackground="black", takefocus=1)
        self.header = tk.Label(self.frame, bg="white", fg="#333333", font=self.small, anchor="w", justify="left")
        self.caption = tk.Label(self.frame, bg="white", fg="black", font=self.font, anchor="nw", justify="left")
        self.extra = tk.Label(self.frame, bg="white", fg="black", font=self.font, anchor="nw", justify="left")
        self.header.pack(side="top", fill="x", padx=10, pady=(6, 0))
        self.caption.pack(side="top", fill="x", padx=10, pady=(4, 8))
        self.extra.pack(side="top", fill="both", expand=True, padx=10, pady=(0, 6))
        self.frame.bindtags((str(self.frame), LESSON_TAG) + tuple(self.frame.bindtags()[1:]))

    def lines(self, text: str, font, width: int) -> int:
        """How many lines Tk wraps ``text`` into at ``width`` pixels (at spaces, as Tk does)."""
        f = font
        count = 0
        for para in text.split("\n"):
            line = ""
            count += 1
            for word in para.split(" "):
                candidate = f"{line} {word}" if line else word
                if line and f.measure(candidate) > width:
                    count += 1
                    line = word
                else:
                    line = candidate
        return count

    def fit(self, width: int, headers: list[str], texts: list[str], extra_lines: int = 0) -> None:
        """Fix the box's size for a lesson shown ``width`` pixels wide: room for its longest texts, and
        ``extra_lines`` lines of results (the difficulty card) under them, for the whole lesson."""
        inner = max(60, width - 2 * 10 - 2 * 3 - 4)
        self.inner = inner
        big, small = tkfont.Font(root=self.form.root, font=self.font), tkfont.Font(root=self.form.root, font=self.small)
        for label, font, all_texts in ((self.header, small, headers), (self.caption, big, texts)):
            n = max([self.lines(t, font, inner - 8) for t in all_texts] or [1])
            label.configure(wraplength=inner, height=n)
        self.extra.configure(wraplength=inner, height=extra_lines)
        self.extra_lines = extra_lines

    def show(self, header: str, text: str, extra: str = "") -> None:
        self.header.configure(text=header)
        self.caption.configure(text=text)
        self.extra.configure(text=extra)


class Lessons:
    """Runs a lesson: its pages, the keys, the runs, and the user's grid put aside and given back.

    ``presentation``, ``demo`` and ``teach`` are the installed features (or None), handed in by
    the composition root; the lesson uses their public methods and the window's actions.
    """

    def __init__(self, form, controller, presentation=None, demo=None, teach=None):
        self.form = form
        self.controller = controller
        self.root = form.root
        self.presentation = presentation
        self.demo = demo
        self.teach = teach
        self.lesson: Lesson | None = None
        self.pages: list[Page] = []
        self.page = 0
        self.box: CaptionBox | None = None
        self._saved: dict | None = None
        self._after: str | None = None  # the animation's or a run's pending callback
        self._animating: int | None = None  # the demo step an animation plays to
        self._ratings: dict = {}  # puzzle (Grid) -> its Rating, for the card steps
        self._caption_shown = False  # the comparison shows in the presentation's caption area (this page only)
        self._bind_keys()

    @property
    def on(self) -> bool:
        return self.lesson is not None

    # -- starting and leaving ------------------------------------------------------------
    def open_builtin(self, name: str) -> bool:
        for lesson in builtin_lessons():
            if lesson.name == name:
                self.start(lesson)
                return True
        self.form.set_status(say("There is no built-in lesson called {name}; the lessons are: {names}.",
                                 name=name, names=", ".join(x.name for x in builtin_lessons())), "warn")
        return False

    def open_file(self, path: str) -> bool:
        """Start the lesson in ``path``; an error is said (file, line, what) and nothing else changes."""
        try:
            lesson = read_lesson(path)
        except LessonError as exc:
            self.form.set_status(self.error_text(exc), "error")
            return False
        self.start(lesson)
        return True

    @staticmethod
    def error_text(exc: LessonError) -> str:
        what = say(exc.what, **exc.data)
        if exc.line:
            return say("The lesson {file} cannot be shown: line {line}: {what}.", file=exc.source, line=exc.line,
                       what=what)
        return say("The lesson {file} cannot be shown: {what}.", file=exc.source, what=what)

    def start(self, lesson: Lesson) -> None:
        if self.on:
            self._cancel()
            self.lesson = None
        else:
            self._put_aside()
        self.lesson = lesson
        word = (lambda s: pgettext("lesson", s)) if lesson.builtin else (lambda s: s)
        self.title = word(lesson.title)
        self.pages = pages_of(lesson, word)
        if self.box is None:
            self.box = CaptionBox(self.form)
        p = self.presentation
        if p is not None:
            if not p.on:
                p.enter()
            cover = all(pg.demo is None for pg in self.pages)
            p.host(self.box.frame, cover=cover)
        else:
            self.box.frame.place(in_=self.form.body, relx=0.5, y=0, relwidth=0.5)
        self.root.update_idletasks()
        width = self.box.frame.winfo_width() if self.box.frame.winfo_ismapped() else self.root.winfo_screenwidth() // 3
        kinds = {pg.run.kind for pg in self.pages if pg.run is not None}
        self.box.fit(width, [self.header(k) for k in range(len(self.pages))], [pg.text for pg in self.pages],
                     CARD_LINES if "card" in kinds else 0)
        self.root.update_idletasks()  # the box asks for its new height before the column is laid out
        if p is not None:
            p.host(self.box.frame, cover=cover)  # measured again with the box's final height
        self.go(0)

    def header(self, k: int) -> str:
        page = self.pages[k]
        return f"{self.title} · {page.step + 1} / {len(self.lesson.steps)}"

    def _put_aside(self) -> None:
        """Keep the user's grid, undo history, candidates setting and view to give them back on Esc."""
        c = self.controller
        if self.demo is not None and self.demo.active:
            self.demo.stop()
        c.stop_all()
        self._saved = {
            "board": c.board, "history": c.history, "file": c.current_file,
            "state_path": c.session.state_path,
            "candidates": self.teach.var_candidates.get() if self.teach is not None else None,
            "presentation": self.presentation is not None and self.presentation.on,
            "focus": self.form.cell_grid.focused_cell(),
        }
        c.session.save_state()  # the user's last change is on disk before saving pauses
        c.history = History()  # Ctrl+Z in a lesson never reaches the user's own steps
        c.session.state_path = None  # the lesson's grids are never saved as the user's
        self._take_keys(True)

    def leave(self) -> None:
        """Esc: the lesson ends and the user's grid comes back as it was."""
        if not self.on:
            return
        self._cancel()
        c = self.controller
        saved, self._saved = self._saved, None
        self.lesson = None
        if self.demo is not None and self.demo.active:
            self.demo.stop()
        self._give_caption_back()
        if self.presentation is not None:
            self.presentation.host(None)
            if not saved["presentation"]:
                self.presentation.leave()
        if self.box is not None:
            self.box.frame.destroy()
            self.box = None
        self._take_keys(False)
        c.session.state_path = saved["state_path"]
        c.history = saved["history"]
        self._show_board(saved["board"])
        c.current_file = saved["file"]
        if self.teach is not None:
            self.teach.var_candidates.set(saved["candidates"])
            self.teach.refresh_candidates()
        c.render()
        self.form.cell_grid.focus_cell(saved["focus"] or (0, 0))
        self.form.set_status(_("The lesson ended: your grid is back as you left it."))

    # the window is built again (View ▸ Language, app/features/language.py): the lesson ends first, so
    # the user's grid and its state file (``session.state_path`` is None during a lesson) are handed over
    end_before_rebuild = leave

    # -- moving ---------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return self._animating is not None

    def finish(self) -> None:
        """Show the end of the page's animation at once."""
        if self._animating is not None:
            n, self._animating = self._animating, None
            self._cancel()
            self._demo_at((self.demo.run.order, n, 0), animate=False)

    def forward(self) -> None:
        if self.animating:
            self.finish()  # the first key shows where the animation goes; the next one goes on
        elif self.on and self.page + 1 < len(self.pages):
            self.go(self.page + 1, animate=True)
        elif self.on:
            self.form.set_status(_("This is the lesson's last step: Esc ends the lesson, ← goes back."))

    def back(self) -> None:
        if self.on and self.page > 0:
            self.go(self.page - 1)
        elif self.on:
            self.go(0)  # the first step again, as it was (an animation in it is cancelled)

    def go(self, k: int, animate: bool = False) -> None:
        """Show page ``k`` from its step alone (``animate``: a demo plays on at the step's speed)."""
        if not self.on:
            return
        self._cancel()
        k = max(0, min(k, len(self.pages) - 1))
        self.page = k
        page = self.pages[k]
        step = self.lesson.steps[page.step]
        self.box.show(self.header(k), page.text)
        self._give_caption_back()
        self.form.set_status(_("→ or Space: next step · ←: back · Esc ends the lesson."))
        if not self._continue_demo(page, step, animate):
            if self.demo is not None and self.demo.active:
                self.demo.stop()
            self._show_board(self._board_of(step), fresh=True)
            if self.teach is not None:
                self.teach.var_candidates.set(step.candidates)
                self.teach.refresh_candidates()
            if page.demo is not None:
                self._demo_at(page.demo, animate=False)
            self._scroll_to(None)  # the counters at the top of the column
            if page.run is not None:
                self._run(page.run)
        self.box.frame.focus_set()

    @staticmethod
    def _board_of(step: LessonStep) -> Board:
        givens = solver.parse(step.grid)
        board = Board.from_puzzle(givens)
        if step.entries:
            board = Board(givens=givens, entries=solver.parse(step.entries), mode=board.mode)
        if step.notes:
            notes = [0] * 81
            for (r, c), digits in step.notes:
                notes[r * 9 + c] = note_mask(digits)
            board = Board(givens=board.givens, entries=board.entries, mode=board.mode, notes=tuple(notes))
        return board

    def _show_board(self, board: Board, fresh: bool = False) -> None:
        """Make ``board`` the controller's without an undo step; ``fresh``: marks, hints and findings
        of an equal board shown before are cleared too (the page starts clean)."""
        c = self.controller
        if c.board != board:
            c.apply(board, record=False)
            return
        if fresh:
            c.checking.forget()
            if self.teach is not None:
                self.teach.hints.reset()
            self.form.cell_grid.clear_marks()
            c.render()

    # -- the search demo --------------------------------------------------------------------
    def _continue_demo(self, page: Page, step: LessonStep, animate: bool) -> bool:
        """The search already shown on this grid with this order moves to the page's position: True."""
        d = self.demo
        if d is None or page.demo is None or not d.active or d.run is None or page.run is not None:
            return False
        order, n, speed = page.demo
        if d.run.order != order or d.puzzle() != solver.parse(step.grid) or self.controller.board != self._board_of(step):
            return False
        if animate and speed and d.run.pos < n:
            self._animate(n, speed)
        else:
            self._demo_at(page.demo, animate=False)
        return True

    def _demo_at(self, where: tuple, animate: bool) -> None:
        d = self.demo
        if d is None:
            return
        order, n, speed = where
        if not d.active or d.run is None or d.run.order != order or d.run.pos > n:
            if not d.start(order):
                return
        if n > d.run.pos:
            d.run.forward(n - d.run.pos)
            d.after_move()
        d.redraw()

    def _scroll_to(self, widget) -> None:
        """The side panel scrolled so that ``widget`` starts at its top (None: the panel's top)."""
        area = self.form.side_area
        area.canvas.update_idletasks()
        top = 0 if widget is None else widget.winfo_rooty() - area.inner.winfo_rooty()
        area.canvas.yview_moveto(max(0, top) / max(1, area.inner.winfo_height()))

    def _animate(self, n: int, speed: float) -> None:
        """Play the demo on to its step ``n`` at ``speed`` steps a second (one ``after`` per frame)."""
        d = self.demo
        per_tick = max(1, round(speed / 50))
        delay = max(20, round(1000 * per_tick / speed))

        def tick():
            self._after = None
            if not self.on or d.run is None:
                self._animating = None
                return
            k = min(per_tick, n - d.run.pos)
            if k > 0 and not d.run.at_end:
                d.run.forward(k)
                d.after_move()
                d.show(d.run.changed)
            if d.run.pos < n and not d.run.at_end:
                self._after = self.root.after(delay, tick)
            else:
                self._animating = None

        self._animating = n
        self._after = self.root.after(delay, tick)

    # -- the other runs -----------------------------------------------------------------------
    def _run(self, run: Run) -> None:
        fire = self.form.action_map.fire
        if run.kind == "compare":
            if self.demo is not None:
                self.demo.counts.compare()
                self._when(lambda: self.demo.counts.job is None, self._show_table)
        elif run.kind == "check":
            fire("check")
        elif run.kind == "fix":
            fire("check")
            self._when(lambda: self.controller.checking.chosen_fix is not None, lambda: fire("add_given"))
        elif run.kind == "card":
            if self.teach is not None:
                # a puzzle rated once in this window is not rated again on ← (a hard one takes a second)
                known = self._ratings.get(self.controller.puzzle())
                if known is not None:
                    self._show_card(known)
                else:
                    self.teach.rate(self._keep_rating)
        elif run.kind in ("hint", "technique"):
            self._hint(4 if run.kind == "technique" else run.n, run.arg)

    def _show_table(self) -> None:
        """The comparison's placements, one line per strategy, large in the caption area (the demo's own
        table, five columns wide, does not fit the projector's column and is not shown there)."""
        if not self.on or self.demo is None:
            return
        table = self.demo.panel.table
        rows = []
        for iid in table.get_children():
            name, values = table.item(iid, "text"), table.item(iid, "values")
            if not values or not str(values[0]).strip():
                continue
            if name.startswith(" ") and rows:  # an estimate's row ("   estimated") goes with the count above it
                rows[-1] = say("{row} ({estimate}: {count})", row=rows[-1], estimate=name.strip(), count=values[0])
            else:
                rows.append(say("{strategy}: {count}", strategy=name.strip(), count=values[0]))
        rows = [table.heading("placements", "text")] + rows if rows else rows
        if not rows:
            return
        if self.presentation is not None and self.presentation.on:
            # in the caption area, instead of the status line's sentence, for this page only (go() gives it back)
            self.presentation.show_caption("\n".join(rows), panel="counters")
            self._caption_shown = True
        else:
            self._fill_extra(rows)

    def _fill_extra(self, lines: list[str]) -> None:
        """``lines`` in the room the box keeps for results; a line that would not fit is left out."""
        font = tkfont.Font(root=self.root, font=self.box.font)
        shown = []
        for line in lines:
            if self.box.lines("\n".join(shown + [line]), font, self.box.inner - 8) <= self.box.extra_lines:
                shown.append(line)
        self.box.extra.configure(text="\n".join(shown))

    def _give_caption_back(self) -> None:
        if self._caption_shown and self.presentation is not None:
            self.presentation.hide_caption()
        self._caption_shown = False

    def _keep_rating(self, rating) -> None:
        self._ratings[self.controller.puzzle()] = rating
        self._show_card(rating)

    def _show_card(self, rating) -> None:
        """The card's main lines large in the lesson's box, in the room kept for them for the whole lesson
        (the card's own tab is not shown at the projector): the level, the SE rating, the hardest step,
        the path's length and the classic search's count."""
        if not self.on or self.teach is None:
            return
        self.teach.card.show(rating)
        lines = [ln for ln in self.teach.card.text().split("\n") if ln.strip()]
        # the card's lines: level, SE rating, unique, givens, score, hardest, path, techniques..., classic, fast, summary
        chosen = [lines[k] for k in (0, 1, 5, 6)] + lines[-3:-2] if len(lines) > 8 else lines
        self._fill_extra(chosen)
        self.form.set_status(say("Difficulty: {label} (score {score:n}).", label=rating.label, score=rating.score),
                             "ok")

    def _hint(self, level: int, technique: str = "") -> None:
        """The hint ladder to rung ``level`` (the first rung comes from the worker)."""
        hints = self.teach.hints if self.teach is not None else None
        if hints is None:
            return
        board = self.controller.board
        self.form.action_map.fire("hint")

        def ready():
            return hints.hint is not None and hints.board is board

        def climb():
            if not hints.hint.ok:
                return
            while hints.level < level:
                self.form.action_map.fire("hint")
            if technique and hints.hint.step.technique != technique:
                self.form.set_status(say("This lesson step expects {want:technique} here, but the simplest step is "
                                         "{got:technique}.", want=technique, got=hints.hint.step.technique), "warn")

        self._when(ready, climb)

    def _when(self, ready, then) -> None:
        """``then()`` once ``ready()`` (a worker's answer arrived), unless the page changes first."""
        def poll():
            self._after = None
            if not self.on:
                return
            if ready():
                then()
            elif self.controller.worker.busy or (self.demo is not None and self.demo.counts.job is not None):
                self._after = self.root.after(ANSWER_POLL_MS, poll)
            elif ready():
                then()

        self._after = self.root.after(ANSWER_POLL_MS, poll)

    def busy(self) -> bool:
        """True while a page's run is still under way (an animation, a hint or a count)."""
        return (self._after is not None or self.controller.worker.busy
                or (self.demo is not None and self.demo.counts.job is not None))

    def _cancel(self) -> None:
        self._animating = None
        if self._after is not None:
            self.root.after_cancel(self._after)
            self._after = None
        self.controller.stop_all()
        if self.demo is not None:
            self.demo.playback.pause()

    # -- keys, menus ------------------------------------------------------------------------
    def _bind_keys(self) -> None:
        def key(fn):
            def handler(event):
                fn()
                return "break"
            return handler

        r = self.root
        for seq, fn in (("<KeyPress-Right>", self.forward), ("<KeyPress-space>", self.forward),
                        ("<KeyPress-Next>", self.forward), ("<KeyPress-KP_Next>", self.forward),
                        ("<KeyPress-Return>", self.forward),
                        ("<KeyPress-Left>", self.back), ("<KeyPress-Prior>", self.back),
                        ("<KeyPress-KP_Prior>", self.back), ("<KeyPress-BackSpace>", self.back),
                        ("<KeyPress-Home>", lambda: self.go(0)),
                        ("<KeyPress-End>", lambda: self.go(len(self.pages) - 1)),
                        ("<KeyPress-Escape>", self.leave)):
            r.bind_class(LESSON_TAG, seq, key(fn))
        r.bind_class(LESSON_TAG, "<Button-1>", lambda e: self.box and self.box.frame.focus_set())

    def _take_keys(self, on: bool) -> None:
        """The lesson's keys come first on the cells and the demo's panel (a click moves the focus there)."""
        widgets = list(self.form.cells) + ([self.demo.panel.frame] if self.demo is not None else [])
        for w in widgets:
            tags = tuple(t for t in w.bindtags() if t != LESSON_TAG)
            w.bindtags(((LESSON_TAG,) + tags) if on else tags)

    def chooser(self) -> None:
        """View ▸ Lessons…: a small window listing the built-in lessons and Open lesson…"""
        win = tk.Toplevel(self.root)
        win.title(_("Lessons"))
        win.transient(self.root)
        lessons = builtin_lessons()
        tk.Label(win, text=_("Choose a lesson. At the projector, → or Space goes on, ← goes back, Esc ends it."),
                 wraplength=420, justify="left").pack(padx=12, pady=(12, 6), anchor="w")
        box = tk.Listbox(win, height=len(lessons), width=48, activestyle="dotbox")
        for lesson in lessons:
            box.insert("end", f"{pgettext('lesson', lesson.title)} ({len(lesson.steps)})")
        box.pack(padx=12, fill="x")
        box.selection_set(0)

        def start(event=None):
            chosen = box.curselection()
            win.destroy()
            if chosen:
                self.start(lessons[chosen[0]])

        row = tk.Frame(win)
        row.pack(padx=12, pady=12, fill="x")
        tk.Button(row, text=_("Start"), command=start, default="active").pack(side="right")
        tk.Button(row, text=_("Open lesson…"), command=lambda: (win.destroy(), self.open_dialog())).pack(side="left")
        box.bind("<Double-Button-1>", start)
        win.bind("<Return>", start)
        win.bind("<Escape>", lambda e: win.destroy())
        box.focus_set()

    def open_dialog(self) -> None:
        """File ▸ Open lesson…"""
        from tkinter import filedialog

        path = filedialog.askopenfilename(parent=self.root, title=_("Open lesson"),
                                          filetypes=[(_("Lessons"), "*.lesson *.txt"), (_("All files"), "*")])
        if path:
            self.open_file(path)


def install_lessons(form, controller, presentation=None, demo=None, teach=None) -> Lessons:
    """View ▸ Lessons… and File ▸ Open lesson… (lessons run in the presentation view)."""
    lessons = Lessons(form, controller, presentation, demo, teach)
    form.action_map.add_command("view", _("Lessons…"), "lessons")
    form.action_map.add_command("file", _("Open lesson…"), "open_lesson", before=2)
    form.action_map.on("lessons", lessons.chooser)
    form.action_map.on("open_lesson", lessons.open_dialog)
    # Esc (the form's Cancel) and F11 end the lesson first, whichever widget has the focus
    for action in ("cancel", "presentation"):
        previous = form.action_map.handler_for(action)

        def handler(previous=previous):
            if lessons.on:
                lessons.leave()
            elif previous is not None:
                previous()

        form.action_map.on(action, handler)
    return lessons
