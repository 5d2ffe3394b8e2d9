"""Builds Miss Dice for the platform this runs on (see installer/README.md).

    python installer/build.py [--folder-only] [--out DIR]

1. the icon's PNG/ICO/ICNS sizes (make_icons.py) into build/icons, and Miss Dice installed
   from its sources into build/site as a wheel would be (resources/ becomes
   missdice_desktop/resources/ there, which PyInstaller cannot follow in an editable install);
2. the one-folder app by PyInstaller (missdice.spec) into build/dist/missdice, with the
   licence texts of everything it ships in its licenses/ folder;
3. the package for this platform into dist/: on Linux a .tar.gz holding the folder and
   install.sh (and an AppImage where appimagetool is installed); on Windows the Inno Setup
   installer (iscc); on macOS the .app in a .dmg (hdiutil).

`--folder-only` stops after step 2; `--out DIR` puts build/ and dist/ in DIR. Needs the
`bundle` extra: pip install -e '.[bundle]'.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INSTALLER = ROOT / "installer"
BUILD = ROOT / "build"
DIST = ROOT / "dist"

SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "missdice_desktop", "vision",
           "resources")  # fmt: skip
BUNDLED_DISTRIBUTIONS = (
    "PySide6-Essentials",
    "shiboken6",
    "opencv-python-headless",
    "numpy",
    "platformdirs",
    "segno",
)
"""The libraries the folder carries, whose licence files go into its licenses/ folder."""


COMMENT = "Yahtzee, Yam's, Yacht, 421, Cochon and a free roller: virtual dice or a webcam"
COMMENT_FR = "Yahtzee, Yam's, Yacht, 421, Cochon et lancer libre : dés virtuels ou webcam"
"""The menu entry's tooltip: every game the app plays."""


def project() -> dict[str, str]:
    """The name, version and program name from pyproject.toml."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    return {
        "name": data["name"],
        "version": data["version"],
        "program": next(iter(data["scripts"])),
    }


def numeric_version(version: str) -> str:
    """The version's leading numbers, as Windows' file version wants them (at most four).

    >>> numeric_version("1.2.0rc1")
    '1.2.0'
    >>> numeric_version("2026.11.30.4.1+local")
    '2026.11.30.4'
    """
    numbers = re.match(r"\d+(?:\.\d+)*", version)
    return ".".join((numbers.group() if numbers else "0").split(".")[:4])


def associations() -> dict[str, str]:
    """installer/associations.toml: the app's name, ids, link scheme and file type."""
    return tomllib.loads((INSTALLER / "associations.toml").read_text("utf-8"))


def desktop_entry(exec_path: str, icon: str) -> str:
    """The freedesktop .desktop entry; it opens missdice: links and .missdice files."""
    names = associations()
    return "\n".join(
        [
            "[Desktop Entry]",
            "Type=Application",
            f"Name={names['name']}",
            "GenericName=Dice game scoresheet",
            "GenericName[fr]=Feuille de score pour les dés",
            f"Comment={COMMENT}",
            f"Comment[fr]={COMMENT_FR}",
            f'Exec="{exec_path}" %u',
            f"Icon={icon}",
            "Terminal=false",
            "Categories=Game;BoardGame;",
            "Keywords=dice;yahtzee;yams;yacht;421;cochon;pig;scoresheet;dés;",
            f"MimeType=x-scheme-handler/{names['scheme']};{names['mime_type']};",
            f"StartupWMClass={names['name']}",  # Qt's X11 window class: the application name
            "",
        ]
    )


def mime_package() -> str:
    """The shared-mime-info package declaring the .missdice game file."""
    names = associations()
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="{names["mime_type"]}">
    <comment>{names["file_description"]}</comment>
    <comment xml:lang="fr">Partie de Miss Dice</comment>
    <sub-class-of type="application/json"/>
    <icon name="{names["app_id"]}"/>
    <glob pattern="*{names["extension"]}"/>
  </mime-type>
