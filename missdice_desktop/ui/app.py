"""Starting the window: the QApplication, its language, its palette and its safety net."""

from __future__ import annotations

import linecache
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import (
    QByteArray,
    QCoreApplication,
    QEvent,
    QLibraryInfo,
    QLocale,
    QObject,
    Qt,
    QTimer,
    QTranslator,
)
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from missdice_desktop.resources import translations_dir
from missdice_desktop.rules import Game, get_variant
from missdice_desktop.session_meta import SessionMeta
from missdice_desktop.ui.coach.computers import ComputerController
from missdice_desktop.ui.coach.controller import CoachController
from missdice_desktop.ui.dialogs.about import app_icon
from missdice_desktop.ui.dialogs.new_game import default_player_name
from missdice_desktop.ui.dialogs.prompts import Prompts
from missdice_desktop.ui.main_window import MainWindow
from missdice_desktop.ui.play.controller import GameController
from missdice_desktop.ui.settings import AppPaths, Settings, read_settings
from missdice_desktop.ui.texts import fill

TRANSLATIONS_DIR = translations_dir()
LANGUAGES = ("en", "fr")
translate = QCoreApplication.translate


_INSTALLED_TRANSLATORS: list[QTranslator] = []
"""The translators in use: one application, one language, whoever installed them."""


class LanguageSwitcher:
    """Installs the app's and Qt's own translations for a language, replacing the previous."""

    def __init__(self, app: QCoreApplication, translations_dir: Path = TRANSLATIONS_DIR) -> None:
        self.app = app
        self.translations_dir = translations_dir
        self.language = "en"
        self._installed = _INSTALLED_TRANSLATORS

    @staticmethod
    def resolve(code: str) -> str:
        """'system' → the system's language when we have it, else English."""
        if code == "system":
            system = QLocale.system().name().split("_")[0]
            return system if system in LANGUAGES else "en"
        return code if code in LANGUAGES else "en"

    def apply(self, code: str) -> None:
        """Switch to `code` (system, en, fr); every window retranslates before this returns."""
        language = self.resolve(code)
        changed = bool(self._installed)
        for translator in self._installed:
            self.app.removeTranslator(translator)
        self._installed.clear()
        self.language = language
        if language != "en":
            app_translator = QTranslator(self.app)
            if app_translator.load(f"missdice_{language}", str(self.translations_dir)):
                self._installed.append(app_translator)
            qt_translator = QTranslator(self.app)
            qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
            if qt_translator.load(f"qtbase_{language}", qt_dir):
                self._installed.append(qt_translator)
            for translator in self._installed:
                self.app.installTranslator(translator)
        QLocale.setDefault(QLocale(language))
        if changed or self._installed:
            # Qt posts the LanguageChange; deliver it now so that the switch is immediate.
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
        else:
            for widget in QApplication.topLevelWidgets():
                QCoreApplication.sendEvent(widget, QEvent(QEvent.Type.LanguageChange))


DARK_DISABLED_TEXT = "#a2a3a4"
LIGHT_DISABLED_TEXT = "#696969"
"""Greyed text that still reads at AA contrast (4.5:1) on every background of its theme:
a box that is closed, or the coach's check box where it cannot be used, must be legible."""


def dark_palette() -> QPalette:
    """A calm dark palette for the Fusion style."""
    palette = QPalette()
    colours = {
        QPalette.ColorRole.Window: "#26282b",
        QPalette.ColorRole.WindowText: "#e8e8e8",
        QPalette.ColorRole.Base: "#1d1f21",
        QPalette.ColorRole.AlternateBase: "#2c2f33",
        QPalette.ColorRole.ToolTipBase: "#31363b",
        QPalette.ColorRole.ToolTipText: "#f0f0f0",
        QPalette.ColorRole.PlaceholderText: "#8a8a8a",
        QPalette.ColorRole.Text: "#e8e8e8",
        QPalette.ColorRole.Button: "#33363a",
        QPalette.ColorRole.ButtonText: "#e8e8e8",
        QPalette.ColorRole.BrightText: "#ff6b6b",
        QPalette.ColorRole.Link: "#7cb7ff",
        QPalette.ColorRole.Highlight: "#2b70b8",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.Light: "#4a4d52",
        QPalette.ColorRole.Midlight: "#3a3d41",
        QPalette.ColorRole.Mid: "#2a2c2f",
        QPalette.ColorRole.Dark: "#141516",
        QPalette.ColorRole.Shadow: "#000000",
    }
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    return _greyed(palette, DARK_DISABLED_TEXT)


def light_palette() -> QPalette:
    """Fusion's light palette, with a link and a highlight that read well against white
    and text greyed for disabled controls that still reads."""
    style = QApplication.style()
    if style is None or style.name() != "fusion":
        from PySide6.QtWidgets import QStyleFactory

        style = QStyleFactory.create("Fusion")
    palette = style.standardPalette()
    palette.setColor(QPalette.ColorRole.Link, QColor("#0b5cad"))
    palette.setColor(QPalette.ColorRole.Highlight, QColor("#2a7ab0"))
    return _greyed(palette, LIGHT_DISABLED_TEXT)


def _greyed(palette: QPalette, colour: str) -> QPalette:
    """`palette` with its disabled texts in `colour`."""
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(colour))
    return palette


class ThemeSwitcher:
    """Light or dark palette, following the system unless the user chose one."""

    def __init__(self, app: QApplication) -> None:
        self.app = app
        self.choice = "system"
        self.dark = False
        app.setStyle("Fusion")
        hints = QGuiApplication.styleHints()
        hints.colorSchemeChanged.connect(lambda _scheme: self.apply(self.choice))

    def apply(self, choice: str) -> None:
        """Apply 'system', 'light' or 'dark'."""
        self.choice = choice
        if choice == "system":
            scheme = QGuiApplication.styleHints().colorScheme()
            self.dark = scheme == Qt.ColorScheme.Dark
        else:
            self.dark = choice == "dark"
        self.app.setPalette(dark_palette() if self.dark else light_palette())


