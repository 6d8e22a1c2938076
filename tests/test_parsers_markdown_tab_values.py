"""A Docusaurus <TabItem> shows the label its <Tabs values={[...]}> gives its value."""

from __future__ import annotations

from builder.parsers.markdown.parser import parse
from builder.parsers.markdown.tab_values import label_tab_items

# dlt 1.26.0's destination pages.
PAGE = """\
# Databricks

<Tabs
  groupId="config-provider-type"
  defaultValue="toml"
  values={[
    {"label": "TOML config provider", "value": "toml"},
    {"label": "Environment variables", "value": "env"},
]}>

  <TabItem value="toml">

```toml
[destination.databricks.credentials]
```

  </TabItem>
  <TabItem value="env" label="Env vars">

```sh
export DESTINATION__DATABRICKS__CREDENTIALS__CATALOG="my_catalog"
```

  </TabItem>
</Tabs>

<Tabs values={[{label: 'Claude Code', value: 'claude'}]}>
<TabItem value="claude">

Run `<TabItem value="claude">` as written.

</TabItem>
<TabItem value="cursor">

Cursor.

</TabItem>
</Tabs>
"""


def test_a_tab_without_a_label_shows_the_one_its_set_gives() -> None:
    [section] = parse(PAGE, "destinations/databricks.mdx").sections
    assert section.body == (
        "TOML config provider:\n\n"
        "```toml\n[destination.databricks.credentials]\n```\n\n"
        "Env vars:\n\n"
        '```sh\nexport DESTINATION__DATABRICKS__CREDENTIALS__CATALOG="my_catalog"\n```\n\n'
        "Claude Code:\n\n"
        'Run `<TabItem value="claude">` as written.\n\n'
        "cursor:\n\n"
        "Cursor."
    )


def test_the_text_keeps_its_lines_and_code_keeps_its_tags() -> None:
    text = '```jsx\n<Tabs values={[{label: "A", value: "a"}]}>\n<TabItem value="a">\n```\n'
    assert label_tab_items(text) == text
    assert label_tab_items(PAGE).count("\n") == PAGE.count("\n")
