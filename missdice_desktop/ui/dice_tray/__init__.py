"""The dice tray: five dice drawn with real pips, held by a click, rolled with Space.

In table mode the tray is an input: a click on a die (or a digit while it has focus) sets
its face, or the five faces are typed at once ("26266"). The tray only emits what the user
asked for; the controller turns each request into one engine action.

`die` draws a die and holds one on screen, `face_picker` asks a table die's face, `tray` lays
the dice out with the Roll button and the dice entry.
"""

from missdice_desktop.ui.dice_tray.die import ROLL_ANIMATION_MS
from missdice_desktop.ui.dice_tray.tray import DiceTray

__all__ = ["ROLL_ANIMATION_MS", "DiceTray"]
