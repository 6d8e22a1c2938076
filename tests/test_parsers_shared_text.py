"""builder.parsers.shared_text: the copies of the text a description's names share stop at a
page's budget, in the reST reader and in the built-HTML reader."""

from __future__ import annotations

from builder.parsers.html.parser import parse as parse_html
from builder.parsers.rst.parser import parse as parse_rst
from builder.parsers.shared_text import MAX_SHARED_CHARS

# One paragraph a description's names share, and how many copies of it the budget holds.
TEXT = " ".join(["word"] * 1000)
COPIES = MAX_SHARED_CHARS // len(TEXT)
NAMES = COPIES + 100


def holding_text(bodies: list[str]) -> list[int]:
    return [index for index, body in enumerate(bodies) if TEXT in body]


def test_a_description_of_more_names_than_the_budget_copies_its_text_so_far() -> None:
    # A page of thousands of names over one long text made copies as names times text (4,000
    # names in 319 kilobytes: 800 MB of sections). The first names get the text while the
    # budget lasts, the rest their signature alone, and the last keeps it.
    names = "\n".join(f"   C{n}" for n in range(NAMES))
    described = f"Constants\n=========\n\n.. module:: m\n\n.. data::\n{names}\n\n   {TEXT}\n\n"
    # A run whose text is at the margin, taken by its last description, is copied so too.
    run = "".join(f".. data:: D{n}\n" for n in range(NAMES))
    taken = f"Run\n---\n\n{run}\n{TEXT}\n"
    sections = parse_rst(described + taken, "page.rst").sections
    constants = [s.body for s in sections if s.anchor.startswith("m.C")]
    runs = [s.body for s in sections if s.anchor.startswith("m.D")]
    assert (len(constants), len(runs)) == (NAMES, NAMES)
    assert holding_text(constants) == [*range(COPIES), NAMES - 1]
    assert holding_text(runs) == [NAMES - 1]  # the page's budget is spent


def test_an_html_description_of_more_objects_than_the_budget_copies_its_text_so_far() -> None:
    terms = "".join(
        f'<dt class="sig sig-object py" id="m.C{n}"><span class="sig-name descname">'
        f'<span class="pre">C{n}</span></span></dt>'
        for n in range(NAMES)
    )
    page = f'<section id="c"><h1>C</h1><dl class="py data">{terms}<dd><p>{TEXT}</p></dd></dl>'
    sections = parse_html(page + "</section>", "c.html").sections
    bodies = [s.body for s in sections if s.anchor.startswith("m.C")]
    assert len(bodies) == NAMES
    assert holding_text(bodies) == [*range(COPIES), NAMES - 1]
