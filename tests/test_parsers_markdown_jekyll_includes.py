"""Jekyll's {% include %} and {% include_relative %} show the files they name, as Liquid
renders them before the page's Markdown is read."""

from __future__ import annotations

from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.parsers.include_budget import MAX_INCLUDE_TAGS
from builder.parsers.markdown.parser import parse
from builder.sources import MAX_FILE_BYTES

# As the 2023 Software Carpentry lessons end each episode: their reference links live in
# _includes/links.md, one of them written with a Liquid variable.
LINKS = """\
{% include base_path.html %}
[contributing]: {{ repo_url }}/blob/{{ source_branch }}/CONTRIBUTING.md
[numpy]: https://numpy.org/
"""

PAGE = """\
# Episode

Read [NumPy's guide][numpy] and [how to contribute][contributing].

{% include note.md content="Save your work." %}

```liquid
{% include links.md %}
```

{% include_relative part.md %}
{% include ../secret.md %}
{% include missing.md %}
{% include "quoted.md" %}

{% include links.md %}
"""


def _reader(tmp_path: Path, files: dict[str, str]) -> IncludeReader:
    docs = tmp_path / "project/site"
    for relpath, text in files.items():
        (docs / relpath).parent.mkdir(parents=True, exist_ok=True)
        (docs / relpath).write_text(text, encoding="utf-8")
    (tmp_path / "project/package.json").write_text("{}", encoding="utf-8")
    (tmp_path / "project/secret.md").write_text("Not the site's.\n", encoding="utf-8")
    return IncludeReader(include_root(docs, None, None))


def test_includes_show_the_files_they_name(tmp_path: Path) -> None:
    reader = _reader(
        tmp_path,
        {
            "_includes/links.md": LINKS,
            "_includes/base_path.html": "{% if page.root %}{% assign x = 1 %}{% endif %}\n",
            "_includes/note.md": "---\nlayout: none\n---\n> **Note:** {{ include.content }}\n",
            "lessons/part.md": "## Part\n\nBeside the page.\n",
        },
    )
    parsed = parse(PAGE, "lessons/episode.md", includes=reader)
    assert [(s.heading, s.body) for s in parsed.sections] == [
        (
            "Episode",
            "Read NumPy's guide and how to contribute.\n\n> Note: Save your work.\n\n"
            "```liquid\n{% include links.md %}\n```",
        ),
        ("Part", 'Beside the page. {% include "quoted.md" %}'),
    ]
    assert [w.message for w in parsed.warnings] == [
        "include ../secret.md: Jekyll refuses a name with '..' or '//'",
        "include not read: /_includes/missing.md was not found",
    ]


def test_hostile_includes_end(tmp_path: Path) -> None:
    """A file including itself, two including each other, a link out of the project, an
    empty file: each ends, and nothing outside the project is read."""
    (tmp_path / "outside.md").write_text("Outside.\n", encoding="utf-8")
    reader = _reader(
        tmp_path,
        {
            "_includes/self.md": "Self.\n{% include self.md %}\n",
            "_includes/a.md": "A.\n{% include b.md %}\n",
            "_includes/b.md": "B.\n{% include a.md %}\n",
            "_includes/empty.md": "",
        },
    )
    (tmp_path / "project/site/_includes/out.md").symlink_to(tmp_path / "outside.md")
    page = "# Page\n\n{% include self.md %}\n{% include a.md %}\n{% include empty.md %}\n"
    parsed = parse(page + "{% include out.md %}\n", "page.md", includes=reader)
    assert [s.body for s in parsed.sections] == ["Self. A. B."]
    assert "Outside" not in parsed.sections[0].body
    assert [w.message.split(":")[0] for w in parsed.warnings] == [
        "include self.md",
        "include a.md",
        "include not read",
    ]


def test_a_definition_whose_destination_is_a_template_expression_is_one() -> None:
    page = (
        "# Setup\n\nGet [the data][zipfile].\n\n"
        "[zipfile]: {{ page.root }}/data/data.zip\n[anaconda]: https://www.anaconda.com/\n"
    )
    assert [s.body for s in parse(page, "setup.md").sections] == ["Get the data."]


def test_long_odd_definitions_are_read_in_linear_time() -> None:
    """Braces opened and never closed after a definition's label end at once."""
    for tail in ("{{ " * 30_000, "{" * 100_000, "{{ a" * 30_000, "[x]: " * 30_000):
        page = f'[label]: {tail}\n{{% include {"a" * 50_000}.md x="{"%" * 50_000}\n'
        assert parse(page, "page.md").sections is not None


def test_includes_bring_a_bounded_page(tmp_path: Path) -> None:
    """A parameter's value used a thousand times, or files each including the next fifty
    times, give at most MAX_FILE_BYTES of text and MAX_INCLUDE_TAGS warnings, where they made a
    page of gigabytes or a million warnings from a few kilobytes."""
    fan = {f"_includes/f{k}.md": f"{{% include f{k + 1}.md %}}\n" * 50 for k in range(8)}
    reader = _reader(
        tmp_path, {"_includes/many.md": "{{ include.x }} " * 1000, **fan, "_includes/f8.md": "F"}
    )
    value = "v" * 1000
    page = f'# Page\n\n{{% include many.md x="{value}" %}}\n\n' * 20
    parsed = parse(page, "page.md", includes=reader)
    assert 0 < sum(len(s.body) for s in parsed.sections) <= MAX_FILE_BYTES
    assert "would bring over" in parsed.warnings[-1].message
    parsed = parse("{% include f0.md %}\n", "page.md", includes=IncludeReader(reader.where))
    assert len(parsed.warnings) <= MAX_INCLUDE_TAGS + 1
