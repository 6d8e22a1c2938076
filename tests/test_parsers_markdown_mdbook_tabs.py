"""mdbook-tabs' tab sets read as their tabs' names over their contents in an mdBook."""

from __future__ import annotations

from builder.parsers.markdown.flavor import MDBOOK, markdown_flavor
from builder.parsers.markdown.mdbook_tabs import label_tab_sets
from builder.parsers.markdown.parser import parse

# The mdbook-plugins book (1.0.4), tabs.md.
PAGE = """\
# Tabs

{{#tabs global="example" }}
{{#tab name="Tab 1" }}
**Tab content 1**
{{#endtab }}
{{#tab name="C++" }}

```rust
let a = 1 + 2;
```

{{#endtab }}
{{#endtabs }}

```md
{{#tab name="Shown" }}
```
"""


def test_a_tab_set_reads_as_its_tabs_names_over_their_contents() -> None:
    with markdown_flavor(MDBOOK):
        [section] = parse(PAGE, "tabs.md").sections
    assert section.body == (
        "Tab 1:\nTab content 1\n\n"
        "C++:\n\n```rust\nlet a = 1 + 2;\n```\n\n"
        '```md\n{{#tab name="Shown" }}\n```'
    )


def test_the_text_keeps_its_lines() -> None:
    assert label_tab_sets(PAGE).count("\n") == PAGE.count("\n")
