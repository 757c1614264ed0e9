"""Every reader reads issue 25's hostile families the same way: the same grid, or a refusal
that says why (seeded; a few seconds).

The inputs come from random isomorphs of puzzles in tests/data (``bench/readers.py`` makes
them; ``python -m bench.readers`` runs many more and prints the figures): drawn grids with
one extra digit in a cell (item 6), pencil-mark grids whose frame lines are 81 characters
(item 7), a link followed by ``, rated hard`` (item 8), byte-order marks and quoted S9B
links (item 9), tables of two-digit numbers (item 10), and the app's Copy (a line, then the
same puzzle drawn), which ``parse`` read as one puzzle and ``solve FILE`` as one and 13 errors.  The readers: ``parse`` on text and
bytes, ``parse_many``, ``parse_marks``, ``load``, and the command line's verbs on the file
(in this process; ``solve`` and ``check`` on standard input and in a subprocess too).
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.readers import FAMILIES, make_inputs, read_all

ROOT = Path(__file__).resolve().parents[2]
PER_FAMILY = 12
HEAVY = 3  # inputs per family that rate, hint and explain read too (their work is the slow part)
SEED = 2025


def _verdicts(found: dict) -> dict:
    return {name: result for name, (result, _seconds) in found.items()}


@pytest.mark.parametrize("family", list(FAMILIES))
def test_every_reader_gives_the_same_grid_or_the_same_refusal(tmp_path, family):
    path = str(tmp_path / "input.txt")
    for k, (text, truth) in enumerate(make_inputs(family, PER_FAMILY, SEED)):
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        found = _verdicts(read_all(text, path, cli=True if k < HEAVY else ("solve", "check")))
        want = ("grid", truth) if truth is not None else "refused"
        for name, (kind, value) in found.items():
            assert kind in ("grid", "refused"), f"{family} #{k}: {name}: {kind} {value}\n{text}"
            got = (kind, value) if kind == "grid" else kind
            assert got == want, f"{family} #{k}: {name} read {got}, want {want}\n{text}"
        if truth is None:  # the refusal says why, the same in the engine and on the command line
            assert found["parse"][1] and found["load"][1], text


def test_standard_input_is_read_as_the_file_is(monkeypatch):
    from solver.cli import main
    import contextlib

    for text, truth in (x for family in FAMILIES for x in make_inputs(family, 2, SEED + 1)):
        for verb in ("solve", "check"):
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8"))))
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main([verb, "--json", "-"] + (["-j", "1"] if verb == "solve" else []))
            recs = [json.loads(x) for x in out.getvalue().splitlines()]
            assert len(recs) == 1, (verb, out.getvalue(), err.getvalue(), text)
            if truth is None:
                assert code != 0 and recs[0]["puzzle"] is None and recs[0]["message"], (verb, recs, text)
            else:
                assert recs[0]["puzzle"] == truth, (verb, recs, text)


def test_the_installed_command_reads_each_family_as_the_engine_does(tmp_path):
    """One subprocess for ``solve`` over a file of every family, one ``check`` per family."""
    files, truths = [], []
    for family in FAMILIES:
        for k, (text, truth) in enumerate(make_inputs(family, 2, SEED + 2)):
            p = tmp_path / f"{len(files)}.txt"
            p.write_text(text, encoding="utf-8")
            files.append(str(p))
            truths.append(truth)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = dict(cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    p = subprocess.run([sys.executable, "-m", "solver", "solve", "--json", "-j", "1", *files], **run)
    recs = [json.loads(x) for x in p.stdout.splitlines()]
    assert p.returncode == 1 and [r["source"] for r in recs] == files, p.stdout + p.stderr
    assert [r["puzzle"] for r in recs] == truths
    assert all(r["message"] for r, t in zip(recs, truths) if t is None)
    for name, truth in list(zip(files, truths))[::2]:
        c = subprocess.run([sys.executable, "-m", "solver", "check", "--json", name], **run)
        (rec,) = [json.loads(x) for x in c.stdout.splitlines()]
        assert rec["puzzle"] == truth and (c.returncode == 2) == (truth is None), c.stdout + c.stderr
