"""The window asks each game's row, never the game's type: outside `ui/games/`, no module of
`ui/` tests a game's or a game rules' type, or imports a game's own rules module."""

from __future__ import annotations

import ast
from pathlib import Path

import missdice_desktop.ui

UI = Path(missdice_desktop.ui.__file__).parent
GAME_TYPES = {
    "Game",
    "GameState",
    "YahtzeeRules",
    "Ruleset",
    "PigRules",
    "PigState",
    "Bank",
    "Four21Rules",
    "Four21State",
    "Stop",
    "Score",
    "CorrectBox",
}
"""The games' own classes (the engine's shared ones — Roll, Hold, DiceGame… — may be named)."""
GAME_MODULES = {
    "missdice_desktop.rules.pig",
    "missdice_desktop.rules.four21",
    "missdice_desktop.rules.corrections",
}


def window_modules() -> list[Path]:
    """The window's modules outside the game rows."""
    return [path for path in UI.rglob("*.py") if "games" not in path.relative_to(UI).parts]


def _named(node: ast.expr) -> set[str]:
    if isinstance(node, ast.Name):
        return {node.id}
    if isinstance(node, ast.Attribute):
        return {node.attr}
    if isinstance(node, ast.Tuple):
        return set().union(*(_named(item) for item in node.elts))
    if isinstance(node, ast.BinOp):
        return _named(node.left) | _named(node.right)
    return set()


def test_no_isinstance_of_a_game_type_outside_the_game_rows() -> None:
    found = []
    for path in window_modules():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "isinstance"
                and len(node.args) == 2
            ):
                named = _named(node.args[1]) & GAME_TYPES
                if named:
                    found.append(f"{path.name}:{node.lineno} {sorted(named)}")
    assert found == []


def test_no_game_rules_module_is_imported_outside_the_game_rows() -> None:
    found = []
    for path in window_modules():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module in GAME_MODULES:
                found.append(f"{path.name}:{node.lineno} {node.module}")
    assert found == []


def test_the_check_sees_what_it_looks_for(tmp_path: Path) -> None:
    """A planted isinstance of a game type is found (so the test above can fail)."""
    tree = ast.parse("if isinstance(game, Game | PigRules):\n    pass\n")
    call = next(node for node in ast.walk(tree) if isinstance(node, ast.Call))
    assert _named(call.args[1]) & GAME_TYPES == {"Game", "PigRules"}
