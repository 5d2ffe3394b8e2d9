"""The layers: the rules and the records run without Qt or OpenCV installed."""

import subprocess
import sys
import textwrap


def test_rules_and_records_import_and_play_without_qt_or_opencv() -> None:
    script = textwrap.dedent(
        """
        import importlib.abc, sys

        class Refuse(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("PySide6", "shiboken6", "cv2"):
                    raise ImportError(f"{name} is not installed here")
                return None

        sys.meta_path.insert(0, Refuse())
        import missdice_desktop.rules
        import missdice_desktop.records
        from missdice_desktop.bench import full_game
        from missdice_desktop.cli import main
        game = full_game("yahtzee")
        assert game.finished
        assert not any(m.split(".")[0] in ("PySide6", "cv2") for m in sys.modules)
        print("ok")
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