@dataclass
class AppParts:
    """The running app's pieces, for `run`, the tests and the benchmark."""

    window: MainWindow
    controller: GameController
    coach: CoachController
    computers: ComputerController
    language: LanguageSwitcher
    theme: ThemeSwitcher


def build_app(
    app: QApplication,
    paths: AppPaths,
    *,
    prompts_factory: Callable[[MainWindow], Prompts] = Prompts,
    game: Game | None = None,
) -> AppParts:
    """Create the window and its controller on a first game (before `controller.start`)."""
    app.setApplicationName("Miss Dice")
    app.setApplicationDisplayName("Miss Dice")
    app.setOrganizationName("Miss Dice")
    app.setDesktopFileName("missdice-desktop")  # the .desktop entry the installers write
    app.setWindowIcon(app_icon())
    settings, settings_problems = read_settings(paths.settings_file)
    language = LanguageSwitcher(app)
    language.apply(settings.language)
    theme = ThemeSwitcher(app)
    theme.apply(settings.theme)
    window = MainWindow()
    if settings.window_geometry:
        window.restoreGeometry(QByteArray.fromBase64(settings.window_geometry.encode("ascii")))
    if game is None:
        game = starting_game(settings)
    controller = GameController(
        window,
        game,
        settings,
        paths,
        prompts_factory(window),
        set_language=language.apply,
        set_theme=theme.apply,
    )
    controller.window_settings.report_settings_problems(settings_problems)
    coach = CoachController(controller)
    window.closing.connect(coach.shut_down)
    computers = ComputerController(controller, coach)
    return AppParts(window, controller, coach, computers, language, theme)


def starting_game(settings: Settings) -> Game:
    """The game shown behind the first dialog: the last players on the last sheet."""
    try:
        rules = get_variant(settings.variant).configure(settings.options)
    except ValueError:
        rules = get_variant("yahtzee").configure()
    players = [
        name or default_player_name(number)
        for number, name in enumerate(settings.players or ["", ""], start=1)
    ]
    game = Game(rules, players, extra=SessionMeta(dice_source=settings.dice_source).keys())
    return game


def install_excepthook(parts: AppParts) -> None:
    """Show an unexpected error instead of dying silently; the game stays (autosaved)."""
    showing = False

    def hook(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
        nonlocal showing
        traceback.print_exception(kind, error, trace, file=sys.stderr)
        if showing or issubclass(kind, KeyboardInterrupt):
            return
        showing = True
        try:
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.critical(
                parts.window,
                translate("App", "Something went wrong"),
                fill(
                    translate(
                        "App",
                        "Miss Dice hit an unexpected problem:\n%1\n\nYour game is kept; "
                        "you can go on playing or undo the last action.",
                    ),
                    f"{kind.__name__}: {error}",
                ),
            )
        finally:
            showing = False

    sys.excepthook = hook


class DesktopOpenFilter(QObject):
    """Files and links opened from the desktop while the app runs: macOS hands them over as
    QFileOpenEvent, not as arguments (Linux and Windows start the program with them)."""

    def __init__(self, controller: GameController) -> None:
        super().__init__()
        self.controller = controller

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Open the game the event names, as Game › Open… would."""
        if event.type() != QEvent.Type.FileOpen:
            return False
        from PySide6.QtGui import QFileOpenEvent

        if isinstance(event, QFileOpenEvent):
            target = event.file() or event.url().toString()
            QTimer.singleShot(0, lambda: self.controller.files.open_requested(target))
            return True
        return False


class AfterFirstPaint(QObject):
    """Runs `work` once, when the event loop is idle after `widget` first painted: what the
    first screen does not show is made then, without keeping the window from appearing."""

    def __init__(self, widget: QWidget, work: Callable[[], None]) -> None:
        super().__init__(widget)
        self._work = work
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._work)
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """At the first paint, wait for the event loop to be idle."""
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            # A timer (not a queued call) fires once the events waiting are done: the rest
            # of the paint, and whatever came in meanwhile.
            self._timer.start(0)
        return False


def after_first_paint(parts: AppParts) -> None:
    """What the first screen does not need, made once the window has painted: the hidden
    pages and docks, and the autosave's writer (so the first move never waits for it)."""
    parts.window.build_hidden_parts()
    parts.controller.session.autosave.start_writer()


def run(
    record_path: str | None = None, *, camera: str | None = None, paths: AppPaths | None = None
) -> int:
    """Open the Miss Dice window (with `record_path` loaded if given); returns the exit code.

    `camera` ("demo", a camera index, a video file or a folder of photos) starts reading the
    table with it, with dice from the table.
    """
    # The Qt bindings read the source of every module imported after them, once, to see
    # whether it uses them; those lines stay in linecache (5 MB) unless let go.
    linecache.clearcache()
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    parts = build_app(app, paths or AppPaths.default())
    install_excepthook(parts)
    opener = DesktopOpenFilter(parts.controller)
    if sys.platform == "darwin":  # only macOS hands files over as events: elsewhere no
        app.installEventFilter(opener)  # filter looks at every event of every widget
    parts.window.show()
    QTimer.singleShot(0, lambda: parts.controller.start(record_path, camera=camera))
    AfterFirstPaint(parts.window, lambda: after_first_paint(parts))  # the window keeps it
    return app.exec()
