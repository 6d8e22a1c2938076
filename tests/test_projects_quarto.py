"""builder.projects.quarto: a Quarto website's page order, and the API pages quartodoc writes."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.config import VersionConfig
from builder.model import SourceFile
from builder.parsers import parse_file
from builder.projects import project_listing
from builder.projects.quarto import read_quarto
from builder.sources import read_source

QUARTO = """\
project:
  type: website
  output-dir: built
website:
  navbar:
    left:
      - href: api/
        text: Reference
      - file: about.qmd
  sidebar:
    - title: Guide
      contents:
        - guide/start.qmd
        - section: More
          contents:
            - /guide/advanced.qmd
            - href: https://example.invalid/
quartodoc:
  package: shop
  dir: api
  sections:
    - title: Carts
      desc: What holds the items.
      contents:
        - Cart
        - name: Cart.total
    - title: Helpers
      package: shop.tools
      contents:
        - kind: page
          contents: [discount]
"""


def _project(root: Path, config: str = QUARTO) -> Path:
    docs = root / "docs"
    for relpath, text in {
        "_quarto.yml": config,
        "index.qmd": "---\ntitle: Home\n---\n\nWelcome.\n",
        "about.qmd": "# About\n",
        "guide/start.qmd": "# Start\n",
        "guide/advanced.qmd": "# Advanced\n",
        "guide/_partial.qmd": "Included elsewhere.\n",
        "_extensions/filter/README.md": "# A filter\n",
        "built/index.html": "<h1>Built</h1>\n",
        "objects.txt": "# Sphinx inventory version 2\n",
    }.items():
        path = docs / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    package = root / "shop"
    (package / "tools").mkdir(parents=True)
    (package / "__init__.py").write_text(
        "class Cart:\n"
        '    """A cart of items."""\n\n'
        "    def total(self) -> int:\n"
        '        """The sum.\n\n'
        "        Returns\n        -------\n        int\n            The prices added up.\n"
        '        """\n'
        "        return 0\n",
        encoding="utf-8",
    )
    (package / "tools" / "__init__.py").write_text(
        'def discount(rate: float) -> float:\n    """Take some off."""\n    return rate\n',
        encoding="utf-8",
    )
    return docs


def _version(docs: Path) -> VersionConfig:
    return VersionConfig("1.0", docs, None, None, (), (), None, None, code_root=docs.parent)


def test_a_quarto_website_in_sidebar_order_with_quartodoc_pages(tmp_path: Path) -> None:
    # quartodoc 0.11.1: its pages came in path order with its Sphinx inventory (objects.txt)
    # read as a page, and its API reference (api/, written by quartodoc at build time) was
    # missing.
    docs = _project(tmp_path)
    layout, listing = project_listing(_version(docs))
    assert layout.kind == "quarto"
    assert [c.relpath for c in listing.candidates] == [
        "guide/start.qmd",
        "guide/advanced.qmd",
        "about.qmd",
        "api/index.qmd",
        "api/Cart.qmd",
        "api/Cart.total.qmd",
        "api/discount.qmd",
        "index.qmd",  # in no sidebar: after them
    ]  # not _partial.qmd, _extensions/, the output-dir built/ nor objects.txt
    assert "quartodoc: 3 API page(s) under api/, from the code" in layout.notes
    api = GriffeSource(tmp_path, ApiSettings(), "")
    pages = {c.relpath: read_source(c) for c in listing.candidates}
    index = pages["api/index.qmd"]
    assert isinstance(index, SourceFile)
    parsed = parse_file(index.relpath, index.text, api)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections][1] == (
        "Carts",
        "What holds the items.\n\n- Cart\n- Cart.total",
    )
    total = pages["api/Cart.total.qmd"]
    assert isinstance(total, SourceFile)
    parsed = parse_file(total.relpath, total.text, api)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections] == [
        (
            "shop.Cart.total",
            "`shop.Cart.total() -> int`\n\nThe sum.\n\nReturns:\n- int: The prices added up.",
        )
    ]
    discount = pages["api/discount.qmd"]
    assert isinstance(discount, SourceFile)
    assert discount.text.startswith("::: shop.tools.discount\n")


def test_an_unreadable_quarto_config_keeps_path_order(tmp_path: Path) -> None:
    layout, listing = project_listing(_version(_project(tmp_path, "website: [unclosed\n")))
    assert layout.kind == "quarto"
    assert "_quarto.yml: not readable YAML; pages in path order" in layout.notes
    assert [c.relpath for c in listing.candidates] == [
        "index.qmd",  # a folder's front page first
        "about.qmd",
        "guide/advanced.qmd",
        "guide/start.qmd",
    ]


def test_a_quartodoc_dir_outside_the_project_writes_no_pages(tmp_path: Path) -> None:
    config = "quartodoc:\n  package: shop\n  dir: ../elsewhere\n"
    config += "  sections:\n    - contents: [Cart]\n"
    layout, listing = project_listing(_version(_project(tmp_path, config)))
    assert "quartodoc: dir is not a folder of the project; no API pages" in layout.notes
    assert not any(c.relpath.endswith("Cart.qmd") for c in listing.candidates)


