"""Synonyms only where the docs do not say the asker's word (client.search.recall.in_docs_words):
a word the docs use in SYNONYMS_UNLESS_DOCS_USE sections or more is looked for as written."""

import sqlite3
from pathlib import Path

from builder.shards import build_database
from client.search.query import SYNONYM, SYNONYMS_UNLESS_DOCS_USE, parse_focus
from client.search.recall import in_docs_words
from client.section_bodies import add_section_views


def _shard(tmp_path: Path, bodies: list[str]) -> sqlite3.Connection:
    records = [
        {
            "heading": f"Part {number}",
            "headingPath": [],
            "body": body,
            "path": f"https://docs.example/page.html#part-{number}",
            "anchor": f"part-{number}",
            "source": "page.md",
            "lines": [number, number],
        }
        for number, body in enumerate(bodies, 1)
    ]
    path = tmp_path / "shard.sqlite"
    build_database(path, "tiny", "1.0.0", records)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    add_section_views(conn, None)
    return conn


def _synonyms(conn: sqlite3.Connection, focus: str) -> dict[str, set[str]]:
    concepts = in_docs_words(conn, parse_focus(focus)).concepts
    return {c.label: {w.label for w in c.ways if w.weight == SYNONYM} for c in concepts}


def test_a_word_the_docs_use_often_is_looked_for_without_its_synonyms(tmp_path: Path) -> None:
    uses = ["Delete the record from the table."] * SYNONYMS_UNLESS_DOCS_USE
    conn = _shard(tmp_path, [*uses, "Remove a user with the admin tool."])
    try:
        assert _synonyms(conn, "delete a user")["delet"] == set()
    finally:
        conn.close()


def test_a_word_the_docs_rarely_or_never_use_keeps_its_synonyms(tmp_path: Path) -> None:
    uses = ["Delete the record from the table."] * (SYNONYMS_UNLESS_DOCS_USE - 1)
    conn = _shard(tmp_path, [*uses, "Remove a user with the admin tool."])
    try:
        # "delete" in fewer sections than the limit, "destroy" in none: both still find "remove"
        assert "remov" in _synonyms(conn, "delete a user")["delet"]
        assert "remov" in _synonyms(conn, "destroy a user")["destroy"]
    finally:
        conn.close()


def test_chinese_characters_keep_their_synonyms(tmp_path: Path) -> None:
    conn = _shard(tmp_path, ["默认配置写在这里。"] * (SYNONYMS_UNLESS_DOCS_USE + 1))
    try:
        before = parse_focus("默认配置").concepts
        assert in_docs_words(conn, parse_focus("默认配置")).concepts == before
    finally:
        conn.close()
