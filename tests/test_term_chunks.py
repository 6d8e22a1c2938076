"""schemas/term_chunks: a search shard cut into a head and index chunks answers every term as the
whole shard does from the head and the chunks its tokens need; the chunk codec refuses what a
head does not list; the tokens of the expressions the client writes."""

from __future__ import annotations

import gzip
import itertools
import random
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from schemas.section_columns import restore_rows
from schemas.shard_build import build_search_database, page_rows, placed_pages
from schemas.shards import (
    BM25_WEIGHTS,
    FTS_TABLE,
    SHORT_NAMES_FORMAT,
    SPLIT_FORMAT,
    content_name,
    read_shard_meta,
    verify_shard_schema,
)
from schemas.term_chunks import (
    ChunkError,
    ChunkRef,
    PublishedChunk,
    chunk_path,
    chunk_refs,
    chunks_for_tokens,
    cut_into_head,
    decode_rows,
    encode_rows,
    expression_tokens,
    head_segment,
    inflate_chunk,
    insert_rows,
)
from schemas.text import match_expression

SYLLABLES = ("ka", "lo", "mi", "su", "te", "ra", "no", "vi", "ze", "qu", "bo", "ph")
CJK = "数据结构函数调用默认参数列表字典集合"
WEIGHTS = ", ".join(str(w) for w in BM25_WEIGHTS)
RANKED = (
    f"SELECT rowid, bm25({FTS_TABLE}, {WEIGHTS}) FROM {FTS_TABLE} "
    f"WHERE {FTS_TABLE} MATCH ? ORDER BY rowid"
)
QUERIES = (
    "os.path.join",
    "kalo misu",
    "camelCaseName te_ra",
    "数据结构 函数",
    "默认参数列表",
    "zzzz never indexed",
    "a",
)
# Small chunks, so a corpus of a few hundred sections has dozens of them.
CHUNK_BYTES = 2048


