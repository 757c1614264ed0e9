"""app.storage and app.platform: hostile state files, odd folders, file modes, leftovers (no Tk,
except the start-up test at the end, which opens the real window with a state folder that
cannot be used)."""
from __future__ import annotations

import json
import os
import stat
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from app.storage import (MAX_STATE_BYTES, StateError, atomic_write_text, read_state, remove_leftovers,
                         write_state)

from conftest import skip_or_fail_in_ci

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX modes and pipes")


def _asides(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("state.json.corrupt-"))


# -- 1. hostile state files: set aside with a message, never a crash -----------------------

def test_deeply_nested_state_is_set_aside_not_a_recursion_error(tmp_path):
    state = tmp_path / "state.json"
    state.write_text('{"board": ' + "[" * 30_000 + "]" * 30_000 + "}")
    with pytest.raises(StateError, match="nested too deeply") as e:
        read_state(state)
    assert e.value.aside is not None and e.value.aside.exists()
    assert not state.exists() and len(_asides(tmp_path)) == 1
    assert read_state(state) is None  # the next start is a clean one


def test_a_huge_state_file_is_refused_before_reading(tmp_path):
    state = tmp_path / "state.json"
    with open(state, "wb") as f:  # 2 GB, sparse: costs no disk, reading it would cost 2 GB of memory
        f.truncate(2 * 1024 ** 3)
    # the work, not the wall clock: reading it took 7 s and 2.1 GB of memory (now 0.3 ms, no memory)
    tracemalloc.start()
    t = time.thread_time()
    try:
        with pytest.raises(StateError, match=r"2\.1 GB; a state file is at most 1\.0 MB"):
            read_state(state)
        cpu, peak = time.thread_time() - t, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000 and cpu < 0.5, f"{peak:,} bytes allocated, {cpu:.3f} s of CPU"
    assert len(_asides(tmp_path)) == 1 and not state.exists()


def test_state_just_over_the_limit_is_refused_and_at_the_limit_is_read(tmp_path):
    state = tmp_path / "state.json"
    body = '{"pad": "' + "x" * (MAX_STATE_BYTES - 12) + '"}'
    state.write_text(body)
    assert len(body) == MAX_STATE_BYTES - 1 and read_state(state)["pad"].startswith("x")
    state.write_text(body + "  ")
    with pytest.raises(StateError, match="at most"):
        read_state(state)


@pytest.mark.parametrize("content, why", [
    (b"{not json", "Expecting property name"),
    (b"[1, 2]", "not a JSON object"),
    (b"\xff\xfe{}", "codec can't decode"),
    (b'{"a": ' * 5000 + b"1" + b"}" * 5000, "nested too deeply"),
], ids=["not-json", "a-list", "not-utf8", "deep-objects"])
def test_damaged_state_files_are_set_aside(tmp_path, content, why):
    state = tmp_path / "state.json"
    state.write_bytes(content)
    with pytest.raises(StateError, match=why):
        read_state(state)
    assert len(_asides(tmp_path)) == 1


@posix_only
def test_a_pipe_named_state_json_does_not_hang_the_start(tmp_path):
    state = tmp_path / "state.json"
    os.mkfifo(state)
    with pytest.raises(StateError, match="not a regular file"):
        read_state(state)  # opening the pipe would wait for a writer forever
    assert len(_asides(tmp_path)) == 1


@posix_only
@pytest.mark.parametrize("name", ["state.json", "settings.json"])
@pytest.mark.parametrize("kind", ["pipe", "link to /dev/zero", "link to a pipe"])
def test_a_pipe_or_a_device_is_refused_by_every_reader_at_once(tmp_path, name, kind):
    """The one bounded reader (solver.read_bounded) for the state, the settings and the
    language peeked before the window is built: /dev/zero was read until memory ran out, and a
    pipe blocked saved_language and move_settings_out (issue 25)."""
    from app.features.language import saved_language
    from app.storage import move_settings_out, peek_state, read_settings

    path = tmp_path / name
    if kind == "pipe":
        os.mkfifo(path)
    elif kind == "link to a pipe":
        os.mkfifo(tmp_path / "fifo")
        path.symlink_to(tmp_path / "fifo")
    else:
        path.symlink_to("/dev/zero")
    t = time.monotonic()
    assert peek_state(path) is None and saved_language(path) == "system"
    assert move_settings_out(path, tmp_path / "other.json") == []
    with pytest.raises(StateError, match=f"{name} is not a regular file"):
        read_settings(path) if name == "settings.json" else read_state(path)
    assert time.monotonic() - t < 30  # a hang guard only: a blocking read would never return
    kept = sorted(tmp_path.glob(f"{name}.corrupt-*"))
    assert len(kept) == 1 and kept[0].is_symlink() == (kind != "pipe")  # the link itself, never its target
    assert not os.path.lexists(path) and os.path.exists("/dev/zero")


