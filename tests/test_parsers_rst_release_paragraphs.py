"""builder.parsers.rst.release_paragraphs: a changelog's bold release paragraphs head sections."""

from __future__ import annotations

from builder.parsers import parse_file

HISTORY = (
    "Version history\n===============\n\n"  # 1-3
    "See the migration guide.\n\n"  # 4-5
    "**3.11.3**\n\n"  # 6-7
    "- Fixed a stall.\n\n"  # 8-9
    "**3.11.2** (2024-01-02)\n\n"  # 10-11
    "- Fixed a loop.\n\n"  # 12-13
    "**Note** that this is a sentence.\n\n"  # 14-15
    "**3.0 was large**\n"  # 16
    "and this paragraph goes on.\n"  # 17
)


def test_a_bold_release_paragraph_heads_a_section_of_a_changelog() -> None:
    # APScheduler 3.11.3's versionhistory.rst writes every release so: the whole history was
    # one section, cut in three parts by size.
    parsed = parse_file("versionhistory.rst", HISTORY)
    assert parsed is not None
    assert [
        (s.heading, s.heading_path, s.level, s.line_start, s.body) for s in parsed.sections
    ] == [
        ("Version history", (), 1, 1, "See the migration guide."),
        ("3.11.3", ("Version history",), 2, 6, "- Fixed a stall."),
        (
            "3.11.2 (2024-01-02)",
            ("Version history",),
            2,
            10,
            "- Fixed a loop.\n\nNote that this is a sentence.\n\n"
            "3.0 was large and this paragraph goes on.",
        ),
    ]


def test_bold_paragraphs_elsewhere_stay_paragraphs() -> None:
    parsed = parse_file("guide.rst", HISTORY)
    assert parsed is not None
    assert [s.heading for s in parsed.sections] == ["Version history"]
    nested = parse_file("changes.rst", "Changes\n=======\n\n.. note::\n\n   **1.0**\n")
    assert nested is not None
    assert [s.heading for s in nested.sections] == ["Changes"]


def test_a_long_run_of_spaces_after_a_bold_dash_is_read_in_one_pass() -> None:
    # The spaces before a date and those inside it were one run shared out every way: this
    # 100 KB line took minutes, in any .rst file, before the file's name was looked at.
    line = "**1.0** -" + " " * 100_000 + "x!"
    parsed = parse_file("changes.rst", f"Changes\n=======\n\n{line}\n")
    assert parsed is not None
    assert [s.heading for s in parsed.sections] == ["Changes"]
    dated = parse_file("changes.rst", "Changes\n=======\n\n**1.0** -   2019-05-04\n\nFixed.\n")
    assert dated is not None
    assert [s.heading for s in dated.sections] == ["Changes", "1.0 - 2019-05-04"]


def test_a_release_written_as_a_definition_list_term_heads_a_section() -> None:
    # blessed 1.53's history.rst writes each release as a term, its changes indented under it:
    # the history read as six parts of about twenty releases each (now 55 releases).
    text = (
        "Version History\n===============\n\n"  # 1-3
        "1.53\n  * change: :attr:`term_program` is a str.\n  * improve: clip.\n\n"  # 4-7
        "1.52\n  * bugfix: wrap.\n\n"  # 8-10
        "Python 3.8\n  A term that names no release first.\n"  # 11-12
    )
    parsed = parse_file("history.rst", text)
    assert parsed is not None
    assert [(s.heading, s.level, s.line_start, s.body) for s in parsed.sections] == [
        ("Version History", 1, 1, ""),
        ("1.53", 2, 4, "- change: `term_program` is a str.\n- improve: clip."),
        (
            "1.52",
            2,
            8,
            "- bugfix: wrap.\n\nPython 3.8\n  A term that names no release first.",
        ),
    ]
    guide = parse_file("guide.rst", text)
    assert guide is not None
    assert [s.heading for s in guide.sections] == ["Version History"]
