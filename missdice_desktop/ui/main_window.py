"""The main window's layout: menus, the dice tray, the scoresheet and the status line.

The actions and menus are built and named in `window_menus`.

It holds widgets and texts only; `controller.GameController` decides what they do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.ui.dice_tray import DiceTray
from missdice_desktop.ui.games.sheet_view import SheetView
from missdice_desktop.ui.texts import fill
from missdice_desktop.ui.window_menus import WindowMenus

if TYPE_CHECKING:  # the other games' boards, the free roller and the docks load later
    from missdice_desktop.ui.camera.panel import CameraPanel
    from missdice_desktop.ui.coach.panel import CoachPanel
    from missdice_desktop.ui.games.four21_board import Four21Board
    from missdice_desktop.ui.games.free_roller import FreeRollerView
    from missdice_desktop.ui.games.pig_board import PigBoard

translate = QCoreApplication.translate
APP_TITLE = "Miss Dice"
MIN_WIDTH = 1024
MIN_HEIGHT = 700


class SpaceForFocusedButton(QObject):
    """Lets a focused button take Space (press it) before the window's Roll shortcut does."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Claim Space while the watched button has focus."""
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Space
            and not event.modifiers()
        ):
            event.accept()
        return False


class ElidedLabel(QLabel):
    """A one-line label that shortens its text in the middle when it has too little room
    (the start and the end of "Marie-Christine to play — turn 3 of 13" both matter); the
    tooltip then gives it whole."""

    def setText(self, text: str) -> None:
        """Show a new text (shortened to fit, with the whole of it in the tooltip)."""
        if text == self.text():
            return
        super().setText(text)
        self._update_tooltip()

    def minimumSizeHint(self) -> QSize:
        """Any width: the text is shortened instead."""
        hint = super().minimumSizeHint()
        return QSize(self.fontMetrics().horizontalAdvance("…") * 4, hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A new width may shorten the text, or give it room again."""
        super().resizeEvent(event)
        self._update_tooltip()

    def changeEvent(self, event: QEvent) -> None:
        """A new font (the window grew or shrank) may shorten the text too."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._update_tooltip()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The text, shortened to the label's width."""
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(self.contentsRect(), int(self.alignment()), self._shown())
        painter.end()

    def _shown(self) -> str:
        width = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideMiddle, width)

    def _update_tooltip(self) -> None:
        tooltip = self.text() if self._shown() != self.text() else ""
        if tooltip != self.toolTip():
            self.setToolTip(tooltip)


class CameraDock(QDockWidget):
    """The camera's dock; `closed` tells its close button from a move or a float."""

    closed = Signal()

    def closeEvent(self, event: QCloseEvent) -> None:
        """The player closed the dock."""
        self.closed.emit()
        super().closeEvent(event)