def test_a_damaged_state_is_left_where_it_is_when_asked(tmp_path):
    """A folder the app may not write to (read-only): the file is read, never renamed."""
    state = tmp_path / "state.json"
    state.write_text("{not json")
    with pytest.raises(StateError, match="the saved grid was damaged") as e:
        read_state(state, aside=False)
    assert e.value.aside is None and state.read_text() == "{not json" and _asides(tmp_path) == []


def test_a_folder_named_state_json_is_set_aside(tmp_path):
    (tmp_path / "state.json").mkdir()
    with pytest.raises(StateError, match="a folder"):
        read_state(tmp_path / "state.json")
    write_state(tmp_path / "state.json", {"zoom": 1})  # the next save works
    assert json.loads((tmp_path / "state.json").read_text())["zoom"] == 1


# -- 8. modes and leftovers ---------------------------------------------------------------

@posix_only
@pytest.mark.parametrize("umask, expected", [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_new_files_follow_the_umask(tmp_path, umask, expected):
    old = os.umask(umask)
    try:
        atomic_write_text(tmp_path / "sheet.html", "<p>hi</p>")
        write_state(tmp_path / "state.json", {})
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "sheet.html").stat().st_mode) == expected
    assert stat.S_IMODE((tmp_path / "state.json").stat().st_mode) == expected


@posix_only
def test_a_file_written_over_keeps_its_mode(tmp_path):
    target = tmp_path / "shared.sdk"
    target.write_text("old")
    target.chmod(0o664)
    atomic_write_text(target, "new")
    assert target.read_text() == "new" and stat.S_IMODE(target.stat().st_mode) == 0o664


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "state.json"
    target.write_text("old")

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError, match="No space"):
        atomic_write_text(target, "new")
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["state.json"]


def test_leftover_temporary_files_are_removed_at_start(tmp_path):
    state = tmp_path / "state.json"
    old = time.time() - 3600
    ours = [tmp_path / ".state.json.0123456789abcdef.tmp", tmp_path / ".state.json.ab_cd12x.tmp"]
    fresh = tmp_path / ".state.json.fedcba9876543210.tmp"  # another window saving right now
    others = [tmp_path / ".other.json.0123456789abcdef.tmp", tmp_path / "state.json.tmp",
              tmp_path / "notes.tmp"]
    for p in ours + others + [fresh]:
        p.write_text("{}")
        if p is not fresh:
            os.utime(p, (old, old))
    assert read_state(state) is None
    left = {p.name for p in tmp_path.iterdir()}
    assert left == {fresh.name} | {p.name for p in others}
    assert remove_leftovers(state, age=0) == [fresh]


def test_an_interrupted_save_is_cleaned_at_the_next_start(tmp_path):
    """A save killed between creating its temporary file and os.replace (here: in a child
    process killed with SIGKILL-like os._exit) leaves the old state and, later, no debris."""
    import subprocess

    state = tmp_path / "state.json"
    write_state(state, {"zoom": 1.5})
    code = ("import os, sys\n"
            "from app import storage\n"
            "os.replace = lambda a, b: os._exit(9)\n"  # dies after writing, before replacing
            f"storage.write_state(storage.Path({str(state)!r}), {{'zoom': 2}})\n")
    root = str(Path(__file__).resolve().parents[2])
    proc = subprocess.run([sys.executable, "-c", code], cwd=root, timeout=30)
    assert proc.returncode == 9
    debris = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(debris) == 1
    old = time.time() - 3600
    os.utime(debris[0], (old, old))
    assert read_state(state)["zoom"] == 1.5  # the old state is intact ...
    assert [p.name for p in tmp_path.iterdir()] == ["state.json"]  # ... and the debris is gone


# -- 2. a state folder that cannot be used -------------------------------------------------

