"""Benchmark of sharing: link sizes for every game, and the QR code read back from webcam-like
frames (scaled, turned, tilted, blurred, JPEG) by zxing-cpp and by OpenCV's two detectors.

Run: python -m missdice_desktop.share_bench [--frames N]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from missdice_desktop.links import link_from_game, link_sizes, make_qr
from missdice_desktop.rules import (
    Bank,
    DiceGame,
    Game,
    Hold,
    PigRules,
    Roll,
    get_variant,
    new_game,
)
from missdice_desktop.rules.four21 import Four21Rules, Stop

PLAYERS = ("Anna", "Benoît", "Chloé", "David", "Émilie", "François", "Mamie Jo", "Hugo")
"""Eight names of everyday lengths, accents included."""
FRAME_SIZE = (1280, 720)
Frame = npt.NDArray[np.uint8]


def realistic_game(
    variant_id: str = "yahtzee",
    *,
    players: tuple[str, ...] = PLAYERS,
    rolls: int = 3,
    seed: int = 1,
    **options: object,
) -> Game:
    """A game as people play it: each turn rolls `rolls` times, holding the most common face,
    and scores its best box; `rolls=0` types the dice in as from the table."""
    chooser = random.Random(seed)
    game = Game(get_variant(variant_id).configure(options), players, seed=seed)
    while not game.finished:
        if rolls == 0:
            game.enter_dice([chooser.randint(1, 6) for _ in range(5)])
        else:
            game.roll()
            for _ in range(rolls - 1):
                dice = game.dice or ()
                face, _count = Counter(dice).most_common(1)[0]
                for index, value in enumerate(dice):
                    if game.held[index] != (value == face):
                        game.hold(index, value == face)
                if all(game.held):
                    game.hold(0, False)
                game.roll()
        best = max(
            (state for state in game.box_states() if state.allowed),
            key=lambda state: (state.score or 0, chooser.random()),
        )
        game.score(best.box.id)
    return game


def realistic_four21(
    players: tuple[str, ...] = PLAYERS,
    *,
    seed: int = 1,
    actions: int | None = None,
    **options: int,
) -> DiceGame[Any]:
    """A 421 game played to its loser (or for `actions` steps): each player holds or
    releases a die now and then, and stops now and then when allowed."""
    chooser = random.Random(seed)
    game = new_game(Four21Rules.from_options(options), players, seed=seed)
    steps = 0
    while not game.finished and (actions is None or steps < actions):
        steps += 1
        legal = game.legal_actions()
        if Stop() in legal and chooser.random() < 0.4:
            game.apply(Stop())
            continue
        for index in range(len(game.held)):
            toggle = Hold(index, not game.held[index])
            if toggle in legal and chooser.random() < 0.4:
                game.apply(toggle)
        if all(game.held):
            game.apply(Hold(0, False))
        game.roll()
    return game


def realistic_pig(
    players: tuple[str, ...] = PLAYERS,
    *,
    seed: int = 1,
    actions: int | None = None,
    target: int = 100,
) -> DiceGame[Any]:
    """A game of Cochon played to its winner (or for `actions` steps): each player keeps
    the turn's total once it reaches 20 or so."""
    chooser = random.Random(seed)
    game = new_game(PigRules(target), players, seed=seed)
    steps = 0
    turn_total = 0
    while not game.finished and (actions is None or steps < actions):
        steps += 1
        legal = game.legal_actions()
        if Bank() in legal and (turn_total >= chooser.randint(12, 25) or Roll() not in legal):
            game.apply(Bank())
            turn_total = 0
            continue
        game.roll()
        face = (game.dice or (1,))[0]
        turn_total = 0 if face == 1 else turn_total + face
    return game


def code_image(text: str) -> Frame:
    """The QR code of `text` as a grey image, one pixel a module, with its quiet zone."""
    matrix = np.array(make_qr(text).matrix, dtype=np.uint8)
    return np.pad(np.where(matrix == 1, 0, 255).astype(np.uint8), 4, constant_values=255)


def webcam_frame(
    code: Frame,
    width: float,
    *,
    angle: float = 0.0,
    tilt: float = 0.0,
    blur: float = 1.0,
    quality: int = 70,
    seed: int = 0,
) -> Frame:
    """A 1280×720 BGR frame showing `code` `width` px wide (quiet zone included) as a camera
    would: turned by `angle` degrees, one side `tilt` shorter (perspective), on a noisy
    table, a screen's grey white, Gaussian `blur` (sigma, px), then JPEG at `quality`."""
    import cv2

    noise = np.random.default_rng(seed)
    frame_w, frame_h = FRAME_SIZE
    table = np.full((frame_h, frame_w, 3), (90, 110, 120), np.float32)
    table += noise.normal(0, 6, table.shape)
    size = code.shape[0]
    half = width / 2
    corners: npt.NDArray[np.float64] = np.array(
        [[-half, -half], [half, -half], [half, half], [-half, half]]
    )
    corners[1:3] *= 1 - tilt
    turn = np.deg2rad(angle)
    rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    corners = corners @ rotation.T + (frame_w / 2, frame_h / 2)
    source = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    warp = cv2.getPerspectiveTransform(source, corners.astype(np.float32))
    shown = cv2.warpPerspective(code, warp, (frame_w, frame_h), flags=cv2.INTER_LINEAR)
    inside = cv2.warpPerspective(np.full_like(code, 255), warp, (frame_w, frame_h)) > 0
    screen = shown.astype(np.float32) * 0.8 + 30  # a screen's black is grey, its white too
    table[inside] = screen[inside][:, None]
    picture = table.clip(0, 255).astype(np.uint8)
    if blur > 0:
        picture = np.asarray(cv2.GaussianBlur(picture, (0, 0), blur), dtype=np.uint8)
    _ok, encoded = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return np.asarray(cv2.imdecode(encoded, cv2.IMREAD_COLOR), dtype=np.uint8)