</mime-info>
"""


def step(text: str) -> None:
    """Say which step runs."""
    print(f"== {text}", flush=True)


def make_icons() -> Path:
    """Step 1: build/icons."""
    step("icons")
    out = BUILD / "icons"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run([sys.executable, str(INSTALLER / "make_icons.py"), str(out)], check=True,
                   env=env, stdout=subprocess.DEVNULL)  # fmt: skip
    return out


def install_sources() -> Path:
    """Step 1: the app's packages in build/site, laid out as an installed wheel."""
    step("Miss Dice into build/site")
    site, sources = BUILD / "site", BUILD / "sources"
    shutil.rmtree(site, ignore_errors=True)
    shutil.rmtree(sources, ignore_errors=True)
    for name in SOURCES:  # a copy, so that pip's build leaves the checkout as it was
        if (ROOT / name).is_dir():
            skip = shutil.ignore_patterns("__pycache__", "*.ts")
            shutil.copytree(ROOT / name, sources / name, ignore=skip)
        else:
            sources.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, sources / name)
    command = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site)]
    subprocess.run([*command, str(sources)], check=True)
    return site


def build_folder(icons: Path, site: Path) -> Path:
    """Step 2: the one-folder app, with its licences."""
    step("PyInstaller (one folder)")
    work = BUILD / "pyinstaller"
    env = {**os.environ, "MISSDICE_ICONS": str(icons), "MISSDICE_SITE": str(site)}
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level=WARN",
               "--distpath", str(BUILD / "dist"), "--workpath", str(work),
               str(INSTALLER / "missdice.spec")]  # fmt: skip
    subprocess.run(command, check=True, env=env)
    folder = BUILD / "dist" / project()["program"]
    copy_licences(folder / "licenses")
    return folder


def copy_licences(out: Path) -> None:
    """The licence texts of Miss Dice and of everything the folder ships."""
    out.mkdir(parents=True, exist_ok=True)
    shutil.copy2(ROOT / "LICENSE", out / "missdice-desktop-MIT.txt")
    shutil.copy2(ROOT / "resources" / "camera-demo" / "NOTICE.md", out / "demo-photos-MIT.md")
    shutil.copy2(ROOT / "vision" / "models" / "LICENSE.md", out / "dice-reader-networks.md")
    for text in (INSTALLER / "licenses").iterdir():  # Qt and PySide6: their wheels ship none
        shutil.copy2(text, out / f"Qt-PySide6-{text.name}")
    for name in BUNDLED_DISTRIBUTIONS:
        distribution = importlib.metadata.distribution(name)
        for file in distribution.files or []:
            parts = Path(str(file)).parts
            if parts[0].endswith(".dist-info") and (
                "licenses" in parts or parts[-1].upper().startswith(("LICENSE", "COPYING"))
            ):
                target = out / name / Path(*parts[1:])
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(Path(str(file.locate())), target)


def stage_linux(folder: Path, icons: Path, stage: Path) -> None:
    """The folder the .tar.gz holds: the app, install.sh, and share/ for the desktop."""
    names = associations()
    shutil.rmtree(stage, ignore_errors=True)
    shutil.copytree(folder, stage, symlinks=True)
    share = stage / "share"
    for png in sorted((icons / "png").glob("missdice-*.png")):
        size = png.stem.split("-")[1]
        target = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{names['app_id']}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(png, target)
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True)
    shutil.copy2(ROOT / "resources" / "icons" / "missdice.svg", scalable / f"{names['app_id']}.svg")
    (share / "mime" / "packages").mkdir(parents=True)
    (share / "mime" / "packages" / f"{names['app_id']}.xml").write_text(mime_package(), "utf-8")
    (share / "applications").mkdir()
    entry = desktop_entry(f"@PREFIX@/{project()['program']}", names["app_id"])
    (share / "applications" / f"{names['app_id']}.desktop").write_text(entry, "utf-8")
    shutil.copy2(INSTALLER / "linux" / "install.sh", stage / "install.sh")


def package_linux(folder: Path, icons: Path) -> list[Path]:
    """Step 3 on Linux: the .tar.gz with install.sh, and an AppImage when the tool is here."""
    info = project()
    stem = f"{info['name']}-{info['version']}-linux-{platform.machine()}"
    stage = BUILD / stem
    step(f"dist/{stem}.tar.gz")
    stage_linux(folder, icons, stage)
    DIST.mkdir(exist_ok=True)
    archive = DIST / f"{stem}.tar.gz"
    with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
        tar.add(stage, arcname=stem)
    made = [archive]
    appimagetool = shutil.which("appimagetool")
    if appimagetool is None:
        print("   AppImage skipped: appimagetool is not installed (it is in neither Debian's "
              "packages nor PyPI; see installer/README.md)")  # fmt: skip
    else:
        made.append(package_appimage(stage, appimagetool, f"{stem}.AppImage"))
    return made


