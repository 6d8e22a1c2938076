"""Section search over a small literal shard: ranking, bm25 against a reference, hostile input,
the relevance floor, the size budget and the table of contents."""

import math
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from builder.shards import build_database, shard_rows
from client.errors import InvalidRequest
from client.limits import MAX_FOCUS_CHARS
from client.search.query import parse_focus
from client.search.recall import (
    WEIGHTS,
    _bm25_among,
    _recall_expression,
    bm25_ranking,
    collect_candidates,
    in_docs_language,
    section_count,
)
from client.search.sections import (
    FoundSection,
    find_candidates,
    first_sections,
    search_sections,
    table_of_contents,
)
from client.section_bodies import add_section_views

LONG_BODY = "\n\n".join(
    [
        "Streaming lets you upload a large file without reading it into memory first.",
        "```python\nwith open('massive-body', 'rb') as f:\n\n    requests.post(url, data=f)\n```",
        "The body is sent in chunks. " * 20,
        "```python\nfor chunk in response.iter_content(1024):\n    handle(chunk)\n```",
        "Closing words about streaming uploads. " * 10,
    ]
)
RECORDS = [
    {
        "heading": "Sessions",
        "headingPath": ["Advanced"],
        "body": "A Session object persists cookies across requests. "
        "Use `Session.mount` to attach a transport adapter.",
        "path": "https://docs.example/advanced.html#sessions",
        "anchor": "sessions",
        "source": "advanced.md",
        "lines": [1, 4],
    },
    {
        "heading": "requests.Session.mount",
        "headingPath": ["API", "Session"],
        "body": "Registers a connection adapter to a prefix. Adapters are sorted by prefix length.",
        "path": "https://docs.example/api.html#requests.Session.mount",
        "anchor": "requests.Session.mount",
        "source": "api.md",
        "lines": [10, 12],
    },
    {
        "heading": "Timeouts",
        "headingPath": ["Advanced"],
        "body": "Set a timeout so that a request does not hang forever. "
        "Timeouts are given in seconds; a timeout of None waits forever.",
        "path": "https://docs.example/advanced.html#timeouts",
        "anchor": "timeouts",
        "source": "advanced.md",
        "lines": [6, 9],
    },
    {
        "heading": "Streaming uploads",
        "headingPath": ["Advanced"],
        "body": LONG_BODY,
        "path": "https://docs.example/advanced.html#streaming-uploads",
        "anchor": "streaming-uploads",
        "source": "advanced.md",
        "lines": [11, 40],
    },
    {
        "heading": "Retries",
        "headingPath": ["Advanced"],
        "body": "Mount an adapter with a retry policy to retry failed connections.",
        "path": "https://docs.example/advanced.html#retries",
        "anchor": "retries",
        "source": "advanced.md",
        "lines": [42, 44],
    },
    {
        "heading": "app.get",
        "headingPath": ["API"],
        "body": "Route GET requests for a path to a handler function.",
        "path": "https://docs.example/api.html#app.get",
        "anchor": "app.get",
        "source": "api.md",
        "lines": [20, 22],
    },
    {
        "heading": "超时设置",
        "headingPath": ["高级用法"],
        "body": "请求超时的秒数，超时后抛出异常。",
        "path": "https://docs.example/zh.html#超时设置",
        "anchor": "超时设置",
        "source": "zh.md",
        "lines": [1, 3],
    },
    {
        "heading": "Installation",
        "headingPath": [],
        "body": "Install the package with pip.",
        "path": "https://docs.example/install.html#installation",
        "anchor": "installation",
        "source": "install.md",
        "lines": [1, 2],
    },
]


@pytest.fixture(scope="module")
def shard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sqlite3.Connection]:
    path: Path = tmp_path_factory.mktemp("shard") / "tiny.sqlite"
    build_database(path, "tiny", "1.0.0", RECORDS)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    add_section_views(conn, None)
    yield conn
    conn.close()


def headings(sections: Sequence[FoundSection]) -> list[str]:
    return [s.heading for s in sections]


# ---------------------------------------------------------------- ranking oracle


@pytest.mark.parametrize(
    ("focus", "top"),
    [
        ("Session.mount", "requests.Session.mount"),
        ("session.MOUNT()", "requests.Session.mount"),
        ("app.get", "app.get"),
        ("timeout", "Timeouts"),
        ("how many seconds until a request times out", "Timeouts"),
        ("upload a big file in chunks", "Streaming uploads"),
        ("retry failed connections", "Retries"),
        ("请求超时多少秒", "超时设置"),
        ("pip install", "Installation"),
    ],
)
def test_the_expected_section_comes_first(shard: sqlite3.Connection, focus: str, top: str) -> None:
    result = search_sections(shard, focus)
    assert headings(result.sections)[0] == top
    assert result.hint is None


