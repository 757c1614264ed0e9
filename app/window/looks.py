"""How things look: the palette, the digit styles, the cell marks (no widgets here).

Colours come from the Okabe-Ito palette, which colour-blind people can tell apart; every
digit style and every mark also differs in weight, slant or decoration, so nothing is
told by colour alone.  The form (app/window/view.py) paints cells from :data:`DIGIT_STYLES` and
:data:`MARKS`; the features name the styles and marks they use, never a colour.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..wording import N_

__all__ = ["BLACK", "BLUE", "VERMILLION", "ORANGE", "SKY", "YELLOW", "PURPLE", "GREEN", "WHITE",
           "GREY_TEXT", "LABEL_TEXT", "NOTE_TEXT", "LINK", "SELECTION", "STATUS_COLOURS", "STATUS_SYMBOLS",
           "LEVEL_COLOURS", "CELL_BG", "FOCUS_BG", "BOX_LINE", "CELL_LINE",
           "PencilLook", "PENCIL_LOOKS", "PENCIL_ORDER", "DigitStyle", "DIGIT_STYLES", "Mark", "MARKS", "FORM_MARKS", "PAPER_MARKS", "DEMO_MARKS", "HINT_MARKS", "HIGHLIGHT_MARKS",
           "DEMO_LEGEND"]

# -- the palette (Okabe-Ito) ----------------------------------------------------------
BLACK = "#000000"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
ORANGE = "#E69F00"
SKY = "#56B4E9"
YELLOW = "#F0E442"
PURPLE = "#CC79A7"
GREEN = "#009E73"
WHITE = "#FFFFFF"

# -- text -------------------------------------------------------------------------------
GREY_TEXT = "#333333"   # captions under the demo's counters
LABEL_TEXT = "#444444"  # field names on the difficulty card
NOTE_TEXT = "#555555"   # hints and secondary lines, the demo's estimate rows
LINK = "#0B5CAD"        # "What is a Pointing?"
SELECTION = "#9CCFEE"   # a chosen finding or step
#: status line: kind -> colour, kind -> leading symbol (darker tones: text on a light ground)
STATUS_COLOURS = {"info": BLACK, "ok": "#006B4F", "warn": "#8A4B00", "error": "#B03A00"}
STATUS_SYMBOLS = {"ok": "✓ ", "warn": "⚠ ", "error": "✗ "}
#: difficulty level -> colour of its name on the card
LEVEL_COLOURS = {"easy": "#006B4F", "medium": "#0072B2", "hard": "#8A4B00", "fiendish": "#B03A00",
                 "diabolical": "#A01830", "extreme": "#8B0A50", "guessing": "#6A3D9A"}

# -- the grid ---------------------------------------------------------------------------
CELL_BG = WHITE
FOCUS_BG = "#E4F0FA"
BOX_LINE = "#1F1F1F"
CELL_LINE = "#9A9A9A"


@dataclass(frozen=True)
class PencilLook:
    """How a small digit (a note or a candidate) is drawn: colour, weight, decoration, and what is behind it.

    ``disc``: the fill of a round disc behind the digit (``ring`` its outline); None: nothing.
    """

    fg: str
    weight: str = "normal"
    underline: bool = False
    overstrike: bool = False
    disc: str | None = None
    ring: str | None = None


#: small digit kind -> look.  A hint's digits (crossed out, or the pattern's in bold underlined blue)
#: must catch the eye before the highlighted digit, which only sits quietly on a grey disc (dark,
#: regular weight): a digit that is both is drawn the hint's way (app/window/pencil.py).
PENCIL_LOOKS = {
    "plain": PencilLook("#505050"),
    "strike": PencilLook(VERMILLION, overstrike=True),  # being eliminated (a hint's conclusion)
    "emphasis": PencilLook(BLUE, "bold", underline=True),  # what a hint's step is about
    "shine": PencilLook("#1F1F1F", disc="#D0D0D0", ring="#4D4D4D"),  # the highlighted digit (neutral grey)
}
#: which look wins when a digit is several things at once (the hint's marks before the highlight)
PENCIL_ORDER = ("strike", "emphasis", "shine", "plain")


@dataclass(frozen=True)
class DigitStyle:
    """How a digit is drawn: colour, weight and slant."""

    fg: str
    weight: str = "normal"
    slant: str = "roman"


#: digit style name -> look (the model's layers, then the demo's and the explanation's)
DIGIT_STYLES = {
    "given": DigitStyle(BLACK, "bold"),
    "entry": DigitStyle(BLUE),
    "solver": DigitStyle(VERMILLION, slant="italic"),
    "tentative": DigitStyle(BLUE, slant="italic"),  # the search demo's guess
    "deduced": DigitStyle(GREEN, "bold"),  # the search demo's forced digit
    "path": DigitStyle(GREY_TEXT),  # digits earlier steps placed (Explain the solution)
    "placed": DigitStyle(GREEN, "bold"),  # the digit the step shown places
}


@dataclass(frozen=True)
class Mark:
    """How a cell looks while it carries a mark: background, border, text decoration.

    When several marks are on one cell the highest ``priority`` gives the colours and the
    decorations add up.
    """

    name: str
    bg: str
    border: str
    priority: int
    underline: bool = False
    overstrike: bool = False
    description: str = ""  # English (marked with N_): show it as _(mark.description)


_ALL = (
    # the checks (controller)
    Mark("selected", SELECTION, BLUE, 90, underline=True, description=N_("the cells of the selected finding")),
    Mark("conflict", YELLOW, VERMILLION, 80, underline=True, description=N_("a digit repeated in a row, column or box")),
    Mark("wrong", "#F6C9A8", VERMILLION, 70, overstrike=True, description=N_("an entry that differs from the solution")),
    Mark("replaced", "#F6C9A8", VERMILLION, 65, description=N_("a wrong entry the solver replaced")),
    Mark("suspect", "#FBE3B0", ORANGE, 60, underline=True, description=N_("a given that may be mistyped")),
    Mark("finding", "#D7EBF8", SKY, 50, description=N_("cells named by a finding")),
    Mark("differ", "#EAD3E2", PURPLE, 40, description=N_("differs between the solutions")),
    # comparing the grid with the paper (app/features/compare/)
    Mark("paper_cell", "#FFE08A", ORANGE, 88, underline=True, description=N_("the cell to compare with your paper")),
    Mark("paper_row", "#E4F0E0", "#7FB27F", 35, description=N_("the row, column and box being compared with your paper")),
    Mark("paper_look", "#F2C6DE", BLACK, 87, description=N_("the cells to compare with your paper at once")),
    # the search demo
    Mark("demo_reject", "#F9D3BC", VERMILLION, 86, overstrike=True, description=N_("a digit the rules reject here")),
    Mark("demo_cell", "#CFE6F7", BLUE, 85, description=N_("the cell the search is working on")),
    Mark("demo_peer", YELLOW, VERMILLION, 84, underline=True,
         description=N_("the peer that already holds the rejected digit")),
    Mark("demo_undo", "#E4E4E4", "#6E6E6E", 83, overstrike=True, description=N_("a digit being taken back")),
    # hints and the explained solution
    Mark("hint_target", "#C9EBDD", GREEN, 58, underline=True,
         description=N_("the cells the step's conclusion changes")),
    Mark("hint_cells", "#CDE7F6", BLUE, 55, description=N_("the cells a step is about")),
    Mark("hint_unit", "#EAF3E0", "#7FB27F", 30, description=N_("the unit a hint points to")),
    # highlighting (app/features/highlight.py): neutral greys, so they never read as a check's colour
    # (below every hint mark: a cell that is both shows the hint's look)
    Mark("same_digit", "#D0D0D0", "#4D4D4D", 25, description=N_("holds the highlighted digit")),
    Mark("house", "#EFEFEF", "#EFEFEF", 5, description=N_("the focused cell's row, column and box")),
)
#: mark name -> Mark
MARKS = {m.name: m for m in _ALL}
FORM_MARKS = ("selected", "conflict", "wrong", "replaced", "suspect", "finding", "differ")
DEMO_MARKS = ("demo_cell", "demo_reject", "demo_peer", "demo_undo")
HINT_MARKS = ("hint_unit", "hint_cells", "hint_target")
HIGHLIGHT_MARKS = ("same_digit", "house")
PAPER_MARKS = ("paper_cell", "paper_look", "paper_row")

#: the search demo's legend: (label, digit style, mark or None); labels in English, shown as _(label)
DEMO_LEGEND = ((N_("given"), "given", None), (N_("guess"), "tentative", None), (N_("deduced"), "deduced", None),
               (N_("solution"), "solver", None), (N_("rejected"), "tentative", "demo_reject"),
               (N_("holds it"), "given", "demo_peer"))


# First bind tag of every widget of the big grid (the cells and the candidates drawn over them),
# so a feature can take a click on the grid before the cell does (Compare with your paper's look)
GRID_TAG = "SudokuGrid"