def corpus(sections: int = 400, seed: int = 3) -> list[dict[str, Any]]:
    """Sections of made-up words, identifiers and CJK text, on 40 pages."""
    rng = random.Random(seed)
    words = ["".join(rng.choices(SYLLABLES, k=rng.randint(1, 4))) for _ in range(900)]
    records = []
    for number in range(sections):
        body = " ".join(rng.choices(words, k=rng.randint(5, 80)))
        if number % 7 == 0:
            body += " os.path.join camelCaseName te_ra " + "".join(rng.choices(CJK, k=12))
        records.append(
            {
                "heading": " ".join(rng.choices(words, k=3)),
                "headingPath": ["Guide", rng.choice(words)],
                "path": f"https://docs.example/p{number % 40}.html#s{number}",
                "anchor": f"s{number}",
                "source": f"p{number % 40}.md",
                "body": body,
            }
        )
    return records


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The built, optimized search shard of ``corpus()``, uncut."""
    target = tmp_path_factory.mktemp("whole") / "shard.sqlite"
    build_search_database(target, "demo", "1.0", placed_pages(page_rows(corpus())))
    return target.read_bytes()


def opened(database: bytes) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.deserialize(database)
    return conn


def cut(
    database: bytes, chunk_bytes: int = CHUNK_BYTES, min_index_bytes: int = 0
) -> tuple[bytes, list[PublishedChunk]]:
    """The head (VACUUMed, as the builder publishes it) and the chunks of ``database``."""
    with closing(opened(database)) as conn:
        chunks = cut_into_head(
            conn, lambda raw: gzip.compress(raw, mtime=0), chunk_bytes, min_index_bytes
        )
        conn.execute("VACUUM")
        return conn.serialize(), chunks


def ranked(conn: sqlite3.Connection, expression: str) -> list[tuple[int, float]]:
    return [(int(rowid), float(score)) for rowid, score in conn.execute(RANKED, (expression,))]


class Assembler:
    """A head (its database's bytes) answering with its sections and only the chunks an
    expression needs put back, as a client does: one database per set of chunks (assembling
    a head for each of thousands of terms would take minutes). ``chunk_data`` gives a listed
    chunk's published bytes."""

    def __init__(self, head: bytes, chunk_data: Callable[[ChunkRef], bytes]) -> None:
        self.head, self.chunk_data = head, chunk_data
        self.made: dict[tuple[int, ...], sqlite3.Connection] = {}
        conn = opened(head)
        segment = head_segment(conn)
        assert segment is not None
        self.segment, self.directory = segment, conn

    def answer(self, expression: str) -> list[tuple[int, float]]:
        """The ranked rows of ``expression`` from the head and only the chunks it needs."""
        refs = chunks_for_tokens(self.directory, self.segment, expression_tokens(expression))
        key = tuple(ref.id for ref in refs)
        if key not in self.made:
            conn = opened(self.head)
            restore_rows(conn, int(read_shard_meta(conn)["sections"]))  # as a client does
            for ref in refs:
                raw = inflate_chunk(self.chunk_data(ref), ref)
                insert_rows(conn, decode_rows(raw, self.segment, ref))
            self.made[key] = conn
        return ranked(self.made[key], expression)

    def close(self) -> None:
        for conn in (self.directory, *self.made.values()):
            conn.close()


def quoted(token: str) -> str:
    return '"' + token.replace('"', '""') + '"'


def test_the_head_and_the_chunks_a_term_needs_answer_every_term_as_the_whole_shard(
    whole: bytes,
) -> None:
    head, chunks = cut(whole)
    assert len(chunks) > 20  # the test means something only with many chunks
    with closing(opened(whole)) as uncut:
        uncut.execute(f"CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, {FTS_TABLE}, 'row')")
        vocabulary = [str(term) for (term,) in uncut.execute("SELECT term FROM temp.vocab")]
        assert len(vocabulary) > 500
        data = {content_name(chunk.sha256, SHORT_NAMES_FORMAT): chunk.data for chunk in chunks}
        with closing(Assembler(head, lambda ref: data[ref.sha256])) as assembler:
            for term in vocabulary:
                assert assembler.answer(quoted(term)) == ranked(uncut, quoted(term)), term
            # A term needs one chunk or two (its doclist may run into the next): cutting by term.
            assert max(len(key) for key in assembler.made) <= 2
            for query in QUERIES:
                for require_all in (False, True):
                    expression = match_expression(query, require_all=require_all)
                    assert assembler.answer(expression) == ranked(uncut, expression), query


def test_a_head_is_the_chunked_format_and_its_chunks_hold_every_index_page(whole: bytes) -> None:
    head, chunks = cut(whole)
    with closing(opened(head)) as conn:
        assert verify_shard_schema(conn, SHORT_NAMES_FORMAT) == []
        assert read_shard_meta(conn)["format"] == SHORT_NAMES_FORMAT
        refs = chunk_refs(conn)
        # Named by the first 32 hex digits of their sha256, as the head's packs are.
        assert [(r.first_page, r.last_page, r.sha256) for r in refs] == [
            (c.chunk.first_page, c.chunk.last_page, c.sha256[:32]) for c in chunks
        ]
        assert {len(name) for (name,) in conn.execute("SELECT sha256 FROM packs")} == {32}
        assert all(a.last_page + 1 == b.first_page for a, b in itertools.pairwise(refs))
        assert [(r.bytes, r.raw_bytes) for r in refs] == [
            (len(c.data), c.raw_bytes) for c in chunks
        ]
        # Only the index's structure rows stay: every page of the segment is in a chunk.
        in_segments = f"SELECT count(*) FROM {FTS_TABLE}_data WHERE id >= ?"
        assert conn.execute(in_segments, (1 << 37,)).fetchone() == (0,)
        # Its sections travel as columns, and come back as the rows the whole shard has.
        assert conn.execute("SELECT count(*) FROM sections").fetchone() == (0,)
        with closing(opened(whole)) as uncut:
            rows = uncut.execute("SELECT * FROM sections ORDER BY id").fetchall()
        restore_rows(conn, len(rows))
        assert conn.execute("SELECT * FROM sections ORDER BY id").fetchall() == rows


def test_an_index_under_the_threshold_is_left_whole(whole: bytes) -> None:
    with closing(opened(whole)) as conn:
        index_bytes = conn.execute(f"SELECT sum(length(block)) FROM {FTS_TABLE}_data").fetchone()[0]
        published = cut_into_head(conn, lambda raw: raw, CHUNK_BYTES, index_bytes + 1)
        assert published == []
        assert conn.serialize() == whole
        assert read_shard_meta(conn)["format"] == SPLIT_FORMAT


def test_the_same_shard_is_cut_into_the_same_bytes(whole: bytes) -> None:
    first, second = cut(whole), cut(whole)
    assert first[0] == second[0]
    assert [c.data for c in first[1]] == [c.data for c in second[1]]


@pytest.mark.parametrize(
    ("query", "tokens"),
    [
        ("os.path.join", {"os.path.join", "os", "path", "join"}),
        ("Session.mount(adapter)", {"session.mount", "session", "mount", "adapter"}),
        ("camelCaseName", {"camelcasename", "camel", "cas", "nam"}),
        ("x_y-z 123", {"x_y", "x", "y", "z", "123"}),
        ("数据结构", {"数据", "据结", "结构"}),
        ("数据 结构", {"数据", "结构"}),
        ("Ünïcode straße", {"unicod", "strass"}),
        ("", set()),
    ],
)
def test_expression_tokens_are_the_tokens_of_the_expressions_the_client_writes(
    query: str, tokens: set[str]
) -> None:
    assert expression_tokens(match_expression(query)) == tokens
    assert expression_tokens(match_expression(query, require_all=True)) == tokens


@pytest.mark.parametrize(
    "expression",
    [
        '"a""b" OR "C.d_E"',
        '"Ünï""Straße" AND "x"',
        '"数据 据结" OR ("数据" AND "据结")',
        '"" OR "-" OR "a-b c"',
        '"""quoted"""',
    ],
)
def test_expression_tokens_are_what_the_shards_tokenizer_reads(expression: str) -> None:
    # The oracle: FTS5 itself, with the shards' tokenizer, reading each quoted string.
    with closing(sqlite3.connect(":memory:")) as conn:
        conn.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize=\"ascii tokenchars '._'\")")
        conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row')")
        strings = [s.replace('""', '"') for s in _quoted_strings(expression)]
        conn.executemany("INSERT INTO t (x) VALUES (?)", [(s,) for s in strings])
        vocabulary = {str(t) for (t,) in conn.execute("SELECT term FROM v")}
    assert expression_tokens(expression) == vocabulary


