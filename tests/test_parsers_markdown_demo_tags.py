"""builder.parsers.markdown.demo_tags: Gradio's guides' ``$code_NAME`` line shows the
project's demo/NAME/run.py as Python, its ``$demo_NAME`` line nothing, as gradio.app's guide
builder replaces them."""

from __future__ import annotations

from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.parsers.markdown.parser import parse

# Gradio's guides/01_getting-started/01_quickstart.md, cut down.
PAGE = """\
# Quickstart

Let's write your first Gradio app:

$code_hello_world

$demo_hello_world

```md
$code_hello_world
```

$code_not_a_demo
"""

RUN_PY = """\
import gradio as gr

def greet(name):
    return "Hello " + name

demo = gr.Interface(fn=greet, inputs="text", outputs="text")
"""


def _parse(tmp_path: Path) -> str:
    files = {
        "pyproject.toml": "[project]\nname = 'gradio'\n",
        "guides/01_getting-started/01_quickstart.md": PAGE,
        "demo/hello_world/run.py": RUN_PY,
    }
    for relpath, text in files.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, encoding="utf-8")
    reader = IncludeReader(include_root(tmp_path / "guides", None, None))
    parsed = parse(PAGE, "01_getting-started/01_quickstart.md", includes=reader)
    [section] = parsed.sections
    return section.body


def test_a_code_tag_shows_the_demos_code(tmp_path: Path) -> None:
    body = _parse(tmp_path)
    assert body.startswith(
        "Let's write your first Gradio app:\n\n```python\nimport gradio as gr\n\ndef greet(name):\n"
    )
    assert body.count('demo = gr.Interface(fn=greet, inputs="text", outputs="text")') == 1


def test_a_demo_tag_shows_nothing_and_tags_in_code_or_of_no_demo_stay(tmp_path: Path) -> None:
    body = _parse(tmp_path)
    assert "$demo_hello_world" not in body
    assert "```md\n$code_hello_world\n```" in body
    assert body.endswith("$code_not_a_demo")
