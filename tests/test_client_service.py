"""DocService over the bundled example site: answers, provenance, bounds and error codes."""

import shutil
from pathlib import Path

import pytest
from msgspec import UNSET, to_builtins

from client.assemble import make_service
from client.config import resolve_settings
from client.errors import InvalidRequest, NotFound, SectionChanged, VersionNotFound
from client.render import render_extract
from client.service import DocService
from tests.shared_anchor_site import (
    DEPLOY,
    GUIDE,
    LIBRARY,
    SHARED,
    UNIQUE,
    VERSION,
    build_shared_anchor_site,
)

COMPAT = Path(__file__).resolve().parents[1] / "examples" / "compat" / "doctrove-demo-index.json"


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> DocService:
    cache = tmp_path_factory.mktemp("cache")
    return make_service(resolve_settings({}, {"DOCTROVE_CACHE_DIR": str(cache)}))


def test_lookup_has_seed_keys_and_provenance(service: DocService) -> None:
    answer = to_builtins(service.lookup("expressjs", 3))
    assert set(answer) >= {"results", "total", "sources"}
    top = answer["results"][0]
    assert (top["id"], top["latest"]) == ("express", "5.1.0")
    assert 0.95 <= top["score"] <= 0.955  # the alias tier, plus at most its popularity headroom
    assert top["matches"] == ["exact alias match: expressjs"]
    assert top["source"].startswith("bundled:")
    assert top["provenance"]["kind"] == "bundled"
    assert top["provenance"]["buildTime"] == "2026-11-30T00:00:00.000Z"
    assert top["popularity"] == 1200 and isinstance(top["popularity"], int)


def test_lookup_total_counts_every_match_not_only_those_shown(service: DocService) -> None:
    every = to_builtins(service.lookup("web", 50))
    assert every["total"] == len(every["results"]) >= 2
    first = to_builtins(service.lookup("web", 1))
    assert len(first["results"]) == 1
    assert first["total"] == every["total"]
    assert first["results"][0]["id"] == every["results"][0]["id"]


def test_releases(service: DocService) -> None:
    answer = to_builtins(service.releases("werkzeug"))
    assert answer["versions"] == ["3.1.3", "2.3.8"] and answer["latest"] == "3.1.3"


def test_aliases_and_registry_names_stand_for_the_id_and_say_so(service: DocService) -> None:
    # doctrove agents pass an alias or a registry name where an id is asked for.
    releases = to_builtins(service.releases("WSGI"))
    assert (releases["id"], releases["resolvedFrom"]) == ("werkzeug", "WSGI")
    extract = to_builtins(service.extract("pypi:werkzeug", "3.1.3", "debugger pin", 1, 2000))
    assert (extract["id"], extract["resolvedFrom"]) == ("werkzeug", "pypi:werkzeug")
    read = to_builtins(service.read("wsgi", "3.1.3", "debugger-pin", page="debug.rst"))
    assert (read["id"], read["resolvedFrom"]) == ("werkzeug", "wsgi")
    # The answer cached for the id is shared, never marked by another name.
    assert "resolvedFrom" not in to_builtins(service.releases("werkzeug"))
    assert "resolvedFrom" not in to_builtins(
        service.extract("werkzeug", "3.1.3", "debugger pin", 1, 2000)
    )


def test_extract_states_the_version_and_how_it_was_chosen(service: DocService) -> None:
    answer = to_builtins(service.extract("werkzeug", "2", "routing converters", 2, 2000))
    assert (answer["version"], answer["releaseKind"]) == ("2.3.8", "prefix")
    assert answer["requestedVersion"] == "2"
    assert 1 <= len(answer["sections"]) <= 2
    for section in answer["sections"]:
        assert section["source"].endswith(".rst") and section["lines"][0] >= 1
        assert len(section["sha256"]) == 64 and section["path"].startswith("https://")
    latest = to_builtins(service.extract("werkzeug", None, "routing"))
    assert (latest["version"], latest["releaseKind"]) == ("3.1.3", "latest")


