"""Sharing in the window: the Share dialog, a link given at start, and a QR code shown to the
camera panel."""

from pathlib import Path

import cv2
import numpy as np
from PySide6.QtGui import QGuiApplication, QImage, QKeySequence

from missdice_desktop.links import game_from_link, link_from_game
from missdice_desktop.records import game_from_record, record_from_game
from missdice_desktop.share_bench import code_image, realistic_game, webcam_frame
from missdice_desktop.ui.camera.panel import CameraPanel
from missdice_desktop.ui.dialogs.share import ShareDialog
from vision.qr import read_qr_texts
from vision.sources import ImageFolderSource


def image_array(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_Grayscale8)
    data = np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes())
    return data.reshape(image.height(), image.bytesPerLine())[:, : image.width()].copy()


def same_game(shown: object, shared: object) -> bool:
    """The same record, but for where the dice come from (the window sets it if missing)."""
    record = record_from_game(shown)
    assert record.pop("dice_source") == "virtual"
    return record == record_from_game(shared)


def half_played(players: int = 8, turns: int = 8 * 8) -> object:
    game = realistic_game("yahtzee", players=tuple(f"P{n}" for n in range(1, players + 1)))
    # Its first `turns` turns (undo cannot go back past a roll seen: the record is cut).
    record = record_from_game(game)
    record["turns"] = record["turns"][:turns]
    return game_from_record(record)


def test_share_opens_a_dialog_whose_code_and_link_hold_the_game(make_app, qtbot) -> None:
    game = realistic_game("yahtzee")
    parts, _ = make_app(game=game)
    parts.window.share_action.trigger()
    dialog = parts.controller.sharing.dialog
    assert isinstance(dialog, ShareDialog)
    qtbot.waitExposed(dialog)
    assert dialog.link == link_from_game(game)
    assert dialog.link_field.text() == dialog.link
    assert dialog.code is not None
    assert dialog.code.module_pixels() >= 4  # large on screen
    shown = image_array(dialog.code.grab().toImage())
    assert read_qr_texts(shown) == (dialog.link,)
    assert record_from_game(game_from_link(dialog.link)) == record_from_game(game)


def test_the_shortcuts_of_share_and_save_as(make_app) -> None:
    parts, _ = make_app()
    window = parts.window
    assert window.share_action.shortcut() == QKeySequence("Ctrl+Shift+S")
    assert window.save_as_action.shortcut() == QKeySequence("Ctrl+S")
    shortcuts = [a.shortcut() for a in window.findChildren(type(window.share_action))]
    taken = [s for s in shortcuts if not s.isEmpty()]
    assert len(taken) == len(set(s.toString() for s in taken))  # no key does two things


def test_copy_the_link_and_save_the_code(make_app, qtbot, tmp_path: Path) -> None:
    parts, prompts = make_app(game=realistic_game("yacht", players=("Anna", "Ben")))
    parts.controller.sharing.share()
    dialog = parts.controller.sharing.dialog
    assert dialog is not None
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == dialog.link
    assert "copied" in dialog.status.text()
    prompts.qr_save_answer = str(tmp_path / "partie")
    dialog.save_button.click()
    saved = tmp_path / "partie.png"
    assert read_qr_texts(cv2.imread(str(saved))) == (dialog.link,)
    assert str(saved) in dialog.status.text()
    prompts.qr_save_answer = str(tmp_path / "partie.svg")
    dialog.save_button.click()
    assert (tmp_path / "partie.svg").read_text().count("<svg") == 1
    prompts.qr_save_answer = str(tmp_path / "nowhere" / "code.png")
    dialog.save_button.click()
    assert "Not saved" in dialog.status.text()
    prompts.qr_save_answer = str(tmp_path / "code.gif")
    dialog.save_button.click()
    assert ".png or .svg" in dialog.status.text()


def test_the_dialog_speaks_french(make_app) -> None:
    parts, _ = make_app(language="fr", game=realistic_game("yacht", players=("Anna",)))
    parts.controller.sharing.share()
    dialog = parts.controller.sharing.dialog
    assert dialog is not None
    assert dialog.windowTitle() == "Partager cette partie"
    assert "lien" in dialog.copy_button.text()


def test_the_window_opens_on_a_link(make_app) -> None:
    game = realistic_game("yams-ecart", players=("Anna", "Ben"))
    parts, prompts = make_app(record=link_from_game(game))
    assert same_game(parts.controller.game, game)
    assert not prompts.errors


def test_a_bad_link_at_start_says_why_and_a_game_starts(make_app) -> None:
    parts, prompts = make_app(record="missdice:1UCPlVnNG4sH6NLu7T_JTtB")
    assert prompts.errors and "damaged link" in prompts.errors[0][1]
    assert prompts.new_game_asked == 1
    assert not parts.controller.game.state.scored_turns


