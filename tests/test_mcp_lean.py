"""The lean stdio server (client.mcp_lean) answers as the SDK server does, without the SDK.

Equivalence: the same scripted session (tests/mcp_script.py: every method, good and bad frames,
every tool with good and bad arguments, both protocol eras) goes to `docclient serve` (lean) and
to the SDK stdio server of the same service (`run_server(use_sdk=True)`); the replies must be
equal frame by frame. The one difference allowed is the disk-cache figures in the status
resource (path, files, bytes): each server has its own cache directory.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import orjson
import pytest

from client.mcp_lean import LeanStdioServer
from client.mcp_tools import TOOLS_BY_NAME
from client.service import DocService
from schemas.answers import LookupAnswer
from tests.mcp_script import SCRIPTS, Script, call, frame, initialize, run_script
from tests.mcp_support import DOCCLIENT

SDK_SERVER = """
import os
from client.assemble import make_service
from client.config import resolve_settings
from client.mcp_serve import run_server
run_server(make_service(resolve_settings({}, dict(os.environ))), use_sdk=True)
"""
# The command's own entry point, then every module it imported, on stderr's last line.
RUN_AND_LIST_MODULES = """
import sys
from client.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
finally:
    loaded = sorted(name for name, module in sys.modules.items() if module is not None)
    print(" ".join(loaded), file=sys.stderr)
"""
SDK_PACKAGES = ("mcp", "mcp_types", "pydantic", "pydantic_core", "anyio", "starlette")


def environment(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCTROVE_")}
    return {**env, "DOCTROVE_CACHE_DIR": str(cache)}


def spawn(command: list[str], cache: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command,
        bufsize=0,  # unbuffered: select() then sees every line not yet read
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=environment(cache),
    )


def without_cache_figures(reply: dict[str, Any]) -> dict[str, Any]:
    """``reply`` with the status resource's disk-cache figures blanked: each server has its own
    cache directory, which its warm-up thread may still be writing while the status is read."""
    for content in reply.get("result", {}).get("contents", []):
        status = orjson.loads(content["text"])
        status["data"]["cache"] = "<cache>"
        content["text"] = status
    return reply


def replies_of(command: list[str], cache: Path, script: Script) -> list[list[bytes]]:
    replies = run_script(spawn(command, cache), script)
    return [
        [
            orjson.dumps(without_cache_figures(reply), option=orjson.OPT_SORT_KEYS)
            for reply in caused
        ]
        for caused in replies
    ]


@pytest.mark.parametrize("script", SCRIPTS, ids=[script.name for script in SCRIPTS])
def test_the_lean_server_answers_every_frame_as_the_sdk_server_does(
    tmp_path: Path, script: Script
) -> None:
    results: dict[str, list[list[bytes]]] = {}

    def run(name: str, command: list[str]) -> None:
        results[name] = replies_of(command, tmp_path / name, script)

    sdk = threading.Thread(target=run, args=("sdk", [sys.executable, "-c", SDK_SERVER]))
    sdk.start()
    run("lean", [str(DOCCLIENT), "serve"])
    sdk.join()
    assert len(results["lean"]) == len(script.frames)
    for number, (lean, by_sdk) in enumerate(zip(results["lean"], results["sdk"], strict=True)):
        assert lean == by_sdk, f"frame {number}: {script.frames[number]!r}"


def test_the_scripts_reach_every_tool_and_both_eras() -> None:
    # Guards the equivalence test against a script that stops exercising what it claims to.
    sent = b"\n".join(raw for script in SCRIPTS for raw in script.frames)
    for name in TOOLS_BY_NAME:
        assert f'"name":"{name}"'.encode() in sent
    assert any(script.modern for script in SCRIPTS)
    assert b"2026-07-28" in sent and b"2024-11-05" in sent


def loaded_modules(stderr: bytes) -> set[str]:
    return set(stderr.decode().strip().splitlines()[-1].split())


def test_docclient_serve_answers_a_tool_call_without_importing_the_sdk_or_pydantic(
    tmp_path: Path,
) -> None:
    frames = [
        initialize("2025-06-18", 1),
        frame("notifications/initialized"),
        frame("tools/list", None, 2),
        frame("tools/call", call("catalog_releases", {"id": "werkzeug"}), 3),
    ]
    done = subprocess.run(
        [sys.executable, "-c", RUN_AND_LIST_MODULES, "serve"],
        input=b"\n".join(frames) + b"\n",
        capture_output=True,
        env=environment(tmp_path),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr.decode()
    answers = [orjson.loads(line) for line in done.stdout.splitlines()]
    assert [answer["id"] for answer in answers] == [1, 2, 3]
    assert answers[2]["result"]["structuredContent"]["versions"] == ["3.1.3", "2.3.8"]
    modules = loaded_modules(done.stderr)
    assert "client.mcp_lean" in modules
    assert sorted(name for name in modules if name.split(".")[0] in SDK_PACKAGES) == []


class HeldLookups:
    """A service whose lookups wait until the test lets them go, so a call can be in flight."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()

    def lookup(self, query: str, limit: int | None = None) -> LookupAnswer:
        self.started.set()
        assert self.release.wait(30)
        return LookupAnswer(query=query, results=[], total=0, sources=[])


