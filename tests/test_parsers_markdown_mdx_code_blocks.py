"""Docusaurus' <CodeBlock>{`...`}</CodeBlock> reads as the code block it shows."""

from __future__ import annotations

from builder.parsers.markdown.mdx_code_blocks import code_block_fences
from builder.parsers.markdown.parser import parse
from builder.parsers.markdown.spliced import Spliced

# Haystack 2.30's migration guide compares the two APIs side by side.
PAGE = """\
# Migrating

**Step 4: Execute tool calls**

<div className="code-comparison">
  <div className="code-comparison__column">
    <CodeBlock language="python" title="Haystack">{`from haystack.tools import ToolInvoker

# Tool invoker component to execute a tool call
tool_invoker = ToolInvoker(tools=tools)`}</CodeBlock>
  </div>
  <div className="code-comparison__column">
    <CodeBlock language={'js'}>
{`const a = \\`\\${b}\\`;
    indented();`}
    </CodeBlock>
  </div>
</div>

```jsx
<CodeBlock language="python">{`shown as written`}</CodeBlock>
```

After.
"""


def test_a_code_block_component_reads_as_its_code() -> None:
    [section] = parse(PAGE, "overview/migrating.mdx").sections
    assert section.body == (
        "Step 4: Execute tool calls\n\n"
        "Haystack:\n```python\nfrom haystack.tools import ToolInvoker\n\n"
        "# Tool invoker component to execute a tool call\n"
        "tool_invoker = ToolInvoker(tools=tools)\n```\n\n"
        "```js\nconst a = `${b}`;\n    indented();\n```\n\n"
        '```jsx\n<CodeBlock language="python">{`shown as written`}</CodeBlock>\n```\n\n'
        "After."
    )
    # A .md page read as CommonMark has no components.
    assert "# Tool invoker" not in parse(PAGE, "overview/migrating.md").sections[0].body


def test_the_code_keeps_its_lines_on_the_page() -> None:
    spliced = code_block_fences(Spliced.unchanged(PAGE))
    lines = spliced.text.split("\n")
    at = lines.index("# Tool invoker component to execute a tool call")
    assert PAGE.split("\n")[spliced.origins[at]] == lines[at]
    unclosed = "<CodeBlock>{`never closed\n" * 3
    assert code_block_fences(Spliced.unchanged(unclosed)).text == unclosed
