"""builder.projects.hugo: a Hugo site's pages come in the order of their weights."""

from __future__ import annotations

from pathlib import Path

from builder.projects.detect import read_project_layout
from builder.projects.hugo import read_hugo


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text)


def _page(weight: str, title: str = "Page") -> str:
    return f"---\ntitle: {title}\n{weight}\n---\n\n# {title}\n"


def test_pages_and_sections_come_in_the_order_of_their_weights(tmp_path: Path) -> None:
    # prometheus client_python 0.25.0: "bridges" and "collector" (weights 6, 3) came before
    # "instrumenting" (2), "counter" (1) after "enum" (6) -> the site's menu order.
    _write(
        tmp_path,
        {
            "docs/hugo.toml": 'theme = "geekdoc"\n',
            "docs/content/_index.md": _page("", "client_python"),
            "docs/content/bridges/_index.md": _page("weight: 6", "Bridges"),
            "docs/content/collector/_index.md": _page("weight: 3", "Collector"),
            "docs/content/instrumenting/_index.md": _page("weight: 2", "Instrumenting"),
            "docs/content/instrumenting/enum.md": _page("weight: 6", "Enum"),
            "docs/content/instrumenting/counter.md": _page("weight: 1", "Counter"),
            "docs/content/instrumenting/zero.md": _page("weight: 0", "Aardvark"),
            "docs/content/instrumenting/b.md": "+++\ntitle = 'B'\nweight = 4\n+++\n",
            "docs/content/plain.md": "# No front matter\n",
        },
    )
    layout = read_project_layout(tmp_path / "docs" / "content", "auto", None, tmp_path)
    assert layout.kind == "hugo"
    assert layout.order == (
        "_index.md",
        "instrumenting/_index.md",
        "instrumenting/counter.md",
        "instrumenting/b.md",
        "instrumenting/enum.md",
        "instrumenting/zero.md",  # weight 0 is no weight: last
        "collector/_index.md",
        "bridges/_index.md",
        "plain.md",
    )


def test_a_folder_outside_the_project_or_odd_pages_are_read_safely(tmp_path: Path) -> None:
    _write(tmp_path, {"hugo.toml": "", "content/a.md": _page("weight: 1")})
    project = tmp_path / "content"
    assert read_hugo(project, project) is None  # the site's config above the project
    assert read_hugo(project, None) is None
    assert read_hugo(tmp_path / "missing", tmp_path) is None
    _write(
        tmp_path,
        {
            "content/b.md": "---\nweight: 99999999999999999999\n---\n",
            "content/c.md": "---\nweight: [1\n",
            "content/d.md": "---\n" + "x" * 100_000 + "\nweight: 1\n---\n",
        },
    )
    (tmp_path / "content" / "loop").symlink_to(tmp_path / "content")
    layout = read_hugo(project, tmp_path)
    assert layout is not None
    assert layout.order == ("a.md", "b.md", "c.md", "d.md")  # no loop walked
