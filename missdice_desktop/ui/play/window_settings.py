"""The window's own settings and help: language, colours, the rules, About, what the
settings file could not give, and what is kept when the window closes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from missdice_desktop.ui.dialogs.new_game import FREE_ROLLER
from missdice_desktop.ui.settings import SettingsProblems, save_settings
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:
    from missdice_desktop.ui.dialogs.rules_window import RulesWindow
    from missdice_desktop.ui.play.controller import GameController

translate = QCoreApplication.translate


class WindowSettings(QObject):
    """Language and colours (remembered), Help › Rules and About, and closing."""

    def __init__(
        self,
        controller: GameController,
        set_language: Callable[[str], None],
        set_theme: Callable[[str], None],
    ) -> None:
        super().__init__(controller)
        self.controller = controller
        self.window = controller.window
        self._set_language = set_language
        self._set_theme = set_theme
        self.rules_window: RulesWindow | None = None
        window, settings = self.window, controller.settings
        window.about_action.triggered.connect(self._about)
        window.rules_action.triggered.connect(self.show_rules)
        window.language_group.triggered.connect(lambda action: self.set_language(action.data()))
        window.theme_group.triggered.connect(lambda action: self.set_theme(action.data()))
        window.language_changed.connect(self._on_language_changed)
        window.closing.connect(self.on_close)
        window.language_actions.get(
            settings.language, window.language_actions["system"]
        ).setChecked(True)
        window.theme_actions.get(settings.theme, window.theme_actions["system"]).setChecked(True)

    def set_language(self, code: str) -> None:
        """Switch the language (system, en, fr) and remember it."""
        settings = self.controller.settings
        settings.language = code
        save_settings(self.controller.paths.settings_file, settings)
        self._set_language(code)

    def set_theme(self, code: str) -> None:
        """Switch the palette (system, light, dark) and remember it."""
        settings = self.controller.settings
        settings.theme = code
        save_settings(self.controller.paths.settings_file, settings)
        self._set_theme(code)
        self.window.sheet.viewport().update()

    def _on_language_changed(self) -> None:
        controller = self.controller
        controller.forget_note()  # written in the other language
        if controller.seats.relabel_default_names():
            controller.session.save()
        controller.model.retranslate()
        self.window.sheet.fit_font()
        controller.refresh_views(rolled=False)

    def show_rules(self) -> None:
        """Help › Rules: the rules of the game in play (or of the free roller, when shown) first."""
        from missdice_desktop.ui.dialogs.rules_window import RulesWindow  # opened when first asked

        if self.rules_window is None:
            self.rules_window = RulesWindow(self.window)
        controller = self.controller
        shown = FREE_ROLLER if controller.roller.shown else controller.game.rules
        self.rules_window.show_rules(shown)
        self.rules_window.show()
        self.rules_window.raise_()
        self.rules_window.activateWindow()

    def _about(self) -> None:
        import missdice_desktop
        from missdice_desktop.ui.dialogs.about import about_text

        self.controller.prompts.about(
            about_text(missdice_desktop.__version__, self.controller.paths)
        )

    def report_settings_problems(self, problems: SettingsProblems) -> None:
        """Say once, at start, what in the settings file could not be used."""
        if problems.file:
            text = translate("Controller", "The settings file was not used (%1): defaults apply.")
            self.controller.note(fill(text, problems.file))
        elif problems.reset:
            text = translate("Controller", "Settings back to their defaults (unusable values): %1")
            self.controller.note(
                fill(text, ", ".join(setting_label(name) for name in problems.reset))
            )

    def on_close(self) -> None:
        """Keep everything: the game (autosave) and the window's size; free the camera."""
        controller = self.controller
        if self.window.has_hidden_parts:
            self.window.camera_panel.shut_down()
        controller.session.save()
        controller.autosave.release()
        settings = controller.settings
        geometry = self.window.saveGeometry().toBase64().data()
        settings.window_geometry = bytes(geometry).decode("ascii")
        save_settings(controller.paths.settings_file, settings)


def setting_label(name: str) -> str:
    """What a setting is called in messages (its key in settings.json when it has no label)."""
    return setting_labels().get(name, name)


def setting_labels() -> dict[str, str]:
    """Each setting's name in messages, translated."""
    return {
        "players": translate("Settings", "player names"),
        "variant": translate("Settings", "scoresheet"),
        "options": translate("Settings", "scoresheet options"),
        "grid_file": translate("Settings", "house grid"),
        "dice_source": translate("Settings", "where the dice come from"),
        "language": translate("Settings", "language"),
        "theme": translate("Settings", "colours"),
        "confirm_zero": translate("Settings", "asking before a zero"),
        "window_geometry": translate("Settings", "window size"),
        "camera": translate("Settings", "camera"),
        "camera_on": translate("Settings", "camera on"),
        "camera_automatic": translate("Settings", "automatic camera dice"),
        "game": translate("Settings", "game"),
        "game_options": translate("Settings", "game options"),
        "roller_dice": translate("Settings", "free roller dice"),
        "reduce_motion": translate("Settings", "reduce motion"),
    }
