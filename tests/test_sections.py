"""Section finalization: API entry lists, empty sections, splitting, bounds, unique anchors."""

import itertools

from builder.model import ParsedFile, Section
from builder.parsers import parse_file
from builder.section_parts import FENCE, FENCE_STARTS
from builder.sections import (
    MAX_ENTRY_LINE_CHARS,
    MAX_HEADING_CHARS,
    MAX_LISTED_ENTRIES,
    finalize_sections,
    join_signature_twins,
    list_api_entries,
    split_section,
)
from schemas.shards import NEAR_EMPTY_CHARS
from tests.counted import Counted


def section(
    heading: str,
    body: str,
    level: int = 1,
    anchor: str = "a",
    path: tuple[str, ...] = (),
    lines: tuple[int, int] = (1, 1),
    kind: str = "text",
) -> Section:
    return Section(heading, path, body, "doc.md", lines[0], lines[1], anchor, level, kind)


def finalize(*sections: Section) -> list[Section]:
    return list(finalize_sections(ParsedFile("doc.md", "Doc", sections)).sections)


def test_each_empty_topic_looks_for_its_entries_among_the_sections_below_it_alone() -> None:
    # Each topic was given a copy of every section after it: a page of 40,000 empty headings
    # took 1.4 s, in the square of their number. The last topic still lists its entries.
    count = 5000
    sections = Counted[Section](section(f"H{n}", "", 2, f"h{n}") for n in range(count))
    sections += [
        section("Topic", "", 2, "topic"),
        section("f", "`f()`\n\nDoes f.", 3, "f", ("Topic",), kind="api"),
    ]
    kept = list_api_entries(sections)
    assert sections.touched < 10 * count
    assert [(s.heading, s.body) for s in kept] == [
        ("Topic", "- f(): Does f."),
        ("f", "`f()`\n\nDoes f."),
    ]


def test_empty_sections_are_dropped_and_counted_but_kept_in_child_paths() -> None:
    parsed = ParsedFile(
        "doc.md",
        "Doc",
        (
            section("Guide", "", 1, "guide"),
            section("Install", "pip install x", 2, "install", ("Guide",)),
            # No section around it to take its words: dropped too.
            section("Empty leaf", " \n", 1, "empty-leaf"),
        ),
    )
    final = finalize_sections(parsed)
    assert [(s.heading, s.heading_path) for s in final.sections] == [("Install", ("Guide",))]
    # "Install" says little, but says what it means to: only API entries count as near-empty.
    assert (final.empty, final.near_empty, final.warnings) == (2, 0, ())


def test_a_heading_with_no_text_and_no_subsections_joins_the_section_around_it() -> None:
    # joi's README: a tagline written as a heading under the title, and a line pointing to the
    # docs site written as one under "Installation"; both were dropped with their words.
    visit = "Visit the joi.dev Developer Portal for tutorials"
    parsed = ParsedFile(
        "README.md",
        "joi",
        (
            section("joi", "", 1, "joi", lines=(1, 1)),
            section("The most powerful validator.", "", 4, "tagline", ("joi",), (3, 3)),
            section("Installation", "`npm install joi`", 2, "installation", ("joi",), (5, 6)),
            section(visit, "", 3, "visit", ("joi", "Installation"), (8, 8)),
            section("Resources", "- Docs", 2, "resources", ("joi",), (10, 12)),
            section("Details", "Text.", 3, "details", ("joi", "Resources"), (14, 15)),
            # After a sibling: its words join "Resources", whose lines stop where they did.
            section("Read the policies, then ask.", "", 3, "ask", ("joi", "Resources"), (17, 17)),
        ),
    )
    final = finalize_sections(parsed)
    assert [(s.heading, s.body, s.line_start, s.line_end) for s in final.sections] == [
        ("joi", "The most powerful validator.", 1, 3),
        ("Installation", f"`npm install joi`\n\n{visit}", 5, 8),
        ("Resources", "- Docs\n\nRead the policies, then ask.", 10, 12),
        ("Details", "Text.", 14, 15),
    ]
    assert final.empty == 0  # their words are kept, nothing dropped


