"""builder.parsers.markdown.repeated_slugs: a repeated slug numbered among the page's headings."""

from __future__ import annotations

from builder.parsers import parse_file
from builder.parsers.markdown.flavor import VUEPRESS, markdown_flavor
from builder.parsers.markdown.mkdocs_flavor import MkDocsMarkdown, mkdocs_pages
from builder.sections import finalize_sections


def headings(relpath: str, page: str) -> list[tuple[str, str]]:
    parsed = parse_file(relpath, page)
    assert parsed is not None
    return [(s.heading, s.anchor) for s in finalize_sections(parsed).sections]


def test_a_heading_dropped_later_still_takes_its_slug() -> None:
    # execa 9.6.1's docs/api.md: "### $(options)" (#options) is one of the forms stacked over
    # one text, which joins the last; the page links its "## Options" as #options-1.
    page = (
        "# API\n\n## Methods\n\n### execa(options)\n### $(options)\n### $.s(options)\n\n"
        "Bound.\n\n## Options\n\nSee [options](#options-1).\n\n### options.cwd\n\nDir.\n"
    )
    found = dict(headings("docs/api.md", page))
    assert found["Options"] == "options-1"
    assert (found["execa(options)"], found["options.cwd"]) == ("execaoptions", "optionscwd")


def test_an_id_the_page_gives_is_kept_as_written() -> None:
    # An '<a name="setup">' alone above a heading names it; inquirer 14.3.1's README puts
    # '<a name="documentation">' under "## Documentation", whose own id it repeats: it names
    # that heading, as on GitHub, now kept over its subsections (builder.sections).
    page = (
        '# Inquirer\n\nText.\n\n## Documentation\n\n<a name="documentation"></a>\n\n'
        '### Installation\n\nnpm i inquirer\n\n<a name="setup"></a>\n\n## Usage\n\nMore.\n\n'
        "## Usage\n\nAgain.\n"
    )
    found = [
        (s.heading, s.anchor) for s in finalize_sections(parse_file("README.md", page)).sections
    ]  # type: ignore[union-attr]
    assert found == [
        ("Inquirer", "inquirer"),
        ("Documentation", "documentation"),
        ("Installation", "installation"),
        ("Usage", "setup"),
        ("Usage", "usage"),
    ]


def test_an_mkdocs_page_numbers_a_repeated_slug_as_its_toc_does() -> None:
    # mkdocstrings' docs/usage/handlers.md links its second "Templates" as #templates_1:
    # Python-Markdown's toc numbers "templates_1", where the page read "templates-1". It takes
    # the ids the page gives itself first ("{#usage}" below the first "Usage"), and numbers a
    # numbered id up ("Step_1" again is "step_2").
    page = (
        "# Handlers\n\nIntro.\n\n## Templates\n\nA.\n\n## Templates\n\nB.\n\n## Templates\n\nC.\n\n"
        "## Usage\n\nD.\n\n## How to use {#usage}\n\nE.\n\n## Step_1\n\nF.\n\n## Step_1\n\nG.\n"
    )
    with mkdocs_pages(MkDocsMarkdown(frozenset({"attr_list", "toc"}))):
        found = headings("docs/usage/handlers.md", page)
    assert found == [
        ("Handlers", "handlers"),
        ("Templates", "templates"),
        ("Templates", "templates_1"),
        ("Templates", "templates_2"),
        ("Usage", "usage_1"),
        ("How to use", "usage"),
        ("Step_1", "step_1"),
        ("Step_1", "step_2"),
    ]


def test_a_readme_heading_keeps_each_dash_of_github_s_slug() -> None:
    # yup 1.7.1's README links its API headings as GitHub slugs them: "string.required(message?:
    # string | function): Schema" is #stringrequiredmessage-string--function-schema, each
    # space a dash; the run was made one dash, and 54 of its table of contents' links, with
    # bottleneck's #gotchas--common-mistakes and uuid's #react-native--expo, landed nowhere.
    page = (
        "# Lib\n\nSee [events](#methods--events).\n\n## Methods & Events\n\nOn.\n\n"
        "## 8.3.0 - 2026-07-11\n\nFixed.\n\n## `string.required(message?: string | function)`\n\n"
        "Required.\n\n## 🚀 Features\n\nFast.\n"
    )
    assert [anchor for _, anchor in headings("README.md", page)] == [
        "lib",
        "methods--events",
        "830---2026-07-11",
        "stringrequiredmessage-string--function",
        "-features",
    ]
    # MkDocs' toc makes one dash of a run, as before (entered as stages.reader_settings does).
    with markdown_flavor("mkdocs"), mkdocs_pages(MkDocsMarkdown(frozenset({"toc"}))):
        assert headings("index.md", page)[1] == ("Methods & Events", "methods-events")
    # So does VuePress' slugify, as VitePress' does.
    with markdown_flavor(VUEPRESS):
        assert headings("guide.md", page)[1] == ("Methods & Events", "methods-events")


def test_a_readme_heading_keeps_the_combining_marks_github_s_slug_keeps() -> None:
    # GitHub keeps a heading's letters with their marks: "## हिन्दी विकल्प" (Hindi, its vowel
    # signs and virama combining marks) is #हिन्दी-विकल्प; they were dropped ("हनद-वकलप").
    page = "# Lib\n\n## हिन्दी विकल्प\n\nText.\n\n## Café 🎉\n\nMore.\n"
    assert [anchor for _, anchor in headings("README.md", page)] == [
        "हिन्दी-विकल्प",
        "café-",
    ]
