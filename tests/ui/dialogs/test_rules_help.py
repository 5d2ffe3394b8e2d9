"""The rules inside the app: the Rules pages, row-header tooltips, reasons for a 0, hints."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocumentFragment

from missdice_desktop.rules import Game, PigRules, get_variant
from missdice_desktop.rules.four21 import ALL_HANDS, FOUR21_WORTHS, Four21Rules, hand_text
from missdice_desktop.ui import texts
from missdice_desktop.ui.app import LanguageSwitcher
from missdice_desktop.ui.dialogs.new_game import NewGameChoice
from missdice_desktop.ui.games.rules_pages import (
    four21_page,
    free_roller_page,
    hand_rows,
    pig_page,
)
from missdice_desktop.ui.games.rules_text import rules_page
from missdice_desktop.ui.games.sheet_model import RowKind, SheetModel
from missdice_desktop.ui.settings import DICE_VIRTUAL
from tests.ui.conftest import choice

TOOLTIP = Qt.ItemDataRole.ToolTipRole


def row_tip(model: SheetModel, row: int) -> str:
    return str(model.headerData(row, Qt.Orientation.Vertical, TOOLTIP))


def play(game: Game, turns: list[tuple[str, str]]) -> None:
    for dice, box in turns:
        game.enter_dice(dice)
        game.score(box)


@pytest.mark.parametrize(
    ("variant", "box", "words"),
    [
        ("yahtzee", "full_house", "Three of one face and two of another"),
        ("yahtzee", "full_house", "25 points"),
        ("yahtzee", "fours", "4-4-4-1-6 gives 12"),
        ("yahtzee", "three_of_a_kind", "At least 3 equal dice: the sum of the five dice"),
        ("yacht", "small_straight", "Exactly 1-2-3-4-5"),
        ("yacht", "four_of_a_kind", "the sum of the 4 equal dice only"),
        ("yams-chances", "chance_minus", "30 minus their sum"),
        ("yams-ecart", "four_of_a_kind", "40 points plus the sum of the five dice"),
        ("yams-ecart", "plus", "only counts through the Écart"),
        ("yams-ecart", "rigole", "complement to 7"),
    ],
)
def test_every_row_header_says_what_its_box_scores(qapp, variant, box, words) -> None:
    model = SheetModel(Game(get_variant(variant).configure(), ["Anna"]))
    assert words in row_tip(model, model.row_of_box(box))


def test_bonus_ecart_and_yahtzee_bonus_rows_explain_themselves(qapp) -> None:
    ecart = SheetModel(Game(get_variant("yams-ecart").configure(), ["Anna"]))
    assert "30 points plus one point for each point over 60" in row_tip(
        ecart, ecart.row_of_kind(RowKind.UPPER_BONUS)
    )
    assert "once both Plus and Minus are filled" in row_tip(ecart, ecart.row_of_kind(RowKind.ECART))
    yahtzee = SheetModel(Game(get_variant("yahtzee").configure(), ["Anna"]))
    tip = row_tip(yahtzee, yahtzee.row_of_kind(RowKind.YAHTZEE_BONUS))
    assert "100 points when Yahtzee holds 50" in tip and "holds 0" in tip
    assert "63 or more" in row_tip(yahtzee, yahtzee.row_of_kind(RowKind.UPPER_BONUS))


def test_a_zero_preview_says_why(qapp) -> None:
    game = Game(get_variant("yahtzee").configure(), ["Anna"])
    game.enter_dice("44444")
    model = SheetModel(game)
    cell = model.index(model.row_of_box("full_house"), 0)
    assert cell.data() == "0"
    tip = cell.data(TOOLTIP)
    assert "Full house scores 0 with these dice" in tip
    assert "five equal dice are not a full house" in tip


def test_the_bonus_hint_says_when_the_bonus_is_out_of_reach(qapp) -> None:
    game = Game(get_variant("yahtzee").configure(), ["Anna"])
    model = SheetModel(game)
    bonus = model.index(model.row_of_kind(RowKind.UPPER_BONUS), 0)
    assert bonus.data() == "63 to go"
    play(game, [("11222", "sixes"), ("11223", "fives")])  # 0 in Sixes and Fives
    model.refresh()
    assert bonus.data() == "out of reach"  # 3+6+9+12 = 30 at most
    assert "can no longer be reached" in bonus.data(TOOLTIP)


def test_the_last_joker_case_is_explained(qtbot, make_app) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna"], table=True)
    controller = parts.controller
    controller.start()
    game = controller.game
    lower = [b.id for b in game.rules.boxes if b.section.value == "lower" and b.id != "yahtzee"]
    play(game, [("55555", "yahtzee"), ("44444", "fours")])
    play(game, [("12346", box) for box in lower])
    controller.enter_dice("44444")
    assert "every lower box is filled, so five 4s go in a free upper box, at 0" in (
        parts.window.status_label.text()
    )


def test_joker_option_names_say_what_they_do(qapp) -> None:
    assert texts.joker_policy_name("forced") == (
        "Forced: the box of that face, then any lower box at full value, then an upper box at 0"
    )
    assert texts.joker_policy_name("hasbro").startswith("Hasbro: the box of that face, then")


@pytest.mark.parametrize("variant", ["yahtzee", "yams-ecart", "yams-chances", "yacht"])
def test_the_rules_page_names_every_box_and_bonus(qapp, variant) -> None:
    rules = get_variant(variant).configure()
    page = rules_page(rules)
    for name in texts.box_names(rules).values():
        assert name.replace("'", "&#x27;") in page
    if rules.variant.upper_bonus is not None:
        assert f"{rules.variant.upper_bonus.threshold} or more" in page
    if variant == "yahtzee":
        assert "Forced joker" in page and "100 points" in page
    if variant == "yacht":
        assert "no upper bonus" in page and "joker" not in page.lower()


def test_help_rules_shows_the_game_in_play_in_both_languages(qtbot, make_app) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna"], variant="yams-ecart")
    parts.controller.start()
    parts.window.rules_action.trigger()
    rules = parts.controller.window_settings.rules_window
    assert rules is not None and rules.isVisible()
    assert rules.current_rules() is parts.controller.game.rules
    assert "Écart counts once both Plus and Minus" in rules.page.toPlainText()
    assert rules.sheets.count() == 8  # this game, 4 scoresheets, Cochon, 421, free roller
    parts.controller.window_settings.set_language("fr")
    assert rules.windowTitle() == "Règles"
    assert "Section haute" in rules.page.toPlainText()
    assert "L’Écart compte une fois" in rules.page.toPlainText()
    rules.sheets.setCurrentIndex(4)
    assert "Exactement 1-2-3-4-5" in rules.page.toPlainText()
    parts.controller.window_settings.set_language("en")


@pytest.mark.parametrize(
    ("game", "rules", "options", "title", "words", "french"),
    [
        (
            "pig",
            PigRules(target=30),
            {"target": 30},
            "This game: Cochon (Pig) — The target is 30 points.",
            "reaches 30 points wins at once",
            "Je garde",
        ),
        (
            "421",
            Four21Rules(pot=11, four21=8),
            {"pot": 11, "421": 8},
            "This game: 421 — The pot holds 11 tokens; 4-2-1 is worth 8 tokens.",
            "Ties for the worst hand",
            "nénette",
        ),
    ],
)
def test_help_rules_during_cochon_or_421_shows_that_game_first_with_its_options(
    qtbot, make_app, game, rules, options, title, words, french
) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = NewGameChoice(
        rules, ["Anna", "Ben"], DICE_VIRTUAL, game=game, game_options=options
    )
    parts.controller.start()
    parts.window.rules_action.trigger()
    window = parts.controller.window_settings.rules_window
    assert window is not None and window.isVisible()
    assert window.sheets.currentIndex() == 0 and window.sheets.itemText(0) == title
    assert words in window.page.toPlainText()
    assert window.sheets.count() == 8  # this game, 4 scoresheets, Cochon, 421, free roller
    window.sheets.setCurrentIndex(1)
    assert window.current_rules().variant.id == "yahtzee"
    assert "Full house" in window.page.toPlainText()
    window.sheets.setCurrentIndex(0)
    parts.controller.window_settings.set_language("fr")
    assert window.windowTitle() == "Règles" and french in window.page.toPlainText()
    assert window.sheets.itemText(0).startswith("Cette partie")
    parts.controller.window_settings.set_language("en")


def test_help_rules_over_the_free_roller_shows_its_page_first(qtbot, make_app) -> None:
    parts, _prompts = make_app()
    parts.controller.start()
    parts.controller.roller.show()
    parts.window.rules_action.trigger()
    window = parts.controller.window_settings.rules_window
    assert window is not None
    assert window.sheets.itemText(0) == "This game: Free roller (d4 to d20)"
    assert "2d6+d20" in window.page.toPlainText() and "hold it" in window.page.toPlainText()


@pytest.mark.parametrize("four21", FOUR21_WORTHS)
def test_the_421_hand_list_is_the_rules_modules_order_and_worth(qapp, four21) -> None:
    rules = Four21Rules(pot=21, four21=four21)
    rows = hand_rows(rules)
    assert tuple(hand for hands, _worth in rows for hand in hands) == ALL_HANDS
    assert all(rules.worth(hand) == worth for hands, worth in rows for hand in hands)
    text = QTextDocumentFragment.fromHtml(four21_page(rules)).toPlainText()
    place = 0
    for hands, worth in rows:  # every row's first hand and worth, best to worst
        place = text.index(hand_text(hands[0]), place)
        place = text.index(f"{worth} token", place)
    assert rows[0] == (((4, 2, 1),), four21) and rows[-1] == (((2, 2, 1),), 1)
    assert "1-1-6, then 6-6-6" in text and "Straights: 6-5-4, 5-4-3, 4-3-2, 3-2-1" in text
    assert f"4-2-1 is worth {four21} tokens" in text


@pytest.mark.parametrize(
    ("page", "english", "french"),
    [
        (lambda: four21_page(Four21Rules(pot=11)), "La décharge", "Les mains, de la meilleure"),
        (lambda: pig_page(PigRules(target=50)), "A 1 loses the whole turn total", "50 points"),
        (free_roller_page, "Dice notation", "Notation des dés"),
    ],
)
def test_every_game_has_its_page_in_both_languages(qapp, page, english, french) -> None:
    assert english in page()
    switcher = LanguageSwitcher(qapp)
    switcher.apply("fr")
    try:
        assert french in page()
        assert english not in page() or english == "La décharge"
    finally:
        switcher.apply("en")
