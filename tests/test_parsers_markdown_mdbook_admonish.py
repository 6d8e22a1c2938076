"""mdbook-admonish's ```admonish fences read as callouts in an mdBook's pages."""

from __future__ import annotations

from builder.parsers.markdown.flavor import MDBOOK, markdown_flavor
from builder.parsers.markdown.mdbook_admonish import admonish_containers
from builder.parsers.markdown.parser import parse

# The mdbook-admonish book (1.19.0), overview.md.
PAGE = """\
# Custom title

```admonish warning title="Data loss"
The following steps can lead to *irrecoverable* data corruption.
```

````
```admonish example
Shown as written.
```
````

~~~admonish bug
This syntax won't work in Python 3:
```python
print "Hello, world!"
```
~~~

```admonish
A plain note.
```
"""


def test_an_admonish_fence_reads_as_a_callout_in_an_mdbook() -> None:
    with markdown_flavor(MDBOOK):
        [section] = parse(PAGE, "overview.md").sections
    assert section.body == (
        "Warning: Data loss\n\n"
        "The following steps can lead to irrecoverable data corruption.\n\n"
        "````\n```admonish example\nShown as written.\n```\n````\n\n"
        "Bug: This syntax won't work in Python 3:\n\n"
        '```python\nprint "Hello, world!"\n```\n\n'
        "Note: A plain note."
    )
    # Elsewhere the fence is code, as it is without the preprocessor.
    [plain] = parse(PAGE, "overview.md").sections
    assert "```admonish\nA plain note.\n```" in plain.body


def test_nested_callouts_close_where_their_fences_do_and_lines_are_kept() -> None:
    text = (
        '````admonish info "Outer"\nA.\n```admonish tip title=""\nB.\n```\nC.\n````\n'
        '```admonish danger title="Say \\"no\\""\nD.\n```'
    )
    assert admonish_containers(text).split("\n") == [
        ":::: info Outer", "A.", "::: tip", "B.", ":::", "C.", "::::",
        '::: danger Say "no"', "D.", ":::",
    ]  # fmt: skip
