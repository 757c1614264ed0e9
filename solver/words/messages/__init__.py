"""The English words of every message the engine returns: code -> template, by area.

One module per area; each registers its templates with :func:`solver.words.i18n.register`
when imported.  A template is an English sentence whose ``{field:kind}`` placeholders
are filled from the message's data (kinds in :data:`solver.words.i18n.SPECS`), or a
``(singular, plural, count field)`` triple.  Translations live in ``solver/locale/``
and are keyed by the code (the gettext context) and this English text.
"""
from . import chains, checks, search, steps, teaching  # noqa: F401  (each registers its templates)
