"""builder.parsers.markdown.vocs_includes: Vocs' ``// [!include ~/snippets/x.ts:region]`` line
in a code block shows that file's code, as Vocs splices it."""

from __future__ import annotations

from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.parsers.markdown.parser import parse

CLIENT = """\
// [!region imports]
import { createPublicClient, http } from 'viem'
// [!endregion imports]
// [!region setup]
export const publicClient = createPublicClient({
  transport: http(),
})

// [!endregion setup]
"""

# viem 2.55's getBlockNumber.md: a twoslash example whose set-up is the shared client.
PAGE = """\
# getBlockNumber

```ts twoslash
// [!include ~/snippets/client.ts]
// ---cut---
const blockNumber = await publicClient.getBlockNumber()
```

```ts [client.ts]
  // [!include ~/snippets/client.ts:setup /publicClient/client/]
```

```ts
// [!include ~/snippets/missing.ts]
```

// [!include ~/snippets/client.ts] outside code is text.
"""


def test_an_include_line_shows_the_code_it_names(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "snippets").mkdir(parents=True)
    (site / "snippets" / "client.ts").write_text(CLIENT, encoding="utf-8")
    (site / "pages").mkdir()
    (site / "pages" / "getBlockNumber.md").write_text(PAGE, encoding="utf-8")
    (tmp_path / "package.json").write_text("{}", encoding="utf-8")
    reader = IncludeReader(include_root(site / "pages", None, None))
    parsed = parse(PAGE, "getBlockNumber.md", includes=reader)
    assert parsed.sections[0].body == (
        "```ts\nconst blockNumber = await publicClient.getBlockNumber()\n```\n\n"
        "client.ts:\n```ts\n"
        "export const client = createPublicClient({\n  transport: http(),\n})\n```\n\n"
        "```ts\n// [!include ~/snippets/missing.ts]\n```\n\n"
        "// [!include ~/snippets/client.ts] outside code is text."
    )
    # In a list item, the code keeps the item's indent, as the fence does.
    item = "# A\n\n- Set up:\n\n  ```ts\n  // [!include ~/snippets/client.ts:imports]\n  ```\n"
    assert parse(item, "getBlockNumber.md", includes=reader).sections[0].body == (
        "- Set up:\n\n  ```ts\n  import { createPublicClient, http } from 'viem'\n  ```"
    )
    assert [w.message for w in parsed.warnings] == [
        "snippet include not read: /snippets/missing.ts was not found"
    ]
