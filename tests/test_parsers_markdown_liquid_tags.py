"""builder.parsers.markdown.liquid_tags: Jekyll's highlight blocks are code, its link tags the
paths they name."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.parsers.markdown.liquid_tags import rewrite_liquid_tags
from builder.parsers.markdown.parser import parse

PAGE = (
    "# Line numbers\n\n"
    "Turn compression off:\n\n"
    "{% highlight yaml linenos %}\ncompress_html:\n  ignore:\n    envs: all\n{% endhighlight %}\n\n"
    "See [Color Utilities]({% link docs/utilities/color.md %}) and"
    " [the post]({% post_url 2024-01-01-hello %}).\n\n"
    "Written `{% link docs/x.md %}` in code, and in a fence:\n\n"
    "```liquid\n{% highlight ruby %}\n[a]({% link b.md %})\n{% endhighlight %}\n```\n"
)


def test_highlight_blocks_are_code_and_link_tags_their_paths() -> None:
    # just-the-docs 0.12.0: raw {% link %} tags 36 -> 0, {% highlight %} and
    # {% endhighlight %} lines 15 -> 0, their YAML code, not one line of a paragraph.
    [section] = parse(PAGE, "docs/line-numbers.md").sections
    assert "```yaml\ncompress_html:\n  ignore:\n    envs: all\n```" in section.body
    assert "See Color Utilities and the post." in section.body
    assert "Written `{% link docs/x.md %}` in code" in section.body
    assert "{% highlight ruby %}\n[a]({% link b.md %})\n{% endhighlight %}" in section.body


def test_odd_tags_keep_the_page_s_lines() -> None:
    unclosed = "{% highlight python %}\nx = 1\n"
    assert rewrite_liquid_tags(unclosed) == unclosed  # Jekyll fails it; left as written
    stray = "{% endhighlight %}\n{% link %}\n{% link a b %}\n"
    assert rewrite_liquid_tags(stray) == stray
    many = "[a]({% link x.md %}) " * 20_000 + "\n{% highlight a %}\n" * 5_000
    rewritten = rewrite_liquid_tags(many)
    assert rewritten.count("\n") == many.count("\n") and "{% link" not in rewritten


def test_a_long_unclosed_highlight_tag_is_read_in_linear_time() -> None:
    """The language's end was tried at each of its letters, and the options' at each after:
    '{% highlight ' and 200 KB of letters took over 4 minutes (quadratic). The subprocess's
    timeout guards against that hang; it is not a timing."""
    script = (
        "from builder.parsers.markdown.liquid_tags import rewrite_liquid_tags\n"
        "line = '{% highlight ' + 'a' * 1_000_000\n"
        "print(rewrite_liquid_tags(line) == line)\n"
        "print(rewrite_liquid_tags('{%- highlight c++ linenos -%}\\nx\\n{% endhighlight %}'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split("\n")[:4] == ["True", "```c++", "x", "```"]
