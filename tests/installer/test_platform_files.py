"""The Windows and macOS installer files say what associations.toml says: the link scheme,
the file extension, the camera's use; the Linux desktop files likewise."""

from __future__ import annotations

import os
import plistlib
import re
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.installer.support import INSTALLER, load

build = load("build")
NAMES = tomllib.loads((INSTALLER / "associations.toml").read_text("utf-8"))


def test_the_mac_app_asks_for_the_camera_and_opens_links_and_games() -> None:
    with open(INSTALLER / "macos" / "Info.plist", "rb") as file:
        info = plistlib.load(file)
    assert "camera" in info["NSCameraUsageDescription"]
    schemes = [s for kind in info["CFBundleURLTypes"] for s in kind["CFBundleURLSchemes"]]
    assert schemes == [NAMES["scheme"]]
    (exported,) = info["UTExportedTypeDeclarations"]
    tags = exported["UTTypeTagSpecification"]
    assert tags["public.filename-extension"] == [NAMES["extension"].lstrip(".")]
    assert tags["public.mime-type"] == NAMES["mime_type"]
    (document,) = info["CFBundleDocumentTypes"]
    assert document["LSItemContentTypes"] == [exported["UTTypeIdentifier"]]


def test_the_windows_installer_is_per_user_and_registers_links_and_games() -> None:
    script = (INSTALLER / "windows" / "missdice.iss").read_text("utf-8")
    defines = dict(re.findall(r'#define (\w+) "([^"]*)"', script))
    assert defines["Scheme"] == NAMES["scheme"]
    assert defines["Extension"] == NAMES["extension"]
    assert defines["AppName"] == NAMES["name"]
    assert "PrivilegesRequired=lowest" in script
    assert re.search(
        r'Subkey: "Software\\Classes\\\{#Scheme\}"; .*ValueName: "URL Protocol"', script
    )
    assert 'Subkey: "Software\\Classes\\{#Extension}"' in script
    assert "{uninstallexe}" in script  # the Start-menu uninstaller


def test_the_windows_installer_gets_every_value_from_the_build() -> None:
    script = (INSTALLER / "windows" / "missdice.iss").read_text("utf-8")
    used = set(re.findall(r"\{#(\w+)\}", script))
    made_inside = set(re.findall(r"^#define (\w+)", script, re.MULTILINE))  # not indented
    defines = build.inno_defines(Path("app"), Path("icons"))
    assert used - made_inside == set(defines) == set(re.findall(r"#ifndef (\w+)", script))
    assert defines["AppVersion"] == build.project()["version"]
    assert "VersionInfoVersion={#VersionNumbers}" in script
    assert re.fullmatch(r"\d+(\.\d+){0,3}", defines["VersionNumbers"])


@pytest.mark.parametrize(
    ("version", "numbers"),
    [("0.1.0", "0.1.0"), ("1.2.0rc1", "1.2.0"), ("2026.11.30.4.1+local", "2026.11.30.4")],
)
def test_the_windows_file_version_is_numbers_only(version: str, numbers: str) -> None:
    assert build.numeric_version(version) == numbers


def test_the_desktop_entry_opens_links_and_games() -> None:
    entry = build.desktop_entry("/opt/missdice/missdice", NAMES["app_id"])
    fields = dict(line.split("=", 1) for line in entry.splitlines() if "=" in line)
    assert fields["Exec"] == '"/opt/missdice/missdice" %u'
    assert fields["MimeType"] == f"x-scheme-handler/{NAMES['scheme']};{NAMES['mime_type']};"
    assert fields["Icon"] == NAMES["app_id"]
    assert fields["StartupWMClass"] == "Miss Dice"  # WM_CLASS's class, seen with xprop
    mime = ET.fromstring(build.mime_package())
    (glob,) = mime.iter("{http://www.freedesktop.org/standards/shared-mime-info}glob")
    assert glob.get("pattern") == f"*{NAMES['extension']}"


def test_the_menu_entry_and_the_package_name_every_game() -> None:
    entry = build.desktop_entry("/opt/missdice/missdice", NAMES["app_id"])
    fields = dict(line.split("=", 1) for line in entry.splitlines() if "=" in line)
    pyproject = tomllib.loads((INSTALLER.parent / "pyproject.toml").read_text("utf-8"))
    for text in (fields["Comment"], fields["Comment[fr]"], pyproject["project"]["description"]):
        for game in ("Yahtzee", "Yam's", "Yacht", "421", "Cochon"):
            assert game in text, text
    assert "421;cochon;" in fields["Keywords"]


def test_the_desktop_entry_is_valid(tmp_path: Path) -> None:
    validate = shutil.which("desktop-file-validate")
    if validate is None:
        message = "desktop-file-utils is not installed (scripts/bootstrap test installs it)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " — CI must validate the menu entry")
        pytest.skip(message)
    path = tmp_path / f"{NAMES['app_id']}.desktop"
    path.write_text(build.desktop_entry("/opt/missdice/missdice", NAMES["app_id"]))
    result = subprocess.run([validate, str(path)], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout


def test_the_bundle_is_named_and_versioned_from_pyproject() -> None:
    pyproject = tomllib.loads((INSTALLER.parent / "pyproject.toml").read_text("utf-8"))
    assert build.project() == {
        "name": pyproject["project"]["name"],
        "version": pyproject["project"]["version"],
        "program": "missdice",
    }
    spec = (INSTALLER / "missdice.spec").read_text("utf-8")
    assert 'PROJECT["version"]' in spec and "pyproject.toml" in spec
