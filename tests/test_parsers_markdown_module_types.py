"""builder.parsers.markdown.module_types: Svelte's docs' ``> MODULE: svelte/store`` line
shows the module's exports from the package's bundled declarations, as svelte.dev does."""

from __future__ import annotations

from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.parsers.markdown.parser import parse

# Svelte's documentation/docs/98-reference/21-svelte-store.md.
PAGE = """\
---
title: svelte/store
---

> MODULE: svelte/store

> MODULE: svelte/nowhere

```md
> MODULE: svelte/store
```
"""

# packages/svelte/types/index.d.ts (dts-buddy's bundle), cut down.
TYPES = """\
declare module 'svelte' {
\texport function mount(): void;
}

declare module 'svelte/store' {
\t/** Callback to update a value. */
\texport type Updater<T> = (value: T) => T;

\t/** Writable interface for both updating and subscribing. */
\texport interface Writable<T> {
\t\t/**
\t\t * Set value and inform subscribers.
\t\t */
\t\tset(this: void, value: T): void;
\t}
\texport function toStore<V>(get: () => V, set: (v: V) => void): Writable<V>;

\texport function toStore<V>(get: () => V): Readable<V>;
\t/**
\t * Create a `Writable` store.
\t *
\t * @param value initial value
\t * */
\texport function writable<T>(value?: T | undefined): Writable<T>;
\t/** One or more `Readable`s. */
\ttype Stores = Readable<any> | Array<Readable<any>>;

\texport {};
}
"""


def _sections(tmp_path: Path) -> list[tuple[str, str]]:
    files = {
        "package.json": '{"private": true}',
        "documentation/docs/98-reference/21-svelte-store.md": PAGE,
        "packages/svelte/types/index.d.ts": TYPES,
    }
    for relpath, text in files.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, encoding="utf-8")
    reader = IncludeReader(include_root(tmp_path / "documentation", None, None))
    parsed = parse(PAGE, "docs/98-reference/21-svelte-store.md", includes=reader)
    return [(s.heading, s.body) for s in parsed.sections]


def test_a_module_line_shows_its_exports_values_first(tmp_path: Path) -> None:
    sections = _sections(tmp_path)
    assert [heading for heading, _ in sections] == [
        "svelte/store",
        "toStore",
        "writable",
        "Updater",
        "Writable",
    ]
    assert sections[0][1].startswith(
        "```js\nimport { toStore, writable } from 'svelte/store';\n```"
    )
    assert sections[1][1] == (
        "```ts\nfunction toStore<V>(get: () => V, set: (v: V) => void): Writable<V>;\n\n"
        "function toStore<V>(get: () => V): Readable<V>;\n```"
    )
    assert sections[2][1] == (
        "Create a `Writable` store.\n\n@param value initial value\n\n"
        "```ts\nfunction writable<T>(value?: T | undefined): Writable<T>;\n```"
    )
    assert sections[4][1].startswith("Writable interface for both updating and subscribing.")
    assert "\tset(this: void, value: T): void;\n}\n```" in sections[4][1]


def test_a_module_of_no_declarations_and_a_line_in_code_stay(tmp_path: Path) -> None:
    body = _sections(tmp_path)[-1][1]
    assert "> MODULE: svelte/nowhere" in body
    assert "```md\n> MODULE: svelte/store\n```" in body
    assert "Stores" not in body