def test_a_sentence_heading_in_a_language_without_spaces_joins_the_section_around_it() -> None:
    # Chinese writes no spaces between words and ends a sentence with a full-width mark: its
    # tagline under the title was one "word" with no "." and was dropped; a label stays one.
    text = (
        "# 工具\n\n## 这是目前最强大的数据验证库。\n\n## 安装\n\n运行 pip install x。\n\n## 致谢\n"
    )
    final = finalize_sections(parse_file("README.md", text))
    assert [(s.heading, s.body, s.line_start, s.line_end) for s in final.sections] == [
        ("工具", "这是目前最强大的数据验证库。", 1, 3),
        ("安装", "运行 pip install x。", 5, 7),
    ]
    assert final.empty == 1  # the label "致谢" (Acknowledgements) over nothing


def test_a_heading_that_only_dates_its_topic_joins_the_topic_s_heading() -> None:
    # Elysia's configuration reference: "## aot" over "###### Since 0.4.0" made the option's
    # text the section "Since 0.4.0", the option's name only in its heading path.
    text = (
        "# Configuration\n\nOptions.\n\n## adapter\n\n###### Since 1.1.11\n\n"
        "Runtime adapter.\n\n## aot\n###### New in version 0.4\n\nAhead of Time compilation.\n\n"
        "## prefix\n\nA path prefix.\n\n### Since 2.0\n\nIt may end with a slash.\n\n"
        "## serve\n\n### Since 1.0\n\nBun's options.\n\n#### tls\n\nCertificates.\n"
    )
    final = finalize_sections(parse_file("configuration.md", text))
    assert [
        (s.heading, s.heading_path, s.body, s.line_start, s.line_end) for s in final.sections
    ] == [
        ("Configuration", (), "Options.", 1, 3),
        ("adapter", ("Configuration",), "Since 1.1.11\n\nRuntime adapter.", 5, 9),
        ("aot", ("Configuration",), "New in version 0.4\n\nAhead of Time compilation.", 11, 14),
        # Below a section with text of its own, or over subsections: a heading as written.
        ("prefix", ("Configuration",), "A path prefix.", 16, 18),
        ("Since 2.0", ("Configuration", "prefix"), "It may end with a slash.", 20, 22),
        ("serve", ("Configuration",), "- Since 1.0", 24, 24),
        ("Since 1.0", ("Configuration", "serve"), "Bun's options.", 26, 28),
        ("tls", ("Configuration", "serve", "Since 1.0"), "Certificates.", 30, 32),
    ]


def test_a_heading_the_section_around_it_already_lists_is_not_joined_twice() -> None:
    # winston's README ends "#### Author: [Charlie Robbins]" over "#### Contributors: [Jarrett
    # Cruger], ...": the Markdown reader lists such a run in the section around it, and the
    # longer heading was joined to it again.
    text = (
        "# winston\n\n## Run Tests\n\nAll tests use jest.\n\n"
        "#### Author: Charlie Robbins\n"
        "#### Contributors: Jarrett Cruger, David Hyde, Chris Alderson, Jonathon Terry\n"
    )
    final = finalize_sections(parse_file("README.md", text))
    run_tests = next(s for s in final.sections if s.heading == "Run Tests")
    assert run_tests.body.count("Contributors:") == 1
    assert "Author: Charlie Robbins" in run_tests.body


def test_an_empty_label_is_dropped_and_a_heading_with_subsections_lists_them() -> None:
    # A label over what the build shows no text for (a toctree's "Table of Contents", an
    # automodule's "cattrs.gen module") would only add its title to the section around it;
    # an empty heading with subsections is kept for its anchor, listing them.
    parsed = ParsedFile(
        "index.rst",
        "Doc",
        (
            section("Guide", "Intro.", 1, "guide"),
            section("Table of Contents", "", 2, "toc", ("Guide",)),
            section("Topic", "", 2, "topic", ("Guide",)),
            section("Detail", "Text.", 3, "detail", ("Guide", "Topic")),
            section("Done.", "", 2, "done", ("Guide",)),
        ),
    )
    final = finalize_sections(parsed)
    assert [(s.heading, s.body) for s in final.sections] == [
        ("Guide", "Intro."),
        ("Topic", "- Detail"),
        ("Detail", "Text."),
    ]
    assert final.empty == 2


