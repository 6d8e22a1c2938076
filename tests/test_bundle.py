"""The default site shipped in the client never drifts from examples/: rebuild and compare."""

import gzip
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from builder.bundle import BUNDLE, copy_bundle, differences
from schemas.body_packs import PACK_SUFFIX, PACKS_FOLDER


def test_bundled_site_matches_a_fresh_build(examples_site: Path, tmp_path: Path) -> None:
    # The session's examples site is built by build_bundle_site, the first half of build_bundle.
    fresh = tmp_path / "bundle"
    copy_bundle(examples_site, fresh)
    # Shard bytes also depend on the SQLite library that wrote them; CI and the machines that
    # build the bundle share one, so bytes are the honest comparison.
    assert differences(BUNDLE, fresh) == [], "client/bundled is stale: run python -m builder.bundle"


def bundled_rows(tmp_path: Path, sql: str) -> Iterator[tuple[Path, list[tuple[Any, ...]]]]:
    """Each bundled shard and the rows ``sql`` selects from it."""
    for packed in sorted((BUNDLE / "shards").rglob("*.sqlite*")):
        raw = tmp_path / "shard.sqlite"
        data = packed.read_bytes()
        raw.write_bytes(gzip.decompress(data) if packed.suffix == ".gz" else data)
        conn = sqlite3.connect(raw)
        try:
            rows = conn.execute(sql).fetchall()
        finally:
            conn.close()
        raw.unlink()
        yield packed, rows


def pack_bodies(folder: Path, sha256: str) -> list[str]:
    """The bodies of one body pack of the bundled site, in section order (schemas/body_packs)."""
    data = gzip.decompress((folder / PACKS_FOLDER / f"{sha256}{PACK_SUFFIX}").read_bytes())
    return [str(body) for body in orjson.loads(data)]


def test_every_section_of_the_bundled_site_has_its_own_address(tmp_path: Path) -> None:
    """(source, anchor) names one section of a version, though an anchor may be on several
    pages (werkzeug's deployment pages each have "configuration"); without a source, the
    anchor alone does."""
    shared = 0
    for packed, rows in bundled_rows(tmp_path, "SELECT source, anchor FROM sections"):
        assert len(set(rows)) == len(rows), packed
        shared += len(rows) - len({anchor for _, anchor in rows})
    assert shared > 0


# Source markup that must never reach a body: MyST roles and targets, directive options, autodoc
# directives, mkdocstrings blocks and MyST directive fences.
RAW_MARKUP = re.compile(
    r"\{(?:ref|doc|py:\w+|func|class|meth)\}`|^\([^()\s]+\)=\s*$|^\s*:class:|\.\. auto\w+::"
    r"|^::: |```\{|:::\{",
    re.MULTILINE,
)


def test_no_body_of_the_bundled_site_keeps_raw_directives_or_roles(tmp_path: Path) -> None:
    """Every section of every example (reST with autodoc, MyST, mkdocs with mkdocstrings,
    Sphinx HTML) reads as text: the patterns of issue 10 are absent from all bodies."""
    found, bodies = [], 0
    sql = "SELECT s.source, s.anchor, p.sha256 FROM sections s JOIN packs p ON p.id = s.pack"
    for packed, rows in bundled_rows(tmp_path, sql + " ORDER BY s.id"):
        bodies += len(rows)
        place: dict[str, int] = {}  # how many sections of each pack came before
        for source, anchor, sha256 in rows:
            body = pack_bodies(packed.parent, sha256)[place.setdefault(sha256, 0)]
            place[sha256] += 1
            found += [
                (packed.parent.name, source, anchor, m.group(0)) for m in RAW_MARKUP.finditer(body)
            ]
    assert bodies > 3000
    assert found == []
