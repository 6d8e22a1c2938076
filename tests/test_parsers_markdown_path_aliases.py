"""builder.parsers.markdown.path_aliases: an MDX partial named through a tsconfig.json alias."""

from __future__ import annotations

from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.parsers.markdown.parser import parse

TSCONFIG = """{
  // Astro's: "@/*" is "src/*"
  "compilerOptions": {
    "baseUrl": ".",
    "paths": {"@/*": ["src/*"], "~x/*": ["lib/*",], "odd": ["src/x.md"], "@up/*": ["../*"]},
  },
}
"""
PAGE = (
    "# Formatter\n\nimport Input from '@/components/input.md';\n"
    "import Up from '@up/secret.md';\nimport Theme from '@theme/Other.mdx';\n\n"
    "<Input />\n\n<Up />\n\n<Theme />\n"
)


def _parse(project: Path, page: str = PAGE) -> tuple[str, list[str]]:
    docs = project / "src" / "content" / "docs"
    reader = IncludeReader(include_root(docs, None, None, bound=project.parent))
    parsed = parse(page, "index.mdx", None, reader)
    return parsed.sections[0].body, [w.message for w in parsed.warnings]


def _project(tmp_path: Path, tsconfig: str = TSCONFIG) -> Path:
    project = tmp_path / "site"
    (project / "src" / "content" / "docs").mkdir(parents=True)
    (project / "src" / "components").mkdir()
    (project / "src" / "components" / "input.md").write_text("Formats **any** file.\n")
    (project / "package.json").write_text("{}\n")
    (project / "tsconfig.json").write_text(tsconfig)
    (tmp_path / "secret.md").write_text("Outside.\n")
    return project


def test_a_partial_through_an_alias_shows_the_file_it_leads_to(tmp_path: Path) -> None:
    # biome's website: '@/components/formatter/input.md' and 17 more partials were
    # "only files beside the page are read"; its diagnostics page's text 4,799 -> 10,197 chars.
    body, warnings = _parse(_project(tmp_path))
    assert body == "Formats any file."
    assert warnings == [
        "partial @up/secret.md: only files beside the page are read",  # out of the project
        "partial @theme/Other.mdx: only files beside the page are read",
    ]


def test_without_a_readable_tsconfig_no_alias_is_read(tmp_path: Path) -> None:
    for tsconfig in ("{ not json", "[1, 2]", '{"compilerOptions": {"paths": [1]}}', "{" * 5000):
        body, warnings = _parse(_project(tmp_path / str(len(tsconfig)), tsconfig))
        assert "Formats" not in body
        assert warnings[0] == "partial @/components/input.md: only files beside the page are read"