def test_a_heading_over_subsections_and_no_text_keeps_its_anchor_listing_them() -> None:
    # execa 9.6.1's docs/termination.md: "## Graceful termination" holds only subsections, and
    # its docs link "termination.md#graceful-termination" 8 times; it was dropped, anchor and
    # all. The page's title, over its first "##" with no text, is where a link to the page
    # lands, and is no outline.
    text = (
        "# Termination\n\n## Alternatives\n\nKill it.\n\n## Graceful termination\n\n"
        "### Share a `cancelSignal`\n\nShare it.\n\n### Forceful termination\n\n#### Timeout\n\n"
        "After a while.\n"
    )
    final = finalize_sections(parse_file("termination.md", text))
    assert [(s.heading, s.anchor, s.body) for s in final.sections] == [
        ("Alternatives", "alternatives", "Kill it."),
        (
            "Graceful termination",
            "graceful-termination",
            "- Share a cancelSignal\n- Forceful termination",
        ),
        ("Share a cancelSignal", "share-a-cancelsignal", "Share it."),
        ("Forceful termination", "forceful-termination", "- Timeout"),
        ("Timeout", "timeout", "After a while."),
    ]
    assert final.empty == 1


def test_a_first_heading_with_siblings_as_high_is_no_page_title_and_keeps_its_outline() -> None:
    # A page titled by its front matter (Docusaurus, Starlight) opens with "## Overview" over
    # subsections, a sibling of the "## Usage" after it: it is no title, and was dropped while
    # "## Usage", written the same way, was kept.
    text = (
        "---\ntitle: Guide\n---\n\n## Overview\n\n### Install\n\nRun it.\n\n"
        "## Usage\n\n### Run\n\nGo.\n"
    )
    final = finalize_sections(parse_file("docs/guide.md", text))
    assert [(s.heading, s.body) for s in final.sections] == [
        ("Overview", "- Install"),
        ("Install", "Run it."),
        ("Usage", "- Run"),
        ("Run", "Go."),
    ]


def test_near_empty_means_an_api_entry_under_the_limit_that_only_names_its_object() -> None:
    short = "`" + "x" * (NEAR_EMPTY_CHARS - 3) + "`"
    final = finalize_sections(
        ParsedFile(
            "doc.md",
            "Doc",
            (
                section("m.a", short, kind="api"),
                section("m.b", "`" + "x" * NEAR_EMPTY_CHARS + "`", anchor="b", kind="api"),
                section("m.N", "`N()`\n\nBases: `Item`", anchor="n", kind="api"),
                # A docstring this short says what it means to: TOML Kit's four such entries
                # ("`clear() -> None`", "Clear the array.") failed --strict with advice about
                # autodoc that had no code to read, though its code was read.
                section("m.clear", "`clear() -> None`\n\nClear the array.", anchor="d", kind="api"),
                # Prose this short ("See `pino-test`.", one shell command) failed --strict on
                # fastify's and pino's Markdown docs, with advice about autodoc.
                section("Testing", "See `pino-test`.", anchor="c"),
            ),
        )
    )
    assert (final.empty, final.near_empty) == (0, 2)


def test_topic_holding_only_api_entries_lists_them() -> None:
    timeouts = ("Tasks", "Timeouts")
    sections = finalize(
        section("Timeouts", "", 2, "timeouts", ("Tasks",)),
        section(
            "asyncio.timeout",
            "`coroutine asyncio.timeout(delay)`\n\nAn asynchronous context manager that limits"
            " waiting. The delay can be None.\n\nMore text.",
            3, "asyncio.timeout", timeouts, kind="api",
        ),
        section(
            "asyncio.Timeout",
            "`class asyncio.Timeout`\n\nA timeout.",
            3, "asyncio.Timeout", timeouts, kind="api",
        ),
        section(
            "asyncio.Timeout.when",
            "`when()`\n\nReturn the deadline.",
            4, "asyncio.Timeout.when", (*timeouts, "asyncio.Timeout"), kind="api",
        ),
        section("werkzeug.http.dump_header", "`dump_header`", 3, "d", timeouts, kind="api"),
        section("Next", "Text.", 2, "next", ("Tasks",)),
    )  # fmt: skip
    assert sections[0].heading == "Timeouts" and sections[0].body == (
        "- asyncio.timeout(delay): An asynchronous context manager that limits waiting.\n"
        "- asyncio.Timeout: A timeout.\n"
        "- werkzeug.http.dump_header"
    )
    # An API entry never gets its members listed: it has a description of its own.
    assert sections[2].body == "`class asyncio.Timeout`\n\nA timeout."


