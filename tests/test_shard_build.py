"""Tests for schemas.shard_build: the pure parts of turning records into shard rows."""

from __future__ import annotations

import itertools

from schemas.shard_build import _FENCED, split_code


def test_split_code_cuts_the_prose_where_the_fence_pattern_substitutes() -> None:
    # The prose is assembled from the text between the blocks one search found; every body of
    # up to five of these lines must give the prose a substitution of the blocks leaves.
    lines = ["```", "~~~", "``` py", " ```", "x = 1", "", "text"]
    for count in range(1, 6):
        for chosen in itertools.product(lines, repeat=count):
            body = "\n".join(chosen)
            code = [block.group(1) for block in _FENCED.finditer(body)]
            expected = (_FENCED.sub("", body), "\n".join(code)) if code else (body, "")
            assert split_code(body) == expected, repr(body)
