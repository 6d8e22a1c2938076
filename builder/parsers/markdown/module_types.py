"""Svelte's docs' module pages: a line ``> MODULE: svelte/store`` shows what that module
exports, read from the package's bundled type declarations.

svelte.dev replaces the line with an import of every export, then a section per export: its
name as a heading, its doc comment and its declaration, functions and values first, then
types, each in name order, from the ``declare module 'svelte/store' { ... }`` block of the
package's ``types/index.d.ts`` (dts-buddy's bundle). Read as written, Svelte's 14 reference
pages of modules were that line alone. The declarations are looked for in the package's
folder of a monorepo (``packages/svelte/types/index.d.ts``), then at the project's top; a
module found in neither leaves the line as written. Within the page's include budget.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from builder.includes import IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced, splice_tag_lines
from builder.parsers.rst.events import fence

TYPES_FILE = "types/index.d.ts"
_LINE = re.compile(r"[ \t]{0,3}>[ \t]*MODULE:[ \t]*(?P<module>[@\w./-]+)[ \t]*")
_DECLARATION = re.compile(
    r"export[ \t]+(?:declare[ \t]+)?(?:abstract[ \t]+)?"
    r"(?P<kind>function|const|let|var|class|interface|type|enum|namespace)[ \t]+"
    r"(?P<name>[A-Za-z_$][\w$]*)"
)
_TYPES = ("interface", "type")


@dataclass(frozen=True)
class _Export:
    name: str
    kind: str
    comment: str
    code: list[str]


def has_module_lines(text: str) -> bool:
    """The quick test: a text without this sign names no module."""
    return "MODULE:" in text and re.search(r"^[ \t]{0,3}>[ \t]*MODULE:", text, re.M) is not None


def splice_module_types(page: Spliced, reader: IncludeReader) -> Spliced:
    """``page`` with each ``> MODULE:`` line outside code replaced by the module's exports."""
    budget = IncludeBudget()
    return splice_tag_lines(
        page,
        _LINE,
        lambda marker, k, builder: _module_text(marker.group("module"), reader, budget, builder, k),
    )


def _module_text(
    module: str, reader: IncludeReader, budget: IncludeBudget, builder: SpliceBuilder, k: int
) -> list[str] | None:
    """The lines showing ``module``'s exports, or None to keep the line."""
    refused = budget.follow()
    if refused is not None:
        if refused:
            builder.note(k, refused)
        return None
    for path in _declaration_files(module):
        try:
            text = reader.read_in_project(path).text
        except IncludeRefused:
            continue
        block = _module_block(text, module)
        if block is None:
            continue
        if warning := budget.take(sum(len(line) for line in block), path):
            builder.note(k, warning)
            return None
        return _rendered(module, _exports(block))
    return None


def _declaration_files(module: str) -> list[str]:
    """Where a package's bundled declarations may be: its monorepo folder, the project's top."""
    parts = module.split("/")
    package = "/".join(parts[:2]) if module.startswith("@") else parts[0]
    folders = dict.fromkeys([f"packages/{package}", f"packages/{package.split('/')[-1]}", "."])
    return [f"{folder}/{TYPES_FILE}".removeprefix("./") for folder in folders]


def _module_block(text: str, module: str) -> list[str] | None:
    """The lines inside ``declare module 'module' {`` ... ``}``, or None when none is there."""
    lines = text.split("\n")
    opening = re.compile(rf"""declare[ \t]+module[ \t]+['"]{re.escape(module)}['"][ \t]*\{{""")
    for start, line in enumerate(lines):
        if opening.match(line):
            for end in range(start + 1, len(lines)):
                if lines[end].rstrip() == "}":
                    return lines[start + 1 : end]
            return None
    return None


def _exports(block: list[str]) -> list[_Export]:
    """The block's exported declarations, each with the doc comment right above it."""
    found: list[_Export] = []
    comment: list[str] = []
    k = 0
    while k < len(block):
        stripped = block[k].strip()
        if stripped.startswith("/**"):
            comment = [stripped]
            while not comment[-1].endswith("*/") and k + 1 < len(block):
                k += 1
                comment.append(block[k].strip())
        elif declared := _DECLARATION.match(stripped):
            end = _declaration_end(block, k)
            indent = block[k][: len(block[k]) - len(block[k].lstrip())]
            code = [line.removeprefix(indent) for line in block[k : end + 1]]
            code[0] = code[0].removeprefix("export ")
            found.append(_Export(declared["name"], declared["kind"], _comment_text(comment), code))
            comment = []
            k = end
        elif stripped:
            comment = []
        k += 1
    return found


def _declaration_end(block: list[str], start: int) -> int:
    """The last line of the declaration at ``start``: where its brackets close and it ends."""
    depth = 0
    for k in range(start, len(block)):
        for char in block[k]:
            if char in "([{":
                depth += 1
            elif char in ")]}":
                depth -= 1
        stripped = block[k].rstrip()
        if depth <= 0 and stripped.endswith((";", "}")):
            return k
    return len(block) - 1


def _comment_text(comment: list[str]) -> str:
    """A doc comment's text, its tags (``@param set ...``) a line each."""
    lines = []
    for line in comment:
        line = line.removeprefix("/**").removesuffix("*/").strip()
        lines.append(line.removeprefix("*").removeprefix(" ") if line != "*" else "")
    text = "\n".join(lines).strip()
    return re.sub(r"\n(?=@)", "\n\n", text)


def _rendered(module: str, exports: list[_Export]) -> list[str]:
    """The import of the module's values, then a section per export, values first."""
    by_name: dict[str, list[_Export]] = {}
    for export in exports:
        by_name.setdefault(export.name, []).append(export)
    ordered = sorted(by_name.items(), key=lambda item: (item[1][0].kind in _TYPES, item[0]))
    values = [name for name, found in ordered if found[0].kind not in _TYPES]
    shown: list[str] = []
    if values:
        shown += ["```js", f"import {{ {', '.join(values)} }} from '{module}';", "```", ""]
    for name, found in ordered:
        comment = next((export.comment for export in found if export.comment), "")
        code = [line for export in found for line in [*export.code, ""]]
        shown += [f"## {name}", "", *([comment, ""] if comment else [])]
        shown += [*fence(code, "ts").split("\n"), ""]
    return shown[:-1]