def test_usable_data_dir_explains_a_file_in_the_way(tmp_path, monkeypatch):
    from app.platform import usable_data_dir

    blocker = tmp_path / "home"
    blocker.write_text("I am a file")
    monkeypatch.setenv("SUDOKU_SOLVER_HOME", str(blocker))
    folder, why = usable_data_dir()
    assert folder is None
    assert why == (f"Your grid will not be saved: {blocker} (set by SUDOKU_SOLVER_HOME) "
                   f"is a file, not a folder.")
    monkeypatch.setenv("SUDOKU_SOLVER_HOME", str(blocker / "sub"))
    folder, why = usable_data_dir()
    assert folder is None and "cannot create the folder" in why and "\n" not in why
    monkeypatch.setenv("SUDOKU_SOLVER_HOME", str(tmp_path / "new" / "home"))
    assert usable_data_dir() == (tmp_path / "new" / "home", None)


@posix_only
def test_usable_data_dir_explains_a_read_only_folder(tmp_path, monkeypatch):
    from app.platform import usable_data_dir

    ro = tmp_path / "ro"
    ro.mkdir()
    monkeypatch.setenv("SUDOKU_SOLVER_HOME", str(ro))
    monkeypatch.setattr(os, "access", lambda path, mode: False)  # root may write anywhere
    assert usable_data_dir() == (None, f"Your grid will not be saved: the folder {ro} "
                                       f"(set by SUDOKU_SOLVER_HOME) is read-only.")


def run_app_once(monkeypatch, read) -> dict:
    """Start the real app (``app.__main__.run``) and, instead of waiting for the user, read
    the window with ``read(controller)`` and close it: what was read plus ``state_path`` and
    ``settings_path``."""
    import tkinter as tk

    import app.__main__ as entry

    seen: dict = {}

    def mainloop(root, n=0):
        root.update()
        controller = seen.pop("controller")
        seen.update(read(controller), state_path=controller.state_path,
                    settings_path=controller.session.settings_path)
        controller.close()

    real_build = entry.build_window

    def build_window(root, state_path, settings_path=None):
        form, controller = real_build(root, state_path, settings_path)
        seen["controller"] = controller
        return form, controller

    monkeypatch.setattr(tk.Tk, "mainloop", mainloop)
    monkeypatch.setattr(entry, "build_window", build_window)
    assert entry.run() == 0
    return seen


@pytest.mark.gui
@pytest.mark.parametrize("where", ["file", "under a file"])
def test_the_app_opens_when_the_state_folder_cannot_be_used(tmp_path, monkeypatch, where):
    """SUDOKU_SOLVER_HOME naming a file: the window still opens, the status line says why."""
    if not os.environ.get("DISPLAY"):
        skip_or_fail_in_ci("no display")

    blocker = tmp_path / "home"
    blocker.write_text("I am a file")
    monkeypatch.setenv("SUDOKU_SOLVER_HOME", str(blocker if where == "file" else blocker / "sub"))
    seen = run_app_once(monkeypatch, lambda c: {"status": c.form.status_text()})
    assert seen["state_path"] is None
    assert "Your grid will not be saved" in seen["status"] and str(blocker) in seen["status"]
    assert blocker.read_text() == "I am a file"


# -- 3. the state's place on each platform, and the move from the old one (issue 16) ----------

linux_like = pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the XDG folders")