def test_extract_finds_an_api_by_name_in_html_docs(service: DocService) -> None:
    answer = to_builtins(service.extract("python", "3.11", "json.dumps", 3))
    assert answer["sections"][0]["anchor"] == "json.dumps"


def test_extract_without_focus_is_the_first_sections_and_the_table_of_contents(
    service: DocService,
) -> None:
    answer = to_builtins(service.extract("attrs", "25"))
    assert answer["toc"]
    assert {"heading", "headingPath", "anchor", "source", "path", "level"} <= set(answer["toc"][0])
    assert all(entry["source"] for entry in answer["toc"])
    # doctrove's answer without a focus: the first maxSections sections, bodies and all, in
    # document order (express 5.1.0 has nine, so its table of contents lists every one).
    express = to_builtins(service.extract("express", "5.1.0", None, 3))
    outline = [(entry["source"], entry["anchor"]) for entry in express["toc"]]
    assert len(outline) == 9
    assert [(s["source"], s["anchor"]) for s in express["sections"]] == outline[:3]
    assert all(s["body"] and s["score"] == 0 and s["matches"] == [] for s in express["sections"])
    assert "focus" not in express and "confidence" not in express
    assert express["hint"].startswith("no focus given: the first 3 of the version's 9 sections")


def test_the_table_of_contents_of_an_answer_without_focus_keeps_within_max_tokens(
    service: DocService,
) -> None:
    # It listed 200 headings whatever maxTokens said: more-itertools 10.7.0 asked with
    # maxTokens=100 answered 11,733 characters of text and 62,378 of JSON.
    whole = service.extract("attrs", "25", None, 1)
    small = service.extract("attrs", "25", None, 1, 400)
    assert isinstance(whole.toc, list) and isinstance(small.toc, list)
    assert len(whole.toc) > 40
    text = render_extract(small)
    assert len(text) <= 400 * 4  # the whole text: header, sections, contents and note
    # The shallowest headings are the ones kept, in document order.
    kept = [(entry.source, entry.anchor) for entry in small.toc]
    assert 0 < len(kept) < len(whole.toc)
    assert max(entry.level for entry in small.toc) <= min(
        entry.level for entry in whole.toc if (entry.source, entry.anchor) not in kept
    )
    assert kept == [(e.source, e.anchor) for e in whole.toc if (e.source, e.anchor) in kept]
    assert small.hint is not UNSET and small.hint is not None
    assert (
        f"table of contents cut to its {len(kept)} shallowest headings (of {len(whole.toc)} "
        "listed with room for all) to fit maxTokens=400: raise it for more"
    ) in small.hint
    assert "shallowest" not in (whole.hint or "")


@pytest.mark.parametrize("name", ["pypi:dirty_equals", "pypi:Dirty.Equals", "PYPI:dirty-equals"])
def test_a_pypi_name_stands_for_the_id_as_pypi_compares_names(
    service: DocService, name: str
) -> None:
    # catalog_lookup found "pypi:more_itertools", but doc_extract refused it: "no library with
    # id 'pypi:more_itertools' (did you mean more-itertools?)", as PyPI reads the names alike.
    answer = to_builtins(service.releases(name))
    assert (answer["id"], answer["resolvedFrom"]) == ("dirty-equals", name)
    with pytest.raises(NotFound):
        service.releases("npm:dirty_equals")


@pytest.mark.parametrize("name", ["dirty_equals", "Dirty.Equals"])
def test_a_bare_name_pypi_spells_alike_stands_for_the_id(service: DocService, name: str) -> None:
    # An agent passed more_itertools, the package as its code imports it, and got only "did
    # you mean more-itertools?".
    answer = to_builtins(service.releases(name))
    assert (answer["id"], answer["resolvedFrom"]) == ("dirty-equals", name)
    with pytest.raises(NotFound):
        service.releases("dirty__equals_x")