class MainWindow(WindowMenus):
    """Miss Dice's window: the tray on top, the sheet below, everything reachable by keys."""

    closing = Signal()
    language_changed = Signal()
    hidden_parts_built = Signal()
    """The free roller's page and the camera's and the coach's docks were made (see
    `build_hidden_parts`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.setWindowTitle(APP_TITLE)
        self.setMinimumSize(800, 560)
        self.resize(MIN_WIDTH + 176, MIN_HEIGHT + 100)
        self._history_shown: tuple[str, str] | None = None
        """What Undo and Redo were last said to do (None: to be said anew)."""

        self.turn_label = ElidedLabel(self)
        self.turn_label.setObjectName("turnLabel")
        self.turn_label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.game_label = QLabel(self)
        self.game_label.setObjectName("gameLabel")
        self.game_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.tray = DiceTray(self)
        self.sheet = SheetView(self)
        self.sheet.setObjectName("sheet")
        self.boards = QStackedWidget(self)
        """The game's own view under the dice: the scoresheet, Cochon's board…"""
        self.boards.addWidget(self.sheet)
        self._pig_board: PigBoard | None = None
        self._four21_board: Four21Board | None = None
        self.status_label = QLabel(self)
        self.status_label.setObjectName("statusLine")
        self.status_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.statusBar().addWidget(self.status_label, 1)

        self._build_actions()
        self.sheet_focus_action.triggered.connect(self.sheet.setFocus)
        self.undo_button = QToolButton(self)
        self.undo_button.setDefaultAction(self.undo_action)
        self.undo_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.redo_button = QToolButton(self)
        self.redo_button.setDefaultAction(self.redo_action)
        self.redo_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self._space_for_buttons = SpaceForFocusedButton(self)
        for button in (self.undo_button, self.redo_button):
            button.installEventFilter(self._space_for_buttons)
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

        history = QVBoxLayout()
        history.addStretch(1)
        history.addWidget(self.undo_button)
        history.addWidget(self.redo_button)
        history.addStretch(1)
        top = QHBoxLayout()
        top.addWidget(self.tray)
        top.addSpacing(12)
        top.addLayout(history)
        top.addStretch(1)
        title_row = QHBoxLayout()
        title_row.addWidget(self.turn_label, 1)
        title_row.addWidget(self.game_label)
        play_page = QWidget(self)
        play = QVBoxLayout(play_page)
        play.setContentsMargins(0, 0, 0, 0)
        play.addLayout(top)
        play.addWidget(self.boards, 1)
        self.pages = QStackedWidget(self)
        """The game being played, or the free roller."""
        self.pages.addWidget(play_page)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(10, 6, 10, 4)
        layout.addLayout(title_row)
        layout.addWidget(self.pages, 1)
        self.setCentralWidget(central)

        self._roller: FreeRollerView | None = None
        self._camera_panel: CameraPanel | None = None
        self._camera_dock: CameraDock | None = None
        self._coach_panel: CoachPanel | None = None
        self._coach_dock: CameraDock | None = None
        self.coach_action.toggled.connect(self._show_coach)

        self.tray.dice_replaced.connect(self._order_tabs)
        self._order_tabs()
        self.retranslate_ui()

    @property
    def pig_board(self) -> PigBoard:
        """Cochon's board, made when first shown (in the stack of boards, hidden till then)."""
        if self._pig_board is None:
            from missdice_desktop.ui.games.pig_board import PigBoard

            self._pig_board = PigBoard(self)
            self.boards.addWidget(self._pig_board)
        return self._pig_board

    @property
    def four21_board(self) -> Four21Board:
        """The 421's board, made when first shown (in the stack of boards, hidden till then)."""
        if self._four21_board is None:
            from missdice_desktop.ui.games.four21_board import Four21Board

            self._four21_board = Four21Board(self)
            self.boards.addWidget(self._four21_board)
        return self._four21_board

    @property
    def has_hidden_parts(self) -> bool:
        """Whether the free roller's page and the docks were made yet."""
        return self._roller is not None

    def build_hidden_parts(self) -> None:
        """Make the parts the first screen does not show, hidden, once: the free roller's
        page, the camera's dock and the coach's dock. The app makes them right after the
        window's first paint; whatever first asks for one of them makes them sooner.

        They are made together, in this order, so that the window lays out and moves the
        focus the same whoever made them."""
        if self._roller is not None:
            return
        from missdice_desktop.ui.camera.panel import CameraPanel
        from missdice_desktop.ui.coach.panel import CoachPanel
        from missdice_desktop.ui.games.free_roller import FreeRollerView

        roller = FreeRollerView(self)
        self.pages.addWidget(roller)
        self._roller = roller
        roller.retranslate()

        camera_panel = CameraPanel()
        camera_panel.setObjectName("cameraPanel")
        camera_dock = CameraDock(self)
        camera_dock.setObjectName("cameraDock")
        camera_dock.setWidget(camera_panel)
        camera_dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, camera_dock)
        camera_dock.hide()
        self._camera_panel, self._camera_dock = camera_panel, camera_dock

        coach_panel = CoachPanel()
        coach_panel.setObjectName("coachPanel")
        coach_dock = CameraDock(self)
        coach_dock.setObjectName("coachDock")
        coach_dock.setWidget(coach_panel)
        coach_dock.setFeatures(camera_dock.features())
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, coach_dock)
        coach_dock.hide()
        coach_dock.closed.connect(lambda: self.coach_action.setChecked(False))
        self._coach_panel, self._coach_dock = coach_panel, coach_dock
        self._name_docks()
        self.hidden_parts_built.emit()

    @property
    def roller(self) -> FreeRollerView:
        """The free roller's page (made when first asked for)."""
        self.build_hidden_parts()
        assert self._roller is not None
        return self._roller

    @property
    def roller_shown(self) -> bool:
        """Whether the free roller's page replaces the game's view."""
        return self._roller is not None and self.pages.currentWidget() is self._roller

    @property
    def camera_panel(self) -> CameraPanel:
        """The camera's panel (in its dock, made when first asked for)."""
        self.build_hidden_parts()
        assert self._camera_panel is not None
        return self._camera_panel

    @property
    def camera_dock(self) -> CameraDock:
        """The camera's dock, hidden until the camera is on."""
        self.build_hidden_parts()
        assert self._camera_dock is not None
        return self._camera_dock

    @property
    def coach_panel(self) -> CoachPanel:
        """The coach's panel (in its dock, made when first asked for)."""
        self.build_hidden_parts()
        assert self._coach_panel is not None
        return self._coach_panel

    @property
    def coach_dock(self) -> CameraDock:
        """The coach's dock, shown with View › The coach."""
        self.build_hidden_parts()
        assert self._coach_dock is not None
        return self._coach_dock

    def _show_coach(self, shown: bool) -> None:
        if shown or self.has_hidden_parts:
            self.coach_dock.setVisible(shown)

    def _name_docks(self) -> None:
        if self._camera_dock is not None and self._camera_panel is not None:
            self._camera_dock.setWindowTitle(translate("MainWindow", "Camera"))
            self._camera_panel.retranslate_ui()
        if self._coach_dock is not None and self._coach_panel is not None:
            self._coach_dock.setWindowTitle(translate("MainWindow", "Coach"))
            self._coach_panel.retranslate_ui()

    def _order_tabs(self) -> None:
        """Dice, Roll, the dice entry, Undo, Redo, then the sheet."""
        for first, second in zip(self.tray.dice, self.tray.dice[1:], strict=False):
            self.setTabOrder(first, second)
        self.setTabOrder(self.tray.dice[-1], self.tray.roll_button)
        self.setTabOrder(self.tray.roll_button, self.tray.entry)
        self.setTabOrder(self.tray.entry, self.undo_button)
        self.setTabOrder(self.undo_button, self.redo_button)
        self.setTabOrder(self.redo_button, self.sheet)

    def retranslate_ui(self) -> None:
        """Set every text in the current language."""
        self._history_shown = None
        self._name_actions()
        self._name_docks()
        for board in (self._pig_board, self._four21_board):
            if board is not None:
                board.retranslate()
        if self._roller is not None:
            self._roller.retranslate()
        self.undo_button.setAccessibleName(translate("MainWindow", "Undo"))
        self.redo_button.setAccessibleName(translate("MainWindow", "Redo"))
        self.sheet.setAccessibleName(translate("MainWindow", "Scoresheet"))
        self.sheet.setAccessibleDescription(
            translate(
                "MainWindow",
                "One column per player. Arrow keys move, Enter scores the current player's box.",
            )
        )
        self.tray.retranslate()

    def show_history(self, undo: str, redo: str) -> None:
        """Name what Undo and Redo would do, in the Edit menu and their tooltips."""
        if (undo, redo) == self._history_shown:
            return
        self._history_shown = (undo, redo)
        if undo:
            self.undo_action.setText(fill(translate("MainWindow", "&Undo: %1"), undo))
            self.undo_action.setToolTip(fill(translate("MainWindow", "Undo: %1 (Ctrl+Z)"), undo))
        else:
            self.undo_action.setText(translate("MainWindow", "&Undo"))
            self.undo_action.setToolTip(translate("MainWindow", "Undo the last action (Ctrl+Z)"))
        if redo:
            self.redo_action.setText(fill(translate("MainWindow", "&Redo: %1"), redo))
            self.redo_action.setToolTip(
                fill(translate("MainWindow", "Redo: %1 (Ctrl+Shift+Z)"), redo)
            )
        else:
            self.redo_action.setText(translate("MainWindow", "&Redo"))
            self.redo_action.setToolTip(translate("MainWindow", "Redo (Ctrl+Shift+Z)"))
        for button, short in (
            (self.undo_button, translate("MainWindow", "&Undo")),
            (self.redo_button, translate("MainWindow", "&Redo")),
        ):
            button.setText(short)

    def changeEvent(self, event: QEvent) -> None:
        """Follow a language switch."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
            self.language_changed.emit()
        super().changeEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Give the dice a share of the height: big on a big screen, compact at 1024×700."""
        super().resizeEvent(event)
        self.tray.setFixedHeight(int(max(76, min(320, self.height() * 0.16))))
        scale = max(1.0, min(2.6, self.height() / 800))
        self._set_pixel_size(self.turn_label, 19 * scale, bold=True)
        self._set_pixel_size(self.game_label, 14 * scale)
        self._set_pixel_size(self.status_label, 13 * scale)
        for button in (self.undo_button, self.redo_button):
            self._set_pixel_size(button, 13 * scale)
            button.setMinimumWidth(int(92 * scale))
            button.setMinimumHeight(int(28 * scale))

    @staticmethod
    def _set_pixel_size(widget: QWidget, pixels: float, *, bold: bool = False) -> None:
        font = widget.font()
        if font.pixelSize() != int(pixels) or font.bold() != bold:
            font.setPixelSize(int(pixels))
            font.setBold(bold)
            widget.setFont(font)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """A box's letter scores it wherever the focus is (a text field keeps its letters)."""
        if self.sheet.isVisible() and self.sheet.score_by_key(event):
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Let the controller save before the window goes."""
        self.closing.emit()
        super().closeEvent(event)