@pytest.fixture
def xdg(tmp_path, monkeypatch):
    """A private home with XDG_STATE_HOME, XDG_CONFIG_HOME and XDG_DATA_HOME unset, and no SUDOKU_SOLVER_HOME."""
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.delenv("SUDOKU_SOLVER_HOME", raising=False)
    for name in ("XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(home))
    return home


@linux_like
def test_state_goes_under_xdg_state_home(xdg, monkeypatch, tmp_path):
    from app.platform import old_data_dirs, user_data_dir

    assert user_data_dir(create=False) == xdg / ".local" / "state" / "sudoku-solver"
    assert old_data_dirs() == [xdg / ".local" / "share" / "sudoku-solver"]
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert user_data_dir(create=False) == tmp_path / "state" / "sudoku-solver"
    assert old_data_dirs() == [tmp_path / "data" / "sudoku-solver"]
    monkeypatch.setenv("XDG_STATE_HOME", "relative/state")  # the XDG spec: ignore it
    assert user_data_dir(create=False) == xdg / ".local" / "state" / "sudoku-solver"
    monkeypatch.setenv("SUDOKU_SOLVER_HOME", str(tmp_path / "mine"))  # still wins, never moved
    assert user_data_dir(create=False) == tmp_path / "mine" and old_data_dirs() == []


def _old_folder(home: Path) -> Path:
    old = home / ".local" / "share" / "sudoku-solver"
    old.mkdir(parents=True)
    write_state(old / "state.json", {"zoom": 1.25})
    (old / "app.log").write_text("old log\n")
    return old


@linux_like
def test_the_old_state_is_moved_once(xdg):
    from app.platform import migrate_old_files, usable_data_dir

    old = _old_folder(xdg)
    folder, why = usable_data_dir()
    assert why is None
    assert migrate_old_files(folder) == [folder / "state.json", folder / "app.log"]
    assert read_state(folder / "state.json")["zoom"] == 1.25
    assert (folder / "app.log").read_text() == "old log\n"
    assert not old.exists()  # nothing left: the empty old folder is gone too
    write_state(folder / "state.json", {"zoom": 2})
    assert migrate_old_files(folder) == []  # once: a later start moves nothing
    assert read_state(folder / "state.json")["zoom"] == 2


@linux_like
def test_a_newer_state_is_never_replaced_by_the_old_one(xdg):
    from app.platform import migrate_old_files, usable_data_dir

    old = _old_folder(xdg)
    folder, _ = usable_data_dir()
    write_state(folder / "state.json", {"zoom": 3})
    assert migrate_old_files(folder) == [folder / "app.log"]
    assert read_state(folder / "state.json")["zoom"] == 3
    assert read_state(old / "state.json")["zoom"] == 1.25  # left where it was, not lost
    assert [p.name for p in old.iterdir()] == ["state.json"]


@linux_like
def test_the_move_works_across_file_systems(xdg, monkeypatch):
    """No hard link across devices (EXDEV): a copy under a temporary name, renamed into place."""
    import errno

    from app.platform import migrate_old_files, usable_data_dir

    old = _old_folder(xdg)
    folder, _ = usable_data_dir()

    def no_link(src, dst):
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(os, "link", no_link)
    assert migrate_old_files(folder) == [folder / "state.json", folder / "app.log"]
    assert read_state(folder / "state.json")["zoom"] == 1.25 and not old.exists()
    assert sorted(p.name for p in folder.iterdir()) == ["app.log", "state.json"]  # no temporary left


@linux_like
def test_a_failed_move_keeps_the_old_file(xdg, monkeypatch):
    import shutil

    from app.platform import migrate_old_files, usable_data_dir

    old = _old_folder(xdg)
    folder, _ = usable_data_dir()
    monkeypatch.setattr(os, "link", lambda a, b: (_ for _ in ()).throw(OSError(1, "no links")))

    def full(src, dst, **kw):
        Path(dst).write_text("half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(shutil, "copy2", full)
    assert migrate_old_files(folder) == []  # never raises
    assert read_state(old / "state.json")["zoom"] == 1.25
    assert list(folder.iterdir()) == []  # no half-written state, no temporary


@pytest.mark.gui
@linux_like
def test_the_app_starts_with_the_grid_from_the_old_folder(xdg, monkeypatch):
    if not os.environ.get("DISPLAY"):
        skip_or_fail_in_ci("no display")

    from solver.examples import example

    old = xdg / ".local" / "share" / "sudoku-solver"
    old.mkdir(parents=True)
    line = example("tutorial").line
    write_state(old / "state.json", {"board": {"givens": line, "entries": "." * 81,
                                               "solved": "." * 81, "mode": "solving"},
                                     "zoom": 1.25, "live_check": False})  # 1.0.0 kept settings here
    try:
        seen = run_app_once(monkeypatch, lambda c: {"givens": c.board.givens.to_line("."),
                                                    "zoom": c.form.zoom_level,
                                                    "live": c.form.var_live_check.get(),
                                                    "status": c.form.status_text()})
    finally:
        import logging

        for h in logging.getLogger().handlers[:]:  # run() logs to the private folder's app.log
            if getattr(h, "baseFilename", "").startswith(str(xdg)):
                logging.getLogger().removeHandler(h)
                h.close()
    assert (seen["givens"], seen["zoom"], seen["live"]) == (line, 1.25, False)
    assert seen["status"].startswith("Welcome back"), seen["status"]  # no file opened by mistake
    assert seen["state_path"] == xdg / ".local" / "state" / "sudoku-solver" / "state.json"
    assert seen["settings_path"] == xdg / ".config" / "sudoku-solver" / "settings.json"
    assert not old.exists()
    assert "zoom" not in read_state(seen["state_path"])  # moved at the start, once
    assert read_state(seen["settings_path"])["zoom"] == 1.25


# -- 4. settings apart from the state (issue 16): settings.json under XDG_CONFIG_HOME -----------

def test_each_platform_has_its_conventional_folders(tmp_path, monkeypatch):
    """Windows %APPDATA%, macOS ~/Library/Application Support, Linux XDG state and config;
    SUDOKU_SOLVER_HOME takes both everywhere.  (sys.platform is set for the call: the
    functions only choose paths, nothing Windows- or Mac-specific runs.)"""
    from app.platform import old_data_dirs, user_config_dir, user_data_dir

    home = tmp_path / "user"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("SUDOKU_SOLVER_HOME", raising=False)
    for name in ("XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    expected = {
        "win32": (tmp_path / "Roaming" / "SudokuSolver",) * 2,
        "darwin": (home / "Library" / "Application Support" / "SudokuSolver",) * 2,
        "linux": (home / ".local" / "state" / "sudoku-solver", home / ".config" / "sudoku-solver"),
    }
    for platform, (state, config) in expected.items():
        monkeypatch.setattr(sys, "platform", platform)
        assert (user_data_dir(create=False), user_config_dir(create=False)) == (state, config), platform
        assert old_data_dirs() == ([home / ".local" / "share" / "sudoku-solver"] if platform == "linux" else [])
        monkeypatch.setenv("SUDOKU_SOLVER_HOME", str(tmp_path / "mine"))
        assert user_data_dir(create=False) == user_config_dir(create=False) == tmp_path / "mine"
        monkeypatch.delenv("SUDOKU_SOLVER_HOME")
    assert not home.exists() and not (tmp_path / "Roaming").exists()  # create=False made nothing


@linux_like
def test_settings_go_under_xdg_config_home(xdg, monkeypatch, tmp_path):
    from app.platform import usable_config_dir, user_config_dir

    assert user_config_dir(create=False) == xdg / ".config" / "sudoku-solver"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "conf"))
    assert usable_config_dir() == (tmp_path / "conf" / "sudoku-solver", None)
    assert (tmp_path / "conf" / "sudoku-solver").is_dir()
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/conf")  # the XDG spec: ignore it
    assert user_config_dir(create=False) == xdg / ".config" / "sudoku-solver"
    (tmp_path / "blocked").write_text("a file")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "blocked"))
    folder, why = usable_config_dir()
    assert folder is None and str(tmp_path / "blocked") in why


