"""VitePress' ``{{ $frontmatter.key }}`` reads as the page's front matter value, and a Vue
page's other expressions as nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.parsers.markdown.flavor import VITEPRESS, markdown_flavor
from builder.parsers.markdown.parser import parse
from builder.parsers.markdown.vue_interpolation import (
    fill_frontmatter_references,
    has_frontmatter_references,
)


def test_a_heading_of_the_front_matter_title_reads_as_the_title() -> None:
    # Rollup 4's pages each open so.
    text = (
        "---\ntitle: Command Line Interface\n---\n\n# {{ $frontmatter.title }}\n\n"
        "Rollup should typically be used from the command line.\n\n## Configuration Files\n\nx\n"
    )
    parsed = parse(text, "command-line-interface/index.md")
    assert [s.heading for s in parsed.sections] == ["Command Line Interface", "Configuration Files"]


def test_vue_code_blocks_interpolate_and_others_show_the_expression() -> None:
    # Vue Router's installation page pins the CDN versions in its front matter.
    text = (
        "---\npackageVersions:\n  vue: 3.5.28\n  '@vue/devtools-api': 8.0.6\n---\n\n"
        "```html-vue\n"
        '<script src="https://unpkg.com/vue@{{ $frontmatter.packageVersions.vue }}/x.js">\n'
        "<script src=\"/api@{{ $frontmatter.packageVersions['@vue/devtools-api'] }}.js\">\n"
        "```\n\n"
        "```vue\n<p>{{ $frontmatter.packageVersions.vue }}</p>\n```\n\n"
        "Vue `{{ $frontmatter.packageVersions.vue }}` is {{ $frontmatter.packageVersions.vue }};"
        " {{ $frontmatter.missing }} and {{ count }} stay.\n\n"
        "<code v-pre>{{ $frontmatter.packageVersions.vue }}</code>\n"
    )
    filled = fill_frontmatter_references(text)
    assert filled.split("\n")[6:] == [
        "```html",
        '<script src="https://unpkg.com/vue@3.5.28/x.js">',
        '<script src="/api@8.0.6.js">',
        "```",
        "",
        "```vue",
        "<p>{{ $frontmatter.packageVersions.vue }}</p>",
        "```",
        "",
        "Vue `{{ $frontmatter.packageVersions.vue }}` is 3.5.28;"
        " {{ $frontmatter.missing }} and {{ count }} stay.",
        "",
        "<code v-pre>{{ $frontmatter.packageVersions.vue }}</code>",
        "",
    ]


def test_a_page_without_front_matter_or_with_broken_yaml_is_unchanged() -> None:
    heading = "# {{ $frontmatter.title }}\n"
    for text in (heading, "---\ntitle: [\n---\n" + heading):
        assert fill_frontmatter_references(text) == text


def test_front_matter_yaml_cannot_read_leaves_the_page_as_it_is() -> None:
    """PyYAML raises ValueError on an integer of over 4300 digits and RecursionError on lists
    nested thousands deep; either sank the whole page as a parser error."""
    heading = "# {{ $frontmatter.title }}\n"
    for value in ("9" * 5000, "[" * 50_000):
        text = f"---\ntitle: {value}\n---\n" + heading
        assert fill_frontmatter_references(text) == text


def test_a_vue_page_s_runtime_expressions_are_no_text() -> None:
    # knex 3.3.0's home page: its latest blog post, computed in <script setup>, read
    # '{{ latestPost.title }}' where the site shows a title only the running page knows.
    text = (
        "---\ntitle: Knex\n---\n\n<script setup>\nconst latestPost = posts[0]\n</script>\n\n"
        "# {{ $frontmatter.title }}\n\nFrom the blog:\n"
        '<a :href="latestPost.url">{{ latestPost.title }}</a> {{latestPost.date}}\n\n'
        "Write `{{ name }}` in a template.\n\n<code v-pre>{{ raw }}</code>\n\n"
        "```vue\n<p>{{ count }}</p>\n```\n"
    )
    assert fill_frontmatter_references(text).split("\n")[8:] == [
        "# Knex",
        "",
        "From the blog:",
        '<a :href="latestPost.url"></a>',
        "",
        "Write `{{ name }}` in a template.",
        "",
        "<code v-pre>{{ raw }}</code>",
        "",
        "```vue",
        "<p>{{ count }}</p>",
        "```",
        "",
    ]


def test_a_vitepress_page_has_its_expressions_taken_out_without_a_script() -> None:
    # A VitePress project's pages are Vue templates whether or not they have a script; a page
    # of plain Markdown may write the braces as text it means.
    text = "# Home\n\nHello {{ user.name }}, see {{ $frontmatter.missing }}.\n"
    assert fill_frontmatter_references(text) == text
    with markdown_flavor(VITEPRESS):
        assert has_frontmatter_references(text)
        parsed = parse(text, "index.md")
    assert [s.body for s in parsed.sections] == ["Hello, see {{ $frontmatter.missing }}."]


def test_the_blanks_around_an_expression_taken_out_close_up() -> None:
    # knex's docs: "Hello {{ user.name }}, see" read "Hello , see" once the expression went.
    lines = [
        "Hello {{ a }}, see {{ b }} and {{ c }} {{ d }} here {{ e }}",
        "{{ f }} starts, (in {{ g }}) `{{ h }}`",
    ]
    with markdown_flavor(VITEPRESS):
        shown = fill_frontmatter_references("# P\n\n" + "\n\n".join(lines) + "\n")
    assert shown.split("\n")[2::2] == ["Hello, see and here", " starts, (in) `{{ h }}`"]


def test_a_v_pre_block_over_many_lines_keeps_its_expressions() -> None:
    # VitePress' "Escaping" section: a ::: v-pre container, or an element with v-pre, shows
    # the braces on every line inside it as written, not only on the line that says v-pre.
    text = (
        "# Escaping\n\n::: v-pre\n{{ This will be displayed as-is }}\n:::\n\n"
        "<div v-pre>\n\n{{ kept }} too\n\n</div>\n\nHello {{ user.name }}.\n"
    )
    with markdown_flavor(VITEPRESS):
        assert fill_frontmatter_references(text).split("\n") == [
            "# Escaping",
            "",
            "::: v-pre",
            "{{ This will be displayed as-is }}",
            ":::",
            "",
            "<div v-pre>",
            "",
            "{{ kept }} too",
            "",
            "</div>",
            "",
            "Hello.",
            "",
        ]


def test_a_script_setup_shown_in_a_code_block_makes_no_vue_page() -> None:
    # A plain Markdown page (MkDocs, say) that shows a Vue component in a code block and means
    # the braces of its text ("{{ user.name }}" in a template guide) is no Vue page.
    text = (
        "# Templates\n\nWrite {{ user.name }} to print the name.\n\n"
        "```vue\n<script setup>\nconst user = useUser()\n</script>\n```\n"
    )
    assert fill_frontmatter_references(text) == text
    # The Markdown reader shows such braces' words as it did before (they were "Write  to").
    body = parse(text, "guide.md").sections[0].body
    assert body.startswith("Write user.name to print the name.")


def test_a_line_of_many_blanks_closes_up_in_linear_time() -> None:
    """Each blank of a run was a start for the close-up's blanks, each reading to the run's
    end: a Vue page's line of an expression and 40,000 blanks took 130 s (quadratic). The
    subprocess's timeout guards against that hang; it is no timing."""
    script = (
        "from builder.parsers.markdown.flavor import VITEPRESS, markdown_flavor\n"
        "from builder.parsers.markdown.vue_interpolation import fill_frontmatter_references\n"
        "line = 'Hello {{ a }}, see {{ b }} x' + ' ' * 40_000 + 'y {{ c }}.'\n"
        "with markdown_flavor(VITEPRESS):\n"
        "    shown = fill_frontmatter_references('# P\\n\\n' + line + '\\n')\n"
        "print(repr(shown.split(chr(10))[2].replace(' ' * 40_000, '<blanks>')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.strip() == "'Hello, see x<blanks>y.'"
