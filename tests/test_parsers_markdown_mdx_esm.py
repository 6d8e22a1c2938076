"""MDX's import and export statements read to their end as JavaScript
(builder.parsers.markdown.mdx_esm): blank lines, brackets and template literals in them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.parsers.markdown.mdx_esm import statement_end
from builder.parsers.markdown.parser import parse
from tests.test_parsers_markdown import bodies, outline


def test_a_fence_in_an_exports_template_literal_opens_no_code_block() -> None:
    # Nextra's features/mdx.mdx: the '~~~mdx' line in the export's template literal opened a
    # fence that ran to the end of the page, and 'Headings' and all below it were lost.
    text = (
        "# MDX\n\nIntro.\n\n"  # 1-4
        "export async function Demo() {\n"  # 5
        "  const mdx = `import { Callout } from 'nextra/components'\n"
        "\n"
        "**Markdown With React Components**\n"
        "\n"
        '<Callout emoji="x">\n'  # 10
        "  **MDX** (the library)\n"
        "</Callout>`\n"
        '  const rawJs = await compileMdx(`~~~mdx filename="example.mdx"\n'
        "${mdx}\n"
        "~~~\n"  # 15
        "\n"
        "Generates:\n"
        "\n"
        "${mdx}`)\n"
        "  return <MDXRemote compiledSource={rawJs} />\n"  # 20
        "}\n"
        "\n"
        "<Demo />\n"
        "\n"
        "## Headings\n"  # 25
        "\n"
        "Text.\n"
    )
    parsed = parse(text, "features/mdx.mdx")
    assert outline(parsed) == [
        (1, "MDX", (), "mdx", 1, 23),
        (2, "Headings", ("MDX",), "headings", 25, 27),
    ]
    assert bodies(parsed) == ["Intro.", "Text."]


def test_a_statement_ends_at_the_first_blank_line_where_it_is_complete() -> None:
    source = "export const a = {\n  b: '}',\n\n  c: `\n\n${x}`, // }\n}\nnext\n\nafter"
    assert source[: statement_end(source, 0)].endswith("}\nnext")
    assert statement_end("import x from 'y'\n\nText", 0) == len("import x from 'y'")
    assert statement_end("import x from 'y'", 0) == len("import x from 'y'")
    # An apostrophe in JSX text is no string; a comment may hold brackets.
    assert statement_end("export const C = () => <p>Don't {x}</p> /* ( */\n\nT", 0) > 0
    # What MDX refuses: a bracket never closed, one closed that nothing opened, an open comment.
    assert statement_end("export const a = {\n\nText.\n", 0) == -1
    assert statement_end("export const a = 1)\n\nText.\n", 0) == -1
    assert statement_end("export const a = 1 /* x\n\nText.\n", 0) == -1


def test_a_statement_that_never_ends_reads_as_a_paragraph() -> None:
    text = "# A\n\nexport const a = {\n\nText one.\n\nexport {\n\n## B\n\nText two.\n"
    parsed = parse(text, "a.mdx")
    assert [s.heading for s in parsed.sections] == ["A", "B"]
    assert bodies(parsed)[1] == "Text two."


def test_many_statements_that_never_end_are_read_in_linear_time() -> None:
    """Each 'export {' would be read to the page's end; once one is found never to end, the
    next are paragraphs. The subprocess's timeout guards against a quadratic scan."""
    script = (
        "from builder.parsers.markdown.parser import parse\n"
        "text = '# A\\n\\n' + 'export {\\n\\n' * 100_000 + 'Text.\\n'\n"
        "print(len(parse(text, 'a.mdx').sections))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == ["1"]
