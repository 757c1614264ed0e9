"""Keep the translations in step with the code: extract, update, compile, check.

    python tools/i18n.py extract    # print the messages of both domains (a .pot on stdout)
    python tools/i18n.py update     # add new messages to every <lang>.po, drop removed ones
    python tools/i18n.py compile    # write <lang>.mo next to each <lang>.po
    python tools/i18n.py check      # list missing, fuzzy and mismatched messages (exit 1 if any)
    python tools/i18n.py merge LANG FILE.po ...   # fill LANG's catalogues from translated fragments

Two domains: ``solver`` (``solver/locale/``: the engine's message templates from
``solver/messages/``, technique and level names, the words of ``solver/words/i18n.py``) and
``app`` (``app/locale/``: every literal passed to ``_``, ``N_``, ``ngettext``, ``pgettext``,
``npgettext`` or ``say`` in ``app/*.py``).  tests/solver/test_i18n.py runs :func:`problems`.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.words.catalog import Entry, compile_po, header, placeholders, read_po, write_po  # noqa: E402
from solver.words.i18n import TRANSLATED  # noqa: E402

LANGS = TRANSLATED  # every language but English
FOLDERS = {"solver": ROOT / "solver" / "locale", "app": ROOT / "app" / "locale"}
_APP_CALLS = {"_": ("text",), "N_": ("text",), "say": ("text",), "ngettext": ("text", "plural"),
              "pgettext": ("context", "text"), "npgettext": ("context", "text", "plural"),
              "say_n": ("text", "plural")}


def solver_entries() -> list[Entry]:
    """The engine's messages: templates (context = code), technique and level names, i18n words."""
    import solver.words.i18n as i18n
    from solver.techniques.registry import TECHNIQUES
    from solver.words.levels import LEVEL_LABELS

    out: dict[tuple, Entry] = {}

    def add(context, text, plural=None, comment=None):
        key = (context, text)
        if key not in out:
            out[key] = Entry(text, context=context, plural=plural,
                             comments=[comment] if comment else [])

    for context, text in i18n.PHRASES:
        add(context, text)
    for code, template in sorted(i18n.templates().items()):
        if isinstance(template, tuple):
            add(code, template[0], template[1], f"count: {template[2]}")
        else:
            add(code, template)
    for t in TECHNIQUES:
        add("technique", t.name)
        add("technique summary", t.summary, comment=t.name)
    for label in LEVEL_LABELS.values():
        add("level", label)
    return list(out.values())