@pytest.mark.parametrize("focus", ["click", "Click", "`click`"])
def test_extract_of_the_library_s_own_name_is_its_opening(service: DocService, focus: str) -> None:
    # A search of click's docs for "click" answered click.pause (the word is in every section):
    # the library's name asks about the library, which its opening sections and contents answer.
    named = to_builtins(service.extract("click", "8.1.7", focus, 3))
    opening = to_builtins(service.extract("click", "8.1.7", None, 3))
    assert named["sections"] == opening["sections"] and named["toc"] == opening["toc"]
    assert named["focus"] == focus and "confidence" not in named
    assert named["hint"].startswith("the focus names the library itself: the first 3 of")
    # A focus that says more than the name is searched as ever.
    assert "toc" not in to_builtins(service.extract("click", "8.1.7", "click options", 3))
    # The host model's rewrites would search for what the opening already answers.
    asked: list[str] = []

    def rewriter(focus: str, name: str, language: str) -> list[str]:
        asked.append(focus)
        return ["command line interface toolkit"]

    rewritten = to_builtins(service.extract("click", "8.1.7", focus, 3, rewriter=rewriter))
    assert asked == [] and rewritten["rewrite"]["status"] == "skipped"
    assert rewritten["sections"] == opening["sections"]


@pytest.mark.parametrize(
    "focus", ["click()", "'click'", "\u201cClick\u201d", "click?", "pypi:click"]
)
def test_the_library_s_name_spelled_as_agents_write_it_is_its_opening(
    service: DocService, focus: str
) -> None:
    # Quotes, a call's "()", a question mark or the registry's name still name the library:
    # each of these answered click.pause or Quickstart as a search of its docs.
    answer = to_builtins(service.extract("click", "8.1.7", focus, 3))
    assert "toc" in answer and answer["focus"] == focus
    assert answer["hint"].startswith("the focus names the library itself")


def test_the_library_s_opening_is_rendered_unscored(service: DocService) -> None:
    # The opening sections are in document order, not ranked: "[score 0.00]" on each misled.
    text = render_extract(service.extract("click", "8.1.7", "click", 2))
    assert "## Welcome to Click\n" in text and "score" not in text


def test_an_alias_the_docs_head_a_section_with_is_searched(service: DocService) -> None:
    # werkzeug's alias "wsgi" is also a concept of its docs, headed "WSGI": that section is
    # the answer, not the opening sections the library's name asks for.
    answer = to_builtins(service.extract("werkzeug", "3.1.3", "WSGI", 3))
    assert "toc" not in answer and answer["sections"][0]["anchor"] == "wsgi"
    # An alias no heading says still names the library (attrs' "attr" heads no section).
    assert "toc" in to_builtins(service.extract("attrs", "25.3.0", "attr", 3))


def test_extract_without_focus_keeps_to_the_token_budget(service: DocService) -> None:
    answer = to_builtins(service.extract("werkzeug", "3.1.3", None, 10, 100))
    assert answer["sections"] and len(answer["sections"]) < 10
    assert sum(len(s["heading"]) + len(s["body"]) for s in answer["sections"]) <= 100 * 4
    assert answer["truncated"] or answer["omitted"]
    assert "maxTokens=100" in answer["hint"]


def test_extract_answers_with_every_version_and_the_volume_summary(
    service: DocService, tmp_path: Path
) -> None:
    answer = to_builtins(service.extract("express", "4", "路由"))
    assert answer["versions"] == ["5.1.0", "4.21.2"]
    # The bundled site is a catalog, which keeps no summary per version.
    assert answer["volumeSummary"] is None
    index = tmp_path / "index.json"
    shutil.copy(COMPAT, index)
    plain = make_service(
        resolve_settings({"local_index": str(index), "cache_dir": str(tmp_path)}, {})
    )
    for requested, summary in (("4", "Express 4 要点："), (None, "Express 5 要点：")):
        answer = plain.extract("express", requested)
        assert answer.versions == ["5.1.0", "4.21.2"]
        assert answer.volumeSummary is not None
        assert answer.volumeSummary.startswith(summary)