def _old_state(path: Path, **settings) -> dict:
    from solver.examples import example

    board = {"givens": example("tutorial").line, "entries": "." * 81, "solved": "." * 81, "mode": "solving"}
    write_state(path, {"board": board, "notes_mode": True, "current_file": None, **settings})
    return board


def test_settings_in_an_old_state_file_move_to_the_settings_file_once(tmp_path):
    from app.storage import SETTINGS, move_settings_out, read_settings

    state, settings = tmp_path / "state.json", tmp_path / "conf" / "settings.json"
    settings.parent.mkdir()
    window = {"width": 900, "height": 700, "maximized": False}
    board = _old_state(state, zoom=1.25, live_check=False, auto_advance=False, tidy_notes=False, window=window)
    assert move_settings_out(state, settings) == ["auto_advance", "live_check", "tidy_notes", "window", "zoom"]
    assert read_settings(settings) == {"zoom": 1.25, "live_check": False, "auto_advance": False,
                                       "tidy_notes": False, "window": window}
    left = read_state(state)
    assert left["board"] == board and left["notes_mode"] is True  # the state stays: Notes mode is state
    assert not set(left) & set(SETTINGS)
    # once: the settings file now exists and wins, even over settings an old version wrote again
    _old_state(state, zoom=3.0)
    assert move_settings_out(state, settings) == [] and read_settings(settings)["zoom"] == 1.25
    assert read_state(state)["zoom"] == 3.0  # not touched


def test_moving_settings_leaves_a_damaged_state_file_to_the_app(tmp_path):
    """The app's start reads the state file after the move: a damaged one must still be there,
    so that it is set aside *with* its message, not quietly."""
    from app.storage import move_settings_out

    state, settings = tmp_path / "state.json", tmp_path / "settings.json"
    state.write_text('{"zoom": 1.5, "board": ')
    assert move_settings_out(state, settings) == []
    assert state.read_text() == '{"zoom": 1.5, "board": ' and not settings.exists()
    assert move_settings_out(tmp_path / "none.json", settings) == []  # no state file: nothing to do
    write_state(state, {"board": {}})  # no settings in it: no settings file written
    assert move_settings_out(state, settings) == [] and not settings.exists()