def app_entries() -> list[Entry]:
    """Every literal message of ``app/*.py`` (in file order, first place wins)."""
    out: dict[tuple, Entry] = {}
    for path in sorted((ROOT / "app").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            roles = _APP_CALLS.get(name)
            if not roles or len(node.args) < len(roles):
                continue
            values = {}
            for role, arg in zip(roles, node.args):
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    values[role] = arg.value
            if "text" not in values:
                continue
            key = (values.get("context"), values["text"])
            if key not in out:
                out[key] = Entry(values["text"], context=values.get("context"), plural=values.get("plural"),
                                 comments=[f"{path.relative_to(ROOT)}:{node.lineno}"])
    for e in lesson_entries():
        out.setdefault(e.key, e)
    return list(out.values())


def lesson_entries() -> list[Entry]:
    """The built-in lessons' titles and captions (context ``lesson``; app/features/lessons/builtin/)."""
    import importlib.util

    # the parser by its path: the lessons package itself imports tkinter, which this tool does without
    spec = importlib.util.spec_from_file_location("lesson_format", ROOT / "app" / "features" / "lessons" / "format.py")
    fmt = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = fmt  # dataclasses look their module up there
    spec.loader.exec_module(fmt)
    out = []
    for lesson in fmt.builtin_lessons():
        where = f"app/features/lessons/builtin/{lesson.name}"
        out.append(Entry(lesson.title, context="lesson", comments=[where]))
        for s in lesson.steps:
            for text in (s.caption, s.ask, s.answer):
                if text:
                    out.append(Entry(text, context="lesson", comments=[f"{where}:{s.line}"]))
    return out


ENTRIES = {"solver": solver_entries, "app": app_entries}


def update(domain: str, lang: str) -> Path:
    """Bring ``<lang>.po`` of ``domain`` in step with the code: keep translations, add new messages."""
    path = FOLDERS[domain] / f"{lang}.po"
    old = {e.key: e for e in read_po(path.read_text(encoding="utf-8"), str(path))} if path.exists() else {}
    entries = [header(lang, domain)]
    for e in ENTRIES[domain]():
        had = old.get(e.key)
        if had is not None and (had.plural or None) == (e.plural or None):
            e.strings, e.flags = had.strings, had.flags
        else:
            e.strings = ["", ""] if e.plural else [""]
        entries.append(e)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(write_po(entries), encoding="utf-8")
    return path


def compile_all() -> list[Path]:
    written = []
    for domain, folder in FOLDERS.items():
        for lang in LANGS:
            po = folder / f"{lang}.po"
            if po.exists():
                mo = po.with_suffix(".mo")
                mo.write_bytes(compile_po(read_po(po.read_text(encoding="utf-8"), str(po))))
                written.append(mo)
    return written


def problems(domain: str, lang: str) -> list[str]:
    """What keeps ``domain``'s ``lang`` catalogue from being complete: one line per message."""
    path = FOLDERS[domain] / f"{lang}.po"
    if not path.exists():
        return [f"{path}: missing"]
    have = {e.key: e for e in read_po(path.read_text(encoding="utf-8"), str(path))}
    out = []
    for e in ENTRIES[domain]():
        where = f"{path.name} [{e.context or ''}] {e.msgid!r}"
        t = have.get(e.key)
        if t is None:
            out.append(f"{where}: not in the catalogue")
            continue
        if "fuzzy" in t.flags:
            out.append(f"{where}: fuzzy")
        if not t.strings or not all(t.strings):
            out.append(f"{where}: not translated")
            continue
        if e.plural is None:
            if placeholders(t.strings[0]) != placeholders(e.msgid):
                out.append(f"{where}: placeholders {placeholders(t.strings[0])} != {placeholders(e.msgid)}")
        else:
            allowed = set(placeholders(e.msgid)) | set(placeholders(e.plural))
            for s in t.strings:
                if not set(placeholders(s)) <= allowed:
                    out.append(f"{where}: placeholders {placeholders(s)} not in {sorted(allowed)}")
            if placeholders(t.strings[-1]) != placeholders(e.plural):
                out.append(f"{where}: plural placeholders {placeholders(t.strings[-1])} != {placeholders(e.plural)}")
    return out


def merge(lang: str, fragments: list[str]) -> list[str]:
    """Fill ``lang``'s catalogues (both domains) from fragment ``.po`` files; returns what was not used."""
    given: dict[tuple, Entry] = {}
    for f in fragments:
        for e in read_po(Path(f).read_text(encoding="utf-8"), f):
            if e.msgid and e.translated:
                given[e.key] = e
    used = set()
    for domain in FOLDERS:
        path = update(domain, lang)
        entries = read_po(path.read_text(encoding="utf-8"), str(path))
        for e in entries:
            t = given.get(e.key)
            if t is not None and (t.plural or None) == (e.plural or None):
                e.strings, e.flags = list(t.strings), set()
                used.add(e.key)
        path.write_text(write_po(entries), encoding="utf-8")
    return [f"[{k[0] or ''}] {k[1]!r}: in no catalogue (old text?)" for k in given if k not in used]


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "check"
    if cmd == "extract":
        for domain in FOLDERS:
            print(write_po([header("en", domain)] + ENTRIES[domain]()))
        return 0
    if cmd == "update":
        for domain in FOLDERS:
            for lang in LANGS:
                print(update(domain, lang))
        return 0
    if cmd == "compile":
        for path in compile_all():
            print(path)
        return 0
    if cmd == "merge":
        for line in merge(argv[1], argv[2:]):
            print(line)
        return 0
    if cmd == "check":
        bad = [p for domain in FOLDERS for lang in LANGS for p in problems(domain, lang)]
        print("\n".join(bad) if bad else "every catalogue is complete")
        return 1 if bad else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
