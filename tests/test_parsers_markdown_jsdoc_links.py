"""builder.parsers.markdown.jsdoc_links: JSDoc's and TSDoc's inline links read as their text."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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


def test_an_unclosed_link_before_a_long_word_is_read_in_linear_time() -> None:
    """Backtracking into the target retried the rest of the text after each shorter one: a
    20,000-character word after '{@link ' and no '}' took 1.7 s, 80,000 characters 33 s, and a
    paragraph may hold 100,000. Three such paragraphs took about two minutes; the subprocess's
    timeout guards against that hang, the parse takes a moment."""
    script = (
        "from builder.parsers.markdown.parser import parse; "
        "page = '# Page\\n\\n' + ('See {@link ' + 'a' * 90_000 + '\\n\\n') * 3; "
        "body = parse(page, 'p.md').sections[0].body; print(body.count('{@link aaaa'), len(body))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=30, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout == "3 270037\n"
