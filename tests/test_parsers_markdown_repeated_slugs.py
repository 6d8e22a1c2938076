"""builder.parsers.markdown.repeated_slugs: a repeated slug numbered among the page's headings."""

from __future__ import annotations

from builder.parsers import parse_file
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
    # inquirer 14.3.1's README: '<a name="documentation">' under an empty "## Documentation"
    # names the heading below it, where a link to #documentation lands.
    page = (
        '# Inquirer\n\nText.\n\n## Documentation\n\n<a name="documentation"></a>\n\n'
        "### Installation\n\nnpm i inquirer\n\n## Usage\n\nMore.\n\n## Usage\n\nAgain.\n"
    )
    found = [
        (s.heading, s.anchor) for s in finalize_sections(parse_file("README.md", page)).sections
    ]  # type: ignore[union-attr]
    assert found == [
        ("Inquirer", "inquirer"),
        ("Installation", "documentation"),
        ("Usage", "usage"),
        ("Usage", "usage-1"),
    ]
