"""Message catalogues: read and write gettext ``.po`` files, compile them to ``.mo`` (standard library).

Python ships ``gettext`` to *read* compiled catalogues but no tool to make them, so
this module holds the few rules of the two formats the project needs:

* :func:`read_po` -> a list of :class:`Entry` (context, id, plural id, translations, flags);
* :func:`write_po` -> the text of a ``.po`` file, entries in the order given;
* :func:`compile_po` -> the bytes of the ``.mo`` file ``gettext.GNUTranslations`` reads
  (fuzzy and untranslated entries are left out, as ``msgfmt`` does);
* :func:`placeholders` -> the ``{name:spec}`` fields of a message, for the completeness check.

``python -m tools.i18n`` (extract, update, compile, check) and the package build use these.
"""
from __future__ import annotations

import ast
import re
import string
import struct
from dataclasses import dataclass, field

__all__ = ["Entry", "read_po", "write_po", "compile_po", "placeholders", "header", "PLURAL_FORMS"]

#: The plural rule of each language, as the .po header writes it.
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
}


@dataclass
class Entry:
    """One message: ``msgid`` (English), optional ``context`` and ``plural``; ``strings`` its translations."""

    msgid: str
    context: str | None = None
    plural: str | None = None
    strings: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)  # "#." lines: where it comes from, what it means

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.msgid)

    @property
    def translated(self) -> bool:
        return bool(self.strings) and all(self.strings) and "fuzzy" not in self.flags


def _unquote(text: str, where: str) -> str:
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError) as exc:
        raise ValueError(f"{where}: not a quoted string: {text!r}") from exc
    if not isinstance(value, str):
        raise ValueError(f"{where}: not a quoted string: {text!r}")
    return value


def read_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a ``.po`` file (the header is the entry with ``msgid ""``).

    Raises ValueError naming the line for anything it cannot read.
    """
    entries: list[Entry] = []
    cur: Entry | None = None
    last: str | None = None  # which field a continuation line adds to
    flags: set[str] = set()
    comments: list[str] = []

    def finish():
        nonlocal cur
        if cur is not None:
            entries.append(cur)
        cur = None

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name} line {lineno}"
        if not line:
            continue
        if line.startswith("#~"):
            continue  # obsolete entries are kept by translators' tools; not ours to load
        if line.startswith("#,"):
            finish()
            flags |= {f.strip() for f in line[2:].split(",") if f.strip()}
            continue
        if line.startswith("#."):
            finish()
            comments.append(line[2:].strip())
            continue
        if line.startswith("#"):
            finish()
            continue
        if line.startswith('"'):
            if cur is None or last is None:
                raise ValueError(f"{where}: a continuation line outside a message")
            value = _unquote(line, where)
            if last == "msgid":
                cur.msgid += value
            elif last == "msgctxt":
                cur.context = (cur.context or "") + value
            elif last == "msgid_plural":
                cur.plural = (cur.plural or "") + value
            else:
                cur.strings[int(last)] += value
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgctxt":
            finish()
            cur = Entry("", context=_unquote(rest, where), flags=flags, comments=comments)
            flags, comments = set(), []
            last = "msgctxt"
        elif keyword == "msgid":
            if cur is None or last != "msgctxt":
                finish()
                cur = Entry("", flags=flags, comments=comments)
                flags, comments = set(), []
            cur.msgid = _unquote(rest, where)
            last = "msgid"
        elif keyword == "msgid_plural":
            if cur is None:
                raise ValueError(f"{where}: msgid_plural before msgid")
            cur.plural = _unquote(rest, where)
            last = "msgid_plural"
        elif keyword == "msgstr" or keyword.startswith("msgstr["):
            if cur is None:
                raise ValueError(f"{where}: msgstr before msgid")
            n = 0 if keyword == "msgstr" else int(keyword[7:-1])
            while len(cur.strings) <= n:
                cur.strings.append("")
            cur.strings[n] = _unquote(rest, where)
            last = str(n)
        else:
            raise ValueError(f"{where}: unknown keyword {keyword!r}")
    finish()
    return entries


def _quote(text: str) -> str:
    out = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{out}"'


def _field(keyword: str, text: str) -> list[str]:
    if "\n" in text[:-1]:  # long texts with newlines: one line each, as msgmerge writes them
        parts = text.splitlines(keepends=True)
        return [f'{keyword} ""'] + [_quote(p) for p in parts]
    return [f"{keyword} {_quote(text)}"]


def write_po(entries: list[Entry]) -> str:
    """The text of a ``.po`` file holding ``entries`` (header first if present)."""
    blocks = []
    for e in entries:
        lines = [f"#. {c}" for c in e.comments]
        if e.flags:
            lines.append("#, " + ", ".join(sorted(e.flags)))
        if e.context is not None:
            lines += _field("msgctxt", e.context)
        lines += _field("msgid", e.msgid)
        if e.plural is not None:
            lines += _field("msgid_plural", e.plural)
            strings = e.strings or ["", ""]
            for i, s in enumerate(strings):
                lines += _field(f"msgstr[{i}]", s)
        else:
            lines += _field("msgstr", e.strings[0] if e.strings else "")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def header(lang: str, domain: str) -> Entry:
    """The header entry of ``domain``'s catalogue for ``lang`` (charset and plural rule)."""
    text = (f"Project-Id-Version: sudoku-solver {domain}\n"
            f"Language: {lang}\n"
            "MIME-Version: 1.0\n"
            "Content-Type: text/plain; charset=UTF-8\n"
            "Content-Transfer-Encoding: 8bit\n"
            f"Plural-Forms: {PLURAL_FORMS.get(lang, PLURAL_FORMS['en'])}\n")
    return Entry("", strings=[text])


def compile_po(entries: list[Entry]) -> bytes:
    """The ``.mo`` file for ``entries``: the header and every translated, non-fuzzy message."""
    pairs = {}
    for e in entries:
        if e.msgid == "" and e.context is None:
            pairs[b""] = (e.strings[0] if e.strings else "").encode("utf-8")
            continue
        if not e.translated:
            continue
        key = e.msgid if e.context is None else f"{e.context}\x04{e.msgid}"
        if e.plural is not None:
            key += "\x00" + e.plural
            value = "\x00".join(e.strings)
        else:
            value = e.strings[0]
        pairs[key.encode("utf-8")] = value.encode("utf-8")
    keys = sorted(pairs)
    ids = b"".join(k + b"\x00" for k in keys)
    strs = b"".join(pairs[k] + b"\x00" for k in keys)
    n = len(keys)
    start_ids = 7 * 4 + 16 * n
    start_strs = start_ids + len(ids)
    table_ids, table_strs = [], []
    pos = 0
    for k in keys:
        table_ids += [len(k), start_ids + pos]
        pos += len(k) + 1
    pos = 0
    for k in keys:
        table_strs += [len(pairs[k]), start_strs + pos]
        pos += len(pairs[k]) + 1
    head = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    return head + struct.pack(f"{2 * n}i", *table_ids) + struct.pack(f"{2 * n}i", *table_strs) + ids + strs


_FORMATTER = string.Formatter()
_BRACED = re.compile(r"\{[^{}]*\}")


def placeholders(text: str) -> list[str]:
    """The ``{name:spec}`` fields of ``text``, sorted (``{{`` is a literal brace)."""
    try:
        fields = [f"{name}:{spec}" if spec else name
                  for _, name, spec, _ in _FORMATTER.parse(text) if name is not None]
    except ValueError:
        return ["<unbalanced braces>"]
    return sorted(fields)
