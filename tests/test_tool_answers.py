"""The tool answers agents get, byte for byte: the calls of tests/tool_answers_support.py answer
exactly what was recorded (structured content with its keys in order, and the text).

The recording was made by the code before the answers became typed models (de41412), so a
model that reorders, renames, adds or drops a key, or writes a number differently, fails here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.tool_answers_support import CALLS, RECORDED, answers, bundled_service


@pytest.fixture(scope="module")
def recorded() -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(RECORDED.read_text(encoding="utf-8"))
    return found


@pytest.fixture(scope="module")
def answered(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    cache: Path = tmp_path_factory.mktemp("answers-cache")
    return answers(bundled_service(cache))


def test_the_recording_covers_every_call(recorded: list[dict[str, Any]]) -> None:
    assert [(r["tool"], r["arguments"], r["rewriter"]) for r in recorded] == [
        (tool, arguments, rewriter) for tool, arguments, rewriter in CALLS
    ]


@pytest.mark.parametrize("call", range(len(CALLS)))
def test_each_answer_is_the_recorded_bytes(
    call: int, recorded: list[dict[str, Any]], answered: list[dict[str, Any]]
) -> None:
    # Re-record (python -m tests.tool_answers_support) only when the bundled site changed.
    assert answered[call] == recorded[call]
