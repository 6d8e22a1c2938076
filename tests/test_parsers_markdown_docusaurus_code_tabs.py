"""builder.parsers.markdown.docusaurus_code_tabs: Docusaurus 1's code tabs keep their labels."""

from __future__ import annotations

from builder.parsers.markdown.parser import parse


def body(text: str) -> str:
    (section,) = parse(text, "x.md").sections
    return section.body


def test_each_tab_reads_under_its_label() -> None:
    # MobX's observable-state.md: one example written four ways, a tab each.
    text = (
        "# makeObservable\n\n"
        "<!--DOCUSAURUS_CODE_TABS-->\n"
        "<!--class + makeObservable-->\n\n"
        "```javascript\nmakeObservable(this, { value: observable })\n```\n\n"
        "<!--C++ & *nix-->\n"
        "```html\n<!--not a label-->\n<p>Hi</p>\n```\n\n"
        "<!--END_DOCUSAURUS_CODE_TABS-->\n\n"
        "<!--a comment outside the tabs-->\n\n"
        "After.\n"
    )
    assert body(text) == (
        "class + makeObservable:\n\n"
        "```javascript\nmakeObservable(this, { value: observable })\n```\n\n"
        "C++ & *nix:\n\n"
        "```html\n<!--not a label-->\n<p>Hi</p>\n```\n\n"
        "After."
    )


def test_the_lines_of_the_page_are_kept() -> None:
    text = (
        "# A\n\n<!--DOCUSAURUS_CODE_TABS-->\n<!--JS-->\n```js\nx\n```\n"
        "<!--END_DOCUSAURUS_CODE_TABS-->\n\n## B\n\nText.\n"
    )
    sections = parse(text, "x.md").sections
    assert [(s.heading, s.line_start) for s in sections] == [("A", 1), ("B", 10)]
