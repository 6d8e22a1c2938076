"""builder.parsers.markdown.playground_tags: lit.dev's ``{% playground-example %}`` and
``{% playground-ide %}`` lines show the files of the playground project they name."""

from __future__ import annotations

import json
from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.parsers.markdown.parser import parse

# lit.dev's site/docs/v3/components/shadow-dom.md, cut down.
PAGE = """\
# Shadow DOM

Children render in the slot:

{% playground-ide "v3-docs/slots/" %}

One file of it:

{% playground-example "v3-docs/slots" "my-element.ts" %}

{% playground-ide "articles/no-such-project", true %}

```md
{% playground-example "v3-docs/slots" "my-element.ts" %}
```
"""

MANIFEST = {
    "extends": "/samples/v3-base.json",
    "files": {
        "index.html": {},
        "my-element.ts": {},
        "_logger.ts": {"hidden": True, "content": "export const hidden = 1;"},
        "styles.css": {"content": "p { color: red; }"},
    },
}
ELEMENT = "import {LitElement, html} from 'lit';\n\nexport class MyElement extends LitElement {}\n"


def _body(tmp_path: Path) -> str:
    files = {
        "package.json": "{}",
        "site/docs/v3/components/shadow-dom.md": PAGE,
        "samples/v3-docs/slots/project.json": json.dumps(MANIFEST),
        "samples/v3-docs/slots/index.html": "<my-element><p>Slotted</p></my-element>\n",
        "samples/v3-docs/slots/my-element.ts": ELEMENT,
    }
    for relpath, text in files.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, encoding="utf-8")
    reader = IncludeReader(include_root(tmp_path / "site", None, None))
    parsed = parse(PAGE, "docs/v3/components/shadow-dom.md", includes=reader)
    [section] = parsed.sections
    return section.body


def test_an_ide_tag_shows_the_projects_files_but_its_hidden_ones(tmp_path: Path) -> None:
    body = _body(tmp_path)
    shown = body.split("One file of it:")[0]
    assert "<my-element><p>Slotted</p></my-element>" in shown
    assert shown.count("export class MyElement extends LitElement {}") == 1
    assert "p { color: red; }" in shown
    assert "hidden = 1" not in shown
    assert shown.index("Slotted") < shown.index("MyElement") < shown.index("color: red")


def test_an_example_tag_shows_its_file_and_others_stay(tmp_path: Path) -> None:
    body = _body(tmp_path)
    example = body.split("One file of it:")[1]
    assert example.count("export class MyElement extends LitElement {}") == 1
    assert "Slotted" not in example
    assert '{% playground-ide "articles/no-such-project", true %}' in example
    assert '```md\n{% playground-example "v3-docs/slots" "my-element.ts" %}\n```' in example