def test_topic_titled_by_its_one_entry_is_dropped_not_listed() -> None:
    # django-tables2 2.4.1's API page titles each class's section by its name ('Table.Meta',
    # 'Column' over django_tables2.columns.Column): the listed line repeated the entry's first
    # sentence above the entry, a second 'Table.Meta' section that said less.
    sections = finalize(
        section("Column", "", 2, "column", ("API",)),
        section("django_tables2.columns.Column", "`Column(name)`\n\nA column.", 3,
                "django_tables2.columns.Column", ("API", "Column"), kind="api"),
        section("Other", "", 2, "other", ("API",)),
        section("m.Rows", "`Rows()`\n\nRows.", 3, "m.Rows", ("API", "Other"), kind="api"),
    )  # fmt: skip
    assert [(s.heading, s.body) for s in sections] == [
        ("django_tables2.columns.Column", "`Column(name)`\n\nA column."),
        ("Other", "- m.Rows(): Rows."),
        ("m.Rows", "`Rows()`\n\nRows."),
    ]


def test_api_entry_list_keeps_the_intro_and_is_bounded() -> None:
    entries = [
        section(f"m.f{n}", f"`f{n}(x)`\n\n{'Long words ' * 30}", 2, f"f{n}", ("Topic",), kind="api")
        for n in range(MAX_LISTED_ENTRIES + 3)
    ]
    sections = finalize(section("Topic", "Intro.", 1, "topic"), *entries)
    lines = sections[0].body.split("\n")
    assert lines[:2] == ["Intro.", ""]
    assert len(lines) == 2 + MAX_LISTED_ENTRIES + 1 and lines[-1] == "… and 3 more"
    assert lines[2].startswith("- m.f0(x): Long words")
    assert all(len(line) <= MAX_ENTRY_LINE_CHARS for line in lines)
    assert lines[2].endswith("…")


def test_topic_with_a_text_subsection_gets_no_entry_list() -> None:
    sections = finalize(
        section("Topic", "", 1, "topic"),
        section("m.f", "`f()`\n\nDoes f.", 2, "m.f", ("Topic",), kind="api"),
        section("Notes", "Some notes.", 2, "notes", ("Topic",)),
    )
    assert [s.heading for s in sections] == ["m.f", "Notes"]


def test_anchors_are_unique_within_a_file() -> None:
    parsed = ParsedFile(
        "doc.md",
        "Doc",
        (
            section("Example", "one", anchor="example"),
            section("Example", "two", anchor="example"),
            section("Example 1", "three", anchor="example-1"),
        ),
    )
    sections = finalize_sections(parsed).sections
    assert [s.anchor for s in sections] == ["example", "example-1", "example-1-1"]


def test_split_at_paragraphs_keeps_heading_path_and_ranges() -> None:
    paragraphs = [f"p{i} " + "word " * 50 for i in range(6)]  # ~255 chars each
    whole = section("Big", "\n\n".join(paragraphs), anchor="big", path=("Top",), lines=(10, 70))
    parts = split_section(whole, limit=600)
    assert [p.heading for p in parts] == ["Big", "Big (part 2 of 3)", "Big (part 3 of 3)"]
    assert [p.anchor for p in parts] == ["big", "big-part-2", "big-part-3"]
    assert all(p.heading_path == ("Top",) for p in parts)
    assert "\n\n".join(p.body for p in parts) == whole.body
    assert parts[0].line_start == 10 and parts[-1].line_end == 70
    assert all(a.line_end < b.line_start for a, b in itertools.pairwise(parts))


def test_code_block_split_is_refenced_and_never_cut_mid_line() -> None:
    code = "\n".join(f"line_{i} = {i}" for i in range(200))
    whole = section("Code", f"```python\n{code}\n```", anchor="code", lines=(1, 203))
    parts = split_section(whole, limit=1000)
    assert len(parts) > 1
    for part in parts:
        assert part.body.startswith("```python\n") and part.body.endswith("\n```")
        assert len(part.body) <= 1000
    rejoined = [ln for p in parts for ln in p.body.split("\n")[1:-1]]
    assert rejoined == code.split("\n")


