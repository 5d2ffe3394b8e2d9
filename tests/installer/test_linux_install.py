"""install.sh, as the .tar.gz carries it, on a fresh HOME: the program on PATH, a menu entry
that opens links and games, the icons and the file type; --uninstall takes them all away."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.installer.support import load

build = load("build")
make_icons = load("make_icons")


@pytest.fixture
def stage(tmp_path: Path, qapp) -> Path:  # type: ignore[no-untyped-def]
    """An unpacked tarball whose program only says it ran."""
    folder = tmp_path / "built" / "missdice"
    folder.mkdir(parents=True)
    (folder / "missdice").write_text('#!/bin/sh\necho "missdice ran with $*"\n')
    (folder / "missdice").chmod(0o755)
    icons = tmp_path / "icons"
    make_icons.make_icons(icons)
    stage = tmp_path / "missdice-desktop-0-linux"
    build.stage_linux(folder, icons, stage)
    return stage


def run(command: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = {"HOME": str(home), "PATH": os.environ["PATH"]}
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)


def test_install_then_uninstall_on_a_fresh_home(stage: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    installed = run(["sh", str(stage / "install.sh")], home)
    assert installed.returncode == 0, installed.stderr
    data = home / ".local" / "share"
    prefix = data / "missdice-desktop"
    assert f"Miss Dice is installed in {prefix}" in installed.stdout

    launcher = home / ".local" / "bin" / "missdice"
    assert run([str(launcher), "--version"], home).stdout == "missdice ran with --version\n"
    entry = (data / "applications" / "missdice-desktop.desktop").read_text()
    assert f'Exec="{prefix}/missdice" %u' in entry
    assert "MimeType=x-scheme-handler/missdice;application/x-missdice;" in entry
    assert (data / "icons/hicolor/256x256/apps/missdice-desktop.png").is_file()
    assert (data / "icons/hicolor/scalable/apps/missdice-desktop.svg").is_file()
    assert "*.missdice" in (data / "mime/packages/missdice-desktop.xml").read_text()

    again = run(["sh", str(prefix / "install.sh")], home)  # from the installed copy: no harm
    assert again.returncode == 0, again.stderr
    assert (prefix / "missdice").is_file()

    # What `xdg-mime default` writes, beside another program's choices.
    config = home / ".config"
    config.mkdir()
    (config / "mimeapps.list").write_text(
        "[Default Applications]\n"
        "text/plain=org.gnome.TextEditor.desktop\n"
        "x-scheme-handler/missdice=missdice-desktop.desktop\n"
        "application/x-missdice=missdice-desktop.desktop;other.desktop;\n"
        "\n[Added Associations]\n"
        "application/x-missdice=missdice-desktop.desktop;\n"
    )
    (data / "applications" / "mimeinfo.cache").write_text("[MIME Cache]\n")
    (data / "icons" / "hicolor" / "icon-theme.cache").write_bytes(b"cache")

    removed = run(["sh", str(prefix / "install.sh"), "--uninstall"], home)
    assert removed.returncode == 0, removed.stderr
    left = [p for p in home.rglob("*") if p.is_file() or p.is_symlink()]
    assert [p for p in left if "missdice" in p.name or "missdice" in str(p.parent)] == []
    assert (config / "mimeapps.list").read_text() == (
        "[Default Applications]\n"
        "text/plain=org.gnome.TextEditor.desktop\n"
        "application/x-missdice=other.desktop;\n"
        "\n[Added Associations]\n"
    )
    empty = [p for p in home.rglob("*") if p.is_dir() and not any(p.iterdir())]
    assert empty == [data]  # the XDG data folder itself stays
    assert sorted(p.relative_to(home).as_posix() for p in home.rglob("*")) == [
        ".config",
        ".config/mimeapps.list",
        ".local",
        ".local/share",
    ]


def test_install_refuses_a_folder_without_the_program(tmp_path: Path) -> None:
    lonely = tmp_path / "lonely"
    lonely.mkdir()
    (lonely / "install.sh").write_bytes((build.INSTALLER / "linux" / "install.sh").read_bytes())
    home = tmp_path / "home"
    home.mkdir()
    result = run(["sh", str(lonely / "install.sh")], home)
    assert result.returncode == 1
    assert "run it from the unpacked Miss Dice folder" in result.stderr
    assert not (home / ".local" / "share" / "missdice-desktop").exists()


def exec_program(line: str) -> str:
    """The program of a desktop entry's Exec value, unescaped as the freedesktop spec says."""
    value = re.sub(r"\\(.)", lambda m: {"s": " ", "n": "\n", "t": "\t"}.get(m[1], m[1]), line)
    match = re.match(r'"((?:[^"\\]|\\["`$\\])*)"', value)
    assert match, f"the program is not quoted: {value}"
    return re.sub(r'\\(["`$\\])', r"\1", match[1]).replace("%%", "%")


def test_the_menu_entry_starts_the_program_from_an_odd_home(stage: Path, tmp_path: Path) -> None:
    home = tmp_path / 'Zoé & Léo 100% "dés" $HOME `x` back\\slash'
    home.mkdir()
    assert run(["sh", str(stage / "install.sh")], home).returncode == 0
    entry = home / ".local/share/applications/missdice-desktop.desktop"
    (line,) = [x for x in entry.read_text().splitlines() if x.startswith("Exec=")]
    program = exec_program(line.removeprefix("Exec=").removeprefix("env "))
    assert program == str(home / ".local/share/missdice-desktop/missdice")
    assert run([program, "--version"], home).stdout == "missdice ran with --version\n"
    validate = shutil.which("desktop-file-validate")
    if validate:
        result = subprocess.run([validate, str(entry)], capture_output=True, text=True)
        assert result.returncode == 0 and not result.stdout.strip(), result.stdout


def test_a_percent_in_home_keeps_the_menu_entry_launchable(stage: Path, tmp_path: Path) -> None:
    home = tmp_path / "100% dés"
    home.mkdir()
    assert run(["sh", str(stage / "install.sh")], home).returncode == 0
    entry = home / ".local/share/applications/missdice-desktop.desktop"
    (line,) = [x for x in entry.read_text().splitlines() if x.startswith("Exec=")]
    # GLib splits Exec and looks for its program before expanding %%: it must exist as written.
    first = shlex.split(line.removeprefix("Exec="))[0]
    assert shutil.which(first) or Path(first).is_file(), f"GNOME drops this entry: {line}"
    argv = [arg.replace("%%", "%") for arg in shlex.split(line.removeprefix("Exec="))[:-1]]
    program = shutil.which(argv[0]) or argv[0]
    ran = subprocess.run([program, *argv[1:], "--version"], capture_output=True, text=True)
    assert ran.stdout == "missdice ran with --version\n"
