"""Build progress: a line redrawn in place on a terminal, one line per stage off one; the
summary on stdout and the warnings on stderr."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path

from builder.progress import LineProgress, TerminalProgress

REPO = Path(__file__).parent.parent


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_off_a_terminal_each_stage_is_one_line_with_its_count_and_time() -> None:
    stream, clock = io.StringIO(), FakeClock()
    progress = LineProgress(stream, clock)
    progress.begin("parse", 0)
    progress.begin("shards", 2)
    for _ in range(2):
        with progress.working("parse"):
            clock.now += 0.25
        progress.advance("parse", 3)
        with progress.working("shards"):
            clock.now += 0.5
        progress.advance("shards")
    assert stream.getvalue() == ""
    progress.end("parse")
    progress.end("shards")
    assert stream.getvalue() == "parse: 6 files in 0.50 s\nshards: 2 versions in 1.00 s\n"


def test_on_a_terminal_one_line_is_redrawn_and_finished_stages_stay() -> None:
    stream, clock = io.StringIO(), FakeClock()
    progress = TerminalProgress(stream, clock, width=80)
    progress.begin("parse", 4)
    clock.now = 1.0
    progress.advance("parse")
    clock.now = 1.05  # too soon after the last redraw: not drawn
    progress.advance("parse")
    clock.now = 1.1  # a stage that starts is drawn at once
    progress.begin("pages", 1)
    assert stream.getvalue().split("\r\x1b[2K")[1:] == [
        "parse 0/4 files  0.0 s",
        "parse 1/4 files  1.0 s",
        "parse 2/4 files  1.1 s",
    ]
    clock.now = 2.0
    progress.end("parse")
    progress.close()
    assert stream.getvalue().endswith(
        "\r\x1b[2Kparse: 2 files in 0.00 s\n\r\x1b[2Kpages 0/1 version  2.0 s\r\x1b[2K"
    )


def make_catalog(root: Path) -> Path:
    (root / "docs").mkdir()
    (root / "docs" / "guide.md").write_text("# Guide\n\nHello there.\n", encoding="utf-8")
    (root / "docs" / "empty.md").write_text("", encoding="utf-8")
    (root / "docs" / "picture.md").write_bytes(b"\xff\xfe\x00bad")
    catalog = root / "docbuild.toml"
    catalog.write_text(
        '[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n\n[[libraries]]\n'
        'id = "demo"\nname = "Demo"\n  [[libraries.versions]]\n  version = "1.0.0"\n'
        '  path = "docs"\n',
        encoding="utf-8",
    )
    return catalog


def docbuild(catalog: Path, **kwargs: object) -> list[str]:
    return [sys.executable, "-m", "builder.cli", "build", "-c", str(catalog), "--no-cache",
            "--out", str(catalog.parent / "_site")]  # fmt: skip


def test_off_a_terminal_stages_and_warnings_go_to_stderr_and_the_summary_to_stdout(
    tmp_path: Path,
) -> None:
    catalog = make_catalog(tmp_path)
    result = subprocess.run(
        docbuild(catalog), cwd=REPO, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    stages = [line.split(":")[0] for line in result.stderr.splitlines() if " in " in line]
    assert stages[:4] == ["parse", "shards", "pages", "site files"]
    assert "demo 1.0.0: skipped picture.md" in result.stderr
    assert "skipped picture.md" not in result.stdout and "\r" not in result.stderr
    assert result.stdout.splitlines()[-1].startswith(f"Built {tmp_path / '_site' / 'index.json'}")
    assert result.stdout.splitlines()[0].startswith("demo 1.0.0")


def test_on_a_terminal_progress_is_drawn_in_place(tmp_path: Path) -> None:
    catalog = make_catalog(tmp_path)
    controller, terminal = pty.openpty()
    try:
        result = subprocess.run(
            docbuild(catalog), cwd=REPO, stdout=subprocess.PIPE, stderr=terminal, check=False
        )
        os.close(terminal)
        drawn = b""
        while True:
            try:
                chunk = os.read(controller, 65536)
            except OSError:  # the terminal's other end is closed: everything was read
                break
            if not chunk:
                break
            drawn += chunk
    finally:
        os.close(controller)
    assert result.returncode == 0
    text = drawn.decode()
    assert "\r\x1b[2Kparse 0/3 files" in text  # the live line, with the total known up front
    assert "\r\x1b[2Kparse: 3 files in " in text and "\r\x1b[2Ksite files: 1 step in " in text
    assert b"Built " in result.stdout
