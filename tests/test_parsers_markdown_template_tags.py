"""Template statements (Jinja, Nunjucks, Liquid) in Markdown pages read as nothing."""

from __future__ import annotations

from builder.parsers.markdown.parser import parse
from builder.parsers.markdown.template_tags import drop_template_statements


def _bodies(text: str) -> list[str]:
    return [section.body for section in parse(text, "page.md").sections]


def test_statement_lines_and_raw_tags_outside_code_read_as_nothing() -> None:
    # ESLint's Eleventy pages open with a macro import and wrap code spans in raw tags.
    text = (
        "---\ntitle: Setup\n---\n"
        "{%- from 'components/npm_tabs.macro.html' import npm_tabs with context %}\n\n"
        "# Setup\n\n"
        "Install it:\n\n"
        '{{ npm_tabs({ command: "install", packages: ["eslint"] }) }}\n\n'
        "{% if site.beta %}\nBeta only.\n{% endif %}\n\n"
        "Add {% raw %}`{{ content }}`{% endraw %} to the layout.\n"
    )
    assert _bodies(text) == [
        "Install it:\n\n"
        '{{ npm_tabs({ command: "install", packages: ["eslint"] }) }}\n\n'
        "Beta only.\n\n"
        "Add `{{ content }}` to the layout."
    ]


def test_statements_in_code_and_other_tags_stay() -> None:
    text = (
        "```jinja\n{% raw %}\n{{ x }}\n{% endraw %}\n```\n\n"
        "Write `{% set x = 1 %}` or `{% raw %}`.\n\n"
        "{% include 'partials/list.html' %}\n\n"
        "{% if a %}inline{% endif %}\n"
    )
    assert drop_template_statements(text) == text
    # The page keeps its number of lines, so sections keep their line numbers.
    assert drop_template_statements("a\n{% set x = 1 %}\nb") == "a\n\nb"


def test_a_paired_tags_lines_read_as_nothing_and_its_text_stays() -> None:
    # lit.dev's Eleventy pages: 65 "{% switchable-sample %}" pairs around a TypeScript and a
    # JavaScript block, "{% aside %}" notes; 193 tags read as text.
    text = (
        "# Reactive properties\n\n"
        "{% switchable-sample %}\n\n```ts\n@property() name?: string;\n```\n\n"
        "{% endswitchable-sample %}\n\n"
        '{% aside "positive" %}\n\nUse `@state()` for internal state.\n\n{%- endaside %}\n\n'
        '{% playground-example "properties/declaring" "my-element.ts" %}\n\n'
        "```md\n{% aside %}\nShown.\n{% endaside %}\n```\n"
    )
    assert _bodies(text) == [
        "```ts\n@property() name?: string;\n```\n\n"
        "Use `@state()` for internal state.\n\n"
        '{% playground-example "properties/declaring" "my-element.ts" %}\n\n'
        "```md\n{% aside %}\nShown.\n{% endaside %}\n```"
    ]


def test_what_a_liquid_comment_holds_is_no_text() -> None:
    # Software Carpentry's python-novice-inflammation (2023.04): aio.md opened with a note to
    # its maintainers in {% comment %} ... {% endcomment %}, and figures.md showed a one-line
    # comment as written.
    text = (
        "Before.\n{% comment %}\nAs a maintainer, you do not need to edit this file.\n"
        "{% endcomment %}\nAfter {% comment %} inline {% endcomment %}text.\n"
        "```liquid\n{% comment %}\nshown\n{% endcomment %}\n```\n"
        "Kept {%- comment -%} two\nlines {%- endcomment -%} here.\n"
        "{% comment %}\nnever closed\n"
    )
    assert drop_template_statements(text) == (
        "Before.\n\n\n\nAfter text.\n"
        "```liquid\n{% comment %}\nshown\n{% endcomment %}\n```\n"
        "Kept\nhere.\n\nnever closed\n"
    )
    hostile = "{% comment %}" * 20_000 + "\n" + "{% endcomment %}" * 20_000
    assert drop_template_statements(hostile).count("\n") == 1


def test_a_line_of_many_comments_is_read_in_linear_time() -> None:
    # Each comment closed on a line cut the line once: 300,000 of them (9 MB) took 110 s;
    # now a tenth of a second. A comment never closed stays (its lone tag line goes).
    text = "a{% comment %}x{% endcomment %}" * 300_000 + "\n{% comment %}\ny\n"
    assert drop_template_statements(text) == "a" * 300_000 + "\n\ny\n"
