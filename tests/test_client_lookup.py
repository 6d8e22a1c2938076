"""catalog_lookup ranking: tiers, popularity inside a tier, case, Chinese, packages, near misses."""

import pytest

from client.errors import InvalidRequest
from client.lookup import LibraryIndex, popularity_factor
from client.lookup_units import _chinese_terms_for as chinese_terms_for
from client.lookup_units import query_units, rarity, weighted_share, word_forms
from client.model import CatalogEntry, Provenance
from client.search.glossary import MAX_CHINESE_TERMS, MIN_TERM_CHARS, two_way_entries
from schemas.library_keys import words

SOURCE = Provenance("bundled", "test", None, False, None, None)


def entry(
    id: str,
    name: str,
    summary: str = "",
    aliases: tuple[str, ...] = (),
    packages: tuple[str, ...] = (),
    popularity: float = 0,
) -> CatalogEntry:
    return CatalogEntry(
        id, name, summary, aliases, packages, popularity, None, ("1.0.0",), {}, SOURCE
    )


CATALOG = [
    entry(
        "express",
        "Express",
        "Minimal web framework for Node.js",
        ("expressjs",),
        ("npm:express",),
        1200,
    ),
    entry("expresso", "Expresso", "TDD test framework", popularity=5),
    entry("zod", "Zod", "TypeScript-first schema validation", ("zodjs",), ("npm:zod",), 900),
    entry(
        "pypinyin",
        "pypinyin",
        "汉字拼音转换模块/工具.",
        ("python-pinyin", "pinyin"),
        ("pypi:pypinyin",),
        150,
    ),
    entry(
        "vconsole", "vConsole", "移动端网页的前端调试面板", ("v-console",), ("npm:vconsole",), 200
    ),
    entry(
        "commander", "Commander.js", "node.js command-line interfaces", ("commanderjs",), (), 1000
    ),
    entry("fastapi", "FastAPI", "Fast web framework for building APIs", popularity=10**7),
    entry("werkzeug", "Werkzeug", "The comprehensive WSGI web application library.", ("wsgi",)),
    entry("more-itertools", "more-itertools", packages=("pypi:more-itertools",)),
    entry("typing", "typing_extensions", packages=("pypi:typing_extensions",)),
]
INDEX = LibraryIndex(CATALOG)


def ranking(query: str, limit: int = 5) -> list[tuple[str, float, tuple[str, ...]]]:
    return [(h.entry.id, round(h.score, 4), h.matches) for h in INDEX.lookup(query, limit)]


@pytest.mark.parametrize(
    ("query", "top", "signal"),
    [
        ("express", "express", "exact id match"),
        ("EXPRESS", "express", "exact id match"),
        ("Commander.js", "commander", "exact name match"),
        ("commander.JS", "commander", "exact name match"),
        ("ExpressJS", "express", "exact alias match: expressjs"),
        ("V-Console", "vconsole", "exact alias match: v-console"),
        ("npm:express", "express", "exact package match: npm:express"),
        ("PYPI:pypinyin", "pypinyin", "exact package match: pypi:pypinyin"),
        # PyPI names compare as PEP 503 says: a requirements file's spelling finds the catalog's
        # (it was a 0.75 "name hit: 2 of 3 words"), and the catalog's spelling may be any.
        ("pypi:more_itertools", "more-itertools", "exact package match: pypi:more-itertools"),
        ("pypi:More.Itertools", "more-itertools", "exact package match: pypi:more-itertools"),
        ("pypi:typing-extensions", "typing", "exact package match: pypi:typing_extensions"),
        ("vconsole", "vconsole", "exact id match"),
        ("commanderj", "commander", "alias prefix match: commanderjs"),
        ("werk", "werkzeug", "id prefix match"),
        ("typescript schema", "zod", "summary hit: 2 of 2 words"),
        # A Chinese query reads through the glossary: 拼音 is "pinyin", an alias (it was a
        # 0.51 "summary hit: 2 of 2 words"); 调试面板 is two terms, 调试 (debug) and 面板
        # (panel), met by the summary's characters.
        ("拼音", "pypinyin", "name hit: 1 of 1 word"),
        ("调试面板", "vconsole", "summary hit: 2 of 2 words"),
        # ... and finds English summaries: 命令行 is "command line"; 工具 (tool) names a kind
        # of software, so it is left out (pypinyin's summary ends in 工具: it came first).
        ("命令行工具", "commander", "summary hit: 1 of 1 word"),
        # An English query finds a Chinese summary through the glossary read backwards.
        ("debug panel", "vconsole", "summary hit: 2 of 2 words"),
        # "framework" says what kind of thing is looked for, not which: left out, Werkzeug's
        # "application" decides (FastAPI's "framework" won on its popularity).
        ("application framework", "werkzeug", "summary hit: 1 of 1 word"),
    ],
)
def test_best_hit_and_why(query: str, top: str, signal: str) -> None:
    hits = INDEX.lookup(query, 5)
    assert hits[0].entry.id == top
    assert signal in hits[0].matches


