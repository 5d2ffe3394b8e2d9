"""The main window's actions, with their shortcuts, and its menus, named in the current language.

`MainWindow` builds on this: the actions stay its attributes (`window.undo_action`…), for the
controllers to connect.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow

from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate
AZERTY_DIGITS = "&é\"'(-"
"""The unshifted top-row keys of a French keyboard, read as the digits 1–6 above them."""


class WindowMenus(QMainWindow):
    """The window's actions and menu bar; `MainWindow` adds the widgets."""

    def _build_actions(self) -> None:
        """Every action with its shortcut, and the menu bar."""
        self.new_game_action = QAction(self)
        self.new_game_action.setShortcut(QKeySequence.StandardKey.New)
        self.open_action = QAction(self)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.save_as_action = QAction(self)
        # Ctrl+S: the game saves itself, so "Save" is "Save as"; Ctrl+Shift+S shares.
        self.save_as_action.setShortcut(QKeySequence("Ctrl+S"))
        self.share_action = QAction(self)
        self.share_action.setObjectName("share")
        self.share_action.setShortcut(QKeySequence("Ctrl+Shift+S"))
        self.games_action = QAction(self)
        self.games_action.setObjectName("games")
        self.games_action.setShortcut(QKeySequence("Ctrl+Shift+G"))
        self.table_dice_action = QAction(self, checkable=True)
        self.table_dice_action.setObjectName("tableDice")
        self.camera_action = QAction(self, checkable=True)
        self.camera_action.setObjectName("camera")
        self.camera_action.setShortcut(QKeySequence("Ctrl+Shift+C"))
        self.use_camera_dice_action = QAction(self)
        self.use_camera_dice_action.setObjectName("useCameraDice")
        self.use_camera_dice_action.setShortcut(QKeySequence("Ctrl+Return"))
        self.use_camera_dice_action.setEnabled(False)
        self.quit_action = QAction(self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.undo_action = QAction(self)
        self.undo_action.setObjectName("undo")
        self.undo_action.setShortcuts([QKeySequence("Ctrl+Z")])
        self.redo_action = QAction(self)
        self.redo_action.setObjectName("redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.roll_action = QAction(self)
        self.roll_action.setShortcut(QKeySequence("Space"))
        self.roll_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.addAction(self.roll_action)
        self.bank_action = QAction(self)
        self.bank_action.setObjectName("bank")
        self.bank_action.setShortcut(QKeySequence("H"))
        self.addAction(self.bank_action)
        self.stop_action = QAction(self)
        self.stop_action.setObjectName("stopTurn")
        self.stop_action.setShortcut(QKeySequence("S"))
        self.addAction(self.stop_action)
        self.digit_actions: list[QAction] = []
        """Keys 1–6: hold die 1–5 (virtual dice), or type a face (dice from the table)."""
        for digit, french_key in enumerate(AZERTY_DIGITS, start=1):
            action = QAction(self)
            action.setShortcuts([QKeySequence(str(digit)), QKeySequence(french_key)])
            action.setData(digit)
            self.addAction(action)
            self.digit_actions.append(action)
        self.sheet_focus_action = QAction(self)
        self.sheet_focus_action.setShortcut(QKeySequence("Ctrl+G"))
        self.addAction(self.sheet_focus_action)

        self.language_group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for code in ("system", "en", "fr"):
            action = QAction(self, checkable=True)
            action.setData(code)
            self.language_group.addAction(action)
            self.language_actions[code] = action
        self.theme_group = QActionGroup(self)
        self.theme_actions: dict[str, QAction] = {}
        for code in ("system", "light", "dark"):
            action = QAction(self, checkable=True)
            action.setData(code)
            self.theme_group.addAction(action)
            self.theme_actions[code] = action
        self.about_action = QAction(self)
        self.rules_action = QAction(self)
        self.rules_action.setObjectName("rules")
        self.rules_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.fast_computer_action = QAction(self, checkable=True)
        self.fast_computer_action.setObjectName("fastComputer")
        self.fast_computer_action.setShortcut(QKeySequence("Ctrl+J"))
        self.play_computer_action = QAction(self)
        self.play_computer_action.setObjectName("playComputer")
        self.play_computer_action.setShortcut(QKeySequence("Ctrl+Shift+J"))
        self.play_computer_action.setEnabled(False)
        self.coach_action = QAction(self, checkable=True)
        self.coach_action.setObjectName("coach")
        self.coach_action.setShortcut(QKeySequence("Ctrl+K"))
        self.print_action = QAction(self)
        self.print_action.setObjectName("print")
        self.print_action.setShortcut(QKeySequence.StandardKey.Print)
        self.pdf_action = QAction(self)
        self.pdf_action.setObjectName("exportPdf")
        self.scoreboard_action = QAction(self, checkable=True)
        self.scoreboard_action.setObjectName("scoreboard")
        self.scoreboard_action.setShortcut(QKeySequence("F11"))
        self.reduce_motion_action = QAction(self, checkable=True)
        self.reduce_motion_action.setObjectName("reduceMotion")
        self.fix_box_action = QAction(self)
        self.fix_box_action.setObjectName("fixBox")

        menu_bar = self.menuBar()
        self.game_menu = menu_bar.addMenu("")
        self.game_menu.addActions(
            [self.new_game_action, self.open_action, self.save_as_action, self.share_action]
        )
        self.game_menu.addAction(self.games_action)
        self.game_menu.addActions([self.print_action, self.pdf_action])
        self.game_menu.addSeparator()
        self.game_menu.addAction(self.table_dice_action)
        self.game_menu.addAction(self.camera_action)
        self.game_menu.addAction(self.use_camera_dice_action)
        self.game_menu.addSeparator()
        self.game_menu.addAction(self.fast_computer_action)
        self.game_menu.addAction(self.play_computer_action)
        self.game_menu.addSeparator()
        self.game_menu.addAction(self.quit_action)
        self.edit_menu = menu_bar.addMenu("")
        self.edit_menu.addActions([self.undo_action, self.redo_action])
        self.edit_menu.addSeparator()
        self.edit_menu.addAction(self.fix_box_action)
        self.view_menu = menu_bar.addMenu("")
        self.language_menu = self.view_menu.addMenu("")
        self.language_menu.addActions(list(self.language_actions.values()))
        self.theme_menu = self.view_menu.addMenu("")
        self.theme_menu.addActions(list(self.theme_actions.values()))
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.coach_action)
        self.view_menu.addAction(self.scoreboard_action)
        self.view_menu.addAction(self.reduce_motion_action)
        self.help_menu = menu_bar.addMenu("")
        self.help_menu.addAction(self.rules_action)
        self.help_menu.addSeparator()
        self.help_menu.addAction(self.about_action)

    def _name_actions(self) -> None:
        """Name every action and menu in the current language."""
        self.game_menu.setTitle(translate("MainWindow", "&Game"))
        self.new_game_action.setText(translate("MainWindow", "&New game…"))
        self.open_action.setText(translate("MainWindow", "&Open…"))
        self.save_as_action.setText(translate("MainWindow", "Save &as…"))
        self.share_action.setText(translate("MainWindow", "S&hare this game…"))
        self.share_action.setToolTip(
            translate(
                "MainWindow",
                "A QR code and a link that carry the whole game to another computer (Ctrl+Shift+S)",
            )
        )
        self.games_action.setText(translate("MainWindow", "&Games and high scores…"))
        self.games_action.setToolTip(
            translate("MainWindow", "Every game kept, finished or not, and the high scores")
        )
        self.table_dice_action.setText(translate("MainWindow", "Dice from the &table"))
        self.table_dice_action.setToolTip(
            translate("MainWindow", "Type or click the faces of real dice instead of rolling here")
        )
        self.camera_action.setText(translate("MainWindow", "Read the dice with a &camera"))
        self.camera_action.setToolTip(
            translate("MainWindow", "A webcam looking at the table reads the dice (Ctrl+Shift+C)")
        )
        self.use_camera_dice_action.setText(translate("MainWindow", "&Use the dice read"))
        self.quit_action.setText(translate("MainWindow", "&Quit"))
        self.edit_menu.setTitle(translate("MainWindow", "&Edit"))
        self.undo_action.setText(translate("MainWindow", "&Undo"))
        self.undo_action.setToolTip(translate("MainWindow", "Undo the last action (Ctrl+Z)"))
        self.redo_action.setText(translate("MainWindow", "&Redo"))
        self.redo_action.setToolTip(translate("MainWindow", "Redo (Ctrl+Shift+Z)"))
        self.view_menu.setTitle(translate("MainWindow", "&View"))
        self.language_menu.setTitle(translate("MainWindow", "&Language"))
        self.language_actions["system"].setText(translate("MainWindow", "As the &system"))
        self.language_actions["en"].setText("&English")
        self.language_actions["fr"].setText("&Français")
        self.theme_menu.setTitle(translate("MainWindow", "&Colours"))
        self.theme_actions["system"].setText(translate("MainWindow", "As the &system"))
        self.theme_actions["light"].setText(translate("MainWindow", "&Light"))
        self.theme_actions["dark"].setText(translate("MainWindow", "&Dark"))
        self.fast_computer_action.setText(translate("MainWindow", "&Fast computer players"))
        self.fast_computer_action.setToolTip(
            translate("MainWindow", "Computer players act quickly instead of at a watchable pace")
        )
        self.play_computer_action.setText(translate("MainWindow", "&Let the computer play"))
        self.play_computer_action.setToolTip(
            translate("MainWindow", "Play the computer player's whole turn now (Ctrl+Shift+J)")
        )
        self.coach_action.setText(translate("MainWindow", "The &coach"))
        self.coach_action.setToolTip(
            translate("MainWindow", "Show the coach's best choices for the turn (Ctrl+K)")
        )
        self.print_action.setText(translate("MainWindow", "&Print…"))
        self.pdf_action.setText(translate("MainWindow", "Export as &PDF…"))
        self.pdf_action.setToolTip(
            translate("MainWindow", "The scoresheet as a paper sheet would show it, as a PDF file")
        )
        self.scoreboard_action.setText(translate("MainWindow", "&Scoreboard"))
        self.scoreboard_action.setToolTip(
            translate("MainWindow", "The totals in large type, full screen, for the room (F11)")
        )
        self.reduce_motion_action.setText(translate("MainWindow", "Reduce &motion"))
        self.fix_box_action.setText(translate("MainWindow", "&Fix a past box…"))
        self.fix_box_action.setToolTip(
            translate("MainWindow", "Give the right dice of a box scored turns ago")
        )
        self.reduce_motion_action.setToolTip(
            translate("MainWindow", "The dice show their faces at once instead of tumbling")
        )
        self.help_menu.setTitle(translate("MainWindow", "&Help"))
        self.about_action.setText(translate("MainWindow", "&About Miss Dice"))
        self.rules_action.setText(translate("MainWindow", "&Rules"))
        self.rules_action.setToolTip(
            translate("MainWindow", "What each box scores, the bonuses and the joker (F1)")
        )
        self.roll_action.setText(translate("MainWindow", "Roll"))
        self.bank_action.setText(translate("MainWindow", "Hold"))
        self.stop_action.setText(translate("MainWindow", "Stop here"))
        for digit, action in enumerate(self.digit_actions, start=1):
            action.setText(fill(translate("MainWindow", "Hold die %1"), str(digit)))
