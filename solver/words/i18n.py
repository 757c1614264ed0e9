"""The words for people, in the class's language: one place that turns codes and data into text.

The engine never builds a sentence.  It returns a :class:`Msg` -- a **code** and its
**data** (cells, digits, units, counts, other messages) -- and :func:`describe` words
it, in English by default or in the language chosen with :func:`set_language`::

    m = msg("no_place", digit=5, unit=Unit("box", 3))
    describe(m)             # '5 has no place left in box 4 ...'
    describe(m, "de")       # '5 hat in Block 4 keinen Platz mehr ...'

The English text of each code is its template in ``solver/messages/``; the translations
are gettext catalogues (``solver/locale/<lang>.po``, compiled to ``.mo`` by the build;
a ``.po`` without its ``.mo`` is compiled in memory).  The app adds its own catalogue
(domain ``"app"``) with :func:`add_domain`.

Template fields name their kind after a colon, and this module words the value the
language's way: ``{cell:cell}`` r3c7 (Z3S7, L3C7, F3C7), ``{cells:cells}`` "r1c1, r1c2 and
r1c3", ``{unit:unit}`` "row 3", ``{n:n}`` 1,465 / 1.465 / 1 465, ``{x:1}`` one decimal,
``{t:seconds}`` "4 ms" / "2.50 s", ``{m:clause}`` a whole message after a colon ("Hint: look at
box 4.", in German "Tipp: Schau dir Block 4 an.").  See :data:`SPECS`.
"""
from __future__ import annotations

import functools
import gettext
import io
import locale
import logging
import os
import re
import string
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..bounded import read_bounded
from .catalog import compile_po, placeholders, read_po
from .levels import LEVEL_LABELS, OLD_LEVELS

__all__ = [
    "LANGUAGES", "TRANSLATED", "Msg", "msg", "describe", "set_language", "language", "system_language",
    "normalize_language", "add_domain", "translate", "translate_plural", "number", "decimal",
    "seconds", "keep_together", "NBSP", "keep_case", "join", "cell_text", "unit_text", "SPECS", "templates", "register", "fill", "PHRASES",
]

#: The languages with a catalogue: code -> the language's own name (for the menu).
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
SOURCE = "en"  # the language the templates are written in
#: the languages with a catalogue of their own (every one but the source)
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)

_state = threading.local()
_default = [SOURCE]  # the chosen language (one for the whole process; threads read it)
_DOMAINS: dict[str, Path] = {"solver": Path(__file__).resolve().parent.parent / "locale"}
_CACHE: dict[tuple[str, str], gettext.NullTranslations] = {}
_LOCK = threading.Lock()
_TEMPLATES: dict[str, str | tuple[str, str, str]] = {}
#: a catalogue is about 110 KB; one a hundred times that is no catalogue of ours
MAX_CATALOGUE_BYTES = 16 * 1024 * 1024
logger = logging.getLogger(__name__)


# -- languages ---------------------------------------------------------------------------

_WINDOWS_NAMES = {"english": "en", "german": "de", "french": "fr", "spanish": "es",
                  "deutsch": "de", "français": "fr", "francais": "fr", "español": "es", "espanol": "es"}