def test_bare_package_name_is_an_alias_tier() -> None:
    catalog = [entry("schema-lib", "Schema Lib", packages=("npm:left-pad",), popularity=3)]
    (hit,) = LibraryIndex(catalog).lookup("left-pad", 5)
    assert hit.entry.id == "schema-lib"
    assert hit.score == pytest.approx(0.95 + 0.05 * popularity_factor(3))
    assert hit.matches == ("exact package match: npm:left-pad",)


def test_tier_table_exactly() -> None:
    assert ranking("expr") == [
        (
            "express",
            round(0.90 + 0.10 * popularity_factor(1200), 4),
            ("id prefix match", "name prefix match"),
        ),
        (
            "expresso",
            round(0.90 + 0.10 * popularity_factor(5), 4),
            ("id prefix match", "name prefix match"),
        ),
    ]
    assert ranking("expressj") == [
        (
            "express",
            round(0.85 + 0.15 * popularity_factor(1200), 4),
            ("alias prefix match: expressjs",),
        ),
    ]


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        # exact > alias > name prefix > alias prefix > name words > summary words
        (entry("alpha", "Alpha"), entry("beta", "Beta", aliases=("alpha",), popularity=10**12)),
        (
            entry("beta", "Beta", aliases=("alpha",)),
            entry("alphabet", "Alphabet", popularity=10**12),
        ),
        (
            entry("alphabet", "Alphabet"),
            entry("gamma", "Gamma", aliases=("alphas",), popularity=10**12),
        ),
        (
            entry("gamma", "Gamma", aliases=("alphas",)),
            entry("delta", "Delta Alpha", popularity=10**12),
        ),
        (entry("delta", "Delta Alpha"), entry("omega", "Omega", "alpha", popularity=10**12)),
    ],
)
def test_popularity_never_inverts_a_tier(better: CatalogEntry, worse: CatalogEntry) -> None:
    hits = LibraryIndex([worse, better]).lookup("alpha", 5)
    assert [h.entry.id for h in hits] == [better.id, worse.id]
    assert hits[0].score > hits[1].score


def test_popularity_orders_inside_a_tier_then_ties_by_id() -> None:
    catalog = [
        entry("web-b", "Web B", "web framework", popularity=10),
        entry("web-c", "Web C", "web framework", popularity=1000),
        entry("web-a", "Web A", "web framework", popularity=10),
    ]
    hits = LibraryIndex(catalog).lookup("framework", 5)
    assert [h.entry.id for h in hits] == ["web-c", "web-a", "web-b"]
    assert hits[1].score == hits[2].score


def test_name_words_score_in_proportion() -> None:
    catalog = [entry("a", "Alpha Beta Gamma"), entry("b", "Alpha Beta"), entry("c", "Alpha")]
    scores = {h.entry.id: h.score for h in LibraryIndex(catalog).lookup("gamma beta alpha", 5)}
    assert scores["a"] == pytest.approx(0.83)
    assert scores["b"] == pytest.approx(0.60 + 0.23 * 2 / 3)
    assert scores["c"] == pytest.approx(0.60 + 0.23 / 3)


def test_nothing_matches() -> None:
    assert INDEX.lookup("kubernetes", 5) == []


def test_limit_caps_the_results() -> None:
    assert len(INDEX.lookup("framework", 1)) == 1


def test_total_counts_every_library_hit_whatever_the_limit() -> None:
    every = INDEX.search("framework", 50)
    assert every.total == len(every.hits) > 1
    first = INDEX.search("framework", 1)
    assert (first.total, first.hits) == (every.total, every.hits[:1])
    assert INDEX.search("kubernetes", 5).total == 0


@pytest.mark.parametrize(
    ("query", "nearest"),
    [
        ("exprss", ["express", "expresso"]),
        ("zood", ["zod"]),
        ("pinyn", ["pypinyin"]),
        ("werkzeug2", ["werkzeug"]),
        ("fastap", ["fastapi"]),
        ("qqqqqq", []),
    ],
)
def test_nearest_ids(query: str, nearest: list[str]) -> None:
    assert INDEX.nearest_ids(query, 3) == nearest


