"""French and English: the menu switch, the box names from the seeds, and the catalogue."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from missdice_desktop.ui.app import TRANSLATIONS_DIR
from missdice_desktop.ui.games.sheet_model import SheetRole
from tests.ui.conftest import choice, click_cell

UI_DIR = Path(__file__).resolve().parents[2] / "missdice_desktop" / "ui"
TS_FILE = TRANSLATIONS_DIR / "missdice_fr.ts"
QM_FILE = TRANSLATIONS_DIR / "missdice_fr.qm"


def vertical_headers(window) -> list[str]:  # type: ignore[no-untyped-def]
    model = window.sheet.model()
    return [model.headerData(row, Qt.Orientation.Vertical) for row in range(model.rowCount())]


def test_the_french_ui_from_the_menu_plays_a_joker_turn_in_french(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben"], table=True, options={"rigole": True})
    parts.controller.start()
    window, controller = parts.window, parts.controller
    window.language_actions["fr"].trigger()

    assert controller.settings.language == "fr"
    assert window.game_menu.title() == "&Partie"
    assert window.tray.entry_label.text() == "&Dés de la table :"
    headers = vertical_headers(window)
    for name in ("Les 1", "Les 6", "Brelan", "Carré", "Full", "Petite suite", "Grande suite"):
        assert name in headers
    assert {"Rigole", "Chance", "Total haut", "Bonus haut", "Bonus Yahtzee", "Total"} <= set(
        headers
    )
    assert window.turn_label.text() == "À Anna de jouer — tour 1 sur 14"
    assert window.tray.dice[0].accessibleName() == "Dé 1"

    model = window.sheet.model()
    controller.enter_dice("44444")
    click_cell(qtbot, window, model.row_of_box("yahtzee"), 0)
    controller.enter_dice("12345")
    click_cell(qtbot, window, model.row_of_box("chance"), 1)
    controller.enter_dice("44444")
    chance = model.index(model.row_of_box("chance"), 0)
    assert chance.data(SheetRole.DISABLED_REASON) == (
        "Joker : les cinq 4 vont dans « Les 4 » tant que cette case est libre."
    )
    assert window.status_label.text() == chance.data(SheetRole.DISABLED_REASON)
    bonus = model.index(model.row_of_kind(model.row_kind(0).UPPER_BONUS), 0)
    assert bonus.data() == "manque 63"

    window.language_actions["en"].trigger()
    assert window.game_menu.title() == "&Game"
    assert "Three of a kind" in vertical_headers(window)
    assert chance.data(SheetRole.DISABLED_REASON) == (
        "Joker: five 4s must go in Fours while it is free."
    )


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        ("yacht", ["Les 1", "Full", "Carré", "Petite suite", "Grande suite", "Choix", "Yacht"]),
        ("yams-ecart", ["Rigole", "Yam's", "Plus", "Moins", "Écart (Plus − Moins)"]),
        ("yams-chances", ["Chance −", "Chance +", "Brelan", "Yam's"]),
    ],
)
def test_each_variant_has_its_french_box_names(qtbot, make_app, variant, expected):
    parts, prompts = make_app(language="fr")
    prompts.new_game_choice = choice(["Anna"], variant=variant)
    parts.controller.start()
    headers = vertical_headers(parts.window)
    for name in expected:
        assert name in headers


def test_every_message_is_translated_and_the_catalogue_is_compiled(tmp_path):
    root = ET.parse(TS_FILE).getroot()
    messages = list(root.iter("message"))
    assert len(messages) > 100
    unfinished = [
        message.findtext("source")
        for message in messages
        if message.find("translation").get("type") == "unfinished"  # type: ignore[union-attr]
        or not (message.findtext("translation") or "").strip()
    ]
    assert unfinished == []
    assert QM_FILE.exists() and QM_FILE.stat().st_size > 1000


def test_no_ui_text_is_missing_from_the_catalogue(tmp_path):
    """Run lupdate on the sources: every text it finds must already be translated."""
    lupdate = Path(sys.executable).with_name("pyside6-lupdate")
    if not lupdate.exists():
        pytest.skip("pyside6-lupdate is not installed beside this Python")
    copy = tmp_path / "missdice_fr.ts"
    copy.write_bytes(TS_FILE.read_bytes())
    sources = sorted(str(path) for path in UI_DIR.rglob("*.py") if "bench" not in path.name)
    subprocess.run(
        [str(lupdate), "-locations", "none", *sources, "-ts", str(copy)],
        check=True,
        capture_output=True,
    )
    root = ET.parse(copy).getroot()
    new = [
        message.findtext("source")
        for message in root.iter("message")
        if message.find("translation").get("type") == "unfinished"  # type: ignore[union-attr]
    ]
    assert new == [], "update the catalogue (docs/ui.md, Translations) and translate these"
