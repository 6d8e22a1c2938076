"""builder.parsers.html.release_paragraphs: a built changelog's bold release lines."""

from __future__ import annotations

from builder.parsers.html.parser import parse

_PAGE = (
    "<html><head><title>Version history</title></head><body><main>"
    "<h1>Version history</h1><p>This library adheres to Semantic Versioning.</p>"
    "<p><strong>5.4.6</strong> (2022-12-07)</p><ul><li>Fix MemoryError.</li></ul>"
    "<p><strong>5.4.5</strong></p><ul><li>Python 3.11.</li></ul>"
    "<p><strong>Note</strong> (read this)</p><p><strong>5.4.4</strong> was pulled.</p>"
    "<h2>Older</h2><p><b>1.0.0</b> - 2016-01-01</p><p>First.</p></main></body></html>"
)


def test_bold_release_lines_of_a_changelog_head_sections() -> None:
    # python-cbor2-doc 5.4.6: versionhistory.html's releases are <p><strong>5.4.6</strong>
    # (2022-12-07)</p>; the history read as 2 sections, now 29. A bold word that names no
    # release, or a release in a sentence, stays text.
    sections = [(s.heading, s.body) for s in parse(_PAGE, "versionhistory.html").sections]
    assert sections == [
        ("Version history", "This library adheres to Semantic Versioning."),
        ("5.4.6 (2022-12-07)", "- Fix MemoryError."),
        ("5.4.5", "- Python 3.11.\n\nNote (read this)\n\n5.4.4 was pulled."),
        ("Older", ""),
        ("1.0.0 - 2016-01-01", "First."),
    ]
    levels = [s.level for s in parse(_PAGE, "versionhistory.html").sections]
    assert levels == [1, 2, 2, 2, 3]


def test_a_page_not_named_as_a_changelog_keeps_its_bold_lines() -> None:
    sections = parse(_PAGE, "usage.html").sections
    assert [s.heading for s in sections] == ["Version history", "Older"]
