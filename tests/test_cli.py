"""The `missdice` command: replay in text and JSON, version, and one-line errors."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from missdice_desktop import __version__
from missdice_desktop.bench import full_game
from missdice_desktop.cli import main
from missdice_desktop.records import save_record
from missdice_desktop.resources import grids_dir
from tests.test_records import EXAMPLE


@pytest.fixture
def example_file(tmp_path: Path) -> Path:
    path = tmp_path / "anna-ben.json"
    path.write_text(json.dumps(EXAMPLE))
    return path


def test_replay_json_of_one_file(example_file: Path, capsys) -> None:
    assert main(["replay", str(example_file), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result == {
        "file": str(example_file),
        "game": "yahtzee",
        "finished": False,
        "players": [
            {
                "name": "Anna",
                "boxes": {"full_house": 25},
                "upper_bonus": 0,
                "yahtzee_bonus": 0,
                "total": 25,
            },
            {"name": "Ben", "boxes": {"ones": 4}, "upper_bonus": 0, "yahtzee_bonus": 0, "total": 4},
        ],
        "winners": [],
    }


def test_replay_json_of_several_finished_files(tmp_path: Path, capsys) -> None:
    paths = []
    for variant in ("yahtzee", "yams-ecart"):
        path = tmp_path / f"{variant}.json"
        save_record(path, full_game(variant))
        paths.append(str(path))
    assert main(["replay", *paths, "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert [r["game"] for r in results] == ["yahtzee", "yams-ecart"]
    assert all(r["finished"] for r in results)
    assert "ecart" in results[1]["players"][0] and "ecart" not in results[0]["players"][0]
    for result in results:
        best = max(p["total"] for p in result["players"])
        assert result["winners"] == [p["name"] for p in result["players"] if p["total"] == best]


def test_replay_prints_a_readable_sheet(example_file: Path, capsys) -> None:
    assert main(["replay", str(example_file)]) == 0
    out = capsys.readouterr().out
    assert "Yahtzee (joker: forced, rigole: off)" in out
    assert "Full house" in out and "Anna" in out and "Ben" in out
    assert out.endswith("In progress: Anna to play.\n")
    assert "In progress: Anna to play." in out


@pytest.mark.parametrize(
    ("content", "error"),
    [
        ("{", "not JSON"),
        (json.dumps({**EXAMPLE, "game": "poker"}), "unknown game 'poker'"),
        (
            json.dumps(
                {**EXAMPLE, "turns": [{"player": 0, "dice": [7, 1, 1, 1, 1], "box": "ones"}]}
            ),
            "turn 1 (Anna): dice values",
        ),
    ],
)
def test_a_bad_record_exits_2_with_one_line(
    tmp_path: Path, capsys, content: str, error: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    assert main(["replay", str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1
    assert str(bad) in lines[0] and error in lines[0]


def test_good_files_are_still_scored_beside_a_bad_one(
    example_file: Path, tmp_path: Path, capsys
) -> None:
    assert main(["replay", str(tmp_path / "missing.json"), str(example_file), "--json"]) == 2
    captured = capsys.readouterr()
    assert "missing.json: cannot read the file" in captured.err
    assert json.loads(captured.out)[0]["file"] == str(example_file)


def test_version_and_usage_errors_without_traceback() -> None:
    command = [sys.executable, "-m", "missdice_desktop"]
    version = subprocess.run([*command, "--version"], capture_output=True, text=True, check=False)
    assert version.returncode == 0 and version.stdout.strip() == f"missdice {__version__}"
    usage = subprocess.run([*command, "replay"], capture_output=True, text=True, check=False)
    assert usage.returncode == 2
    assert "Traceback" not in usage.stderr
    assert "the following arguments are required: FILE" in usage.stderr


def write_photo(path: Path) -> None:
    import cv2
    import numpy as np

    image = np.full((480, 640, 3), (60, 110, 160), np.uint8)
    cv2.rectangle(image, (270, 190), (370, 290), (245, 245, 245), -1)
    for x, y in ((295, 215), (345, 265), (320, 240)):
        cv2.circle(image, (x, y), 9, (20, 20, 20), -1)
    assert cv2.imwrite(str(path), image)


def test_read_dice_json_for_one_photo(tmp_path: Path, capsys) -> None:
    photo = tmp_path / "die.png"
    write_photo(photo)
    assert main(["read-dice", str(photo), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["file"] == str(photo)
    assert result["values"] == sorted(d["value"] for d in result["dice"])
    for die in result["dice"]:
        assert set(die) == {"value", "x", "y", "w", "h", "confidence"}
        assert all(isinstance(die[key], int) for key in ("value", "x", "y", "w", "h"))


def test_read_dice_goes_on_past_bad_files_and_exits_2(tmp_path: Path, capsys) -> None:
    photo = tmp_path / "die.png"
    write_photo(photo)
    text = tmp_path / "notes.jpg"
    text.write_text("not a photo")
    status = main(["read-dice", str(tmp_path / "missing.jpg"), str(text), str(photo), "--json"])
    assert status == 2
    captured = capsys.readouterr()
    errors = captured.err.strip().splitlines()
    assert len(errors) == 2
    assert "missing.jpg: cannot read the image (no such file" in errors[0]
    assert "notes.jpg: cannot read the image (not an image" in errors[1]
    results = json.loads(captured.out)
    assert [r["file"] for r in results] == [str(photo)]


def test_read_dice_says_once_when_the_reader_is_damaged(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    import vision.net

    def damaged() -> vision.net.Networks:
        raise vision.net.NetworksUnavailable("the dice reader's networks in X cannot be read")

    monkeypatch.setattr(vision.net, "networks", damaged)
    photo = tmp_path / "die.png"
    write_photo(photo)
    assert main(["read-dice", str(photo), str(photo)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip().splitlines() == [
        "missdice read-dice: cannot read dice: the dice reader's networks in X cannot be read; "
        "install Miss Dice again"
    ]


def test_replay_names_a_house_game_as_such(tmp_path: Path, capsys) -> None:
    from missdice_desktop.rules import Game, load_grid_file

    grid = grids_dir() / "yams-famille.toml"
    path = tmp_path / "house.json"
    save_record(path, Game(load_grid_file(grid).configure(), ["Anna"]))
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "house"


def test_the_window_without_a_screen_says_so(monkeypatch, capsys) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert main([]) == 1
    assert "no screen to open the window on" in capsys.readouterr().err


def test_a_camera_that_does_not_exist_is_refused_before_the_window(capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--camera", "no-such-video.mp4"])
    assert stopped.value.code == 2
    assert "--camera: no camera, video or folder called 'no-such-video.mp4'" in (
        capsys.readouterr().err
    )


def test_output_cut_short_by_its_reader_is_no_error(example_file: Path) -> None:
    # `missdice replay *.json | head -1`: the pipe closes before the sheets are all written.
    files = [str(example_file)] * 200
    process = subprocess.Popen(
        [sys.executable, "-m", "missdice_desktop", "replay", *files],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    error = process.stderr.read().decode()
    process.wait(timeout=60)
    assert "Traceback" not in error and "BrokenPipe" not in error
    assert process.returncode == 1


def test_share_prints_the_link_and_replay_reads_it(example_file: Path, capsys) -> None:
    assert main(["share", str(example_file)]) == 0
    link = capsys.readouterr().out.strip()
    assert link.startswith("missdice:1")
    assert main(["replay", link, "--json"]) == 0
    from_link = json.loads(capsys.readouterr().out)
    assert main(["replay", str(example_file), "--json"]) == 0
    from_file = json.loads(capsys.readouterr().out)
    assert from_link == {**from_file, "file": "link"}


@pytest.mark.parametrize("kind", ["png", "svg"])
def test_share_writes_the_qr_code(example_file: Path, tmp_path: Path, kind: str, capsys) -> None:
    out = tmp_path / f"code.{kind}"
    assert main(["share", str(example_file), "--qr", str(out)]) == 0
    assert capsys.readouterr().out.startswith("missdice:1")
    assert out.stat().st_size > 200


def test_the_qr_code_png_decodes_to_the_same_game_for_every_game(tmp_path: Path, capsys) -> None:
    import cv2

    from missdice_desktop.links import game_from_link
    from missdice_desktop.records import record_from_game
    from missdice_desktop.share_bench import realistic_four21, realistic_game, realistic_pig
    from vision.qr import read_qr_texts

    players = ("Anna", "Ben", "Chloé")
    games = {
        variant: realistic_game(variant, players=players)
        for variant in ("yahtzee", "yams-ecart", "yams-chances", "yacht")
    }
    games["421"] = realistic_four21(players)
    games["pig"] = realistic_pig(players)
    for variant, game in games.items():
        path = tmp_path / f"{variant}.json"
        save_record(path, game)
        code = tmp_path / f"{variant}.png"
        assert main(["share", str(path), "--qr", str(code)]) == 0
        link = capsys.readouterr().out.strip()
        (text,) = read_qr_texts(cv2.imread(str(code)))
        assert text == link
        assert record_from_game(game_from_link(text)) == record_from_game(game)


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        (["share", "missing.json"], "cannot read the file"),
        (["share", "EXAMPLE", "--qr", "code.jpg"], ".png or .svg"),
        (["share", "EXAMPLE", "--qr", "no/such/folder/code.png"], "cannot write"),
        (["replay", "missdice:1AAAA"], "damaged link"),
        (["replay", "missdice:7abc"], "newer Miss Dice"),
        (["share", "missdice:1UCPlVnNG4sH6NLu7T_JTtB"], "damaged link"),
    ],
)
def test_bad_shares_and_links_exit_2_with_one_line(
    arguments: list[str], error: str, example_file: Path, monkeypatch, capsys
) -> None:
    monkeypatch.chdir(example_file.parent)
    arguments = [str(example_file) if a == "EXAMPLE" else a for a in arguments]
    assert main(arguments) == 2
    err = capsys.readouterr().err
    assert error in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_the_window_opens_on_a_link(monkeypatch) -> None:
    import missdice_desktop.cli as cli

    opened: list[str | None] = []
    monkeypatch.setattr(cli, "start_app", lambda record, camera=None: opened.append(record) or 0)
    assert main(["missdice:1UCPlVnNG4sH6NLu7T_JTtA"]) == 0
    assert opened == ["missdice:1UCPlVnNG4sH6NLu7T_JTtA"]


def test_a_421_game_shares_and_replays_from_its_link(tmp_path: Path, capsys) -> None:
    from missdice_desktop.share_bench import realistic_four21

    path = tmp_path / "421.json"
    save_record(path, realistic_four21(("Anna", "Ben", "Chloé")))
    assert main(["share", str(path)]) == 0
    link = capsys.readouterr().out.strip()
    assert main(["replay", link, "--json"]) == 0
    from_link = json.loads(capsys.readouterr().out)
    assert main(["replay", str(path), "--json"]) == 0
    assert from_link == {**json.loads(capsys.readouterr().out), "file": "link"}
    assert from_link["game"] == "421" and from_link["losers"]


def test_each_bad_photo_gets_one_line_and_the_good_ones_are_read(tmp_path: Path, capfd) -> None:
    from tests.vision.test_images import jpeg_claiming, png_claiming

    photo = tmp_path / "die.png"
    write_photo(photo)
    inputs = {
        "huge.png": png_claiming(20_000, 20_000),
        "beyond-opencv.jpg": jpeg_claiming(65_500, 65_500),
        "magic-only.png": b"\x89PNG\r\n\x1a\n",
        "corrupt-but-readable.jpg": jpeg_claiming(9_000, 9_000),
    }
    for name, data in inputs.items():
        (tmp_path / name).write_bytes(data)
    files = [str(tmp_path / name) for name in inputs]
    status = main(["read-dice", *files, "/dev/zero", str(photo), "--json"])
    assert status == 2
    captured = capfd.readouterr()
    errors = captured.err.strip().splitlines()
    assert len(errors) == 4, errors
    assert "huge.png: cannot read the image (20000 × 20000 pixels" in errors[0]
    assert "beyond-opencv.jpg: cannot read the image (65500 × 65500 pixels" in errors[1]
    assert "magic-only.png: cannot read the image (a PNG file cut short)" in errors[2]
    assert "/dev/zero: cannot read the image (not a regular file" in errors[3]
    results = json.loads(captured.out)
    assert [Path(result["file"]).name for result in results] == [
        "corrupt-but-readable.jpg",
        "die.png",
    ]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
@pytest.mark.parametrize("command", ["replay", "read-dice"])
def test_a_named_pipe_is_refused_at_once(tmp_path: Path, capsys, command: str) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    assert main([command, str(pipe)]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_a_record_with_an_unsaveable_grid_name_is_one_line(
    example_file: Path, tmp_path: Path, capsys
) -> None:
    grid = {"id": "x", "name": "Mamie\ud800", "boxes": [{"id": "a", "kind": "chance"}]}
    house = tmp_path / "house.json"
    house.write_text(json.dumps({**EXAMPLE, "game": "house", "grid": grid, "turns": []}))
    assert main(["replay", str(house), str(example_file), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "lone surrogate" in captured.err
    assert [result["file"] for result in json.loads(captured.out)] == [str(example_file)]


def test_a_message_holding_a_new_line_stays_on_one_line(tmp_path: Path, capsys) -> None:
    assert main(["replay", str(tmp_path / "two\nlines.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "two\\nlines.json: cannot read the file" in err


def test_an_opencv_error_in_the_reader_is_one_line_and_the_others_are_read(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    import cv2

    import vision.reader

    photo = tmp_path / "die.png"
    write_photo(photo)
    real = vision.reader.read_dice
    calls = iter([True, False])

    def fail_once(image):  # type: ignore[no-untyped-def]
        if next(calls):
            raise cv2.error("OpenCV(5.0.0) resize: (-215:Assertion failed) !dsize.empty()")
        return real(image)

    monkeypatch.setattr(vision.reader, "read_dice", fail_once)
    assert main(["read-dice", str(photo), str(photo), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "OpenCV could not process it" in captured.err
    assert len(json.loads(captured.out)) == 1


def test_a_file_url_from_the_desktop_opens_as_a_path(monkeypatch) -> None:
    import missdice_desktop.cli as cli

    opened: list[tuple[str | None, str | None]] = []
    monkeypatch.setattr(
        cli, "start_app", lambda record, camera=None: opened.append((record, camera)) or 0
    )
    assert main(["file:///home/anna/Partie%20du%20soir.missdice"]) == 0
    assert main(["partie.json"]) == 0
    assert opened == [("/home/anna/Partie du soir.missdice", None), ("partie.json", None)]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_share_qr_to_a_named_pipe_says_so_instead_of_waiting(
    example_file: Path, tmp_path: Path
) -> None:
    pipe = tmp_path / "code.png"
    os.mkfifo(pipe)
    command = [sys.executable, "-m", "missdice_desktop", "share", str(example_file), "--qr"]
    result = subprocess.run(
        [*command, str(pipe)], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        f"missdice share: {pipe}: cannot write (not a regular file: a pipe or a device)"
    ]
