"""Pages arranged the way builder.pages arranges them, for tests that look at the whole list."""

from collections.abc import Mapping, Sequence
from typing import Any

from builder.pages_layout import PageView, page_groups, page_view


def arrange_pages(records: Sequence[Mapping[str, Any]], base_url: str) -> tuple[PageView, ...]:
    """Records grouped into pages in order of first appearance; imported sections come last."""
    return tuple(
        page_view(path, positions, records, base_url, with_source=with_source)
        for path, positions, with_source in page_groups(records)
    )