def test_blank_lines_inside_code_do_not_split_the_block() -> None:
    body = "```\na\n\nb\n```"
    assert split_section(section("C", body), limit=1000)[0].body == body


def test_code_in_a_list_item_is_split_whole_or_refenced() -> None:
    # Celery 5.2.6's changelogs (Debian's HTML docs): code inside a list item is indented, so
    # a blank line in it ended a block and a part was cut there, the first part's code left
    # open and the next starting with its closing fence (10 sections, 39,802 characters).
    item = "- Register a command:\n  ```python\n  @Panel.register\n\n  def reset(state):\n  ```"
    other = "- word" + " word" * 19
    parts = split_section(section("1.0.3", f"{other}\n\n{item}", anchor="r"), limit=120)
    assert [p.body for p in parts] == [other, item]
    code = "\n".join(f"  line_{i} = {i}" for i in range(40))
    long_item = f"- Run:\n  ```python\n{code}\n  ```\n- Done."
    parts = split_section(section("C", long_item), limit=200)
    assert len(parts) > 2 and all(len(p.body) <= 200 for p in parts)
    bodies = [p.body.split("\n") for p in parts]
    assert bodies[0][:2] == ["- Run:", "  ```python"] and bodies[-1][-2:] == ["  ```", "- Done."]
    assert all(b[-1] == "  ```" for b in bodies[:-1])
    assert all(b[0] == "  ```python" for b in bodies[1:])
    assert [ln for b in bodies for ln in b if ln.startswith("  line_")] == code.split("\n")


def test_a_cut_in_a_list_item_s_code_is_a_part_s_end_not_a_seam_inside_one() -> None:
    # git 2.39.5's howto/maintain-git.html: a list of 9,825 characters was cut inside an
    # item's code, and the item's lines above the cut were held back to join the rest, so one
    # part read the code closed and opened again mid-sentence ("should be\n  ```\n\n  ```\n
    # merged to 'next'").
    code = "\n".join(f"  line_{i} = {i}" for i in range(6))
    body = "- First: " + "word " * 40 + "\n- Then:\n  ```\n" + code + "\n  ```\n- Done."
    parts = split_section(section("C", body), limit=260)
    assert all("```\n\n  ```" not in p.body for p in parts)
    assert [ln for p in parts for ln in p.body.split("\n") if "line_" in ln] == code.split("\n")
    assert parts[-1].body.split("\n")[0] == "  ```"


def test_a_part_never_ends_on_the_line_whose_indented_rest_starts_the_next() -> None:
    # Python 3.11's glossary (one block of terms, each definition indented under it): part 1
    # ended with the term 'binary file' and part 2 began with its definition. mako 1.4.3's
    # Template parameters: the part ended after 'module_writer's code and the next began
    # with the rest of its description, the parameter's name left behind.
    terms = "\n".join(f"term {n}\n  Definition {n} of the term." for n in range(8))
    parts = split_section(section("Glossary", terms), limit=120)
    assert len(parts) > 2 and all(len(p.body) <= 120 for p in parts)
    assert all(p.body.startswith("term ") for p in parts)
    assert "\n".join(p.body for p in parts) == terms
    item = "- writer: A callable, for example:\n\n```python\nwrite(x)\n```\n\n  Rarely needed."
    intro = ("Intro words. " * 6).strip()
    parts = split_section(section("Template", f"{intro}\n\n{item}\n- other: More."), limit=120)
    assert [p.body for p in parts] == [intro, f"{item}\n- other: More."]


def test_single_enormous_line_is_cut_into_bounded_parts() -> None:
    whole = section("Huge", "x" * 25_000)
    parts = split_section(whole, limit=6000)
    assert [len(p.body) for p in parts] == [6000, 6000, 6000, 6000, 1000]


def test_overlong_heading_and_deep_path_are_cut_with_warnings() -> None:
    deep = tuple(f"level {i}" for i in range(50))
    parsed = ParsedFile("doc.md", "Doc", (section("H" * 10_000, "body", 51, "h", deep),))
    final = finalize_sections(parsed)
    (result,), warnings = final.sections, final.warnings
    assert len(result.heading) == MAX_HEADING_CHARS and result.heading.endswith("…")
    assert result.heading_path[0] == "level 0" and result.heading_path[-1] == "level 49"
    assert len(result.heading_path) == 12
    assert len(warnings) == 2


