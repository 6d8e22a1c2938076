"""builder.parsers.markdown.fiddle_blocks: Electron's ```` ```fiddle folder ```` block shows the
files of the folder it names, the focused one first."""

from __future__ import annotations

from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.parsers.markdown.parser import parse

FILES = {
    "docs/fiddles/features/dark-mode/main.js": "const { app } = require('electron/main')\n",
    "docs/fiddles/features/dark-mode/index.html": "<button id='toggle'>Toggle</button>\n",
    "docs/fiddles/features/dark-mode/renderer.js": "window.darkMode.toggle()\n",
}

PAGE = """\
# Dark mode

This example derives its theme from `nativeTheme`.

```fiddle docs/fiddles/features/dark-mode|focus=renderer.js

```

## Menus

```fiddle docs/fiddles/features/dark-mode
const copied = 'the main file, as the page copied it'
```

```fiddle docs/fiddles/missing
JSFiddle's code, kept.
```

````md
```fiddle docs/fiddles/features/dark-mode
```
````
"""


def test_a_fiddle_block_shows_its_folders_files(tmp_path: Path) -> None:
    for relpath, text in {**FILES, "docs/tutorial/dark-mode.md": PAGE}.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, encoding="utf-8")
    (tmp_path / "package.json").write_text("{}", encoding="utf-8")
    reader = IncludeReader(include_root(tmp_path / "docs", None, None))
    parsed = parse(PAGE, "tutorial/dark-mode.md", includes=reader)
    files = (
        "index.html:\n```html\n<button id='toggle'>Toggle</button>\n```\n\n"
        "main.js:\n```javascript\nconst { app } = require('electron/main')\n```\n\n"
        "renderer.js:\n```javascript\nwindow.darkMode.toggle()\n```"
    )
    focused = files.split("\n\n")
    assert [(s.heading, s.body) for s in parsed.sections] == [
        (
            "Dark mode",
            "This example derives its theme from `nativeTheme`.\n\n"
            + "\n\n".join([focused[2], focused[0], focused[1]]),
        ),
        (
            "Menus",
            "\n\n".join([focused[1], focused[0], focused[2]])
            + "\n\n```fiddle\nJSFiddle's code, kept.\n```\n\n"
            "````md\n```fiddle docs/fiddles/features/dark-mode\n```\n````",
        ),
    ]
    assert parsed.warnings == ()


def test_a_file_named_with_a_backtick_keeps_the_rest_of_the_page(tmp_path: Path) -> None:
    # A backtick fence's info string holds no backtick (CommonMark): the block titled
    # "we`ird.js" did not open, its closing fence opened one that ran to the end of the page,
    # and the page's next section ("## Next") was lost in it.
    folder = tmp_path / "docs" / "fiddles" / "odd"
    folder.mkdir(parents=True)
    (folder / "main.js").write_text("ok()\n", encoding="utf-8")
    (folder / "we`ird.js").write_text("~~~~ tildes\nweird()\n", encoding="utf-8")
    (tmp_path / "package.json").write_text("{}", encoding="utf-8")
    page = "# Odd\n\n```fiddle docs/fiddles/odd\n```\n\nAfter.\n\n## Next\n\nText.\n"
    reader = IncludeReader(include_root(tmp_path / "docs", None, None))
    parsed = parse(page, "odd.md", includes=reader)
    assert [(s.heading, s.body) for s in parsed.sections] == [
        (
            "Odd",
            "main.js:\n```javascript\nok()\n```\n\n"
            "we`ird.js:\n```javascript\n~~~~ tildes\nweird()\n```\n\nAfter.",
        ),
        ("Next", "Text."),
    ]
    assert parsed.warnings == ()
