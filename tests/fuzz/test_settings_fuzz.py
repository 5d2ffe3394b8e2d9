"""Settings files: any content gives usable settings (the window can start on them), a save
keeps what was not changed, and the settings saved read back the same."""

from __future__ import annotations

import json
import tempfile
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QByteArray

from missdice_desktop.ui.app import starting_game
from missdice_desktop.ui.settings import Settings, read_settings, save_settings
from tests.fuzz import count, fuzz, json_values, mutate, mutate_bytes

NAMES = [spec.name for spec in fields(Settings)]
GOOD = {
    **asdict(Settings()),
    "players": ["Zoé", "Ben"],
    "theme": "dark",
    "window_geometry": "AdnQywADAAAAAAGm",
    "camera": "0",
}
SETTING_VALUES = json_values | st.sampled_from(
    ["A" * 41, "x\u202e", "AdnQé", "yacht", "table", "fr", "dark", ["Anna\x07"], {"joker": 1}]
)
TOKENS = [b"NaN", b"1e999", b'"\\ud800"', b"\xef\xbb\xbf", b"\x00", b"[", b"{", b'"\\u202e"']


def check(path: Path, kind: str) -> None:
    settings, problems = read_settings(path)
    before = path.read_bytes() if path.exists() else None
    starting_game(settings)
    QByteArray.fromBase64(settings.window_geometry.encode("ascii"))
    count(kind, accepted=not (problems.file or problems.reset))
    if problems.file and before is not None and not problems.file.startswith("the file cannot"):
        return  # a broken file is kept aside before a save, tested elsewhere
    settings.theme = "light" if settings.theme != "light" else "dark"
    assert save_settings(path, settings)
    saved = json.loads(path.read_text("utf-8"))
    again, _problems = read_settings(path)
    assert again == settings
    if before is not None and not problems.file:
        original = json.loads(before.decode("utf-8-sig"))
        for key, value in original.items():
            if key != "theme":
                assert saved[key] == value


@fuzz(100)
@given(st.data())
def test_mutated_settings(data: st.DataObject) -> None:
    values: Any = mutate(data, GOOD, SETTING_VALUES)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_text(
            json.dumps(values, ensure_ascii=data.draw(st.booleans())), "utf-8", "surrogatepass"
        )
        check(path, "settings")


@fuzz(60)
@given(st.data())
def test_mangled_settings_files(data: st.DataObject) -> None:
    raw = mutate_bytes(data, json.dumps(GOOD).encode(), TOKENS)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_bytes(raw)
        check(path, "settings files")