def test_read_settings_keeps_known_keys_of_the_right_type(tmp_path):
    from app.storage import SETTINGS, Setting, read_settings, write_settings

    path = tmp_path / "settings.json"
    assert read_settings(path) is None  # no file yet: the caller looks in the state file
    path.write_text(json.dumps({"zoom": True, "live_check": "no", "auto_advance": False,
                                "window": [1, 2], "from_a_newer_version": 1, "version": 1}))
    assert read_settings(path) == {"auto_advance": False}  # the rest get their defaults
    write_settings(path, {"zoom": 2, "board": {"givens": "1"}, "tidy_notes": False})
    assert json.loads(path.read_text()) == {"zoom": 2, "tidy_notes": False, "version": 1}  # no state in it
    # every setting is documented with a default of its own type
    for key, setting in SETTINGS.items():
        assert isinstance(setting, Setting) and setting.doc, key
        assert setting.default is None or setting.accepts(setting.default), key


def test_a_damaged_settings_file_is_set_aside_and_named(tmp_path):
    from app.storage import read_settings

    path = tmp_path / "settings.json"
    path.write_text("[1, 2")
    with pytest.raises(StateError, match="the settings file was damaged") as info:
        read_settings(path)
    assert info.value.aside.name.startswith("settings.json.corrupt-") and not path.exists()


def _window(tk_root, state: Path, settings: Path | None):
    """The whole window (every feature) on a Toplevel, started as at a real start."""
    import tkinter as tk

    from app.__main__ import build_window

    form, controller = build_window(tk.Toplevel(tk_root), state, settings)
    controller.start()
    tk_root.update()
    return form, controller


@pytest.mark.gui
def test_the_app_keeps_state_and_settings_in_their_own_files(tk_root, tmp_path):
    from app.storage import SETTINGS

    state, settings = tmp_path / "state" / "state.json", tmp_path / "config" / "settings.json"
    state.parent.mkdir()
    settings.parent.mkdir()
    form, c = _window(tk_root, state, settings)
    cell = form.cells[0]
    cell.focus_force()
    tk_root.update()
    cell.event_generate("<KeyPress>", keysym="5")
    form.var_live_check.set(False)
    form.set_zoom(1.5)
    c.features["notes"].var_tidy.set(False)
    c.features["notes"].var_mode.set(True)
    c.close()
    saved_state, saved_settings = read_state(state), json.loads(settings.read_text())
    assert saved_state["board"]["givens"][0] == "5" and saved_state["notes_mode"] is True
    assert not set(saved_state) & set(SETTINGS)
    assert set(saved_settings) == set(SETTINGS) | {"version"}
    assert (saved_settings["live_check"], saved_settings["zoom"], saved_settings["tidy_notes"]) == (False, 1.5, False)
    assert saved_settings["window"]["width"] > 0
    # the next start: both come back
    form, c = _window(tk_root, state, settings)
    try:
        assert form.cell_grid.cell_text((0, 0)) == "5"
        assert (form.var_live_check.get(), form.zoom_level) == (False, 1.5)
        assert (c.features["notes"].var_tidy.get(), c.features["notes"].var_mode.get()) == (False, True)
    finally:
        c.close()


@pytest.mark.gui
def test_settings_of_an_old_state_file_are_used_then_saved_apart(tk_root, tmp_path):
    """No settings file yet (a state file of version 1.0.0, and move_settings_out could not
    run): the settings come from the state file, and the first save splits them off."""
    state, settings = tmp_path / "state.json", tmp_path / "settings.json"
    board = _old_state(state, zoom=1.25, live_check=False)
    form, c = _window(tk_root, state, settings)
    assert (form.zoom_level, form.var_live_check.get()) == (1.25, False)
    assert form.cell_grid.cell_text((0, 0)) == board["givens"][0]
    c.close()
    assert read_state(settings)["zoom"] == 1.25 and "zoom" not in read_state(state)


@pytest.mark.gui
def test_a_damaged_settings_file_keeps_the_grid_and_says_so(tk_root, tmp_path):
    state, settings = tmp_path / "state.json", tmp_path / "settings.json"
    board = _old_state(state)
    settings.write_text('{"zoom": 2')
    form, c = _window(tk_root, state, settings)
    try:
        assert form.cell_grid.cell_text((0, 0)) == board["givens"][0]  # the grid is back
        assert form.zoom_level == 1.0
        status = form.status_text()
        assert "default settings" in status and "settings file was damaged" in status
        assert "settings.json.corrupt-" in status
    finally:
        c.close()
    assert read_state(settings)["zoom"] == 1.0  # a good file again, with the defaults
