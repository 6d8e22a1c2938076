"""builder.parsers.markdown.raw_imports: code files a page imports as text and shows."""

from __future__ import annotations

from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.parsers.include_budget import MAX_INCLUDE_TAGS
from builder.parsers.markdown.parser import parse

PAGE = """\
---
title: Avoid blocking
---

import CodeBlock from '@theme/CodeBlock';
import Fingerprint from '!!raw-loader!roa-loader!./code_examples/fingerprint.py';
import Args from '!!raw-loader!./code_examples/args.py';
import Config from './code_examples/config.json?raw';
import Shared from '!!raw-loader!@site/shared/setup.sh';
import Missing from '!!raw-loader!./code_examples/missing.py';

## Fingerprints

<RunnableCodeBlock className="language-python" language="python">
    {Fingerprint}
</RunnableCodeBlock>

With arguments:

<CodeBlock className="language-python">{Args}</CodeBlock>

<CodeBlock>{Config}</CodeBlock>

<CodeBlock language="bash">
{Shared}
</CodeBlock>

<CodeBlock>{Missing}</CodeBlock>

<CodeBlock>{Args}</CodeBlock> and more text

```mdx
<CodeBlock>{Args}</CodeBlock>
```
"""


def _project(tmp_path: Path) -> IncludeReader:
    docs = tmp_path / "docs"
    (docs / "guides" / "code_examples").mkdir(parents=True)
    (docs / "guides" / "code_examples" / "fingerprint.py").write_text(
        "# Pick a fingerprint\ncrawler = PlaywrightCrawler()\n"
    )
    (docs / "guides" / "code_examples" / "args.py").write_text("generator = Default(os='linux')\n")
    (docs / "guides" / "code_examples" / "config.json").write_text('{"a": 1}\n')
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "setup.sh").write_text("pip install crawlee\n")
    (tmp_path / "package.json").write_text("{}\n")
    return IncludeReader(include_root(docs, None, tmp_path))


def test_a_component_showing_a_raw_import_shows_the_file_s_code(tmp_path: Path) -> None:
    # crawlee 1.9.2's guides: 221 examples imported with raw-loader, each read as its name
    # ("{PlaywrightWithCamoufox}"); code blocks 117 -> 334.
    parsed = parse(PAGE, "guides/avoid_blocking.mdx", None, _project(tmp_path))
    assert [s.heading for s in parsed.sections] == ["Fingerprints"]
    assert parsed.sections[0].body == (
        "```python\n# Pick a fingerprint\ncrawler = PlaywrightCrawler()\n```\n\n"
        "With arguments:\n\n"
        "```python\ngenerator = Default(os='linux')\n```\n\n"
        '```json\n{"a": 1}\n```\n\n'
        "```bash\npip install crawlee\n```\n\n"
        "{Missing}\n\n"
        "{Args} and more text\n\n"
        "```mdx\n<CodeBlock>{Args}</CodeBlock>\n```"
    )
    assert [w.message for w in parsed.warnings] == ["code ./code_examples/missing.py: not read"]


def test_odd_components_and_imports_are_read_past(tmp_path: Path) -> None:
    reader = _project(tmp_path)
    page = (
        "import A from '!!raw-loader!';\nimport B from '!!raw-loader!../../../../etc/passwd';\n"
        "import C from '?raw';\n\n# T\n\n<CodeBlock>{A}</CodeBlock>\n\n"
        "<CodeBlock>{B}</CodeBlock>\n\n"
        "<CodeBlock " + "x " * 50_000 + ">{B}</CodeBlock>\n\n<CodeBlock>\n{B}\n" + "\n" * 100
    )
    parsed = parse(page, "guides/odd.mdx", None, reader)
    assert "passwd" not in parsed.sections[0].body
    assert "root:" not in parsed.sections[0].body


def test_a_page_shows_a_bounded_number_of_components(tmp_path: Path) -> None:
    # Each component reads its file again: a page of 100,000 of them ran past a minute. A
    # page shows at most MAX_INCLUDE_TAGS, with one warning for the rest.
    reader = _project(tmp_path)
    page = (
        "# Page\n\nimport Args from '!!raw-loader!./code_examples/args.py';\n\n"
        + "<CodeBlock>{Args}</CodeBlock>\n\n" * (MAX_INCLUDE_TAGS + 100)
    )
    parsed = parse(page, "guides/page.mdx", None, reader)
    assert parsed.sections[0].body.count("generator = Default") == MAX_INCLUDE_TAGS
    assert [w.message for w in parsed.warnings] == [
        f"include tags past the first {MAX_INCLUDE_TAGS} show nothing"
    ]
