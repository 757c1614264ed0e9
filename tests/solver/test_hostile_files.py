"""Hostile files for the engine (issue 25): the bounded reader, and message catalogues that are
damaged -- a translation whose fields differ from the English, a truncated ``.mo``, a ``.po``
that is a pipe or not a catalogue at all.  Every message is still worded: in the language
where the catalogue can be read, in English for a damaged message or catalogue; never a
KeyError, ValueError, IndexError or struct.error, never a hang.  (The app's side:
tests/app/test_hostile.py.)"""
from __future__ import annotations

import os
import shutil
import threading
import time
import unittest.mock
from pathlib import Path

import pytest

import solver
from conftest import damage_translation

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX pipes and links")


@posix_only
@pytest.mark.parametrize("kind", ["pipe", "dev-zero", "folder", "huge", "grows"])
def test_read_bounded_refuses_what_is_not_a_small_regular_file(tmp_path, kind):
    path = tmp_path / "f"
    if kind == "pipe":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    elif kind == "huge":
        with open(path, "wb") as f:
            f.truncate(10 ** 12)  # sparse: no disk, would be a terabyte of memory
    else:  # a file that grows while it is read (os.read below): fstat said 10 bytes
        path.write_bytes(b"x" * 10)
    t = time.process_time()  # CPU, not wall-clock: a loaded machine must not fail this
    if kind == "grows":
        real_read = os.read

        def growing(fd, n):  # the file gets longer after fstat: never more than the limit + 1 read
            return real_read(fd, n) or (b"y" * n if n else b"")

        with unittest.mock.patch("os.read", growing), pytest.raises(solver.FileRefused) as e:
            solver.read_bounded(path, 1000)
    else:
        with pytest.raises(solver.FileRefused) as e:
            solver.read_bounded(path, 1000)
    assert time.process_time() - t < 1  # a read of the whole file would take far more
    assert e.value.reason == {"pipe": "not_regular", "dev-zero": "not_regular", "folder": "folder"}.get(kind, "too_large")
    assert isinstance(e.value, OSError)
    if kind == "huge":
        assert e.value.size == 10 ** 12
    path_ok = tmp_path / "ok"
    path_ok.write_bytes(b"z" * 1000)
    assert solver.read_bounded(path_ok, 1000) == b"z" * 1000


SOLVER_LOCALE = Path(solver.__file__).resolve().parent / "locale"
MISSING = solver.msg("missing_digits", digits=[2, 5, 8])


@pytest.fixture
def solver_catalogues(tmp_path):
    """A copy of the solver's catalogues to damage; the real ones back afterwards."""
    folder = tmp_path / "solver-locale"
    shutil.copytree(SOLVER_LOCALE, folder)
    solver.add_domain("solver", folder)
    yield folder
    solver.add_domain("solver", SOLVER_LOCALE)


@pytest.mark.parametrize("damaged", ["{digitz}", "{digits", "{0}", "{digits.__class__}", "{digits!z}",
                                     "{digits:>999999999}", "{digits[0]}", "}{"])
def test_a_translation_whose_fields_differ_is_refused_for_that_message(solver_catalogues, damaged, caplog):
    english = solver.describe(MISSING, "en")
    german_before = solver.describe(MISSING, "de")
    assert german_before != english
    template = solver.words.i18n.templates()["missing_digits"]
    damage_translation(solver_catalogues, "de", template, f"Ziffern {damaged} fehlen")
    solver.add_domain("solver", solver_catalogues)
    # no KeyError, ValueError, IndexError: the English sentence, its fields worded in German ("2, 5 und 8")
    shown = solver.fill(template, "de", digits=[2, 5, 8])
    assert shown.startswith("Digits 2, 5 und 8 never appear") and english.startswith("Digits 2, 5 and 8")
    with caplog.at_level("WARNING"):
        assert solver.describe(MISSING, "de") == shown
        assert solver.describe(MISSING, "de") == shown
    assert sum("missing" in r.getMessage() or "Ziffern" in r.getMessage() for r in caplog.records) == 1  # once
    assert solver.describe(solver.msg("no_place", digit=5, unit=solver.Unit("box", 3)), "de").startswith("5 hat")


@posix_only
@pytest.mark.parametrize("kind", ["truncated-mo", "mo-cut-in-its-header", "truncated-mo-alone", "po-pipe", "bad-po",
                                  "binary-po"])
def test_a_catalogue_that_cannot_be_read_falls_back_to_the_po_or_english(solver_catalogues, kind):
    from solver.words.catalog import compile_po, read_po

    po, mo = solver_catalogues / "de.po", solver_catalogues / "de.mo"
    german = solver.describe(MISSING, "de")
    english = solver.describe(MISSING, "en")
    if kind.startswith(("truncated-mo", "mo-cut")):
        full = compile_po(read_po(po.read_text(encoding="utf-8")))
        mo.write_bytes(full[:20] if kind == "mo-cut-in-its-header" else full[:len(full) // 3])  # struct.error, OSError
        later = time.time() + 60
        os.utime(mo, (later, later))  # newer than the .po: it is the one tried first
        if kind == "truncated-mo-alone":
            po.unlink()
    elif kind == "po-pipe":
        po.unlink()
        os.mkfifo(po)
    elif kind == "bad-po":
        po.write_text('msgid "a"\nmsgstr "b"\nthis is no po line\n', encoding="utf-8")
    else:
        po.write_bytes(b"\xff\xfe\x00garbage" * 100)
    solver.add_domain("solver", solver_catalogues)
    out = []
    reader = threading.Thread(target=lambda: out.append(solver.describe(MISSING, "de")), daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():
        os.close(os.open(po, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("reading the catalogue blocked on a pipe")
    assert out == [german if kind in ("truncated-mo", "mo-cut-in-its-header") else english]