def test_odd_quartodoc_values_are_read_past(tmp_path: Path) -> None:
    # A parser that is not a name (was: TypeError, unhashable list) reads as numpy's.
    config = "quartodoc:\n  package: shop\n  parser: [google]\n"
    config += "  sections:\n    - contents: [Cart]\n"
    layout, _ = project_listing(_version(_project(tmp_path / "style", config)))
    assert (
        "docstring_style: numpy"
        in dict((p.relpath, p.text) for p in layout.generated)["reference/Cart.qmd"]
    )
    # Pages whose contents alias each other 10 ways, 20 deep (was: 10**20 visits, a hang):
    # the visit stops at MAX_ENTRIES.
    aliases = ["l0: &l0 {contents: [1]}"] + [
        f"l{i}: &l{i} {{contents: [{', '.join([f'*l{i - 1}'] * 10)}]}}" for i in range(1, 21)
    ]
    config = "\n".join(aliases) + "\nquartodoc:\n  sections:\n    - contents: [*l20, Cart]\n"
    layout, _ = project_listing(_version(_project(tmp_path / "aliases", config)))
    assert not layout.generated


def test_a_quartodoc_dir_of_the_project_folder_itself_writes_its_pages(tmp_path: Path) -> None:
    # "dir: ." made "./Cart.qmd", which the ".*" exclude left out: no API page at all.
    config = "quartodoc:\n  package: shop\n  dir: .\n  sections:\n    - contents: [Cart]\n"
    layout, listing = project_listing(_version(_project(tmp_path, config)))
    assert "Cart.qmd" in [c.relpath for c in listing.candidates]
    assert layout.order == ("index.qmd", "Cart.qmd")


def test_the_output_dir_is_a_folder_matched_as_written(tmp_path: Path) -> None:
    # Read as a glob, "built*" also left out "builtin/", and "*a*a...*ab" made a regular
    # expression that backtracked for ever on a long name.
    (tmp_path / "_quarto.yml").write_text("project:\n  output-dir: ./built*/\n", encoding="utf-8")
    layout = read_quarto(tmp_path / "_quarto.yml")
    assert layout.exclude_patterns[-1] == "built*"
    assert not layout.admits("built*/index.qmd")
    assert layout.admits("builtin/index.qmd") and layout.admits("built/index.qmd")
    (tmp_path / "_quarto.yml").write_text(
        f"project:\n  output-dir: '{'*a' * 20}b'\n", encoding="utf-8"
    )
    assert read_quarto(tmp_path / "_quarto.yml").admits("a" * 200 + ".qmd")


def test_a_content_entry_s_own_package_names_its_object(tmp_path: Path) -> None:
    # plotnine 0.15.8: "{name: PlotnineAnimation, package: plotnine.animation}" and its base
    # scales were looked for in the section's package: 5 API pages not found, now documented.
    config = (
        "quartodoc:\n  package: shop\n  sections:\n    - contents:\n"
        "        - Cart\n"
        "        - {name: Shelf, package: shop.store}\n"
        "        - {name: '', package: [odd]}\n"
        "        - {kind: page, package: shop.tools, contents: [discount, {name: tax}]}\n"
        "        - {name: Bag, package: 7}\n"
    )
    layout, _ = project_listing(_version(_project(tmp_path, config)))
    blocks = [p.text.split("\n", 1)[0] for p in layout.generated[1:]]
    assert blocks == [
        "::: shop.Cart",
        "::: shop.store.Shelf",
        "::: shop.tools.discount",
        "::: shop.tools.tax",
        "::: Bag",  # a package that is no name is none
    ]


def test_a_kind_page_entry_with_a_path_is_one_page_of_its_objects(tmp_path: Path) -> None:
    # ibis 12.0.0: '- kind: page, path: expression-tables, summary: {name: Table
    # expressions}' is one page quartodoc writes, which the sidebar names; each object had a
    # page of its own and the sidebar's 16 such pages were 'not there'. A path leaving the
    # folder is no page's.
    config = (
        "quartodoc:\n  package: shop\n  dir: api\n  sections:\n    - title: Helpers\n"
        "      contents:\n"
        "        - kind: page\n          path: helpers\n"
        "          summary: {name: Helper functions, desc: What helps.}\n"
        "          contents: [Cart, {name: discount, package: shop.tools}]\n"
        "        - {kind: page, path: ../../outside, contents: [Cart]}\n"
        "        - {kind: page, path: [odd], contents: [Cart]}\n"
    )
    layout, listing = project_listing(_version(_project(tmp_path, config)))
    assert [page.relpath for page in layout.generated] == [
        "api/index.qmd",
        "api/Cart.qmd",  # the entries whose path is no page's, as before
        "api/helpers.qmd",
    ]
    api = GriffeSource(tmp_path, ApiSettings(), "")
    pages = {c.relpath: read_source(c) for c in listing.candidates}
    helpers = pages["api/helpers.qmd"]
    assert isinstance(helpers, SourceFile)
    parsed = parse_file(helpers.relpath, helpers.text, api)
    assert parsed is not None
    assert [s.heading for s in parsed.sections] == [
        "Helper functions",
        "shop.Cart",
        "shop.Cart.total",
        "shop.tools.discount",
    ]
    assert parsed.sections[0].body == "What helps."
    index = pages["api/index.qmd"]
    assert isinstance(index, SourceFile) and "- [Helper functions](helpers.qmd)" in index.text
