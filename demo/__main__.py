"""End-to-end demo: build the example site, host it, and ask it questions as an agent would.

    python -m demo          (from the repository root)

docbuild builds examples/docbuild.toml into a temporary folder, ``python -m builder.serve`` hosts
it on a free port, and ``docclient serve --index-url`` runs as the MCP SDK's stdio client
subprocess, exactly as an agent host would start it. The demo lists the tools, prints the text
answers to a few real questions (including a wrong version and a doc_read pinned by hash), then
stops everything it started and exits 0.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters

REPO = Path(__file__).resolve().parents[1]
SHOWN_LINES = 14

QUESTIONS: list[tuple[str, str, dict[str, Any]]] = [
    ("Which library is 'werkzeug'?", "catalog_lookup", {"query": "werkzeug"}),
    ("Which versions of it are documented?", "catalog_releases", {"id": "werkzeug"}),
    (
        "Werkzeug 2.x: which URL converters are built in?",
        "doc_extract",
        {"id": "werkzeug", "version": "2", "focus": "routing converters", "maxSections": 2},
    ),
    (
        "Python: what does json.dumps take?",
        "doc_extract",
        {"id": "python", "focus": "json.dumps", "maxSections": 1},
    ),
    (
        "pypinyin: 如何转换拼音风格？",
        "doc_extract",
        {"id": "pypinyin", "focus": "拼音风格", "maxSections": 1},
    ),
    (
        "Express 4 (a plain doctrove-index@1 entry): 路由参数",
        "doc_extract",
        {"id": "express", "version": "4", "focus": "路由参数", "maxSections": 1},
    ),
    (
        "A version that is not documented",
        "doc_extract",
        {"id": "werkzeug", "version": "9", "focus": "routing"},
    ),
]


def command(script: str, module: str) -> list[str]:
    """The installed script beside this interpreter, else the same code run as a module."""
    installed = Path(sys.executable).with_name(script)
    return [str(installed)] if installed.is_file() else [sys.executable, "-m", module]


def show(title: str, text: str) -> None:
    lines = text.splitlines()
    print(f"\n>>> {title}")
    print("\n".join(lines[:SHOWN_LINES]))
    if len(lines) > SHOWN_LINES:
        print(f"    … ({len(lines) - SHOWN_LINES} more lines)")


def text_of(result: Any) -> str:
    return "\n".join(block.text for block in result.content if block.type == "text")


async def ask_everything(url: str, cache: Path) -> None:
    docclient = command("docclient", "client.cli")
    server = StdioServerParameters(
        command=docclient[0],
        args=[*docclient[1:], "serve", "--index-url", url, "--cache-dir", str(cache)],
        cwd=REPO,
    )
    async with Client(server) as client:
        tools = await client.list_tools()
        print("tools:", ", ".join(tool.name for tool in tools.tools))
        for title, tool, arguments in QUESTIONS:
            result = await client.call_tool(tool, arguments)
            show(f"{title}\n    {tool} {arguments}", text_of(result))
        # Quote-fresh evidence: read a section whole, pinned to the hash doc_extract showed.
        found = await client.call_tool(
            "doc_extract", {"id": "werkzeug", "version": "3", "focus": "form parsing"}
        )
        answer = found.structured_content
        # The section with the most text: the top hits are often one-line API stubs.
        section = max(answer["sections"], key=lambda s: len(s["body"]))
        pinned = {
            "id": "werkzeug",
            "version": answer["version"],
            "anchor": section["anchor"],
            "page": section["source"],  # anchors are unique per page, not per version
            "expectedHash": section["sha256"],
        }
        show(
            f"Read it whole, pinned by hash\n    doc_read {pinned}",
            text_of(await client.call_tool("doc_read", pinned)),
        )
        stale = {**pinned, "expectedHash": "0" * 64}
        show(
            "The same read with a hash the docs no longer have",
            text_of(await client.call_tool("doc_read", stale)),
        )


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="doctrove-demo-") as temp:
        site, cache = Path(temp) / "site", Path(temp) / "cache"
        print(f"building examples/docbuild.toml into {site} …")
        subprocess.run(
            [
                *command("docbuild", "builder.cli"),
                "build",
                "-c",
                "examples/docbuild.toml",
                "--out",
                str(site),
                "--no-cache",
                "-q",
            ],
            cwd=REPO,
            check=True,
        )
        host = subprocess.Popen(
            [sys.executable, "-m", "builder.serve", str(site), "--port", "0", "--quiet"],
            cwd=REPO,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            line = host.stdout.readline() if host.stdout else ""
            found = re.search(r"at (http://\S+)", line)
            if found is None:
                raise SystemExit(f"builder.serve did not say where it listens: {line!r}")
            print(f"hosting it at {found.group(1)}; starting docclient serve over stdio")
            anyio.run(ask_everything, found.group(1), cache)
        finally:
            host.terminate()
            host.wait(timeout=10)
    print("\ndone: docclient serve, builder.serve and the temporary site are gone")
    return 0


if __name__ == "__main__":
    sys.exit(main())
