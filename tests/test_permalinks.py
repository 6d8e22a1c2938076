"""builder.permalinks: a section's URLs."""

from __future__ import annotations

import random
from urllib.parse import quote

from builder.permalinks import quote_anchor, site_permalink


def test_quote_anchor_is_quote_with_nothing_safe() -> None:
    # Every character up to U+02FF alone and among slug characters, and random strings of
    # anchor-like characters: the shortcut for slugs gives quote()'s bytes.
    samples = ["", "json.dumps", "module-json", "a~b_c", "%41"]
    samples += [chr(code) for code in range(0x300)]
    samples += [f"x-{chr(code)}.y" for code in range(0x300)]
    alphabet = "aZ09_.~-%/#? é€😀"
    rng = random.Random(5)
    samples += ["".join(rng.choices(alphabet, k=rng.randint(1, 12))) for _ in range(2000)]
    for anchor in samples:
        assert quote_anchor(anchor) == quote(anchor, safe=""), repr(anchor)


def test_a_permalink_quotes_its_anchor() -> None:
    url = site_permalink("https://d.invalid/", "lib", "1.0", "guide/a b.md", "café au-lait")
    assert url == "https://d.invalid/libs/lib/1.0/guide/a%20b.html#caf%C3%A9%20au-lait"
