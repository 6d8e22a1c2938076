"""A focus word the asked version's docs never use, that the version before it or the latest
one does use: doc_extract answers with nothing and names that version."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from msgspec import to_builtins

from client.search.elsewhere import versions_to_ask
from client.service import DocService
from tests.test_client_site_data import SITE, Clock, FakeHost, data, make_site


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
    assert (
        "the docs of 3.1.3 never mention 'make_line_iter', and those of 2.3.8 do"
        in (answer["hint"])
    )


def test_the_version_that_mentions_it_answers_as_before(tmp_path: Path) -> None:
    docs = service(tmp_path)
    answer = to_builtins(docs.extract("wz", "2.3.8", "make_line_iter to read the input stream"))
    assert answer["sections"][0]["heading"] == "make_line_iter"
    # A name no version mentions is only named: the sections found stay.
    other = to_builtins(docs.extract("wz", "3.1.3", "read_chunks_fast to read the input stream"))
    assert other["sections"] and other.get("unmentioned") == ["read_chunks_fast"]