@pytest.mark.parametrize(
    ("query", "limit"), [("", 5), ("   ", 5), ("x" * 201, 5), ("express", 0), ("express", 51)]
)
def test_invalid_requests(query: str, limit: int) -> None:
    with pytest.raises(InvalidRequest):
        INDEX.lookup(query, limit)


def test_popularity_factor_is_bounded() -> None:
    assert popularity_factor(0) == 0.0
    assert popularity_factor(1) == 0.0
    assert popularity_factor(1000) == pytest.approx(0.03)
    assert popularity_factor(10**15) == 0.1


def test_saved_stems_give_the_same_answers() -> None:
    from client import lookup

    entries = [
        entry("express", "Express", aliases=("expressjs",), popularity=1200),
        entry("zod", "Zod", summary="TypeScript schema validations", popularity=300),
        entry("dayjs", "Day.js", summary="轻量级日期处理库", popularity=800),
    ]
    built = LibraryIndex(entries)
    saved = lookup.export_stems()
    lookup._STEMS.clear()
    assert lookup.import_stems(saved)
    restored = LibraryIndex(entries)
    for query in ("express", "expr", "expressjs", "schema validation", "日期", "day.js"):
        assert [(h.entry.id, h.score, h.matches) for h in restored.lookup(query)] == [
            (h.entry.id, h.score, h.matches) for h in built.lookup(query)
        ]


def test_foreign_stem_files_are_refused() -> None:
    from client import lookup

    assert not lookup.import_stems(b"not json")
    assert not lookup.import_stems(b"[1, 2]")
    assert not lookup.import_stems(b'{"format": "other", "stems": {}}')
    assert not lookup.import_stems(b'{"format": "doctrove-stems@1", "stems": {"a": 1}}')
    entries = [entry("express", "Express"), entry("zod", "Zod")]
    assert LibraryIndex.fingerprint(entries) != LibraryIndex.fingerprint(entries[::-1])


def test_query_units_read_words_across_chinese_and_english() -> None:
    # Without Chinese summaries an English word is met only as written.
    assert query_units("date library", chinese_summaries=False) == [(("dat",),)]
    # With them, also by the characters of the Chinese terms the glossary gives it.
    assert query_units("date", chinese_summaries=True) == [(("dat",), ("日", "期"))]
    # A Chinese term is one unit, met by any English word it gives or by its characters;
    # a character no term covers is a unit of its own.
    assert query_units("模板引擎x", chinese_summaries=False) == [
        (("templat",), ("engin",), ("模", "板", "引", "擎")),
        (("x",),),
    ]
    # Kind words count only when the query has nothing else.
    assert query_units("工具", chinese_summaries=False) == [
        (("tool",), ("utiliti",), ("util",), ("工", "具")),
    ]
    assert query_units("library", chinese_summaries=False) == [(("librari",),)]


def test_an_english_word_whose_stem_ends_in_i_finds_its_chinese_terms() -> None:
    # "dry" stems to "dri": its glossary term 试运行 (dry run) holds "dry", not "dri".
    assert query_units("dry", chinese_summaries=True) == [(("dri",), ("试", "运", "行"))]
    # Every stem of the glossary's English finds the terms a scan of the whole glossary does.
    ranked: dict[str, list[tuple[int, int, str]]] = {}
    for term, english in two_way_entries().items():
        if len(term) >= MIN_TERM_CHARS:
            for place, word in enumerate(words(english)):
                ranked.setdefault(word, []).append((place, len(term), term))
    for word, found in ranked.items():
        terms = [term for _, _, term in sorted(found)]
        kept = [t for t in terms if not any(other != t and other in t for other in terms)]
        expected = tuple(tuple(dict.fromkeys(t)) for t in kept[:MAX_CHINESE_TERMS])
        assert chinese_terms_for(word) == expected, word


def test_an_ecosystem_word_is_met_by_the_registry_never_by_a_name() -> None:
    index = LibraryIndex(
        [
            entry("flask", "flask", "A framework for web applications.", (), ("pypi:flask",)),
            entry("express", "express", "Minimalist web framework", (), ("npm:express",)),
            entry("opencv-python", "opencv-python", "OpenCV python bindings", (), ("pypi:x",)),
        ]
    )
    # Flask's summary does not say Python, its registry does; opencv-python's name says it,
    # which tells nothing of what it does (it came first, a 0.715 name hit).
    found = index.lookup("python web framework")
    assert (found[0].entry.id, found[0].matches) == ("flask", ("summary hit: 2 of 2 words",))
    assert found[-1].entry.id == "opencv-python" and found[-1].score < found[0].score
    assert index.lookup("node.js web framework")[0].entry.id == "express"
    # Alone, an ecosystem word still meets names.
    assert index.lookup("python")[0].matches == ("name hit: 1 of 1 word",)