def _quoted_strings(expression: str) -> list[str]:
    """The quoted strings of an FTS5 expression, read character by character (no regex, so
    the test does not share the module's)."""
    strings, current, inside, at = [], "", False, 0
    while at < len(expression):
        char = expression[at]
        if not inside:
            inside, current = char == '"', ""
        elif char == '"' and expression[at + 1 : at + 2] == '"':
            current += '""'
            at += 1
        elif char == '"':
            strings.append(current)
            inside = False
        else:
            current += char
        at += 1
    return strings


REF = ChunkRef(id=1, first_page=5, last_page=7, sha256="0" * 64, bytes=0, raw_bytes=0)
SEGMENT = 3


def row(page: int, segment: int = SEGMENT, block: bytes = b"block") -> tuple[int, bytes]:
    return (segment << 37) + page, block


def test_rows_survive_encoding_and_decoding() -> None:
    rows = [row(5), row(6, block=b""), row(7, block=b"x" * 300)]
    assert decode_rows(encode_rows(rows), SEGMENT, REF) == rows
    with pytest.raises(ChunkError, match="holds no rows"):
        decode_rows(b"", SEGMENT, REF)
    with pytest.raises(ChunkError, match="rising id order"):
        decode_rows(encode_rows([row(6), row(6)]), SEGMENT, REF)


