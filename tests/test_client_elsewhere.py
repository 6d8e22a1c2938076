"""A focus word the asked version's docs never use, that the version before it or the latest
one does use, or a weak answer where that version answers surely with a section the asked one
lacks: doc_extract answers with nothing and names that version."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from msgspec import to_builtins

from client.render import render_extract
from client.search.elsewhere import (
    WEAK_BELOW,
    ReadVersion,
    SureAnswer,
    answered_elsewhere,
    has_heading,
    sure_answer,
    versions_to_ask,
)
from client.search.sections import FoundSection, SearchResult
from client.service import DocService
from tests.site_data_support import SITE, Clock, FakeHost, data, make_site


def test_the_version_before_and_the_latest_are_asked() -> None:
    versions = ["1.0", "2.0.1", "2.0", "10.0"]  # any order: sorted as versions
    assert versions_to_ask(versions, "2.0") == ("1.0", "10.0")
    assert versions_to_ask(versions, "10.0") == ("2.0.1",)
    assert versions_to_ask(versions, "1.0") == ("10.0",)
    assert versions_to_ask(["1.0"], "1.0") == ()
    assert versions_to_ask(versions, "3.0") == ()


def section(heading: str, body: str) -> dict[str, Any]:
    anchor = heading.lower().replace(" ", "-")
    return {"heading": heading, "body": body, "path": f"https://docs.example/io#{anchor}"}


OLD = [
    section("Reading input", "Read the request stream in chunks with the input helpers."),
    section("make_line_iter", "make_line_iter yields the lines of the input stream one by one."),
]
NEW = [
    section("Reading input", "Read the request stream in chunks with the input helpers."),
    section("Limits", "The input stream is limited to the content length of the request."),
]


def service(tmp_path: Path) -> DocService:
    make_site(tmp_path / "site", {"wz": {"2.3.8": OLD, "3.1.3": NEW}})
    return DocService(data(tmp_path, FakeHost(tmp_path / "site", SITE), Clock(), SITE))


def test_a_name_only_another_versions_docs_use_empties_the_answer_and_names_it(
    tmp_path: Path,
) -> None:
    answer = to_builtins(
        service(tmp_path).extract("wz", "3.1.3", "make_line_iter to read the input stream")
    )
    assert answer["sections"] == []
    assert answer["unmentioned"] == ["make_line_iter"]
    assert answer["answeredIn"] == "2.3.8"
    assert (
        "the docs of 3.1.3 never mention 'make_line_iter', and those of 2.3.8 do"
        in (answer["hint"])
    )


def test_the_text_of_an_empty_answer_gives_no_confidence_in_a_first_section(
    tmp_path: Path,
) -> None:
    # Starlette 0.37.2 asked about "memoryview in StreamingResponse" (0.38.0 added it): no
    # section, and "Confidence that the first section answers: 1.00" above the note.
    answer = service(tmp_path).extract("wz", "3.1.3", "make_line_iter to read the input stream")
    assert answer.sections == [] and isinstance(answer.confidence, float)
    text = render_extract(answer)
    assert "Confidence that the first section answers" not in text
    assert (
        "No section given (see the note); the best one of this version scored "
        f"{answer.confidence:.2f}"
    ) in text


def test_the_version_that_mentions_it_answers_as_before(tmp_path: Path) -> None:
    docs = service(tmp_path)
    answer = to_builtins(docs.extract("wz", "2.3.8", "make_line_iter to read the input stream"))
    assert answer["sections"][0]["heading"] == "make_line_iter"
    # A name no version mentions is only named: the sections found stay.
    other = to_builtins(docs.extract("wz", "3.1.3", "read_chunks_fast to read the input stream"))
    assert other["sections"] and other.get("unmentioned") == ["read_chunks_fast"]


# 1.0 holds the question's words "request" and "fail" only apart, in two sections, so its best
# answer is weak. (A section holding every word of the question that the docs use at all would
# answer surely: the ranker weighs only those words, client/search/features.py.)
SENDING = [
    section("Sending requests", "Send a request to a server and read its response."),
    section("Errors", "A call that fails raises an error that says why."),
]
RETRYING = section(
    "Retrying failed requests", "Retry a failed request automatically, waiting longer each time."
)
RETRY = "retry a failed request automatically"


def test_a_weak_answer_gives_way_to_a_section_only_another_version_has(tmp_path: Path) -> None:
    make_site(tmp_path / "site", {"hc": {"1.0": SENDING, "2.0": [*SENDING, RETRYING]}})
    docs = DocService(data(tmp_path, FakeHost(tmp_path / "site", SITE), Clock(), SITE))
    old = to_builtins(docs.extract("hc", "1.0", RETRY))
    assert old["sections"] == []
    assert old["confidence"] < WEAK_BELOW
    assert "those of 2.0 answer it" in old["hint"]
    # Both confidences are written alike, as the answer's own is rounded for reading.
    assert f"answer this only weakly (confidence {old['confidence']:.2f})," in old["hint"]
    assert "with a section 1.0 does not have: 'Retrying failed requests'" in old["hint"]
    assert "ask about version 2.0" in old["hint"]
    assert old["answeredIn"] == "2.0"
    new = to_builtins(docs.extract("hc", "2.0", RETRY))
    assert new["sections"][0]["heading"] == "Retrying failed requests"
    assert "answeredIn" not in new
    # The host model's rewrites of the focus would search the same docs: they are not asked.
    asked: list[str] = []

    def rewriter(focus: str, name: str, language: str) -> list[str]:
        asked.append(focus)
        return ["retry requests"]

    rewritten = to_builtins(docs.extract("hc", "1.0", RETRY, rewriter=rewriter))
    assert asked == [] and rewritten["sections"] == []
    assert rewritten["rewrite"]["status"] == "skipped"
    assert rewritten["rewrite"]["reason"] == "the docs of 2.0 answer this, and these do not"


def fake_read(other: SureAnswer | None, asked_has_it: bool | None, calls: list[str]) -> ReadVersion:
    """Another version whose sure answer is ``other``; the asked version ("1.0") has its heading
    or not (None: it cannot be opened)."""

    def read(version: str, reader: Callable[[sqlite3.Connection], Any]) -> Any:
        assert isinstance(reader, functools.partial)
        calls.append(f"{version} {reader.func.__name__}")
        if reader.func is sure_answer:
            return other
        if reader.func is has_heading:
            return asked_has_it
        return ()  # words_mentioned: none

    return read


def weak(confidence: float) -> SearchResult:
    found = FoundSection(
        heading="Sending requests",
        heading_path=(),
        body="Send a request to a server.",
        anchor="sending-requests",
        source=None,
        lines=None,
        sha256="0" * 64,
        link="https://docs.example/io#sending-requests",
        score=0.4,
        matches=(),
        truncated=False,
    )
    return SearchResult((found,), False, 0, None, confidence)


@pytest.mark.parametrize(
    ("confidence", "other", "asked_has_it", "emptied"),
    [
        (0.3, SureAnswer("Retrying", 0.9), False, True),
        (0.3, SureAnswer("Retrying", 0.9), True, False),  # the asked version has it too
        (0.3, SureAnswer("Retrying", 0.9), None, False),  # the asked version cannot be read
        (0.3, None, False, False),  # the other version is not sure either
        (WEAK_BELOW, SureAnswer("Retrying", 0.9), False, False),  # not weak
    ],
)
def test_when_a_section_only_another_version_has_empties_the_answer(
    confidence: float, other: SureAnswer | None, asked_has_it: bool | None, emptied: bool
) -> None:
    calls: list[str] = []
    result = weak(confidence)
    answer = answered_elsewhere(
        result, RETRY, ["1.0", "2.0"], "1.0", fake_read(other, asked_has_it, calls)
    )
    assert (answer.sections == ()) is emptied
    assert (answer == result) is not emptied
    if confidence >= WEAK_BELOW:
        assert calls == []  # a sure answer costs no other version's shard