def test_an_identifier_in_the_heading_beats_a_mention_in_the_text(
    shard: sqlite3.Connection,
) -> None:
    result = search_sections(shard, "Session.mount")
    assert headings(result.sections)[:2] == ["requests.Session.mount", "Sessions"]
    first = result.sections[0]
    assert first.matches[0] == "identifier: session.mount"
    assert first.score > result.sections[1].score


def test_found_sections_carry_their_provenance(shard: sqlite3.Connection) -> None:
    found = search_sections(shard, "Timeouts").sections[0]
    assert (found.anchor, found.source, found.lines) == ("timeouts", "advanced.md", (6, 9))
    assert found.link == "https://docs.example/advanced.html#timeouts"
    assert found.heading_path == ("Advanced",)
    assert len(found.sha256) == 64
    assert found.body == RECORDS[2]["body"]
    assert not found.truncated
    assert "heading hit: 1 word" in found.matches


def test_scores_are_between_zero_and_one_and_descend(shard: sqlite3.Connection) -> None:
    for focus in ("request", "adapter prefix", "Session.mount", "超时", "timeout seconds forever"):
        scores = [s.score for s in search_sections(shard, focus, max_sections=50).sections]
        assert scores == sorted(scores, reverse=True)
        assert all(0.0 <= s <= 1.0 for s in scores)


def test_max_sections_caps_the_answer(shard: sqlite3.Connection) -> None:
    assert len(search_sections(shard, "request", max_sections=1).sections) == 1
    assert len(search_sections(shard, "request", max_sections=50).sections) > 1


@pytest.mark.parametrize("focus", ["kubernetes helm chart", "graphql resolver", "量子纠缠"])
def test_unanswerable_focus_gets_an_empty_answer_with_a_hint(
    shard: sqlite3.Connection, focus: str
) -> None:
    result = search_sections(shard, focus)
    assert result.sections == ()
    assert result.hint is not None and "table of contents" in result.hint


@pytest.mark.parametrize(
    ("focus", "named"),
    [("kubernetes helm chart", "'kubernetes'"), ("graphql resolver", "'graphql'")],
)
def test_an_empty_answer_names_what_the_docs_never_mention(
    shard: sqlite3.Connection, focus: str, named: str
) -> None:
    hint = search_sections(shard, focus).hint
    assert hint is not None and hint.startswith(f"these docs never mention {named}; ")


def test_an_answer_names_what_the_docs_never_mention(shard: sqlite3.Connection) -> None:
    result = search_sections(shard, "retry failed connections with urllib3")
    assert headings(result.sections)[0] == "Retries"
    assert result.hint == "these docs never mention 'urllib3'"
    focus = "streaming uploads in chunks with urllib3"
    tight = search_sections(shard, focus, max_tokens=100)
    assert tight.hint is not None
    assert tight.hint.startswith("these docs never mention 'urllib3'; cut to fit")


# ---------------------------------------------------------------- bm25 against a reference


def reference_bm25(query_tokens: list[str], k1: float = 1.2, b: float = 0.75) -> dict[int, float]:
    """FTS5's bm25() recomputed from the shard's token columns (the bm25s approach: a small,
    obviously correct implementation to hold the real one to). Negated like FTS5's."""
    rows = [row.search for row in shard_rows(RECORDS)]
    docs = [[column.split() for column in row] for row in rows]
    lengths = [sum(len(column) for column in doc) for doc in docs]
    average = sum(lengths) / len(docs)
    scores: dict[int, float] = {}
    for token in query_tokens:
        holding = sum(1 for doc in docs if any(token in column for column in doc))
        idf = math.log((len(docs) - holding + 0.5) / (holding + 0.5))
        idf = idf if idf > 0 else 1e-6
        for position, doc in enumerate(docs, start=1):
            frequency = sum(w * column.count(token) for w, column in zip(WEIGHTS, doc, strict=True))
            if frequency:
                norm = k1 * (1 - b + b * lengths[position - 1] / average)
                gain = idf * frequency * (k1 + 1) / (frequency + norm)
                scores[position] = scores.get(position, 0.0) - gain
    return scores


