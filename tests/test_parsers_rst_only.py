"""The content of ``only`` blocks: what the HTML builder shows, titles included."""

from __future__ import annotations

from builder.parsers.rst.only_tags import conf_tags, project_tags, shown_in_html
from tests.rst_support import _body, _outline, _sections


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


def test_text_after_an_only_block_with_titles_is_the_section_s_around_the_block() -> None:
    # Sphinx's own test page (tests/roots/test-directive-only/only.rst): "Text after
    # subsection 11.1." is section 1.11's, after the block that holds 1.11.1; it joined 1.11.1.
    text = (
        "Page\n====\n\n1.11. Section\n-------------\n\nText before.\n\n"
        ".. only:: html\n\n   More text before.\n\n   1.11.1. Subsection\n"
        "   ~~~~~~~~~~~~~~~~~~\n   Should be here.\n\n"
        "Text after subsection 11.1.\n\n"
        ".. only:: html\n\n   1.12. Section\n   -------------\n\n   In 1.12.\n\n"
        ".. only:: html\n\n   1.13. Section\n   -------------\n\n   In 1.13.\n\n"
        "After both blocks.\n\n.. function:: f()\n\n   Does f.\n"
    )
    # Sphinx raises a block's sections to the page's level of their style, but goes on
    # parsing the page in the section it was in: what follows the last block is 1.11's too.
    after = "Text after subsection 11.1.\n\nAfter both blocks."
    assert [(s.heading, s.heading_path, s.body) for s in _sections(text)] == [
        ("Page", (), ""),
        ("1.11. Section", ("Page",), f"Text before.\n\nMore text before.\n\n{after}"),
        ("1.11.1. Subsection", ("Page", "1.11. Section"), "Should be here."),
        ("1.12. Section", ("Page",), "In 1.12."),
        ("1.13. Section", ("Page",), "In 1.13."),
        ("f", ("Page", "1.11. Section"), "`f()`\n\nDoes f."),
    ]


def test_the_tags_conf_py_sets_are_those_it_adds_always_and_those_of_a_release() -> None:
    # aiohttp and pip-tools add is_release, cocotb is_release_build, when Read the Docs builds
    # a tag: the docs of a release. A tag added on another condition may be either.
    conf = (
        "import os\n\ntags.add('always')\n"
        "if os.environ.get('READTHEDOCS_VERSION_TYPE') == 'tag':\n"
        "    tags.add('is_release_build')\n"
        "if os.environ.get('NO_PLOTS'):\n    tags.add('noplots')\n"
        "tags.add(name_from_elsewhere)\n\n\ndef setup(app):\n    app.tags.add('is_release')\n"
    )
    assert conf_tags(conf) == ("always", "is_release", "is_release_build")
    assert conf_tags("tags.add(") == ()


def test_an_only_block_reads_the_tags_the_project_sets() -> None:
    text = ".. only:: not is_release\n\n   Draft.\n\n.. only:: is_release\n\n   Out.\n"
    assert _body(text) == "Draft.\n\nOut."
    with project_tags(("is_release",)):
        assert _body(text) == "Out."
    assert shown_in_html("not is_release or html")


def test_an_only_expression_nested_past_python_s_recursion_is_open_not_a_lost_page() -> None:
    # ast parses 2,000 nested 'not's; reading them once a level ran out of stack, and the
    # RecursionError cost the whole page ("could not be parsed ... file skipped").
    deep = "not " * 2000 + "is_release"
    assert shown_in_html(deep)
    assert _body(f".. only:: {deep}\n\n   Draft.\n\nAfter.\n") == "Draft.\n\nAfter."