def test_a_summary_meets_a_word_in_any_form_of_its_family() -> None:
    index = LibraryIndex(
        [
            entry("cbor2", "cbor2", "CBOR (de)serializer with extensive tag support"),
            entry("msgspec", "msgspec", "A fast serialization and validation library"),
            entry("scrapy", "scrapy", "A high-level Web Crawling and Web Scraping framework"),
            entry("pino", "pino", "super fast, all natural json logger"),
        ]
    )
    for query in ("serialization library", "serializer", "serialize", "序列化"):
        assert {hit.entry.id for hit in index.lookup(query)} == {"cbor2", "msgspec"}, query
    assert index.lookup("web crawler")[0].matches == ("summary hit: 2 of 2 words",)
    assert [hit.entry.id for hit in index.lookup("structured logging")] == ["pino"]
    assert word_forms("serializ")[:1] == ("serializ",) and "serializer" in word_forms("serializ")
    assert "log" in word_forms("logger") and "logger" in word_forms("log")
    assert word_forms("user")[0] == "user" and "us" not in word_forms("user")


@pytest.mark.parametrize(
    ("query", "top", "signal"),
    [
        ("import yaml", "pyyaml", "variant match: pyyaml"),
        ('require("express")', "express", "variant match: express"),
        ("pip install zod", "zod", "variant match: zod"),
        ("psycopg2", "psycopg", "variant match: psycopg"),
        ("koa2", "koa", "variant match: koa"),
        ("uuidv4", "uuid", "variant match: uuid"),
        ("three.js", "three", "variant match: three"),
        ("chartjs", "chart.js", "variant prefix match: chart"),
        ("beautiful soup", "beautifulsoup4", "variant prefix match: beautifulsoup"),
        ("dateutil", "python-dateutil", "variant match: python-dateutil"),
        ("zustnad", "zustand", "near name: zustand"),
        ("pydantc", "pydantic", "near name: pydantic"),
        ("playwrite", "playwright", "near name: playwright"),
    ],
)
def test_a_name_as_people_write_it(query: str, top: str, signal: str) -> None:
    names = [
        "pyyaml",
        "express",
        "zod",
        "psycopg",
        "koa",
        "uuid",
        "three",
        "chart.js",
        "beautifulsoup4",
        "python-dateutil",
        "zustand",
        "pydantic",
        "playwright",
    ]
    catalog = [entry(name, name, packages=(f"pypi:{name}",)) for name in names]
    hits = LibraryIndex(catalog).lookup(query)
    assert (hits[0].entry.id, hits[0].matches) == (top, (signal,))


def test_a_typo_ranks_below_name_words_and_above_summaries() -> None:
    catalog = [
        entry("zustand", "zustand", popularity=10**12),
        entry("store", "Store Zustnad"),
        entry("other", "Other", "zustnad", popularity=10**12),
    ]
    hits = LibraryIndex(catalog).lookup("zustnad")
    assert [(hit.entry.id, hit.matches) for hit in hits] == [
        ("store", ("name hit: 1 of 1 word",)),
        ("zustand", ("near name: zustand",)),
        ("other", ("summary hit: 1 of 1 word",)),
    ]
    # A typo is a word's: a phrase is read as written, and so is a name's prefix.
    assert "zustand" not in [hit.entry.id for hit in LibraryIndex(catalog).lookup("zustnad x")]
    assert [hit.entry.id for hit in LibraryIndex(catalog).lookup("zustan")] == ["zustand"]


def test_a_summary_word_few_libraries_use_weighs_more() -> None:
    catalog = [
        entry("aiohttp", "aiohttp", "Async http client/server framework"),
        entry("axios", "axios", "Promise based HTTP client for the browser"),
        entry("httpx", "httpx", "The next generation HTTP client."),
        entry("pymongo", "PyMongo", "The Official MongoDB Python driver"),
    ]
    # Both a "mongodb" and a "client" are 1 of 2 words; the rarer tells more (aiohttp came
    # first by its id).
    hits = LibraryIndex(catalog).lookup("mongodb client")
    assert hits[0].entry.id == "pymongo"
    assert hits[0].matches == hits[1].matches == ("summary hit: 1 of 2 words",)
    assert 0.4 < hits[0].score < 0.5 and 0.3 < hits[1].score < 0.4
    # All the words met score the tier's top, whatever their weights.
    assert LibraryIndex(catalog).lookup("mongodb driver")[0].score == 0.5
    assert weighted_share([1.0, 3.0], [1]) == 0.75 and rarity(10, 0) == rarity(10, 1)


