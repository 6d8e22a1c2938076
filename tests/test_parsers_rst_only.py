"""The content of ``only`` blocks: what the HTML builder shows, titles included."""

from __future__ import annotations

from tests.rst_support import _body, _outline


def test_titles_in_a_shown_only_block_are_sections_counted_apart_from_the_page() -> None:
    # pytest's changelog: Sphinx parses the block with the page's title styles set aside, so
    # "^" nests under the title around the block and takes no level outside it; the release
    # titles after the block ("=" underlined) are the page's second level.
    text = (
        "=========\nChangelog\n=========\n\nIntro.\n\n"
        ".. only:: not is_release\n\n"
        "   To be included\n   ^^^^^^^^^^^^^^\n\n   Draft entries.\n\n"
        "   Released versions\n   ^^^^^^^^^^^^^^^^^\n\n"
        "pytest 8.3.3\n============\n\nBug fixes\n---------\n\n- A fix.\n"
    )
    assert _outline(text) == [
        ("Changelog", (), 1, "changelog"),
        ("To be included", ("Changelog",), 2, "to-be-included"),
        ("Released versions", ("Changelog",), 2, "released-versions"),
        ("pytest 8.3.3", ("Changelog",), 2, "pytest-8-3-3"),
        ("Bug fixes", ("Changelog", "pytest 8.3.3"), 3, "bug-fixes"),
    ]


def test_a_block_whose_first_title_style_the_page_uses_takes_that_level() -> None:
    # Sphinx raises the block's sections to the level of that style among the page's.
    text = (
        "Title\n=====\n\nA\n-\n\nA1\n~~\n\n"
        ".. only:: html\n\n   B\n   -\n\n   Text of B.\n\n   B1\n   ~~\n\n   Text of B1.\n\n"
        ".. only:: latex\n\n   Printed\n   -------\n\n   Not on the web.\n\n"
        "C\n-\n"
    )
    assert _outline(text) == [
        ("Title", (), 1, "title"),
        ("A", ("Title",), 2, "a"),
        ("A1", ("Title", "A"), 3, "a1"),
        ("B", ("Title",), 2, "b"),
        ("B1", ("Title", "B"), 3, "b1"),
        ("C", ("Title",), 2, "c"),
    ]


def test_consecutive_only_blocks_are_siblings_under_the_section_around_them() -> None:
    # Each block is parsed from the page's section, never from the last block's sections: a
    # changelog of one block per release kept each release under the one before (paths that
    # grew with every block).
    blocks = "".join(
        f".. only:: html\n\n   Release {n}\n   ---------\n\n   Notes {n}.\n\n" for n in (3, 2, 1)
    )
    text = f"Changelog\n=========\n\nIntro.\n\n{blocks}Older\n-----\n\nOld text.\n"
    assert _outline(text) == [
        ("Changelog", (), 1, "changelog"),
        ("Release 3", ("Changelog",), 2, "release-3"),
        ("Release 2", ("Changelog",), 2, "release-2"),
        ("Release 1", ("Changelog",), 2, "release-1"),
        ("Older", ("Changelog",), 2, "older"),
    ]


def test_a_title_in_an_only_block_inside_another_block_reads_as_a_line() -> None:
    text = ".. note::\n\n   .. only:: html\n\n      Inner\n      -----\n\n      Text.\n"
    assert _body(text) == "Note: Inner\n\nText."
