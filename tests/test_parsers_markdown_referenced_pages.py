"""builder.parsers.markdown.referenced_pages: a TanStack page that refers to another shows it,
replaced and with its own sections."""

from __future__ import annotations

from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.model import ParsedFile
from builder.parsers.markdown.parser import parse
from builder.sources import MAX_FILE_BYTES

REACT_GUIDE = """---
id: queries
title: Queries
---

## Query Basics

To subscribe to a query in your components, call the `useQuery` hook:

[//]: # 'Example'

```tsx
import { useQuery } from '@tanstack/react-query'
```

[//]: # 'Example'

The `result` object holds the query's state.

[//]: # 'Example2'

```tsx
const { isPending } = useQuery({ queryKey: ['todos'], queryFn })
```

[//]: # 'Example2'

Read more in React Query's devtools.
"""

VUE_PAGE = """---
id: queries
title: Queries
ref: docs/framework/react/guides/queries.md
replace: { '@tanstack/react-query': '@tanstack/vue-query', 'React': 'Vue' }
---

[//]: # 'Example'

```ts
import { useQuery } from '@tanstack/vue-query'
```

[//]: # 'Example'
"""


def make_project(tmp_path: Path) -> Path:
    guides = tmp_path / "docs" / "framework" / "react" / "guides"
    guides.mkdir(parents=True)
    (tmp_path / "package.json").write_text("{}\n", encoding="utf-8")
    (guides / "queries.md").write_text(REACT_GUIDE, encoding="utf-8")
    return tmp_path


def parse_in(project: Path, relpath: str, text: str) -> ParsedFile:
    reader = IncludeReader(include_root(project / "docs", None, project))
    return parse(text, relpath, None, reader)


def test_the_page_shows_the_guide_it_refers_to_with_its_own_examples(tmp_path: Path) -> None:
    parsed = parse_in(make_project(tmp_path), "framework/vue/guides/queries.md", VUE_PAGE)
    assert parsed.title == "Queries"
    assert [(s.heading, s.line_start, s.body) for s in parsed.sections] == [
        (
            "Query Basics",
            4,  # the guide's lines stand on the page's ref: line
            "To subscribe to a query in your components, call the `useQuery` hook:\n\n"
            "```ts\nimport { useQuery } from '@tanstack/vue-query'\n```\n\n"
            "The `result` object holds the query's state.\n\n"
            "```tsx\nconst { isPending } = useQuery({ queryKey: ['todos'], queryFn })\n```\n\n"
            "Read more in Vue Query's devtools.",
        )
    ]


def test_a_page_whose_reference_is_missing_reads_as_written_with_a_warning(
    tmp_path: Path,
) -> None:
    page = VUE_PAGE.replace("react/guides/queries.md", "react/guides/missing.md")
    parsed = parse_in(make_project(tmp_path), "framework/vue/guides/queries.md", page)
    assert [s.body for s in parsed.sections] == [
        "```ts\nimport { useQuery } from '@tanstack/vue-query'\n```"
    ]
    assert [w.message for w in parsed.warnings] == [
        "referenced page not read: docs/framework/react/guides/missing.md was not found"
    ]


def test_replacements_are_patterns_as_tanstack_reads_them(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    guide = project / "docs" / "framework" / "react" / "reference" / "useMutation.md"
    guide.parent.mkdir()
    guide.write_text("# useMutation\n\n```tsx\nconst m = useMutation({ mutationFn })\n```\n")
    page = (
        "---\nref: docs/framework/react/reference/useMutation.md\nreplace:\n  {\n"
        "    'useMutation[(]': 'useMutation(() => ',\n  }\n---\n"
    )
    parsed = parse_in(project, "framework/solid/reference/useMutation.md", page)
    assert [s.body for s in parsed.sections] == [
        "```tsx\nconst m = useMutation(() => { mutationFn })\n```"
    ]


def test_a_replacement_that_repeats_is_replaced_as_written(tmp_path: Path) -> None:
    # A package's front matter could name a pattern that backtracks without end, (a+)+$ over
    # a line of a's, and Python's regular expressions have no time limit: the build stalled.
    project = make_project(tmp_path)
    guide = project / "docs" / "framework" / "react" / "reference" / "useMutation.md"
    guide.parent.mkdir()
    guide.write_text("# useMutation\n\n```tsx\nconst aaa = 'a+'\n```\n")
    page = (
        "---\nref: docs/framework/react/reference/useMutation.md\nreplace:\n  {\n"
        "    'a+': 'b',\n  }\n---\n"
    )
    parsed = parse_in(project, "framework/solid/reference/useMutation.md", page)
    assert [s.body for s in parsed.sections] == ["```tsx\nconst aaa = 'b'\n```"]


def test_a_page_referring_to_itself_reads_as_written_with_a_warning(tmp_path: Path) -> None:
    # A reference back (to itself, or between two pages) was followed to the limit and the
    # page read as written without a word of why.
    project = make_project(tmp_path)
    page = "---\ntitle: Self\nref: docs/self.md\n---\n\n## Own\n\nText.\n"
    (project / "docs" / "self.md").write_text(page, encoding="utf-8")
    parsed = parse_in(project, "self.md", page)
    assert [(s.heading, s.body) for s in parsed.sections] == [("Own", "Text.")]
    assert [(w.where, w.message) for w in parsed.warnings] == [
        ("self.md:3", "referenced page not read: more than 3 pages refer on")
    ]


def test_a_ref_that_names_no_markdown_page_is_a_label(tmp_path: Path) -> None:
    # cibuildwheel 4.3.5's MkDocs pages label themselves for intersphinx ("ref: faq"): each
    # was taken for a TanStack reference and warned "referenced page not read".
    project = make_project(tmp_path)
    page = "---\ntitle: Tips\nref: faq\n---\n\n## Tips\n\nText.\n"
    parsed = parse_in(project, "faq.md", page)
    assert [(s.heading, s.body) for s in parsed.sections] == [("Tips", "Text.")]
    assert parsed.warnings == ()


def test_replacements_that_grow_the_page_past_the_limit_leave_it_as_written(
    tmp_path: Path,
) -> None:
    # Each pair may grow what the pairs before it made: eighteen of 'a': 'aa' made a line of
    # a megabyte from four letters, thirty a gigabyte.
    project = make_project(tmp_path)
    (project / "docs" / "guide.md").write_text("# Guide\n\naaaa\n", encoding="utf-8")
    pairs = "  'a': 'aa'\n" * 23  # 4 * 2**23 letters: 32 MB
    page = f"---\nref: docs/guide.md\nreplace:\n{pairs}---\n\n# Vue\n\nOwn text.\n"
    parsed = parse_in(project, "vue.md", page)
    assert [(s.heading, s.body) for s in parsed.sections] == [("Vue", "Own text.")]
    assert [w.message for w in parsed.warnings] == [
        f"referenced page not read: its replacements make it over {MAX_FILE_BYTES} bytes"
    ]