@pytest.fixture(scope="module")
def twin(tmp_path_factory: pytest.TempPathFactory) -> DocService:
    """A service over a site whose two pages share the anchor SHARED."""
    root = tmp_path_factory.mktemp("twin")
    site = build_shared_anchor_site(root)
    settings = {"local_index": str(site), "cache_dir": str(root / "cache")}
    return make_service(resolve_settings(settings, {}))


def test_the_table_of_contents_tells_pages_apart(twin: DocService) -> None:
    toc = twin.extract(LIBRARY, VERSION).toc
    assert isinstance(toc, list)
    shared = [(entry.source, entry.headingPath) for entry in toc if entry.anchor == SHARED]
    assert shared == [(DEPLOY, ["Deploy"]), (GUIDE, ["Guide"])]


def test_read_refuses_an_anchor_that_two_pages_share(twin: DocService) -> None:
    with pytest.raises(InvalidRequest) as refused:
        twin.read(LIBRARY, VERSION, SHARED)
    assert refused.value.code == "validation"
    assert refused.value.hints == [f"{DEPLOY}#{SHARED}", f"{GUIDE}#{SHARED}"]
    assert f"{GUIDE}#{SHARED} (Guide > Configuration)" in refused.value.message


@pytest.mark.parametrize(
    ("anchor", "page", "body"),
    [
        (SHARED, GUIDE, "Set guide options in guide.toml."),
        (SHARED, DEPLOY, "Set the deploy target in deploy.toml."),
        (f"{GUIDE}#{SHARED}", None, "Set guide options in guide.toml."),
        (f"{DEPLOY}#{SHARED}", None, "Set the deploy target in deploy.toml."),
    ],
)
def test_read_with_the_page_serves_that_pages_section(
    twin: DocService, anchor: str, page: str | None, body: str
) -> None:
    answer = twin.read(LIBRARY, VERSION, anchor, page=page)
    (target,) = answer.sections
    assert (answer.anchor, answer.page) == (SHARED, target.source)
    assert target.body == body


def test_read_of_an_anchor_on_one_page_needs_no_page(twin: DocService) -> None:
    answer = twin.read(LIBRARY, VERSION, UNIQUE, None, 1)
    assert answer.page == DEPLOY
    assert [(s.anchor, s.target) for s in answer.sections] == [
        (SHARED, False),
        (UNIQUE, True),
    ]


def test_expected_hash_of_a_shared_anchor_checks_the_section_seen(twin: DocService) -> None:
    """The hash names the section: the second page's is served, not 'changed since you saw it'
    measured against the first page's."""
    seen = twin.read(LIBRARY, VERSION, SHARED, page=GUIDE).sections[0]
    answer = twin.read(LIBRARY, VERSION, SHARED, seen.sha256)
    assert answer.page == GUIDE and answer.sections[0].sha256 == seen.sha256
    with pytest.raises(SectionChanged) as changed:
        twin.read(LIBRARY, VERSION, SHARED, "0" * 64, page=GUIDE)
    assert f"{GUIDE}#{SHARED}" in changed.value.message


def test_size_budget_is_respected(service: DocService) -> None:
    answer = to_builtins(service.extract("python", None, "pathlib glob pattern", 5, 100))
    assert sum(len(s["body"]) for s in answer["sections"]) <= 100 * 4 + 200
    assert answer["truncated"] or answer["omitted"]


