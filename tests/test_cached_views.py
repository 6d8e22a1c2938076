"""builder.cached_views: a page's headings kept in the build cache read back as they were made."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from builder.cache import BuildCache
from builder.cached_views import keep_view, load_view
from builder.pages_layout import page_of

RECORDS: list[dict[str, Any]] = [
    {
        "heading": "Guide",
        "headingPath": [],
        "body": "Use it.",
        "anchor": "guide",
        "source": "guide.md",
        "lines": [1, 3],
        "path": "https://up.example/guide",
    },
    {
        "heading": "Install",
        "headingPath": ["Guide"],
        "body": "pip install it",
        "source": "guide.md",
    },
]


def test_a_kept_view_equals_a_fresh_one(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path)
    view = page_of(
        "guide.html", RECORDS, "https://docs.example/", with_source=True, with_bodies=False
    )
    keep_view(cache, "k", view)
    assert load_view(BuildCache(tmp_path), "k") == view
    assert view.sections[0].lines == (1, 3) and view.sections[0].upstream is not None


@pytest.mark.parametrize(
    "damage",
    [
        lambda v: [v],
        lambda v: {**v, "title": 1},
        lambda v: {**v, "title": None},
        lambda v: {k: x for k, x in v.items() if k != "sources"},
        lambda v: {**v, "sections": [{**v["sections"][0], "lines": [1]}]},
        lambda v: {**v, "sections": [{**v["sections"][0], "heading_path": "Guide"}]},
        lambda v: {**v, "sections": [{**v["sections"][0], "source": 3}]},
    ],
)
def test_an_entry_that_does_not_read_as_a_view_is_a_miss(tmp_path: Path, damage: Any) -> None:
    cache = BuildCache(tmp_path)
    view = page_of("guide.html", RECORDS, "", with_source=True, with_bodies=False)
    # The checksum holds (it is written through the cache) but the shape is not a view's.
    cache.store("k", damage(orjson.loads(orjson.dumps(view))))
    assert load_view(cache, "k") is None


@pytest.mark.parametrize("line", [-1, 2**63, 10**20])
def test_a_line_number_orjson_cannot_write_again_is_a_miss(tmp_path: Path, line: int) -> None:
    cache = BuildCache(tmp_path)
    view = page_of("guide.html", RECORDS, "", with_source=True, with_bodies=False)
    kept = orjson.loads(orjson.dumps(view))
    kept["sections"][0]["lines"] = [1, 0]  # a placeholder the text below replaces
    payload = orjson.dumps(kept).replace(b"[1,0]", f"[1,{line}]".encode())
    cache.store_bytes("k", payload)  # orjson cannot write 10**20 itself: raw JSON, checksummed
    assert load_view(cache, "k") is None
