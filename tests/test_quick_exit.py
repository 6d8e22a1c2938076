"""docbuild ends its process without the interpreter's teardown, keeping what the teardown would
have done that anyone can see: the exit status, the streams' last bytes, the exit handlers."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _run(body: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "command.py"
    script.write_text(
        "import atexit, sys, threading, time\n"
        "from pathlib import Path\n"
        "from builder.quick_exit import run_then_exit\n"
        f"OUT = Path({str(tmp_path)!r})\n" + textwrap.dedent(body),
        encoding="utf-8",
    )
    return subprocess.run(
        [sys.executable, str(script)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"},
    )


def test_the_status_the_unflushed_output_and_the_exit_handlers_survive(tmp_path: Path) -> None:
    ended = _run(
        """
        def command():
            atexit.register(lambda: (OUT / "handler-ran").write_text("yes"))
            sys.stdout.write("no newline, still buffered")
            sys.exit(3)
        run_then_exit(command)
        """,
        tmp_path,
    )
    assert ended.returncode == 3
    assert ended.stdout == "no newline, still buffered"
    assert (tmp_path / "handler-ran").read_text() == "yes"


@pytest.mark.parametrize(
    ("ending", "status", "stderr"),
    [
        ("return None", 0, ""),
        ("sys.exit()", 0, ""),
        ("sys.exit('docbuild: error: told')", 1, "docbuild: error: told\n"),
        ("sys.exit(256 + 2)", 2, ""),
    ],
)
def test_exit_statuses_are_those_sys_exit_gives(
    tmp_path: Path, ending: str, status: int, stderr: str
) -> None:
    ended = _run(f"def command():\n    {ending}\nrun_then_exit(command)\n", tmp_path)
    assert (ended.returncode, ended.stderr) == (status, stderr)


def test_an_error_leaves_the_ordinary_way_with_its_traceback(tmp_path: Path) -> None:
    ended = _run(
        """
        def command():
            raise RuntimeError("broken")
        run_then_exit(command)
        """,
        tmp_path,
    )
    assert ended.returncode == 1
    assert "RuntimeError: broken" in ended.stderr


def test_a_thread_still_running_is_waited_for(tmp_path: Path) -> None:
    ended = _run(
        """
        def late():
            time.sleep(0.3)
            (OUT / "thread-done").write_text("yes")
        def command():
            threading.Thread(target=late).start()
            sys.exit(4)
        run_then_exit(command)
        """,
        tmp_path,
    )
    assert ended.returncode == 4
    assert (tmp_path / "thread-done").read_text() == "yes"


def test_docbuild_as_a_module_ends_with_its_status_and_output(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "builder.cli"]
    version = subprocess.run([*command, "--version"], cwd=REPO, capture_output=True, text=True)
    assert version.returncode == 0
    assert version.stdout.startswith("docbuild, version ")
    missing = subprocess.run(
        [*command, "build", "-c", str(tmp_path / "none.toml"), "--out", str(tmp_path / "site")],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert missing.returncode == 2
    assert "cannot read the catalog file" in missing.stderr
