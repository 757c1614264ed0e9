"""The English words of every message the engine returns: code -> template, by area.

One module per area, each a plain ``TEMPLATES`` dict; :data:`TEMPLATES` here is all of them
(:mod:`solver.words.i18n` reads it; these modules import nothing, so the words never loop
back).  A template is an English sentence whose ``{field:kind}`` placeholders are filled from the message's data (kinds in :data:`solver.words.i18n.SPECS`), or a
``(singular, plural, count field)`` triple.  Translations live in ``solver/locale/``
and are keyed by the code (the gettext context) and this English text.
"""
from . import chains, checks, search, steps, teaching


def _merged() -> dict:
    """Every area's templates in one dict; a code given twice must have one text."""
    out: dict = {}
    for area in (chains, checks, search, steps, teaching):
        for code, template in area.TEMPLATES.items():
            if out.setdefault(code, template) != template:
                raise ValueError(f"message code {code!r} given twice with different texts")
    return out


TEMPLATES = _merged()