def test_decoding_refuses_truncated_rows() -> None:
    raw = encode_rows([row(5), row(6)])
    with pytest.raises(ChunkError, match="inside a row's block"):
        decode_rows(raw[:-1], SEGMENT, REF)
    with pytest.raises(ChunkError, match="inside a row's header"):
        decode_rows(raw[: len(raw) - len(b"block") - 5], SEGMENT, REF)


@pytest.mark.parametrize(
    "outside", [row(4), row(8), row(6, segment=SEGMENT + 1), row(6, segment=SEGMENT - 1)]
)
def test_decoding_refuses_a_row_outside_the_chunks_pages(outside: tuple[int, bytes]) -> None:
    with pytest.raises(ChunkError, match="outside its pages"):
        decode_rows(encode_rows([row(5), outside]), SEGMENT, REF)


def test_inflating_checks_the_listed_size() -> None:
    raw = encode_rows([row(5), row(6)])
    data = gzip.compress(raw, mtime=0)
    ref = ChunkRef(1, 5, 7, "0" * 64, len(data), len(raw))
    assert inflate_chunk(data, ref) == raw
    for wrong in (len(raw) - 1, len(raw) + 1, 0):
        with pytest.raises(ChunkError, match=f"the {wrong} bytes its head lists"):
            inflate_chunk(data, ChunkRef(1, 5, 7, "0" * 64, len(data), wrong))
    with pytest.raises(ChunkError, match=f"the {len(raw)} bytes its head lists"):
        inflate_chunk(data + gzip.compress(b"more", mtime=0), ref)  # a second member
    with pytest.raises(ChunkError, match=f"the {len(raw)} bytes its head lists"):
        inflate_chunk(data[:-8], ref)  # no trailer: never reaches its end
    with pytest.raises(ChunkError, match="does not decompress"):
        inflate_chunk(b"not gzip at all", ref)


def test_a_chunk_is_published_under_its_hash_in_the_librarys_index_folder() -> None:
    assert chunk_path("@scope/pkg", "ab" * 32) == f"shards/%40scope%2Fpkg/index/{'ab' * 32}.bin.gz"
    assert chunk_path("demo", "ab" * 16) == f"shards/demo/index/{'ab' * 16}.bin.gz"  # @6's
    for bad in ("AB" * 32, "ab" * 31, "ab" * 17, "ab" * 15, "../" + "a" * 61, "", "ab" * 16 + "\n"):
        with pytest.raises(ValueError, match="is not a sha256"):
            chunk_path("demo", bad)


def test_a_shard_written_to_a_file_is_cut_on_an_autocommit_connection(
    whole: bytes, tmp_path: Path
) -> None:
    # The builder's way: the temporary database file, opened with isolation_level=None.
    path = tmp_path / "shard.sqlite"
    path.write_bytes(whole)
    conn = sqlite3.connect(path, isolation_level=None)
    chunks = cut_into_head(conn, lambda raw: gzip.compress(raw, mtime=0), CHUNK_BYTES, 0)
    conn.execute("VACUUM")
    conn.close()
    assert chunks and path.read_bytes() == cut(whole)[0]


def test_expression_tokens_are_what_the_ascii_tokenizer_keeps() -> None:
    # Letters, digits, '.', '_' and every non-ASCII character; ASCII letters lowercased.
    assert expression_tokens('"Ünï.Code_x-y" "a/b" OR "日本語 ~ 𝔘"') == {
        "Ünï.code_x",
        "y",
        "a",
        "b",
        "日本語",
        "𝔘",
    }