class Lines:
    """The client's side: frames handed to the server one at a time, as a pipe would."""

    def __init__(self) -> None:
        self._frames: list[bytes | None] = []
        self._ready = threading.Condition()

    def send(self, *frames: bytes | None) -> None:
        with self._ready:
            self._frames.extend(frames)
            self._ready.notify()

    def __iter__(self) -> Iterator[bytes]:
        while True:
            with self._ready:
                self._ready.wait_for(lambda: bool(self._frames))
                line = self._frames.pop(0)
            if line is None:
                return
            yield line + b"\n"


class Output:
    def __init__(self) -> None:
        self.lines: list[dict[str, Any]] = []
        self.written = threading.Condition()

    def write(self, data: bytes) -> int:
        with self.written:
            self.lines.extend(orjson.loads(line) for line in data.splitlines())
            self.written.notify_all()
        return len(data)

    def flush(self) -> None:
        pass

    def wait_for(self, request_id: Any) -> dict[str, Any]:
        with self.written:
            assert self.written.wait_for(
                lambda: any(line.get("id") == request_id for line in self.lines), 30
            )
        return next(line for line in self.lines if line.get("id") == request_id)


def test_a_cancelled_call_is_never_answered_and_pings_are_answered_while_a_call_runs() -> None:
    service = HeldLookups()
    output = Output()
    server = LeanStdioServer(cast(DocService, service), cast(Any, output))
    lines = Lines()
    serving = threading.Thread(target=server.serve, args=(lines,))
    serving.start()
    lookup = call("catalog_lookup", {"query": "flask"})
    lines.send(initialize("2025-06-18", "init"), frame("notifications/initialized"))
    lines.send(frame("tools/call", lookup, "running"), frame("tools/call", lookup, "queued"))
    assert service.started.wait(30)
    lines.send(frame("ping", None, "while-running"))
    assert output.wait_for("while-running")["result"] == {}
    lines.send(
        frame("notifications/cancelled", {"requestId": "running"}),
        frame("notifications/cancelled", {"requestId": "queued"}),
        frame("tools/call", lookup, "after"),
    )
    lines.send(frame("ping", None, "cancels-read"))
    output.wait_for("cancels-read")
    service.release.set()
    assert output.wait_for("after")["result"]["isError"] is False
    lines.send(None)  # stdin closes
    serving.join(30)
    assert not serving.is_alive()
    assert [line["id"] for line in output.lines] == [
        "init",
        "while-running",
        "cancels-read",
        "after",
    ]


def test_calls_read_before_stdin_closes_are_still_answered() -> None:
    service = HeldLookups()
    service.release.set()
    output = Output()
    server = LeanStdioServer(cast(DocService, service), cast(Any, output))
    frames = [
        initialize("2025-06-18", "init"),
        *(frame("tools/call", call("catalog_lookup", {"query": "q"}), n) for n in range(5)),
    ]
    server.serve(raw + b"\n" for raw in frames)  # returns once the input has ended
    assert [line["id"] for line in output.lines] == ["init", 0, 1, 2, 3, 4]
