"""Shared test set-up.

GUI tests need an X display.  When none is set and ``Xvfb`` is installed, a
private virtual display is started for the whole run (and ``DISPLAY`` is
exported so subprocesses such as ``python -m app`` and ``xdotool`` use it).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"

_xvfb: subprocess.Popen | None = None


def load_lines(name: str) -> list[str]:
    """The puzzles of ``tests/data/<name>.txt`` (comment lines skipped)."""
    text = (DATA / f"{name}.txt").read_text()
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]


def _start_xvfb() -> None:
    global _xvfb
    if os.environ.get("DISPLAY") or not shutil.which("Xvfb"):
        return
    for n in range(91, 140):
        if Path(f"/tmp/.X{n}-lock").exists() or Path(f"/tmp/.X11-unix/X{n}").exists():
            continue
        proc = subprocess.Popen(
            ["Xvfb", f":{n}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                break
            if proc.poll() is not None:
                break
            time.sleep(0.05)
        if proc.poll() is None:
            _xvfb = proc
            os.environ["DISPLAY"] = f":{n}"
            return


def pytest_configure(config):
    _start_xvfb()


def pytest_unconfigure(config):
    if _xvfb is not None:
        _xvfb.terminate()
        try:
            _xvfb.wait(5)
        except subprocess.TimeoutExpired:
            _xvfb.kill()


@pytest.fixture
def data_lines():
    return load_lines
