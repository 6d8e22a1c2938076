"""The ``changelog`` extension's directives: a section per release, each entry with its tags."""

from __future__ import annotations

from tests.rst_support import _sections

# The shape of Alembic 1.16.5's docs/build/changelog.rst (133 releases).
CHANGELOG = (
    "==========\nChangelog\n==========\n\n"  # 1-4
    ".. changelog::\n"  # 5
    "    :version: 1.16.5\n"
    "    :released: August 27, 2025\n\n"
    "    .. change::\n"
    "        :tags: bug, mysql\n"
    "        :tickets: 1492\n\n"
    "        Fixed rendering of index expressions in the ``mysql`` dialect.\n\n"
    "    .. change::\n"
    "        :tags: usecase, commands\n"
    "        :tickets: 1683, 1686\n"
    "        :pullreq: 1700\n\n"
    "        Added a new template::\n\n"
    "            alembic init -t pyproject_async\n\n"
    ".. changelog::\n"  # 24
    "    :version: 1.16.4\n"
    "    :released: July 10, 2025\n\n"
    "    .. change::\n"
    "        :tags: bug\n\n"
    "        Fixed boolean values.\n"  # 31
)


def test_each_release_is_a_section_headed_by_its_version_with_its_date() -> None:
    sections = _sections(CHANGELOG)[1:]  # after the page's title
    assert [(s.heading, s.heading_path, s.level, s.anchor) for s in sections] == [
        ("1.16.5", ("Changelog",), 2, "change-1-16-5"),
        ("1.16.4", ("Changelog",), 2, "change-1-16-4"),
    ]
    assert [(s.line_start, s.line_end) for s in sections] == [(5, 22), (24, 31)]
    assert sections[1].body == "Released: July 10, 2025\n\n[bug] Fixed boolean values."


def test_an_entry_keeps_its_tags_and_references() -> None:
    body = _sections(CHANGELOG)[1].body
    assert body == (
        "Released: August 27, 2025\n\n"
        "[bug] [mysql] Fixed rendering of index expressions in the `mysql` dialect.\n\n"
        "References: #1492\n\n"
        "[usecase] [commands] Added a new template:\n\n"
        "```\nalembic init -t pyproject_async\n```\n\n"
        "References: #1683, #1686, pull request 1700"
    )


def test_only_commas_part_an_entry_s_tags() -> None:
    # dogpile.cache 1.3.3's changelog: the extension splits tags at commas alone.
    text = (
        "Changelog\n=========\n\n.. changelog::\n    :version: 1.0.0\n\n"
        "    .. change::\n        :tags: change: py3k\n\n        Python 3.5 and above only.\n"
    )
    assert _sections(text)[1].body == "[change: py3k] Python 3.5 and above only."


def test_lowdown_s_one_word_argument_is_the_change_s_category() -> None:
    # Lowdown 0.2.1's doc/release.rst: the category is a label before the tags, not a title.
    text = (
        "Releases\n========\n\n.. changelog::\n    :version: 0.1.1\n\n"
        "    .. change:: change\n        :tags: documentation\n\n"
        "        Update documentation.\n"
    )
    assert _sections(text)[1].body == "[change] [documentation] Update documentation."


def test_lowdown_s_release_is_a_section_headed_by_its_version() -> None:
    text = (
        "Releases\n========\n\n.. release:: 0.2.1\n    :date: 2021-04-21\n\n"
        "    .. change:: change\n\n        Limit docutils to < 0.17.\n"
    )
    (_, release) = _sections(text)
    assert (release.heading, release.anchor) == ("0.2.1", "change-0-2-1")
    assert release.body == "Released: 2021-04-21\n\n[change] Limit docutils to < 0.17."


def test_a_release_inside_another_block_is_not_a_section() -> None:
    (section,) = _sections("Title\n=====\n\n.. note::\n\n" + CHANGELOG[25:].replace("\n", "\n   "))
    assert section.heading == "Title"
    assert "1.16.5\n\nReleased: August 27, 2025" in section.body


def test_the_changelogs_a_changelog_imports_are_not_shown() -> None:
    # SQLAlchemy 2.0.43's changelog_20.rst imports changelog_14.rst (480 KB) by an include.
    page = (
        "=============\n2.0 Changelog\n=============\n\n"
        ".. changelog_imports::\n\n"
        "    .. changelog::\n        :version: 1.4.0\n\n"
        "        .. change::\n            :tags: orm\n\n            Imported.\n\n"
        ".. changelog::\n    :version: 2.0.43\n\n"
        "    .. change::\n        :tags: bug\n\n        Fixed.\n"
    )
    assert [(s.heading, s.body) for s in _sections(page)] == [
        ("2.0 Changelog", ""),
        ("2.0.43", "[bug] Fixed."),
    ]


def test_litestar_s_changelog_names_its_release_and_each_change_s_title_in_arguments() -> None:
    # Litestar's 3.x changelog (its own extension, shared by litestar-org's projects): every
    # release, title and type was lost, its entries read as one section of unheaded text.
    page = (
        "3.x Changelog\n=============\n\n"  # 1-3
        ".. changelog:: 3.0.0\n"  # 4
        "    :date: 2364-01-27\n\n"
        "    .. change:: Fix ``TypeError`` for a union of enums\n"
        "        :type: bugfix\n"
        "        :pr: 4997\n\n"
        "        Such unions are now documented as a ``oneOf``.\n\n"
        "    .. change:: Return HTTP 413 when the part limit is exceeded\n"
        "        :type: feature\n"
        "        :pr: 4990 4991\n"
        "        :issue: 4439\n"
        "        :breaking:\n\n"
        "        It now returns ``413``.\n"
    )
    (release,) = _sections(page)[1:]
    assert (release.heading, release.anchor) == ("3.0.0", "change-3-0-0")
    assert release.body == (
        "Released: 2364-01-27\n\n"
        "[bugfix] Fix `TypeError` for a union of enums\n\n"
        "Such unions are now documented as a `oneOf`.\n\n"
        "References: pull request 4997\n\n"
        "[feature] [breaking] Return HTTP 413 when the part limit is exceeded\n\n"
        "It now returns `413`.\n\n"
        "References: #4439, pull request 4990, pull request 4991"
    )