def test_a_query_naming_one_ecosystem_is_not_answered_from_another() -> None:
    catalog = [
        entry("redis", "redis", "Python client for Redis", (), ("pypi:redis",)),
        entry("ioredis", "ioredis", "A Redis client for Node.js", (), ("npm:ioredis",)),
        entry("chart.js", "chart.js", "HTML5 charts", (), ("npm:chart.js",)),
        entry("altair", "altair", "Declarative charting", (), ("pypi:altair",)),
        entry("anywhere", "anywhere", "A Redis client and charting", ()),
    ]
    index = LibraryIndex(catalog)
    found = [hit.entry.id for hit in index.lookup("redis client for node.js")]
    assert found[0] == "ioredis" and "anywhere" in found and "redis" not in found
    # chart.js's name said "chart" (a 0.83 name hit) to a question about Python.
    found = [hit.entry.id for hit in index.lookup("python charting library")]
    assert found[0] == "altair" and set(found) == {"altair", "anywhere", "redis"}
    # A name is still a name, and a query naming both ecosystems or none keeps them all.
    assert index.lookup("python chart.js")[0].entry.id == "chart.js"
    both = [hit.entry.id for hit in index.lookup("redis client for node.js or python")]
    assert set(both[:2]) == {"ioredis", "redis"}
    assert len(index.lookup("redis client")) == 3


def test_a_summary_meets_a_long_word_by_the_words_it_begins() -> None:
    catalog = [
        entry("asyncpg", "asyncpg", "An asyncio PostgreSQL driver"),
        entry("pymongo", "PyMongo", "The Official MongoDB driver"),
        entry("typer", "Typer", "Typer, build great CLIs."),
    ]
    index = LibraryIndex(catalog)
    assert index.lookup("postgres driver")[0].matches == ("summary hit: 2 of 2 words",)
    assert index.lookup("async mongo")[0].entry.id in ("asyncpg", "pymongo")
    assert {hit.entry.id for hit in index.lookup("async mongo")} == {"asyncpg", "pymongo"}
    # A word shorter than five letters is met as it is.
    assert [hit.entry.id for hit in index.lookup("offic")] == ["pymongo"]
    assert index.lookup("offi") == []


def test_a_name_meeting_few_of_the_words_counts_them_as_the_summary() -> None:
    catalog = [
        entry("matplotlib", "matplotlib", "Python plotting package"),
        entry("seaborn", "seaborn", "Statistical data visualization"),
        entry("toml", "toml", "Python Library for Tom's Obvious, Minimal Language"),
    ]
    index = LibraryIndex(catalog)
    # Matplotlib's name is one word of five (a 0.646 name hit came first).
    found = index.lookup("statistical data visualization on top of matplotlib")
    assert [(hit.entry.id, hit.matches) for hit in found] == [
        ("seaborn", ("summary hit: 3 of 5 words",)),
        ("matplotlib", ("name and summary hit: 1 of 5 words",)),
    ]
    # A third of the words is a name hit still.
    assert index.lookup("parse toml config")[0].matches == ("name hit: 1 of 3 words",)


def test_a_chinese_term_also_means_the_terms_inside_it() -> None:
    # 日期格式化 is "strftime format" to the glossary; 日期 inside it is "date".
    (unit,) = query_units("日期格式化", chinese_summaries=False)
    assert ("dat",) in unit and ("format",) in unit
    index = LibraryIndex([entry("dayjs", "Day.js", "Immutable date library")])
    assert [hit.entry.id for hit in index.lookup("日期格式化")] == ["dayjs"]


def test_a_word_meets_a_name_that_puts_py_before_it() -> None:
    catalog = [
        entry("pyjwt", "PyJWT", "JSON Web Token implementation in Python", (), ("pypi:pyjwt",)),
        entry("freezegun", "freezegun", "Let your Python tests travel", (), ("pypi:freezegun",)),
        entry("pytest", "pytest", "simple powerful testing with Python", (), ("pypi:pytest",)),
    ]
    index = LibraryIndex(catalog)
    assert index.lookup("jwt 校验")[0].matches == ("name hit: 1 of 2 words",)
    # freezegun came first: both summaries say test and Python, and the tie went to the id.
    assert [hit.entry.id for hit in index.lookup("python test framework")][:2] == [
        "pytest",
        "freezegun",
    ]
