"""builder.parsers.markdown.jsdoc_links: JSDoc's and TSDoc's inline links read as their text."""

from __future__ import annotations

import pytest

from builder.parsers.markdown.parser import parse


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        # RxJS's guides (dgeni): deprecations/to-promise.md, guide/importing.md
        (
            "functions {@link firstValueFrom} or {@link lastValueFrom}.",
            "functions firstValueFrom or lastValueFrom.",
        ),
        ("you can {@link guide/installation install} RxJS.", "you can install RxJS."),
        ("Click {@link #how-to-migrate here to see} how.", "Click here to see how."),
        ("moved to {@link api#index 'rxjs'}.", "moved to rxjs."),
        (
            "See {@link Observable|the Observable} and {@linkcode pipe}.",
            "See the Observable and pipe.",
        ),
        ("Read {@link https://rxjs.dev}.", "Read https://rxjs.dev."),
        # Code and braces that are no tag stay as written.
        ("Use `{@link x}` and {@literal y} and {a}.", "Use `{@link x}` and {@literal y} and {a}."),
    ],
)
def test_an_inline_link_reads_as_the_text_it_shows(written: str, shown: str) -> None:
    assert parse(f"# Page\n\n{written}\n", "page.md").sections[0].body == shown