def test_topic_with_text_of_its_own_gets_no_entry_list() -> None:
    intro = "Pure paths provide the following methods and properties, all of them pure."
    sections = finalize(
        section("Methods", intro, 1, "methods"),
        section(
            "m.suffix", "`suffix`\n\nThe file extension.", 2, "m.suffix", ("Methods",), kind="api"
        ),
    )
    assert [s.body for s in sections] == [intro, "`suffix`\n\nThe file extension."]


def test_a_long_signature_is_shortened_so_the_sentence_still_shows() -> None:
    long_parameters = ", ".join(f"option_{n}=None" for n in range(12))
    no_commas = "x" * 80
    sections = finalize(
        section("Basic Usage", "", 1, "basic-usage"),
        section(
            "json.dumps",
            f"`json.dumps(obj, *, {long_parameters})`\n\nSerialize obj to a str.",
            2, "json.dumps", ("Basic Usage",), kind="api",
        ),
        section("m.f", f"`f({no_commas})`\n\nDoes f.", 2, "m.f", ("Basic Usage",), kind="api"),
    )  # fmt: skip
    assert sections[0].body.split("\n") == [
        "- json.dumps(obj, *, option_0=None, option_1=None, option_2=None, …): "
        "Serialize obj to a str.",
        "- m.f(…): Does f.",
    ]


def test_entry_line_takes_the_first_signature_and_the_first_prose() -> None:
    # Signature blocks may follow one another; the first block after them is the prose.
    entries = [
        section("m.g", "`g(a)`\n`g(a, b)`\n\n`g()`\n\nDoes g. More.\n\nLater.", 2, "g", kind="api"),
        section("m.h", "`h(x)`", 2, "h", kind="api"),
    ]
    sections = finalize(section("Topic", "", 1, "topic"), *entries)
    assert sections[0].body == "- m.g(a): Does g.\n- m.h(x)"


def test_entry_line_skips_a_code_block_of_several_lines() -> None:
    body = "`k(n)`\n\n```python\nk(1)\nk(2)\n```\n\nReturns k."
    sections = finalize(section("Topic", "", 1, "topic"), section("m.k", body, 2, "k", kind="api"))
    assert sections[0].body == "- m.k(n): Returns k."


def test_entry_line_skips_the_bases_line_of_a_class() -> None:
    body = "`m.C()`\n\nBases: `Node`, `ABC`\n\nA node. More."
    sections = finalize(section("Topic", "", 1, "topic"), section("m.C", body, 2, "C", kind="api"))
    assert sections[0].body == "- m.C(): A node."


def test_entry_line_skips_the_titled_lists_of_a_docstring() -> None:
    # platformdirs' user_data_dir, whose docstring starts with ":param": "User data directory"
    # listed it as "- platformdirs.user_data_dir(…): Parameters: - appname (str | None): ...".
    body = "`d(a)`\n\nParameters:\n- a (str): See `a`.\n\nReturns:\n- a folder\n\nA folder. More."
    sections = finalize(section("Topic", "", 1, "topic"), section("m.d", body, 2, "d", kind="api"))
    assert sections[0].body == "- m.d(a): A folder."
    body = "`e(a)`\n\nParameters:\n- a (str): See `a`."
    sections = finalize(section("Topic", "", 1, "topic"), section("m.e", body, 2, "e", kind="api"))
    assert sections[0].body == "- m.e(a)"


def test_entry_line_skips_a_paragraph_indented_under_a_list_item() -> None:
    # pytest-benchmark 5.3.1's benchmark.pedantic, all fields: the setup parameter's second
    # paragraph was listed as what the function does.
    body = "`p(t, setup)`\n\nParameters:\n- t: Target.\n- setup: A setup.\n\n  It can return args."
    sections = finalize(section("Topic", "", 1, "topic"), section("m.p", body, 2, "p", kind="api"))
    assert sections[0].body == "- m.p(t, setup)"


def test_the_fence_prefix_test_agrees_with_the_fence_pattern() -> None:
    # Block splitting matches the fence regex only on lines with a fence's prefix after their
    # spaces: every line of up to six of these characters must be a fence exactly when it has
    # that prefix.
    for length in range(7):
        for letters in itertools.product(["`", "~", "a", " ", "\r", "\t"], repeat=length):
            line = "".join(letters)
            opens = FENCE.match(line) is not None
            assert opens == line.lstrip(" ").startswith(FENCE_STARTS), repr(line)