def test_a_code_shown_to_the_camera_offers_its_game(make_app) -> None:
    current = realistic_game("yacht", players=("Anna",))
    parts, prompts = make_app(game=current)
    shared = half_played()
    link = link_from_game(shared)
    panel = parts.window.camera_panel
    prompts.continue_answer = False
    panel.show_codes((link,), now=1.0)
    assert prompts.continue_questions[0].startswith("8 players, turn 9 of 13 — Yahtzee")
    assert parts.controller.game is current
    panel.show_codes((link,), now=1.5)  # still in view: not asked again
    assert len(prompts.continue_questions) == 1
    panel.show_codes((), now=2.0)
    panel.show_codes((), now=9.0)  # taken away, then shown again: asked again
    prompts.continue_answer = True
    panel.show_codes((link,), now=10.0)
    assert len(prompts.continue_questions) == 2
    assert same_game(parts.controller.game, shared)
    assert not prompts.errors


def test_codes_that_are_not_games_are_named_in_the_panel(make_app) -> None:
    current = realistic_game("yacht", players=("Anna",))
    parts, prompts = make_app(game=current)
    panel = parts.window.camera_panel
    panel.show_codes(("WIFI:T:WPA;S:home;P:secret;;",), now=1.0)
    assert panel.code_note.text() == "This QR code is not a Miss Dice game."
    link = link_from_game(realistic_game("yacht", players=("Ben",)))
    panel.show_codes((link[:-4],), now=2.0)
    assert "damaged link" in panel.code_note.text()
    panel.show_codes(("missdice:9abc",), now=3.0)
    assert "newer Miss Dice" in panel.code_note.text()
    assert parts.controller.game is current
    assert not prompts.continue_questions and not prompts.errors
    panel.show_codes((), now=10.0)
    assert panel.code_note.isHidden()


def test_the_camera_reads_a_code_held_up_to_it(qtbot, tmp_path: Path) -> None:
    link = link_from_game(realistic_game("yahtzee"))
    frame = webcam_frame(code_image(link), 420, angle=5, blur=1.0, quality=70)
    cv2.imwrite(str(tmp_path / "code.png"), frame)
    panel = CameraPanel(
        str(tmp_path),
        open_source=lambda spec: ImageFolderSource(spec, seconds_each=10, fps=10),
    )
    qtbot.addWidget(panel)
    try:
        with qtbot.waitSignal(panel.code_seen, timeout=10_000) as seen:
            panel.start()
        assert seen.args == [link]
    finally:
        panel.shut_down()


def test_cochon_and_421_are_shared_and_offered_like_any_game(make_app) -> None:
    from missdice_desktop.share_bench import realistic_four21, realistic_pig

    current = realistic_game("yacht", players=("Anna",))
    parts, prompts = make_app(game=current)
    panel = parts.window.camera_panel
    for number, shared in enumerate(
        [realistic_pig(("Anna", "Ben"), actions=9), realistic_four21(("Anna", "Ben", "Chloé"))]
    ):
        link = link_from_game(shared)
        panel.show_codes((link,), now=10.0 * number)
        assert prompts.continue_questions[-1].startswith(("2 players, Anna", "3 players, game"))
        assert same_game(parts.controller.game, shared)
        parts.controller.sharing.share()
        assert parts.controller.sharing.dialog is not None
        assert parts.controller.sharing.dialog.link == link_from_game(parts.controller.game)
        panel.show_codes((), now=10.0 * number + 5)
    assert not prompts.errors


def test_a_link_handed_over_by_the_desktop_opens_its_game(qtbot, make_app) -> None:
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QFileOpenEvent
    from PySide6.QtWidgets import QApplication

    from missdice_desktop.ui.app import DesktopOpenFilter

    shared = half_played(players=3, turns=3 * 5)
    parts, prompts = make_app(game=realistic_game("yacht", players=("Anna",)))
    app = QApplication.instance()
    opener = DesktopOpenFilter(parts.controller)
    app.installEventFilter(opener)
    try:
        QApplication.sendEvent(app, QFileOpenEvent(QUrl(link_from_game(shared))))
        qtbot.waitUntil(lambda: len(parts.controller.game.players) == 3)
    finally:
        app.removeEventFilter(opener)
    assert same_game(parts.controller.game, shared)
    assert not prompts.errors


def test_a_link_too_long_for_a_qr_code_is_still_offered_whole(qtbot) -> None:
    link = "missdice:1" + "A" * 4000  # no QR code holds this much (a house grid of 40 boxes…)
    dialog = ShareDialog(link, lambda: None)
    qtbot.addWidget(dialog)
    assert dialog.code is None
    assert "too large for a QR code" in dialog.intro.text()
    assert not dialog.save_button.isEnabled()
    assert dialog.link_field.text() == link
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == link


def test_the_game_on_screen_stays_among_the_kept_games_when_a_shared_one_opens(make_app) -> None:
    from missdice_desktop.rules import Game, get_variant

    current = Game(get_variant("yacht").configure(), ["Anna"])  # unfinished: a game to keep
    current.enter_dice("12345")
    current.score("small_straight")
    parts, prompts = make_app(game=current)
    parts.controller.replace_game(current)  # as when it was started in the window
    assert not prompts.errors
    shared = half_played(players=3, turns=3 * 5)
    parts.window.camera_panel.show_codes((link_from_game(shared),), now=1.0)
    assert same_game(parts.controller.game, shared)
    kept, broken = parts.controller.autosave.kept_games()
    assert not broken
    records = [record_from_game(entry.game) for entry in kept]
    assert record_from_game(current) in records
    assert len(kept) == 2