@pytest.mark.parametrize(
    "tokens", [["timeout"], ["adapter", "prefix"], ["request", "session"], ["超时"], ["mount"]]
)
def test_bm25_matches_the_reference(shard: sqlite3.Connection, tokens: list[str]) -> None:
    expression = " OR ".join(f'"{t}"' for t in tokens)
    expected = reference_bm25(tokens)
    ranking = bm25_ranking(shard, expression, 50)
    assert [i for i, _ in ranking] == sorted(expected, key=lambda i: (expected[i], i))
    for section, score in ranking:
        assert score == pytest.approx(expected[section], rel=1e-9)


# ---------------------------------------------------------------- hostile input

HOSTILE = [
    "",
    "   ",
    '"',
    '""',
    "'",
    '"unterminated',
    'a" OR "b',
    "NEAR(",
    "NEAR(timeout adapter, 2)",
    "timeout NEAR adapter",
    "AND",
    "OR OR OR",
    "NOT timeout",
    "timeout AND",
    "-timeout",
    "timeout*",
    "*",
    "^timeout",
    "heading: timeout",
    "{heading body}: timeout",
    "(((",
    ")",
    "a + b",
    "timeout\x00adapter",
    "\\",
    "%_$`",
    "SELECT * FROM sections; DROP TABLE meta; --",
    "🙂🙂🙂",
    "ﬁle Ｔｉｍｅｏｕｔ",
    "café naïve",
    "\u200b\u200d",
    "٣٤٥ timeout",
    "x" * (MAX_FOCUS_CHARS - 1),
    "timeout " * (MAX_FOCUS_CHARS // 8),
    "Session.mount() app.get('/x') z.string().email()",
    "超时" * (MAX_FOCUS_CHARS // 2),
    "\t\ntimeout\r\n",
]


@pytest.mark.parametrize("focus", HOSTILE)
def test_hostile_focus_never_raises(shard: sqlite3.Connection, focus: str) -> None:
    result = search_sections(shard, focus)
    assert all(0.0 <= s.score <= 1.0 for s in result.sections)
    if not result.sections:
        assert result.hint


def test_a_focus_of_only_operators_has_no_words(shard: sqlite3.Connection) -> None:
    result = search_sections(shard, '"(*)" ^ - + :')
    assert result.sections == ()
    assert result.hint is not None and "no searchable words" in result.hint


def test_operator_words_are_searched_as_words(shard: sqlite3.Connection) -> None:
    # "NOT" and "NEAR" are quoted like any other word; the rest of the focus still finds Timeouts
    # (first: whether the tiny shard's answer is sure enough to give is not what this asks).
    for focus in ("NOT timeout", "NEAR(timeout)"):
        assert headings(search_sections(shard, focus, min_confidence=0.0).sections)[0] == "Timeouts"


@pytest.mark.parametrize(
    ("focus", "max_sections", "max_tokens"),
    [
        ("x" * (MAX_FOCUS_CHARS + 1), 5, 4000),
        ("timeout " * 2000, 5, 4000),
        ("timeout", 0, 4000),
        ("timeout", 51, 4000),
        ("timeout", 5, 99),
        ("timeout", 5, 50_001),
    ],
)
def test_out_of_bounds_requests_are_invalid(
    shard: sqlite3.Connection, focus: str, max_sections: int, max_tokens: int
) -> None:
    with pytest.raises(InvalidRequest):
        search_sections(shard, focus, max_sections=max_sections, max_tokens=max_tokens)


def test_the_longest_allowed_focus_works(shard: sqlite3.Connection) -> None:
    focus = ("timeout " * MAX_FOCUS_CHARS)[:MAX_FOCUS_CHARS]
    found = search_sections(shard, focus, min_confidence=0.0)
    assert headings(found.sections)[0] == "Timeouts"


# ---------------------------------------------------------------- budget


def test_a_small_budget_truncates_cleanly_and_says_so(shard: sqlite3.Connection) -> None:
    result = search_sections(shard, "streaming uploads chunks", max_tokens=100)
    first = result.sections[0]
    assert first.heading == "Streaming uploads"
    assert first.truncated and result.truncated
    assert len(first.body) <= 400
    assert first.body.count("```") % 2 == 0
    assert LONG_BODY.startswith(first.body.split("\n\n")[0])
    assert result.hint is not None and "anchor" in result.hint
    assert first.anchor == "streaming-uploads"


def test_sections_that_no_longer_fit_are_counted_as_omitted(shard: sqlite3.Connection) -> None:
    whole = search_sections(shard, "request", max_sections=50, max_tokens=50_000)
    assert not whole.truncated and whole.omitted == 0 and whole.hint is None
    tight = search_sections(shard, "request", max_sections=50, max_tokens=100)
    assert len(tight.sections) + tight.omitted == len(whole.sections)
    assert tight.omitted > 0
    assert sum(len(s.heading) + len(s.body) for s in tight.sections) <= 400


# ---------------------------------------------------------------- without a focus


def test_first_sections_are_the_volume_in_document_order(shard: sqlite3.Connection) -> None:
    result = first_sections(shard, max_sections=3, max_tokens=50_000)
    assert [s.heading for s in result.sections] == [r["heading"] for r in RECORDS[:3]]
    assert [s.body for s in result.sections] == [r["body"] for r in RECORDS[:3]]
    assert all(s.score == 0 and s.matches == () for s in result.sections)
    assert result.sections[0].link == RECORDS[0]["path"]
    assert (result.truncated, result.omitted, result.hint, result.confidence) == (
        False,
        0,
        None,
        None,
    )


def test_first_sections_keep_to_the_budget(shard: sqlite3.Connection) -> None:
    whole = first_sections(shard, max_sections=50, max_tokens=50_000)
    assert len(whole.sections) == len(RECORDS)
    tight = first_sections(shard, max_sections=50, max_tokens=100)
    assert sum(len(s.heading) + len(s.body) for s in tight.sections) <= 400
    assert tight.omitted > 0 and tight.hint is not None and "maxTokens=100" in tight.hint
    shown = [s.heading for s in tight.sections]
    assert shown == [h for h in (r["heading"] for r in RECORDS) if h in shown]  # order kept


@pytest.mark.parametrize(("sections", "tokens"), [(0, 4000), (51, 4000), (5, 99)])
def test_first_sections_limits_are_bounded(
    shard: sqlite3.Connection, sections: int, tokens: int
) -> None:
    with pytest.raises(InvalidRequest):
        first_sections(shard, max_sections=sections, max_tokens=tokens)


# ---------------------------------------------------------------- table of contents


def test_table_of_contents_in_document_order(shard: sqlite3.Connection) -> None:
    toc = table_of_contents(shard, 100)
    assert [t.heading for t in toc] == [r["heading"] for r in RECORDS]
    assert toc[1].heading_path == ("API", "Session") and toc[1].level == 3
    assert toc[7].level == 1 and toc[7].anchor == "installation"
    assert toc[0].link == "https://docs.example/advanced.html#sessions"


def test_a_bounded_table_of_contents_keeps_the_shallowest_headings(
    shard: sqlite3.Connection,
) -> None:
    toc = table_of_contents(shard, 3)
    assert [t.heading for t in toc] == ["Sessions", "Timeouts", "Installation"]


@pytest.mark.parametrize("limit", [0, 2001])
def test_table_of_contents_limit_is_bounded(shard: sqlite3.Connection, limit: int) -> None:
    with pytest.raises(InvalidRequest):
        table_of_contents(shard, limit)


def test_a_chinese_focus_finds_the_section_in_either_language(shard: sqlite3.Connection) -> None:
    assert set(headings(search_sections(shard, "超时").sections)[:2]) == {"超时设置", "Timeouts"}


@pytest.fixture(scope="module")
def english_shard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sqlite3.Connection]:
    path: Path = tmp_path_factory.mktemp("shard") / "english.sqlite"
    build_database(path, "tiny", "1.0.0", [r for r in RECORDS if r["source"] != "zh.md"])
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    add_section_views(conn, None)
    yield conn
    conn.close()


@pytest.mark.parametrize(
    ("focus", "top"),
    [
        ("怎么设置请求的超时时间", "Timeouts"),
        ("上传大文件", "Streaming uploads"),
        ("连接失败后自动重试", "Retries"),
        ("如何安装", "Installation"),
    ],
)
def test_english_docs_answer_a_question_asked_in_chinese(
    english_shard: sqlite3.Connection, focus: str, top: str
) -> None:
    assert headings(search_sections(english_shard, focus).sections)[:1] == [top]


def test_a_chinese_question_about_english_docs_counts_its_words_not_its_characters(
    english_shard: sqlite3.Connection,
) -> None:
    # Whether to answer weighs how many concepts the focus has (model.answer_chance): counted
    # by character, 怎么设置请求的超时时间 had 7, as many as a long English paraphrase, and
    # the fit answered nearly every Chinese question (0 of fieldZH's 16 unanswerable withheld).
    asked = parse_focus("怎么设置请求的超时时间")
    found = find_candidates(english_shard, asked)
    assert len(asked.concepts) == 7
    assert found.concepts == len(in_docs_language(english_shard, asked).concepts) == 3
    assert found.described and found.unheard == ()


def test_chinese_words_without_a_translation_leave_english_docs_nothing_to_search(
    english_shard: sqlite3.Connection,
) -> None:
    focus = in_docs_language(english_shard, parse_focus("量子纠缠"))
    assert focus.concepts == ()
    # another lane's sections (the semantic lane's) are not ranked on nothing either
    assert collect_candidates(english_shard, focus, 7, extra=(1, 2)) == ([], {})
    assert search_sections(english_shard, "量子纠缠").sections == ()


def test_a_lowercase_name_finds_the_docs_that_write_it_in_camel_case(
    tmp_path: Path,
) -> None:
    # "NumPy" is indexed whole and unstemmed; the focus' "numpy" stems to "numpi".
    records = [
        {**RECORDS[2], "heading": "Arrays", "anchor": "arrays",
         "body": "Convert the result to a NumPy array before plotting it."},
        RECORDS[-1],
    ]  # fmt: skip
    path = tmp_path / "camel.sqlite"
    build_database(path, "tiny", "1.0.0", records)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    add_section_views(conn, None)
    try:
        result = search_sections(conn, "numpy plotting")
        assert headings(result.sections)[:1] == ["Arrays"]
        assert result.hint is None and result.unheard == ()
    finally:
        conn.close()


def test_every_candidate_has_the_bm25_of_the_recall_query(shard: sqlite3.Connection) -> None:
    # Common concepts leave the recall query; the sections other lanes add (plain bm25,
    # headings) are still measured on it, not on the whole focus, or the best bm25 would be
    # one of theirs on another scale and every recalled section's share of it would shrink.
    focus = parse_focus("adapter prefix request seconds")
    total = section_count(shard)
    candidates, frequencies = collect_candidates(shard, focus, total)
    expression = _recall_expression(focus, frequencies, total)
    assert expression != focus.expression
    recall = dict(bm25_ranking(shard, expression, total))
    assert len(candidates) > len(recall)  # other lanes added some
    assert {c.section_id: c.bm25 for c in candidates} == {
        c.section_id: recall.get(c.section_id, 0.0) for c in candidates
    }


def test_the_bm25_of_listed_sections_is_one_match_however_many_they_are(
    shard: sqlite3.Connection,
) -> None:
    # With its "rowid IN (...)" handed to FTS5, SQLite ran the MATCH once per id, and each
    # run's bm25() looked every phrase up again and counted the sections holding it: on a big
    # shard, with a common recall expression, 60 ids cost several times the recall query. The
    # ids must only filter the rows of one MATCH: as many index reads for 2 ids as for 40.
    def reads(ids: list[int]) -> tuple[dict[int, float], int]:
        statements: list[str] = []
        shard.set_trace_callback(statements.append)
        try:
            found = _bm25_among(shard, '"request" OR "timeout"', ids)
        finally:
            shard.set_trace_callback(None)
        return found, sum("sections_fts_idx" in statement for statement in statements)

    found, many = reads(list(range(1, 41)))
    assert found == {
        i: score for i, score in bm25_ranking(shard, '"request" OR "timeout"', 1000) if i <= 40
    }
    assert len(found) > 2
    assert reads(sorted(found)[:2])[1] == many


def test_the_threshold_weighs_whether_to_answer_and_a_callers_own_the_confidence(
    shard: sqlite3.Connection,
) -> None:
    # The model withholds an answer by its chance that one of the first sections answers (its
    # abstention fit); a caller's min_confidence applies to the confidence of the first.
    from dataclasses import replace

    from client.search.model import default_model

    model = default_model()
    focus = "set a timeout so a request does not hang"
    answered = search_sections(shard, focus, model=replace(model, abstain_below=0.0))
    assert answered.sections and answered.confidence is not None
    never = replace(model, abstention_fit=(-100.0,) + (0.0,) * 6, abstain_below=0.5)
    assert not search_sections(shard, focus, model=never).sections
    # The caller's threshold, below this answer's confidence, answers whatever the fit says.
    own = search_sections(shard, focus, model=never, min_confidence=answered.confidence / 2)
    assert own.sections
    assert not search_sections(shard, focus, model=never, min_confidence=1.0).sections
