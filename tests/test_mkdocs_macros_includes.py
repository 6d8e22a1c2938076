"""builder.parsers.markdown.macros_includes: mkdocs-macros' ``{% include 'file' %}`` is the
file's text, read from the plugin's include_dir (else the docs folder)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from builder.cli import main

# gateway-api 1.5.1's site-src/guides/http-redirect-rewrite.md, cut down.
PAGE = """\
# HTTP path redirects and rewrites

## Redirects

This route redirects HTTP requests to HTTPS:

```yaml
{% include 'standard/http-redirect-rewrite/httproute-redirect-https.yaml' %}
```

Shown as written: {% raw %}{% include 'standard/basic.yaml' %}{% endraw %}

```yaml
{% include 'standard/missing.yaml' %}
```
"""

# Its examples/standard/http-redirect-rewrite/httproute-redirect-https.yaml, cut down: the
# "#$" lines are Jinja line comments (j2_line_comment_prefix), which the site never shows.
EXAMPLE = """\
#$ Used in:
#$ - site-src/guides/http-redirect-rewrite.md
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: http-filter-redirect  #$ a note for the maintainers
spec:
  rules:
  - filters:
    - type: RequestRedirect
      requestRedirect:
        scheme: https
        statusCode: 301
"""


def _build(tmp_path: Path, plugins: str, examples: str = "examples") -> str:
    files = {
        "mkdocs.yml": (
            "site_name: Gateway API\ndocs_dir: site-src\nnav:\n  - guides/redirects.md\n"
            f"plugins:\n  - search\n{plugins}"
        ),
        "site-src/guides/redirects.md": PAGE,
        f"{examples}/standard/http-redirect-rewrite/httproute-redirect-https.yaml": EXAMPLE,
    }
    for relpath, text in files.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, encoding="utf-8")
    (tmp_path / "docbuild.toml").write_text(
        '[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n\n[[libraries]]\n'
        'id = "gateway"\nname = "Gateway API"\n  [[libraries.versions]]\n  version = "1.5.1"\n'
        '  path = "site-src"\n  project = "mkdocs"\n',
        encoding="utf-8",
    )
    out = tmp_path / "_site"
    result = CliRunner().invoke(
        main, ["build", "-c", str(tmp_path / "docbuild.toml"), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    index = json.loads((out / "libs/gateway/index.json").read_text(encoding="utf-8"))
    (volume,) = index["entries"][0]["volumes"].values()
    return next(s["body"] for s in volume["sections"] if s["heading"] == "Redirects")


def test_an_include_is_the_file_s_text_from_include_dir(tmp_path: Path) -> None:
    # gateway-api 1.5.1: 54 fences held "{% include '....yaml' %}" where the site shows the
    # manifest (49,640 words of the site's 51,410 read, 51,687 with them).
    body = _build(
        tmp_path, "  - macros:\n      include_dir: examples\n      j2_line_comment_prefix: '#$'\n"
    )
    # The comment lines' newlines stay, as Jinja leaves them.
    assert (
        "```yaml\n\n\napiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata:\n"
        "  name: http-filter-redirect\n"
    ) in body
    assert "statusCode: 301\n```" in body
    assert "#$" not in body and "Used in" not in body and "maintainers" not in body
    assert "{% include 'standard/basic.yaml' %}" in body  # inside {% raw %}: as written
    assert "{% include 'standard/missing.yaml' %}" in body  # no such file: as written
    assert body.count("{% include") == 2


def test_without_include_dir_the_docs_folder_is_read(tmp_path: Path) -> None:
    body = _build(tmp_path, "  - macros\n", examples="site-src")
    assert "kind: HTTPRoute" in body
    assert "#$ Used in:" in body  # no line comment prefix set: the lines are text


def test_without_the_plugin_the_tag_stays_text(tmp_path: Path) -> None:
    body = _build(tmp_path, "")
    assert "kind: HTTPRoute" not in body
    assert body.count("{% include") == 3


def test_a_tag_left_open_before_many_blanks_is_read_in_linear_time(tmp_path: Path) -> None:
    """The tag's option words could end on any blank of a run before "%}": a tag left open
    before 400,000 blanks was tried at each, reading to the run's end (quadratic, half an
    hour). The subprocess's timeout guards against that hang; it is no timing. Its options
    read as before."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.yaml").write_text("kind: A\n", encoding="utf-8")
    script = (
        "import sys\nfrom pathlib import Path\n"
        "from builder.includes import IncludeReader, IncludeRoot\n"
        "from builder.parsers.markdown.macros_includes import splice_macros_includes\n"
        "from builder.parsers.markdown.spliced import Spliced\n"
        "root = Path(sys.argv[1])\n"
        "reader = IncludeReader(IncludeRoot(docs=root / 'docs', root=root, snippets=(root,)))\n"
        "for line in (\n"
        "    \"{%- include 'docs/a.yaml' ignore missing with context   -%}\",\n"
        "    \"{% include 'docs/a.yaml'\" + ' ' * 400_000 + 'x',\n"
        "):\n"
        "    text = splice_macros_includes(Spliced.unchanged(line), reader).text\n"
        "    print(repr(text[:30]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.splitlines() == [repr("kind: A"), repr("{% include 'docs/a.yaml'" + " " * 6)]