def test_a_signature_only_entry_joins_the_entry_of_the_same_object_after_it() -> None:
    # more-itertools 11.2.1: '.. function:: minmax(iterable, *[, key, default])' then
    # '.. autofunction:: minmax(arg1, arg2, *args[, key])' were two sections, the first (where
    # references to minmax land) only its signature; the docs sat at 'minmax-1'.
    path = ("API", "Summarizing")
    sections = finalize(
        section("m.minmax", "`minmax(iterable, *[, key, default])`", 2, "m.minmax", path,
                (170, 170), "api"),
        section("m.minmax", "`minmax(arg1, arg2, *args[, key])`\n\nBoth at once.", 2,
                "m.minmax", path, (171, 172), "api"),
        section("m.first", "`first(iterable)`", 2, "m.first", path, (173, 173), "api"),
        section("m.last", "`last(iterable)`\n\nThe last item.", 2, "m.last", path,
                (174, 175), "api"),
    )  # fmt: skip
    assert [(s.heading, s.anchor, s.line_start, s.line_end, s.body) for s in sections] == [
        ("m.minmax", "m.minmax", 170, 172,
         "`minmax(iterable, *[, key, default])`\n\n`minmax(arg1, arg2, *args[, key])`\n\n"
         "Both at once."),
        ("m.first", "m.first", 173, 173, "`first(iterable)`"),
        ("m.last", "m.last", 174, 175, "`last(iterable)`\n\nThe last item."),
    ]  # fmt: skip


class _SplitCounted(str):
    """A body that counts how often it is split into lines."""

    splits = 0

    def split(self, *args: object, **kwargs: object) -> list[str]:  # type: ignore[override]
        type(self).splits += 1
        return super().split(*args, **kwargs)  # type: ignore[arg-type]


def test_only_an_entry_of_the_name_after_it_has_its_lines_read_for_a_signature_twin() -> None:
    # Each section was split into lines to be compared with the next, whatever both were: a
    # tenth of finalize_sections on the Python docs. Only two entries of one name need it.
    body = _SplitCounted("`f(x)`\n\nText.\n" * 50)
    sections = [section(f"T{n}", body, 2, f"t{n}") for n in range(20)]
    sections += [section(f"m.f{n}", body, 2, f"f{n}", kind="api") for n in range(20)]
    _SplitCounted.splits = 0
    assert join_signature_twins(sections) == sections
    assert _SplitCounted.splits == 0
    twins = [section("m.g", _SplitCounted("`g(x)`"), 2, "g", kind="api"),
             section("m.g", "`g(x, y)`", 2, "g-1", kind="api")]  # fmt: skip
    assert [s.body for s in join_signature_twins(twins)] == ["`g(x)`\n\n`g(x, y)`"]
    assert _SplitCounted.splits == 1


def test_a_paragraph_that_introduces_a_block_goes_to_its_part() -> None:
    # supertest 7.3.2's README: "...persist cookies, use an agent:" ended one part and the
    # code it introduces opened the next.
    text = " ".join(["word"] * 100)
    lead = "To persist cookies between requests, reuse the agent:"
    code = "```js\n" + "agent.get('/').expect(200);\n" * 20 + "```"
    parts = split_section(section("Example", f"{text}\n\n{lead}\n\n{code}"), limit=700)
    assert [p.body for p in parts] == [text, f"{lead}\n\n{code}"]
    # A paragraph that ends otherwise, or a part that is nothing but the lead-in, stays.
    plain = "Reuse the agent to persist cookies between requests."
    parts = split_section(section("Example", f"{text}\n\n{plain}\n\n{code}"), limit=700)
    assert [p.body for p in parts] == [f"{text}\n\n{plain}", code]


def test_a_line_of_code_that_ends_with_a_colon_stays_in_its_block() -> None:
    code = "```python\nclass A:\n\n    def f(self):\n" + "        pass\n" * 40 + "```"
    text = " ".join(["word"] * 60)
    parts = split_section(section("Code", f"{code}\n\n{text}"), limit=400)
    for part in parts:
        assert part.body.count("```") % 2 == 0