def test_read_whole_section_with_neighbours_and_expected_hash(service: DocService) -> None:
    found = to_builtins(service.extract("werkzeug", "3.1.3", "form data parsing", 1))["sections"][0]
    answer = to_builtins(service.read("werkzeug", "3.1.3", found["anchor"], found["sha256"], 1))
    target = [s for s in answer["sections"] if s["target"]]
    assert len(target) == 1 and target[0]["anchor"] == found["anchor"]
    assert target[0]["bodySha256Verified"] is True
    assert 1 <= len(answer["sections"]) <= 3
    with pytest.raises(SectionChanged) as changed:
        to_builtins(service.read("werkzeug", "3.1.3", found["anchor"], "0" * 64))
    assert changed.value.code == "version" and changed.value.hints == [found["sha256"]]


@pytest.mark.parametrize(
    ("call", "error", "code"),
    [
        (lambda s: s.extract("expres"), NotFound, "not-found"),
        (lambda s: s.extract("express", "7"), VersionNotFound, "version"),
        (lambda s: s.lookup(""), InvalidRequest, "validation"),
        (lambda s: s.lookup("x" * 201), InvalidRequest, "validation"),
        (lambda s: s.lookup("x", 0), InvalidRequest, "validation"),
        (lambda s: s.lookup("x", True), InvalidRequest, "validation"),
        (lambda s: s.extract("express", None, "x", 51), InvalidRequest, "validation"),
        (lambda s: s.extract("express", None, "x", 5, 99), InvalidRequest, "validation"),
        (lambda s: s.extract(5), InvalidRequest, "validation"),
        (lambda s: s.read("express", None, "no-such-anchor"), NotFound, "not-found"),
        (lambda s: s.read("express", None, "x", "nothex"), InvalidRequest, "validation"),
    ],
)
def test_errors_have_stable_codes(
    service: DocService, call: object, error: type, code: str
) -> None:
    with pytest.raises(error) as caught:
        call(service)  # type: ignore[operator]
    assert caught.value.code == code


def test_errors_carry_recovery_hints(service: DocService) -> None:
    with pytest.raises(NotFound) as missing:
        to_builtins(service.extract("werkzueg"))
    assert "werkzeug" in missing.value.hints
    with pytest.raises(VersionNotFound) as version:
        to_builtins(service.extract("express", "6"))
    assert version.value.hints[:2] == ["5.1.0", "4.21.2"]


def test_answers_are_cached(service: DocService) -> None:
    before = service.results.stats().hits
    to_builtins(service.lookup("werkzeug"))
    to_builtins(service.lookup("werkzeug"))
    assert service.results.stats().hits == before + 1


def test_status(service: DocService, tmp_path: Path) -> None:
    status = service.status()
    assert status["libraries"] == 19 and status["versions"] == 28
    assert status["data"]["sources"][0]["kind"] == "bundled"


def test_a_lookup_matching_nothing_names_the_libraries_of_a_small_catalog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Asked by a concept ("serialization", "中文"), lookup told an agent only to "try its
    # package name or another spelling", with no way to see what the site documents.
    settings = {"DOCTROVE_CACHE_DIR": str(tmp_path), "DOCTROVE_LOCAL_INDEX": str(COMPAT)}
    small = make_service(resolve_settings({}, settings))
    answer = to_builtins(small.lookup("serialization", 5))
    assert answer["results"] == []
    assert answer["hint"] == (
        "no library matches; try its package name or another spelling, or pick one of the 3 "
        "libraries the sources document: dayjs (轻量级 JavaScript 日期处理库（2kB，API 兼容 "
        "Moment.js）); express (Node.js 极简 Web 应用框架); zod (TypeScript 优先的 schema "
        "声明与校验库)"
    )
    # A close id is the better hint (a typo past a name's first two letters, "zodd", is
    # answered by the library itself); and a large catalog is not listed.
    assert to_builtins(small.lookup("zodd", 5))["results"][0]["id"] == "zod"
    assert "pick one" not in to_builtins(small.lookup("xodd", 5))["hint"]
    monkeypatch.setattr("client.listing.LIST_LIBRARIES_UP_TO", 2)
    larger = make_service(resolve_settings({}, settings))
    assert "pick one" not in to_builtins(larger.lookup("serialisation", 5))["hint"]
