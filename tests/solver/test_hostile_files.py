"""Hostile files for the engine (issue 25): the bounded reader refuses a pipe, a device, a
folder or a file over its limit at once, never blocking.  (The app's side:
tests/app/test_hostile.py.)"""
from __future__ import annotations

import os
import time
import unittest.mock

import pytest

import solver

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
    t = time.perf_counter()
    if kind == "grows":
        real_read = os.read

        def growing(fd, n):  # the file gets longer after fstat: never more than the limit + 1 read
            return real_read(fd, n) or (b"y" * n if n else b"")

        with unittest.mock.patch("os.read", growing), pytest.raises(solver.FileRefused) as e:
            solver.read_bounded(path, 1000)
    else:
        with pytest.raises(solver.FileRefused) as e:
            solver.read_bounded(path, 1000)
    assert time.perf_counter() - t < 1
    assert e.value.reason == {"pipe": "not_regular", "dev-zero": "not_regular", "folder": "folder"}.get(kind, "too_large")
    assert isinstance(e.value, OSError)
    if kind == "huge":
        assert e.value.size == 10 ** 12
    path_ok = tmp_path / "ok"
    path_ok.write_bytes(b"z" * 1000)
    assert solver.read_bounded(path_ok, 1000) == b"z" * 1000