def normalize_language(tag: str | None) -> str | None:
    """``'de_DE.UTF-8'``, ``'fr-CA'``, ``'German_Germany'`` -> ``'de'``/``'fr'``; None if not offered."""
    if not tag:
        return None
    tag = tag.strip().split(".")[0].split("@")[0]
    base = tag.replace("-", "_").split("_")[0].lower()
    if base in LANGUAGES:
        return base
    return _WINDOWS_NAMES.get(base)


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for, if offered, else English.

    Reads ``LANGUAGE`` (a colon list), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` as gettext
    does, then the locale Python reports (Windows and macOS set no variables).
    """
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if not value:
            continue
        if value in ("C", "POSIX") or value.startswith(("C.", "POSIX.")):
            return SOURCE
        for tag in value.split(":"):
            lang = normalize_language(tag)
            if lang:
                return lang
        if var != "LANGUAGE":
            return SOURCE  # a locale we do not offer: English, not the next variable
    if environ is None:
        try:
            lang = normalize_language(locale.getlocale()[0])
        except (ValueError, TypeError):
            lang = None
        if lang:
            return lang
    return SOURCE


def set_language(lang: str | None) -> str:
    """Word every message in ``lang`` from now on (None: the system's); returns the code used."""
    chosen = normalize_language(lang) if lang else system_language()
    _default[0] = chosen or SOURCE
    return _default[0]


def language() -> str:
    """The code of the language messages are worded in ("en", "de", "fr", "es")."""
    return _default[0]


def _lang(lang: str | None) -> str:
    if not lang:
        return _default[0]
    if lang in LANGUAGES:  # the usual case, a code already: no parsing
        return lang
    return normalize_language(lang) or SOURCE


# -- catalogues ---------------------------------------------------------------------------

def add_domain(domain: str, folder: Path | str) -> None:
    """Look for ``domain``'s catalogues (``<lang>.mo`` or ``<lang>.po``) in ``folder``."""
    with _LOCK:
        _DOMAINS[domain] = Path(folder)
        for key in [k for k in _CACHE if k[0] == domain]:
            del _CACHE[key]


def _translations(domain: str, lang: str) -> gettext.NullTranslations:
    key = (domain, lang)
    found = _CACHE.get(key)
    if found is not None:
        return found
    with _LOCK:
        found = _CACHE.get(key)
        if found is None:
            found = _load(domain, lang)
            _CACHE[key] = found
    return found


def _load(domain: str, lang: str) -> gettext.NullTranslations:
    """``domain``'s catalogue for ``lang``: the ``.mo`` when it is as new as the ``.po``, else
    the ``.po`` compiled in memory, else none (English).  Each is read with
    :func:`~solver.bounded.read_bounded` (a pipe or a device is refused, never waited on); a
    catalogue that cannot be read or parsed (a truncated ``.mo``, a broken ``.po``) is
    reported once in the log and the next one is tried: a damaged catalogue never stops a
    program from starting, it shows English."""
    if lang == SOURCE or domain not in _DOMAINS:
        return gettext.NullTranslations()
    folder = _DOMAINS[domain]
    mo, po = folder / f"{lang}.mo", folder / f"{lang}.po"

    def mtime(path: Path) -> float | None:
        try:
            return path.stat().st_mtime
        except (OSError, ValueError):
            return None

    mo_time, po_time = mtime(mo), mtime(po)
    tries = []
    if mo_time is not None and (po_time is None or mo_time >= po_time):
        tries.append((mo, lambda data: gettext.GNUTranslations(io.BytesIO(data))))
    if po_time is not None:
        tries.append((po, lambda data: gettext.GNUTranslations(io.BytesIO(
            compile_po(read_po(data.decode("utf-8"), str(po)))))))
    for path, make in tries:
        try:
            return make(read_bounded(path, MAX_CATALOGUE_BYTES))
        except Exception as exc:  # noqa: BLE001 - struct.error, IndexError ...: any damage means English
            logger.warning("the %s catalogue %s cannot be used (%s: %s); %s", domain, path, type(exc).__name__,
                           exc, "trying the .po" if path == mo and len(tries) > 1 else "showing English")
    return gettext.NullTranslations()


def translate(text: str, context: str | None = None, domain: str = "solver", lang: str | None = None) -> str:
    """``text`` (English) in the language; ``context`` tells apart equal English texts.

    A translation whose ``{fields}`` are not the English text's (a field renamed, an
    unbalanced brace, a positional ``{0}``, an attribute ``{digits.__class__}``) is refused:
    the English text is returned, and the refusal logged once (:func:`_fits`)."""
    lang = _lang(lang)
    t = _translations(domain, lang)
    out = t.pgettext(context, text) if context else t.gettext(text)
    if out is text or _fits(out, text, None, domain, lang):
        return out
    return text


def translate_plural(singular: str, plural: str, n: int, context: str | None = None,
                     domain: str = "solver", lang: str | None = None) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the language (its own plural rule);
    a form whose fields are not among the English forms' is refused as :func:`translate` does."""
    lang = _lang(lang)
    t = _translations(domain, lang)
    out = t.npgettext(context, singular, plural, n) if context else t.ngettext(singular, plural, n)
    if out is singular or out is plural or _fits(out, singular, plural, domain, lang):
        return out
    return singular if n == 1 else plural


@functools.lru_cache(maxsize=8192)
def _fits(translated: str, english: str, plural: str | None, domain: str, lang: str) -> bool:
    """Whether ``translated`` may stand for ``english`` (``plural``: the English plural form).

    The translation's fields, name and kind (``{n:n}``), must be exactly the English text's
    (for a form of a plural message: among the two English forms'); braces must balance.
    Filling a translation that fails would raise (KeyError, ValueError, IndexError) or, with
    an attribute field, read the data's attributes.  Cached: each translation is judged, and
    a refused one logged, once."""
    if translated == english or translated == plural:
        return True
    fields = placeholders(translated)
    if plural is None:
        ok = fields == placeholders(english)
    else:
        ok = set(fields) <= set(placeholders(english)) | set(placeholders(plural))
    if ok:  # nor an index, an attribute ("{cells[0]}") or a conversion ("{cell!z}") the English has not
        try:
            ok = all(name is None or (name.isidentifier() and not conversion)
                     for _, name, _, conversion in string.Formatter().parse(translated))
        except ValueError:
            ok = False
    if not ok:
        logger.warning("the %s catalogue for %s: the translation %r of %r has fields %s, the English %s; "
                       "the English text is shown", domain, lang, translated, english, fields,
                       placeholders(english) if plural is None else
                       sorted(set(placeholders(english)) | set(placeholders(plural))))
    return ok


# -- numbers, lists, cells, units ----------------------------------------------------------

_GROUP = {"en": ",", "de": ".", "fr": "\u202f", "es": "."}
_POINT = {"en": ".", "de": ",", "fr": ",", "es": ","}
_MIN_GROUPED = {"es": 10000}  # Spanish groups from five digits on (CLDR): 1465, 14.650


def _grouped(digits: str, lang: str) -> str:
    if abs(int(digits or "0")) < _MIN_GROUPED.get(lang, 1000):
        return digits
    head, rest = digits[: len(digits) % 3], digits[len(digits) % 3:]
    parts = ([head] if head else []) + [rest[i:i + 3] for i in range(0, len(rest), 3)]
    return _GROUP[lang].join(parts)


def number(n: int, lang: str | None = None) -> str:
    """An integer with the language's thousands separator: 1,465 / 1.465 / 1 465."""
    lang = _lang(lang)
    sign = "-" if n < 0 else ""
    return sign + _grouped(str(abs(int(n))), lang)


def decimal(x: float, places: int = 1, lang: str | None = None) -> str:
    """``x`` with ``places`` decimals, the language's decimal mark and grouping: 2.50 / 2,50."""
    lang = _lang(lang)
    text = f"{abs(x):.{places}f}"
    whole, _, frac = text.partition(".")
    sign = "-" if x < 0 and float(text) != 0 else ""
    return sign + _grouped(whole, lang) + (_POINT[lang] + frac if frac else "")


NBSP = "\u00a0"  # a space no line breaks at
_NUMBER_SPACE = re.compile(r"(?<=\d)[ \t]+(?=\S)")


def keep_together(text: str) -> str:
    """``text`` with each number joined to the word after it by a non-breaking space ("15 ms",
    "3 minutes", "10 steps/s"), so no line ever breaks between a number and its unit, whatever
    space the language's catalogue wrote there."""
    return _NUMBER_SPACE.sub(NBSP, text)


def seconds(secs: float, lang: str | None = None) -> str:
    """A duration as the app shows it: "under 1 ms", "4 ms", "2.50 s" (number and unit never split)."""
    if secs < 0.001:
        return keep_together(translate("under 1 ms", "duration", lang=lang))
    if secs < 1:
        return keep_together(translate("{ms} ms", "duration", lang=lang).format(ms=number(round(secs * 1000), lang)))
    return keep_together(translate("{s} s", "duration", lang=lang).format(s=decimal(secs, 2, lang)))


def join(words: Iterable[str], lang: str | None = None, word: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' in the language (``word``: "and" or "or")."""
    words = [str(w) for w in words]
    if len(words) <= 1:
        return "".join(words)
    last = translate("{rest} and {last}" if word == "and" else "{rest} or {last}", "list", lang=lang)
    sep = translate(", ", "list separator", lang=lang)
    return last.format(rest=sep.join(words[:-1]), last=words[-1])


def cell_text(cell, lang: str | None = None) -> str:
    """``(2, 6)`` -> "r3c7" in the language's notation (German Z3S7 ...); data keeps r3c7."""
    if isinstance(cell, int):
        cell = divmod(cell, 9)
    r, c = cell
    return translate("r{row}c{col}", "cell", lang=lang).format(row=r + 1, col=c + 1)


_UNIT_WORDS = {"row": "row {n}", "col": "column {n}", "box": "box {n}"}
_KIND_WORDS = {"row": "row", "col": "column", "box": "box"}


def unit_text(unit, lang: str | None = None) -> str:
    """A unit (a ``grid.Unit`` or a unit number 0..26) as "row 3", "column 7", "box 5"."""
    if isinstance(unit, int):
        kind, index = ("row", "col", "box")[unit // 9], unit % 9
    else:
        kind, index = unit.kind, unit.index
    return translate(_UNIT_WORDS[kind], "unit", lang=lang).format(n=index + 1)


def _kind_text(kind, lang):
    kind = getattr(kind, "kind", kind)
    return translate(_KIND_WORDS[kind], "unit kind", lang=lang)


def _cell_words(cell, lang):
    if isinstance(cell, int):
        cell = divmod(cell, 9)
    r, c = cell
    return translate("row {row}, column {col}", "cell words", lang=lang).format(row=r + 1, col=c + 1)


# -- messages -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Msg:
    """A message for people as plain data: a ``code`` (see ``solver/messages/``) and its ``args``.

    ``str(m)`` and :attr:`text` word it in the chosen language; :func:`describe` in any.
    Equal code and data are equal messages, whatever the language.
    """

    code: str
    args: tuple[tuple[str, Any], ...] = ()

    @property
    def data(self) -> dict[str, Any]:
        return dict(self.args)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    @property
    def text(self) -> str:
        return describe(self)

    def __str__(self) -> str:
        return describe(self)


def _freeze(value):
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(value))
    return value


def msg(code: str, **data: Any) -> Msg:
    """The message ``code`` with its data (lists are stored as tuples)."""
    return Msg(code, tuple((k, _freeze(v)) for k, v in data.items()))


def register(templates: Mapping[str, str | tuple[str, str, str]]) -> None:
    """Add message templates: code -> English text, or (singular, plural, count field)."""
    for code, template in templates.items():
        if code in _TEMPLATES and _TEMPLATES[code] != template:
            raise ValueError(f"message code {code!r} registered twice with different texts")
        _TEMPLATES[code] = template


def templates() -> dict[str, str | tuple[str, str, str]]:
    """Every registered template, the engine's (``solver/words/messages``) included."""
    _engine_templates()
    return dict(_TEMPLATES)


@functools.lru_cache(maxsize=None)
def _engine_templates() -> None:
    """Register the engine's templates once, when a message is first worded."""
    from .messages import TEMPLATES

    register(TEMPLATES)


def _seconds_spec(v, lang):
    return seconds(v, lang)


#: The kinds a template field can name, and how each is worded.
SPECS = {
    "cell": lambda v, lang: cell_text(v, lang),
    "cells": lambda v, lang: join([cell_text(c, lang) for c in v], lang),
    "cellcomma": lambda v, lang: translate(", ", "list separator", lang=lang).join(cell_text(c, lang) for c in v),
    "cellor": lambda v, lang: join([cell_text(c, lang) for c in v], lang, "or"),
    "cellwords": _cell_words,
    "unit": lambda v, lang: unit_text(v, lang),
    "units": lambda v, lang: join([unit_text(u, lang) for u in v], lang),
    "kind": _kind_text,
    "digits": lambda v, lang: join([str(d) for d in v], lang),
    "digitor": lambda v, lang: join([str(d) for d in v], lang, "or"),
    "digitcomma": lambda v, lang: translate(", ", "list separator", lang=lang).join(str(d) for d in v),
    "n": lambda v, lang: number(v, lang),
    "0": lambda v, lang: number(round(v), lang),
    "1": lambda v, lang: decimal(v, 1, lang),
    "2": lambda v, lang: decimal(v, 2, lang),
    "seconds": _seconds_spec,
    "and": lambda v, lang: join([_word(x, lang) for x in v], lang),
    "or": lambda v, lang: join([_word(x, lang) for x in v], lang, "or"),
    "lines": lambda v, lang: "\n".join(_word(x, lang) for x in v),
    "semi": lambda v, lang: translate("; ", "list separator", lang=lang).join(_word(x, lang) for x in v),
    "sentences": lambda v, lang: " ".join(_word(x, lang) for x in v),
    "cap": lambda v, lang: _sentence_start(_word(v, lang), lang),  # a sentence's start
    "clause": lambda v, lang: _after_colon(_word(v, lang), lang),  # a sentence after a colon ("Hint: {x:clause}")
    "technique": lambda v, lang: translate(v, "technique", lang=lang),
    "level": lambda v, lang: translate(_level_label(v), "level", lang=lang),
}


#: The languages whose whole sentence after a colon starts with a capital (German, as its engine
#: texts write it); English, French and Spanish go on in lower case ("Hint: look at box 4.").
COLON_CAPITAL = frozenset({"de"})


#: Names (English, context "technique") whose case never changes at a sentence's start or after a
#: colon: the technique registry adds every technique's name (solver/techniques/registry.py).
PROPER_NAMES: set[str] = set()


def keep_case(*names: str) -> None:
    """Never change the case of ``names`` (technique names) where a sentence starts or goes on."""
    PROPER_NAMES.update(names)


def _technique_titles(lang: str) -> tuple[str, ...]:
    return tuple(translate(name, "technique", lang=lang) for name in PROPER_NAMES)


def _keeps_case(text: str, lang: str) -> bool:
    """True when ``text`` starts with a name whose case never changes: a cell (r3c7, Z3S7), a word with
    a capital, a digit or a hyphen after its first letter (ALS-XZ, X-Wing), or a technique's name."""
    first = text.split(None, 1)[0] if text.strip() else ""
    if any(ch.isdigit() or ch.isupper() or ch == "-" for ch in first[1:]):
        return True
    return text.startswith(_technique_titles(lang))


def _sentence_start(text: str, lang: str) -> str:
    """``text`` as the start of a sentence: a capital first letter, unless it starts with a name (r2c5)."""
    if not text or _keeps_case(text, lang):
        return text
    return text[:1].upper() + text[1:]


def _after_colon(text: str, lang: str) -> str:
    """``text`` (a whole message) after a colon, the language's way: in lower case in English, French and
    Spanish, with a capital in German (COLON_CAPITAL); a name keeps its case (r2c5, Naked Single)."""
    if lang in COLON_CAPITAL:
        return _sentence_start(text, lang)
    if not text or _keeps_case(text, lang):
        return text
    return text[:1].lower() + text[1:]


def _level_label(level: str) -> str:
    return LEVEL_LABELS.get(OLD_LEVELS.get(level, level), level)  # an earlier version's "expert" too


def _word(value, lang):
    return describe(value, lang) if isinstance(value, Msg) else str(value)


class _Formatter(string.Formatter):
    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value, spec):
        return self.field(value, spec, self.lang)

    @staticmethod
    def field(value, spec: str, lang: str) -> str:
        """One field's value in words."""
        if spec in SPECS:
            return SPECS[spec](value, lang)
        if isinstance(value, Msg):
            return describe(value, lang)
        if spec == "" and isinstance(value, bool):
            return str(value)
        return format(value, spec)


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> tuple | None:
    """``text``'s literal parts and plain ``{name:spec}`` fields, parsed once; None when a field
    is more than a name and a spec (an index, an attribute, a conversion, a nested field)."""
    parts = []
    for literal, name, spec, conversion in string.Formatter().parse(text):
        if name is not None and (conversion or not name.isidentifier() or "{" in (spec or "")):
            return None
        parts.append((literal, name, spec or ""))
    return tuple(parts)


def _format(text: str, lang: str, data: Mapping[str, Any]) -> str:
    """``text`` with its fields worded in ``lang``, as ``_Formatter(lang).vformat`` words them, but
    the template parsed once (a batch words one message per bad line)."""
    parts = _parsed(text)
    if parts is None:
        return _Formatter(lang).vformat(text, (), data)
    out = []
    for literal, name, spec in parts:
        out.append(literal)
        if name is not None:
            out.append(_Formatter.field(data[name], spec, lang))
    return "".join(out)


def fill(text: str, lang: str | None = None, **data: Any) -> str:
    """``text`` (already translated) with its ``{name:spec}`` fields worded the language's way."""
    return _format(text, _lang(lang), data)


#: The phrases this module words itself: (context, English text), for the catalogue.
PHRASES = [
    ("duration", "under 1 ms"), ("duration", "{ms} ms"), ("duration", "{s} s"),
    ("list", "{rest} and {last}"), ("list", "{rest} or {last}"), ("list separator", ", "), ("list separator", "; "),
    ("cell", "r{row}c{col}"), ("cell words", "row {row}, column {col}"),
] + [("unit", t) for t in _UNIT_WORDS.values()] + [("unit kind", t) for t in _KIND_WORDS.values()]


def describe(message: Msg | str, lang: str | None = None) -> str:
    """``message`` in words, in ``lang`` (default: the chosen language); a plain str is returned as is."""
    if not isinstance(message, Msg):
        return message
    lang = _lang(lang)
    template = _TEMPLATES.get(message.code)
    if template is None:
        template = templates().get(message.code)
        if template is None:
            raise KeyError(f"no template for message code {message.code!r}")
    data = message.data
    if isinstance(template, tuple):
        singular, plural, count = template
        text = translate_plural(singular, plural, int(data[count]), message.code, lang=lang)
    else:
        text = translate(template, message.code, lang=lang)
    return _format(text, lang, data)
