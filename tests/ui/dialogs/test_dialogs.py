"""The New game dialog, the end-of-game ranking, and the dice tray's own inputs."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox

from missdice_desktop.records import load_record, save_record
from missdice_desktop.rules import Game, Standing, get_variant
from missdice_desktop.ui.dialogs.end_of_game import EndOfGameDialog, winners_text
from missdice_desktop.ui.dialogs.new_game import NewGameDialog
from missdice_desktop.ui.dice_tray import DiceTray
from missdice_desktop.ui.settings import DICE_TABLE, Settings


def test_new_game_dialog_remembers_and_returns_the_choice(qtbot):
    settings = Settings(players=["Zoé", "Malo", "Inès"], variant="yacht", dice_source=DICE_TABLE)
    dialog = NewGameDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.variant_box.currentData() == "yacht"
    assert dialog.player_count.value() == 3
    assert [edit.text() for edit in dialog.name_edits[:3]] == ["Zoé", "Malo", "Inès"]
    assert dialog.table_dice.isChecked()

    dialog.variant_box.setCurrentIndex(dialog.variant_box.findData("yahtzee"))
    joker = dialog.findChild(QComboBox, "option_joker")
    joker.setCurrentIndex(joker.findData("hasbro"))
    rigole = dialog.findChild(QCheckBox, "option_rigole")
    rigole.setChecked(True)
    dialog.player_count.setValue(8)
    dialog.name_edits[7].setText("  Hana ")
    dialog.virtual_dice.setChecked(True)
    result = dialog.choice()
    assert result.rules.variant.id == "yahtzee"
    assert result.rules.option_values == {"joker": "hasbro", "rigole": True}
    assert result.players[:3] == ["Zoé", "Malo", "Inès"]
    assert result.players[3] == "Player 4"
    assert result.players[7] == "Hana"
    assert result.dice_source == "virtual"


def test_names_typed_with_hidden_characters_show_as_seen(qtbot):
    dialog = NewGameDialog(Settings())
    qtbot.addWidget(dialog)
    dialog.player_count.setValue(4)
    typed = ["\u202eannA", "\u200b", "\u0301", "Zo\u200bé"]
    for edit, text in zip(dialog.name_edits, typed, strict=False):
        edit.setText(text)
    names = dialog.choice().players
    assert names == ["annA", "Player 2", "Player 3", "Zoé"]
    Game(get_variant("yahtzee").configure(), names)


def test_a_bad_house_grid_gives_one_message_and_keeps_the_sheet(qtbot, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("id = 'x'\n[[boxes]]\nkind = 'nothing'\n", encoding="utf-8")
    errors: list[tuple[str, str]] = []
    dialog = NewGameDialog(
        Settings(),
        choose_grid_file=lambda _parent: str(bad),
        show_error=lambda _parent, title, text: errors.append((title, text)),
    )
    qtbot.addWidget(dialog)
    dialog.variant_box.setCurrentIndex(dialog.variant_box.findData("__house__"))
    assert len(errors) == 1 and "bad.toml" in errors[0][1]
    assert dialog.variant_box.currentData() == "yahtzee"

    good = tmp_path / "good.toml"
    good.write_text(
        'id = "mamie"\nname = "Mamie"\n[[boxes]]\nid = "chance"\nkind = "chance"\n',
        encoding="utf-8",
    )
    dialog._choose_grid_file = lambda _parent: str(good)
    dialog.variant_box.setCurrentIndex(dialog.variant_box.findData("__house__"))
    result = dialog.choice()
    assert result.rules.variant.name == "Mamie"
    assert result.grid_file == str(good)


def test_the_ranking_shares_first_place_on_a_tie(qtbot):
    standings = (
        Standing(1, 0, "Anna", 240),
        Standing(1, 2, "Chloé", 240),
        Standing(3, 1, "Ben", 199),
    )
    dialog = EndOfGameDialog(standings)
    qtbot.addWidget(dialog)
    assert dialog.title.text() == "Anna and Chloé share the win!"
    assert dialog.ranking.item(0, 0).text() == "★ 1 (tie)"
    assert dialog.ranking.item(1, 0).text() == "★ 1 (tie)"
    assert dialog.ranking.item(2, 0).text() == "3"
    assert dialog.ranking.item(2, 2).text() == "199"
    requested = []
    dialog.same_players_requested.connect(lambda: requested.append(True))
    qtbot.mouseClick(dialog.same_players_button, Qt.MouseButton.LeftButton)
    assert requested == [True]
    assert winners_text((Standing(1, 0, "Solo", 120),)) == "Well played, Solo!"


def test_a_tie_in_a_real_game_is_a_shared_win(qtbot):
    game = Game(get_variant("yacht").configure(), ["Anna", "Ben"])
    for box in game.rules.box_ids:
        for _player in range(2):
            game.enter_dice("12345")
            game.score(box)
    assert game.winners() == ("Anna", "Ben")
    dialog = EndOfGameDialog(game.standings())
    qtbot.addWidget(dialog)
    assert "share the win" in dialog.title.text()


def test_table_dice_can_be_typed_on_a_focused_die_or_in_the_entry(qtbot):
    tray = DiceTray()
    qtbot.addWidget(tray)
    tray.show_turn(None, (False,) * 5, 3, table_mode=True, can_roll=False)
    entered: list[str] = []
    tray.dice_entered.connect(entered.append)
    tray.show()
    tray.dice[0].setFocus()
    for digit in "52":
        qtbot.keyClick(tray.dice[0] if digit == "5" else tray.dice[1], digit)
    assert tray.dice[0].face == 5 and entered == []
    for index, digit in zip((2, 3, 4), "614", strict=True):
        qtbot.keyClick(tray.dice[index], digit)
    assert entered == ["52614"]
    qtbot.keyClicks(tray.entry, "1234")
    qtbot.keyClick(tray.entry, Qt.Key.Key_Return)
    assert entered == ["52614"]  # four faces are not a throw
    qtbot.keyClicks(tray.entry, "5x")
    qtbot.keyClick(tray.entry, Qt.Key.Key_Return)
    assert entered == ["52614", "12345"]


def test_dice_describe_themselves_for_screen_readers(qtbot):
    tray = DiceTray()
    qtbot.addWidget(tray)
    tray.show_turn(
        (2, 6, 2, 6, 6), (True, False, False, False, False), 1, table_mode=False, can_roll=True
    )
    assert tray.dice[0].accessibleName() == "Die 1"
    assert tray.dice[0].accessibleDescription() == "shows 2, held"
    assert tray.dice[1].accessibleDescription() == "shows 6"
    assert tray.rolls_left_label.text() == "Rolls left: 1"
    assert tray.roll_button.accessibleName() == "Roll the dice"


def test_new_game_dialog_reorders_players_and_chooses_who_starts(qtbot):
    dialog = NewGameDialog(Settings(players=["Zoé", "Malo", "Inès"]))
    qtbot.addWidget(dialog)
    assert not dialog.up_buttons[0].isEnabled()
    dialog.up_buttons[2].click()  # Inès before Malo
    assert [edit.text() for edit in dialog.name_edits[:3]] == ["Zoé", "Inès", "Malo"]
    assert [dialog.first_player.itemText(i) for i in range(3)] == ["Zoé", "Inès", "Malo"]
    dialog.first_player.setCurrentIndex(2)
    assert dialog.choice().players == ["Malo", "Zoé", "Inès"]


def test_blank_names_stay_blank_and_show_in_the_language_of_the_moment(qtbot, make_app):
    dialog = NewGameDialog(Settings(players=["Zoé", "", "Inès"]))
    qtbot.addWidget(dialog)
    assert dialog.name_edits[1].text() == "" and dialog.name_edits[1].placeholderText() == (
        "Player 2"
    )
    chosen = dialog.choice()
    assert chosen.players == ["Zoé", "Player 2", "Inès"]
    assert chosen.typed_names == ["Zoé", "", "Inès"]
    parts, prompts = make_app(language="fr")
    prompts.new_game_choice = chosen
    parts.controller.files.ask_new_game()
    assert parts.controller.settings.players == ["Zoé", "", "Inès"]
    french = NewGameDialog(parts.controller.settings)
    qtbot.addWidget(french)
    assert french.name_edits[1].placeholderText() == "Joueur 2"
    assert french.choice().players[1] == "Joueur 2"


def test_a_default_name_shows_in_the_language_of_the_moment_all_game_long(qtbot, make_app):
    dialog = NewGameDialog(Settings(players=["Zoé", "", "Inès"]))
    qtbot.addWidget(dialog)
    dialog.first_player.setCurrentIndex(1)  # "Player 2" starts
    chosen = dialog.choice()
    assert chosen.players == ["Player 2", "Inès", "Zoé"] and chosen.default_numbers == [2, 0, 0]
    parts, prompts = make_app()
    prompts.new_game_choice = chosen
    controller = parts.controller
    controller.files.ask_new_game()
    controller.roll()
    controller.window_settings.set_language("fr")
    game = controller.game
    assert game.players == ("Joueur 2", "Inès", "Zoé")
    assert controller.model.headerData(0, Qt.Orientation.Horizontal) == "▶ Joueur 2"
    assert load_record(controller.autosave.path).extra["default_names"] == {"Joueur 2": 2}
    controller.window_settings.set_language("en")
    assert game.players[0] == "Player 2"
    prompts.rename_answer = "Malo"
    controller.seats.rename_player(0)
    controller.window_settings.set_language("fr")
    assert game.players == ("Malo", "Inès", "Zoé")
    controller.window_settings.set_language("en")


def test_a_saved_default_name_opens_in_the_language_of_the_moment(qtbot, make_app, tmp_path):
    game = Game(get_variant("yacht").configure(), ["Joueur 1", "Ben"])
    game.extra["default_names"] = {"Joueur 1": 1}
    record = tmp_path / "partie.json"
    save_record(record, game)
    parts, _prompts = make_app(record=str(record))
    assert parts.controller.game.players == ("Player 1", "Ben")


@pytest.mark.parametrize("key", [Qt.Key.Key_Space, Qt.Key.Key_Return])
def test_space_or_enter_at_the_end_only_closes_the_ranking(qtbot, key):
    """A throwing key that ends the game, pressed once more, must not start a new one."""
    standings = (Standing(1, 0, "Anna", 3), Standing(2, 1, "Ben", 9))
    dialog = EndOfGameDialog(standings, loser="Ben")
    qtbot.addWidget(dialog)
    requested: list[str] = []
    dialog.same_players_requested.connect(lambda: requested.append("same"))
    dialog.new_game_requested.connect(lambda: requested.append("new"))
    dialog.show()
    qtbot.waitExposed(dialog)
    assert not dialog.same_players_button.isDefault()
    assert dialog.focusWidget() is dialog.close_button
    qtbot.keyClick(dialog.focusWidget(), key)
    assert requested == []
    assert not dialog.isVisible()


def test_the_new_game_dialog_keeps_its_width_as_the_game_changes(qtbot):
    dialog = NewGameDialog(Settings())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    widths = set()
    for game in range(dialog.game_box.count()):
        dialog.game_box.setCurrentIndex(game)
        qtbot.wait(10)
        widths.add(dialog.width())
    dialog.game_box.setCurrentIndex(0)
    for variant in range(dialog.variant_box.count() - 1):  # the last one asks for a file
        dialog.variant_box.setCurrentIndex(variant)
        qtbot.wait(10)
        widths.add(dialog.width())
    assert len(widths) == 1, widths
    assert dialog.width() >= dialog.sizeHint().width()