def package_appimage(stage: Path, appimagetool: str, name: str) -> Path:
    """An AppImage of the staged folder (AppRun starts the program)."""
    names, program = associations(), project()["program"]
    step(f"dist/{name}")
    appdir = BUILD / "AppDir"
    shutil.rmtree(appdir, ignore_errors=True)
    shutil.copytree(stage, appdir / "usr" / "lib" / names["app_id"], symlinks=True)
    (appdir / "AppRun").symlink_to(f"usr/lib/{names['app_id']}/{program}")
    (appdir / f"{names['app_id']}.desktop").write_text(
        desktop_entry(program, names["app_id"]).replace(f'"{program}"', program), "utf-8"
    )
    shutil.copy2(stage / "share/icons/hicolor/256x256/apps" / f"{names['app_id']}.png", appdir)
    out = DIST / name
    subprocess.run([appimagetool, str(appdir), str(out)], check=True,
                   env={**os.environ, "ARCH": platform.machine()})  # fmt: skip
    return out


def inno_defines(folder: Path, icons: Path) -> dict[str, str]:
    """The values missdice.iss takes from pyproject.toml, associations.toml and the build."""
    info, names = project(), associations()
    return {
        "AppName": names["name"], "AppId": names["app_id"], "AppVersion": info["version"],
        "VersionNumbers": numeric_version(info["version"]),
        "Scheme": names["scheme"],
        "Extension": names["extension"], "FileDescription": names["file_description"],
        "SourceDir": str(folder), "IconFile": str(icons / "missdice.ico"),
        "OutputDir": str(DIST),
    }  # fmt: skip


def package_windows(folder: Path, icons: Path) -> list[Path]:
    """Step 3 on Windows: the Inno Setup installer (needs iscc on PATH)."""
    iscc = shutil.which("iscc") or shutil.which("ISCC")
    if iscc is None:
        print("   installer skipped: Inno Setup's iscc is not on PATH (https://jrsoftware.org)")
        return []
    step("Inno Setup")
    defines = inno_defines(folder, icons)
    command = [iscc, *(f"/D{key}={value}" for key, value in defines.items())]
    subprocess.run([*command, str(INSTALLER / "windows" / "missdice.iss")], check=True)
    return sorted(DIST.glob("*.exe"))


def package_macos(folder: Path) -> list[Path]:
    """Step 3 on macOS: the .app (made by the spec) in a .dmg."""
    info, names = project(), associations()
    app = folder.parent / f"{names['name']}.app"
    dmg = DIST / f"{info['name']}-{info['version']}-macos-{platform.machine()}.dmg"
    step(dmg.name)
    DIST.mkdir(exist_ok=True)
    subprocess.run(["bash", str(INSTALLER / "macos" / "make-dmg.sh"), str(app), str(dmg)],
                   check=True)  # fmt: skip
    return [dmg]


def folder_size(folder: Path) -> int:
    """Bytes in the folder's files."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def main(arguments: list[str] | None = None) -> int:
    """Build; print what was made and how big it is."""
    parser = argparse.ArgumentParser(prog="installer/build", description=__doc__.split("\n")[0])
    parser.add_argument("--folder-only", action="store_true", help="stop after the app folder")
    parser.add_argument("--out", type=Path, help="where build/ and dist/ go (default: here)")
    options = parser.parse_args(arguments)
    if options.out:
        global BUILD, DIST
        BUILD, DIST = options.out.resolve() / "build", options.out.resolve() / "dist"
    started = time.monotonic()
    icons = make_icons()
    folder = build_folder(icons, install_sources())
    made = [folder]
    if not options.folder_only:
        if sys.platform.startswith("linux"):
            made += package_linux(folder, icons)
        elif sys.platform == "win32":
            made += package_windows(folder, icons)
        elif sys.platform == "darwin":
            made += package_macos(folder)
    for path in made:
        size = folder_size(path) if path.is_dir() else path.stat().st_size
        print(f"{path}: {size / 2**20:.0f} MiB")
    print(f"built in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
