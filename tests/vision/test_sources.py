"""Frame sources: a video file, a folder of images, a missing camera, and broken inputs."""

import os
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.sources import (
    CameraSource,
    FrameSourceError,
    ImageFolderSource,
    SourceProblem,
    VideoFileSource,
    source_for,
)


def write_video(path: Path, frames: int = 6) -> None:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 10.0, (64, 48))
    for index in range(frames):
        writer.write(np.full((48, 64, 3), index * 40, np.uint8))
    writer.release()


def test_a_video_file_plays_and_loops(tmp_path: Path) -> None:
    path = tmp_path / "roll.avi"
    write_video(path)
    source = VideoFileSource(path)
    source.open()
    try:
        frames = [source.read() for _ in range(8)]
    finally:
        source.close()
    assert frames[0].shape == (48, 64, 3)
    assert source.frame_interval == pytest.approx(0.1)
    assert abs(int(frames[6].mean()) - int(frames[0].mean())) < 10  # looped to the start


def test_a_video_without_looping_reports_its_end(tmp_path: Path) -> None:
    path = tmp_path / "roll.avi"
    write_video(path, frames=2)
    source = VideoFileSource(path, loop=False)
    source.open()
    source.read()
    source.read()
    with pytest.raises(FrameSourceError, match="ended"):
        source.read()


@pytest.mark.parametrize("content", [b"", b"this is not a video at all" * 100])
def test_an_unreadable_video_file_is_refused(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "broken.mp4"
    path.write_bytes(content)
    with pytest.raises(FrameSourceError) as caught:
        VideoFileSource(path).open()
    assert caught.value.problem is SourceProblem.UNREADABLE
    assert "broken.mp4" in str(caught.value)


def test_a_missing_video_file(tmp_path: Path) -> None:
    with pytest.raises(FrameSourceError, match="Not found"):
        VideoFileSource(tmp_path / "none.avi").open()


def test_an_image_folder_shows_each_image_for_a_while(tmp_path: Path) -> None:
    for index in range(2):
        cv2.imwrite(str(tmp_path / f"{index}.png"), np.full((20, 30, 3), index * 200, np.uint8))
    (tmp_path / "notes.txt").write_text("not an image")
    source = ImageFolderSource(tmp_path, seconds_each=0.2, fps=10)
    source.open()
    means = [int(source.read().mean()) for _ in range(5)]
    assert means == [0, 0, 200, 200, 0]


def test_an_empty_or_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FrameSourceError, match="No images"):
        ImageFolderSource(tmp_path).open()
    with pytest.raises(FrameSourceError, match="Folder not found"):
        ImageFolderSource(tmp_path / "none").open()


def test_corrupt_images_in_a_folder_are_passed_over(tmp_path: Path) -> None:
    (tmp_path / "a.jpg").write_bytes(b"not a jpeg")
    cv2.imwrite(str(tmp_path / "b.png"), np.full((20, 30, 3), 90, np.uint8))
    (tmp_path / "c.png").write_bytes(b"")
    source = ImageFolderSource(tmp_path, seconds_each=0.1, fps=10)
    source.open()
    assert [int(source.read().mean()) for _ in range(4)] == [90, 90, 90, 90]
    assert source.skipped == ["a.jpg", "c.png"]


def test_a_folder_of_only_corrupt_images_is_reported(tmp_path: Path) -> None:
    (tmp_path / "a.jpg").write_bytes(b"not a jpeg")
    source = ImageFolderSource(tmp_path)
    source.open()
    with pytest.raises(FrameSourceError, match="no readable images left"):
        source.read()


def test_a_camera_that_does_not_exist_says_so() -> None:
    with pytest.raises(FrameSourceError) as caught:
        CameraSource(63).open()
    assert caught.value.problem in (SourceProblem.NO_CAMERA, SourceProblem.CAMERA_BUSY)


def test_source_for_picks_the_kind(tmp_path: Path) -> None:
    assert isinstance(source_for("0"), CameraSource)
    assert isinstance(source_for(str(tmp_path)), ImageFolderSource)
    assert isinstance(source_for(str(tmp_path / "x.mp4")), VideoFileSource)


def test_a_video_of_frames_above_the_cap_is_refused_before_decoding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "huge.avi"
    write_video(path)
    monkeypatch.setattr("vision.sources.MAX_FRAME_PIXELS", 64 * 48 - 1)
    decoded: list[int] = []
    real = cv2.VideoCapture

    class Counting:
        def __init__(self, name: str) -> None:
            self.capture = real(name)

        def __getattr__(self, name: str) -> object:
            return getattr(self.capture, name)

        def read(self) -> tuple[bool, np.ndarray]:
            decoded.append(1)
            return self.capture.read()

    monkeypatch.setattr(cv2, "VideoCapture", Counting)
    with pytest.raises(FrameSourceError, match=r"too large \(64 × 48") as refused:
        VideoFileSource(path).open()
    assert refused.value.problem is SourceProblem.UNREADABLE and decoded == []


def test_a_named_pipe_is_not_called_missing_and_is_not_waited_on(tmp_path: Path) -> None:
    pipe = tmp_path / "roll.avi"
    os.mkfifo(pipe)
    with pytest.raises(FrameSourceError, match="not a video file") as refused:
        source_for(str(pipe)).open()
    assert "Not found" not in str(refused.value)


def test_opencv_errors_become_a_players_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "roll.avi"
    write_video(path)

    def broken(_name: object) -> None:
        raise cv2.error("OpenCV(4.x) /io/opencv/modules/videoio/src/cap.cpp:42: error: (-2)")

    monkeypatch.setattr(cv2, "VideoCapture", broken)
    with pytest.raises(FrameSourceError) as refused:
        VideoFileSource(path).open()
    assert str(refused.value) == "Cannot read roll.avi: not a video this program can decode."
    with pytest.raises(FrameSourceError) as refused:
        CameraSource(7).open()
    assert "cap.cpp" not in str(refused.value)
