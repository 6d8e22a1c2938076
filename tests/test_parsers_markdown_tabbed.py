"""builder.parsers.markdown.tabbed: tabs read as titled parts, pymdownx.tabbed's
``=== "Title"`` and vitepress-plugin-tabs' ``== Title`` lines in a ``::: tabs`` container."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.parsers.markdown.parser import parse
from tests.test_parsers_markdown import bodies


def test_pymdownx_tabs_keep_their_code_blocks_under_their_titles() -> None:
    text = (
        "# Install\n\n"
        '=== ":simple-python: pip"\n\n    ```bash\n    pip install griffe\n    ```\n\n'
        '=== "`uv`"\n\n    ```bash\n    uv add griffe\n    ```\n\n    Then run it.\n\n'
        "After the tabs.\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "pip:\n```bash\npip install griffe\n```\n\n"
        "uv:\n```bash\nuv add griffe\n```\n\nThen run it.\n\n"
        "After the tabs."
    ]


def test_a_tab_that_shows_no_text_leaves_no_title() -> None:
    # textual 8.2.8's widget pages pair an '=== "Output"' tab (an empty screenshot fence)
    # with one of the app's code: each example read "Output:" and then nothing.
    text = (
        "# Input\n\n"
        '=== "Output"\n\n    ```{.textual path="docs/examples/widgets/input.py"}\n    ```\n\n'
        '=== "input.py"\n\n    ```python\n    app.run()\n    ```\n\n'
        "//// tab | Screenshot\n////\n"
    )
    assert bodies(parse(text, "input.md")) == ["input.py:\n```python\napp.run()\n```"]


def test_a_tab_whose_code_block_has_its_title_shows_the_title_once() -> None:
    # textual 8.2.8's guide: '=== "actions03.py"' over ```python title="actions03.py" read
    # 'actions03.py:' twice. A block titled otherwise, or text, keeps the tab's label.
    text = (
        "# Links\n\n"
        '=== "app.py"\n\n    ```python title="app.py"\n    app.run()\n    ```\n\n'
        '=== "app.tcss"\n\n    ```css title="other.tcss"\n    a {}\n    ```\n\n'
        '=== "Notes"\n\n    Notes: read them.\n'
    )
    assert bodies(parse(text, "links.md")) == [
        "app.py:\n```python\napp.run()\n```\n\n"
        "app.tcss:\nother.tcss:\n```css\na {}\n```\n\n"
        "Notes: Notes: read them."
    ]


def test_a_tab_title_ends_the_paragraph_or_list_above_it() -> None:
    # ragas 0.4.0's rag_testset_generation.md has a line of text, then a snippet whose first
    # line is '=== "OpenAI"': pymdownx.tabbed starts the tab there, as an admonition does; read
    # as the paragraph's next line, the title was raw text and the tab's lines a code block.
    text = (
        "# Choose\n\n"
        "Use any LLM of your choice\n"
        '=== "OpenAI"\n    Install the package\n\n    ```bash\n    pip install openai\n    ```\n\n'
        "- a list item\n"
        '=== "AWS"\n    Install langchain-aws\n'
    )
    assert bodies(parse(text, "choose.md")) == [
        "Use any LLM of your choice\n\n"
        "OpenAI: Install the package\n\n```bash\npip install openai\n```\n\n"
        "- a list item\n\n"
        "AWS: Install langchain-aws"
    ]


def test_vitepress_plugin_tabs_read_as_titled_parts() -> None:
    # vitepress-plugin-tabs: each "== Title" line starts a tab of the "::: tabs" container;
    # elsewhere such a line is text.
    text = (
        "# A\n\nPick one:\n\n"
        "::: tabs key:provider\n"
        "== Playwright\n[Playwright](https://x.org) is a *framework*.\n\n"
        "```bash\nnpm i playwright\n```\n"
        "== WebdriverIO\n\nUses WebDriver.\n"
        ":::\n\n"
        "::: tip\n== not a tab\n:::\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "Pick one:\n\n"
        "Playwright: Playwright is a framework.\n\n```bash\nnpm i playwright\n```\n\n"
        "WebdriverIO: Uses WebDriver.\n\n"
        "Tip: == not a tab"
    ]


def test_vitepress_plugin_tabs_nest_with_a_longer_mark() -> None:
    # vitest's visual-regression-testing.md: a "::::" tabs container whose "=== Title" tabs
    # each hold a "::: tabs" of "== Title" ones. The "===" lines read as text, and the inner
    # tabs' "== Title" ended a tab of the outer container.
    text = (
        "# A\n\n"
        ":::: tabs key:where\n"
        "=== GitHub Actions\n\nInstall browsers:\n\n"
        "::: tabs key:provider\n== Playwright\nRun playwright.\n== WebdriverIO\nRun wdio.\n:::\n\n"
        "Then run the tests.\n"
        "=== Azure\n\nUse the cloud.\n"
        "::::\n"
    )
    assert bodies(parse(text, "x.md")) == [
        "GitHub Actions: Install browsers:\n\n"
        "Playwright: Run playwright.\n\nWebdriverIO: Run wdio.\n\n"
        "Then run the tests.\n\n"
        "Azure: Use the cloud."
    ]


def test_a_long_tab_title_line_is_read_in_linear_time() -> None:
    """A '== x' line of 400 KB of spaces and tabs before its last word backtracked
    quadratically (minutes); the subprocess's timeout guards against that, it is no timing."""
    script = (
        "from builder.parsers.markdown.parser import parse\n"
        "title = 'x' + ' \\t' * 200_000 + 'y'\n"
        "parsed = parse('# A\\n\\n::: tabs\\n== ' + title + '  \\nBody.\\n:::\\n', 'x.md')\n"
        "print(parsed.sections[0].body == 'x y: Body.')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == ["True"]


def test_a_container_of_many_tabs_is_read_in_linear_time() -> None:
    """Each '== Title' line looked back over all the tokens of the tabs before it: 40,000 tabs
    (400 KB) took minutes. The subprocess's timeout guards against that, it is no timing."""
    script = (
        "from builder.parsers.markdown.parser import parse\n"
        "text = '# A\\n\\n::: tabs\\n' + '== T\\nBody.\\n' * 40_000 + ':::\\n'\n"
        "body = parse(text, 'x.md').sections[0].body\n"
        "print(body.count('T: Body.'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == ["40000"]
