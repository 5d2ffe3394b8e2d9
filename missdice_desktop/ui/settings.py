"""The app's settings, declared once with their defaults, and the folders it keeps files in.

Settings live in the platform's user config folder (platformdirs), autosaves in the user
data folder. Both folders are passed in (`AppPaths`) so that tests point them elsewhere.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from missdice_desktop.records import write_atomically

APP_NAME = "missdice"
DICE_VIRTUAL = "virtual"
DICE_TABLE = "table"
LANGUAGES = ("system", "en", "fr")
THEMES = ("system", "light", "dark")


@dataclass(frozen=True)
class AppPaths:
    """Where settings and autosaves are kept."""

    config_dir: Path
    data_dir: Path

    @classmethod
    def default(cls) -> AppPaths:
        """The user's platform folders (~/.config/missdice, ~/.local/share/missdice on Linux)."""
        return cls(
            Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
            Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        )

    @property
    def settings_file(self) -> Path:
        """The settings file."""
        return self.config_dir / "settings.json"

    @property
    def autosave_file(self) -> Path:
        """Where versions before the games folder kept the game in progress (moved at start)."""
        return self.data_dir / "autosave.json"

    @property
    def games_dir(self) -> Path:
        """The kept games, one record file each, saved after every action."""
        return self.data_dir / "games"


@dataclass
class Settings:
    """What the app remembers between runs."""

    players: list[str] = field(default_factory=list)
    """The names of the last game (none before the first)."""
    variant: str = "yahtzee"
    options: dict[str, str | bool] = field(default_factory=dict)
    grid_file: str = ""
    """The house grid file last played ("" when a built-in variant was)."""
    dice_source: str = DICE_VIRTUAL
    language: str = "system"
    theme: str = "system"
    confirm_zero: bool = True
    """Ask before scoring 0 when another box would score more."""
    window_geometry: str = ""
    camera: str = "demo"
    """The camera source: "demo", a camera index ("0"), a video file or a folder of photos."""
    camera_on: bool = False
    """Whether the camera panel reads the table (with dice from the table)."""
    camera_automatic: bool = False
    """Put steady dice into the turn without pressing "Use these dice"."""
    game: str = "yahtzee"
    """The game last chosen in New game: an id of the games table, or "roller"."""
    game_options: dict[str, dict[str, int]] = field(default_factory=dict)
    """The whole-number options last chosen, by game id (e.g. {"pig": {"target": 100}})."""
    roller_dice: str = "2d6"
    """The free roller's last dice, in dice notation."""


def load_settings(path: Path) -> Settings:
    """Read settings; missing, unreadable or wrong values fall back to their defaults."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    defaults = Settings()
    values: dict[str, Any] = {}
    for spec in fields(Settings):
        value = data.get(spec.name, getattr(defaults, spec.name))
        if _valid(spec.name, value):
            values[spec.name] = value
    return Settings(**values)


def _valid(name: str, value: Any) -> bool:
    match name:
        case "players":
            return (
                isinstance(value, list)
                and len(value) <= 8
                # a blank name stands for "Player N" in the language of the moment
                and all(isinstance(player, str) and len(player) <= 40 for player in value)
            )
        case "options":
            return isinstance(value, dict) and all(
                isinstance(key, str) and isinstance(option, str | bool)
                for key, option in value.items()
            )
        case "dice_source":
            return value in (DICE_VIRTUAL, DICE_TABLE)
        case "language":
            return value in LANGUAGES
        case "theme":
            return value in THEMES
        case "confirm_zero" | "camera_on" | "camera_automatic":
            return isinstance(value, bool)
        case "camera":
            return isinstance(value, str) and bool(value)
        case "game_options":
            return isinstance(value, dict) and all(
                isinstance(game, str)
                and isinstance(options, dict)
                and all(
                    isinstance(name, str) and type(number) is int
                    for name, number in options.items()
                )
                for game, options in value.items()
            )
        case _:
            return isinstance(value, str)


def save_settings(path: Path, settings: Settings) -> bool:
    """Write settings atomically; False when the folder cannot be written (they are optional)."""
    with contextlib.suppress(OSError):
        write_atomically(path, json.dumps(asdict(settings), ensure_ascii=False, indent=2) + "\n")
        return True
    return False