POSES: tuple[dict[str, Any], ...] = (
    {"angle": 0, "blur": 1.0},
    {"angle": 7, "blur": 1.0},
    {"angle": 15, "blur": 1.2, "tilt": 0.05},
    {"angle": 3, "blur": 0.8, "tilt": 0.1},
    {"angle": 30, "blur": 1.0},
    {"angle": -10, "blur": 1.5, "tilt": 0.08},
    {"angle": 45, "blur": 1.0},
    {"angle": 2, "blur": 0.7, "tilt": 0.15},
)
"""How a phone or a printout is held up to the camera (the bench's frames)."""


def decoders() -> dict[str, Callable[[Frame], tuple[str, ...]]]:
    """The decoders compared: the one the app uses, and OpenCV's two."""
    import cv2

    from vision.qr import read_qr_texts

    def opencv(detector: Any) -> Callable[[Frame], tuple[str, ...]]:
        def read(frame: Frame) -> tuple[str, ...]:
            text = detector.detectAndDecode(frame)[0]
            return (text,) if text else ()

        return read

    return {
        "zxing-cpp (used)": read_qr_texts,
        "zxing-cpp, one look": lambda frame: read_qr_texts(frame, second_look=False),
        "cv2.QRCodeDetector": opencv(cv2.QRCodeDetector()),
        "cv2.QRCodeDetectorAruco": opencv(cv2.QRCodeDetectorAruco()),
    }


def main() -> None:
    """Print link sizes, then decode rates by width."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=len(POSES), help="poses per width")
    options = parser.parse_args()
    print("Link sizes (characters), 8 players, finished games:")
    print(f"{'game':28} {'rolls/turn':>10} {'JSON':>6} {'JSON+zlib':>9} {'packed':>7} {'link':>5}")
    cases: list[tuple[str, str, dict[str, Any]]] = [
        ("yahtzee", "Yahtzee", {}),
        ("yahtzee", "Yahtzee + Rigole", {"rigole": True}),
        ("yams-ecart", "Yam's Écart", {}),
        ("yams-chances", "Yam's Chances", {}),
        ("yacht", "Yacht", {}),
    ]
    for variant_id, name, variant_options in cases:
        for rolls in (3, 0):
            sizes = link_sizes(realistic_game(variant_id, rolls=rolls, **variant_options))
            print(
                f"{name:28} {rolls:>10} {sizes['json']:>6} {sizes['zlib']:>9} "
                f"{sizes.get('packed', 0):>7} {sizes['link']:>5}"
            )
    for count in (2, 4, 8):
        four21_game = realistic_four21(PLAYERS[:count])
        sizes = link_sizes(four21_game)
        turns = len(four21_game.rules.record_turns(four21_game.state))
        print(
            f"{f'421, {count} players, {turns} turns':28} {'1-3':>10} {sizes['json']:>6} "
            f"{sizes['zlib']:>9} {sizes.get('packed', 0):>7} {sizes['link']:>5}"
        )
    for count in (2, 4, 8):
        game = realistic_pig(PLAYERS[:count])
        sizes = link_sizes(game)
        turns = len(game.rules.record_turns(game.state))
        print(
            f"{f'Cochon, {count} players, {turns} turns':28} {'any':>10} {sizes['json']:>6} "
            f"{sizes['zlib']:>9} {sizes.get('packed', 0):>7} {sizes['link']:>5}"
        )
    link = link_from_game(realistic_game())
    qr = make_qr(link)
    print(f"\nQR code of the largest game: {len(link)} characters, version {qr.designator}")
    code = code_image(link)
    poses = [POSES[index % len(POSES)] for index in range(options.frames)]
    for width in (500, 450, 400, 350, 320, 300, 280, 260, 240, 220):
        cells = []
        for name, read in decoders().items():
            good = 0
            spent = 0.0
            for seed, pose in enumerate(poses):
                frame = webcam_frame(code, width, seed=seed, **pose)
                start = time.perf_counter()
                good += link in read(frame)
                spent += time.perf_counter() - start
            cells.append(f"{name} {good}/{len(poses)} {spent / len(poses) * 1e3:4.0f} ms")
        print(f"{width:4} px: " + "  ".join(cells), flush=True)


if __name__ == "__main__":
    main()
