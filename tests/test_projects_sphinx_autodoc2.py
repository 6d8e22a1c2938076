"""builder.projects.sphinx_autodoc2: the API pages sphinx-autodoc2 writes, from the code."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.config import VersionConfig
from builder.model import SourceFile
from builder.parsers import parse_file
from builder.projects import project_listing
from builder.sources import read_source

# MyST-Parser's docs: its API reference is apidocs/index.rst, which its index.md's toctree
# names and autodoc2 writes at build time; the build had none of it (1 object of 305).
CONF = (
    'extensions = ["myst_parser", "autodoc2"]\n'
    'autodoc2_packages = [{"path": "../shop", "exclude_files": ["_docs.py"]}]\n'
    'autodoc2_hidden_objects = ["dunder", "private", "inherited"]\n'
)


def _project(root: Path, conf: str = CONF) -> Path:
    docs, package = root / "docs", root / "shop"
    (package / "orders").mkdir(parents=True)
    docs.mkdir()
    (docs / "conf.py").write_text(conf, encoding="utf-8")
    (docs / "index.rst").write_text(
        "Shop\n====\n\n.. toctree::\n\n   apidocs/index\n", encoding="utf-8"
    )
    files = {
        "__init__.py": '"""A small shop."""\n',
        "_docs.py": '"""Left out by exclude_files."""\n',
        "orders/__init__.py": '"""Orders."""\n',
        "orders/cart.py": (
            '"""Carts."""\n\n'
            '__all__ = ["Cart"]\n\n\n'
            "class Cart:\n"
            '    """A cart of items."""\n\n\n'
            "def total(cart: Cart) -> int:\n"
            '    """The sum of the prices."""\n'
            "    return 0\n"
        ),
    }
    for relpath, text in files.items():
        (package / relpath).write_text(text, encoding="utf-8")
    return docs


def _version(docs: Path) -> VersionConfig:
    return VersionConfig("1.0", docs, None, None, (), (), None, None, code_root=docs.parent)


def test_autodoc2_writes_a_page_per_module_of_its_packages(tmp_path: Path) -> None:
    docs = _project(tmp_path)
    layout, listing = project_listing(_version(docs))
    assert [c.relpath for c in listing.candidates] == [
        "index.rst",
        "apidocs/index.rst",
        "apidocs/shop/shop.rst",
        "apidocs/shop/shop.orders.rst",
        "apidocs/shop/shop.orders.cart.rst",
    ]
    assert "autodoc2: 4 page(s) under apidocs/, from the code" in layout.notes
    assert "apidocs/shop/shop.orders.cart.rst" in dict(layout.generated_from)
    pages = [read_source(candidate) for candidate in listing.candidates]
    assert all(isinstance(page, SourceFile) for page in pages)
    index, package, cart = pages[1], pages[3], pages[4]
    assert isinstance(index, SourceFile) and index.text.endswith("   shop/shop\n")
    assert isinstance(package, SourceFile)
    assert package.text.endswith(".. toctree::\n   :titlesonly:\n\n   shop.orders.cart\n")
    assert isinstance(cart, SourceFile)
    api = GriffeSource(tmp_path, ApiSettings(), "shop")
    parsed = parse_file(cart.relpath, cart.text, api)
    assert parsed is not None
    # autodoc2 documents what a module defines, whatever its __all__ leaves out.
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("shop.orders.cart", "Carts."),
        ("shop.orders.cart.Cart", "`Cart()`\n\nA cart of items."),
        ("shop.orders.cart.total", "`total(cart: Cart) -> int`\n\nThe sum of the prices."),
    ]


def test_autodoc2_settings_and_pages_the_docs_already_hold(tmp_path: Path) -> None:
    conf = (
        CONF
        + 'autodoc2_output_dir = "api"\n'
        + 'autodoc2_skip_module_regexes = [r"shop\\.orders\\..*"]\n'
        + 'autodoc2_module_all_regexes = [r"shop"]\n'
    )
    docs = _project(tmp_path, conf)
    (docs / "api").mkdir()
    (docs / "api" / "index.rst").write_text("API\n===\n\nWritten by a build.\n", "utf-8")
    (docs / "api" / "shop").mkdir()  # written with the MyST render plugin
    (docs / "api" / "shop" / "shop.orders.md").write_text("# shop.orders\n", "utf-8")
    _, listing = project_listing(_version(docs))
    assert [c.relpath for c in listing.candidates] == [
        "index.rst",
        "api/index.rst",
        "api/shop/shop.orders.md",  # in path order: the docs' own index lists neither
        "api/shop/shop.rst",
    ]
    kept, shop = (read_source(listing.candidates[k]) for k in (1, 3))
    assert isinstance(kept, SourceFile) and kept.text.endswith("Written by a build.\n")
    assert isinstance(shop, SourceFile) and ":ignore-module-all:" not in shop.text
    # A package autodoc2 clones from git, or writes no pages for, gives none here.
    elsewhere = (
        'extensions = ["autodoc2"]\nautodoc2_packages = [{"path": "x", "auto_mode": False}]\n'
    )
    _, listing = project_listing(_version(_project(tmp_path / "off", elsewhere)))
    assert [c.relpath for c in listing.candidates] == ["index.rst"]


def test_autodoc2_pages_merge_a_constructors_docstring_into_its_class(tmp_path: Path) -> None:
    # autodoc2_class_docstring is "merge" by default: a class shows its __init__ docstring
    # under "Initialization" (MyST-Parser's parse_html.Element: "Initialise the element.").
    # The pages read only the class's, as autoclass_content "class" does.
    docs = _project(tmp_path)
    (tmp_path / "shop" / "orders" / "cart.py").write_text(
        '"""Carts."""\n\n\n'
        "class Cart:\n"
        '    """A cart of items."""\n\n'
        "    def __init__(self, owner: str) -> None:\n"
        '        """Open a cart for ``owner``."""\n',
        encoding="utf-8",
    )
    _, listing = project_listing(_version(docs))
    cart = read_source(listing.candidates[-1])
    assert isinstance(cart, SourceFile)
    parsed = parse_file(cart.relpath, cart.text, GriffeSource(tmp_path, ApiSettings(), "shop"))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        (
            "shop.orders.cart.Cart",
            "`Cart(owner: str)`\n\nA cart of items.\n\nOpen a cart for `owner`.",
        ),
    ]


def test_autodoc2_pages_show_the_dunder_and_inherited_members_it_does_not_hide(
    tmp_path: Path,
) -> None:
    # autodoc2_hidden_objects hides only inherited members by default; one that leaves out
    # "dunder" and "inherited" shows a class's __call__ and what it inherits (__init__ is
    # merged into the class, not a member). The pages read "undoc" and "private" alone.
    docs = _project(tmp_path, CONF.replace('"dunder", "private", "inherited"', '"undoc"'))
    (tmp_path / "shop" / "orders" / "cart.py").write_text(
        '"""Carts."""\n\n\n'
        "class Basket:\n"
        '    """A basket."""\n\n'
        "    def empty(self) -> None:\n"
        '        """Take everything out."""\n\n\n'
        "class Cart(Basket):\n"
        '    """A cart of items."""\n\n'
        "    def __init__(self) -> None:\n"
        '        """Open a cart."""\n\n'
        "    def __call__(self) -> int:\n"
        '        """The number of items."""\n',
        encoding="utf-8",
    )
    _, listing = project_listing(_version(docs))
    cart = read_source(listing.candidates[-1])
    assert isinstance(cart, SourceFile)
    parsed = parse_file(cart.relpath, cart.text, GriffeSource(tmp_path, ApiSettings(), "shop"))
    assert parsed is not None
    assert [s.heading for s in parsed.sections[1:]] == [
        "shop.orders.cart.Basket",
        "shop.orders.cart.Basket.empty",
        "shop.orders.cart.Cart",
        "shop.orders.cart.Cart.__call__",
        "shop.orders.cart.Cart.empty",
    ]


def test_autodoc2_excludes_match_names_below_the_package_not_the_folders_above_it(
    tmp_path: Path,
) -> None:
    # autodoc2 matches exclude_dirs and exclude_files against the names it walks below the
    # package; matched against the whole path, "test*" left out every module of a checkout
    # under a folder named "tests" (and "build" one under "build/").
    conf = CONF.replace('"exclude_files"', '"exclude_dirs": ["test*"], "exclude_files"')
    docs = _project(tmp_path / "tests" / "checkout", conf)
    (tmp_path / "tests" / "checkout" / "shop" / "tests").mkdir()
    (tmp_path / "tests" / "checkout" / "shop" / "tests" / "__init__.py").write_text("")
    _, listing = project_listing(_version(docs))
    assert [c.relpath for c in listing.candidates] == [
        "index.rst",
        "apidocs/index.rst",
        "apidocs/shop/shop.rst",
        "apidocs/shop/shop.orders.rst",
        "apidocs/shop/shop.orders.cart.rst",
    ]


def test_a_package_autodoc2_clones_from_git_is_left_out_with_a_note(tmp_path: Path) -> None:
    # sphinx-autodoc2 0.5.0's own docs document aiida-core from a git clone beside its code:
    # that package's pages were left out without a word among the build's notes.
    conf = CONF.replace(
        '[{"path": "../shop"',
        '[{"path": "aiida", "from_git_clone": ("https://example.invalid/aiida.git", "v2")},'
        ' {"path": "../shop"',
    )
    layout, _ = project_listing(_version(_project(tmp_path, conf)))
    assert layout.notes == (
        "autodoc2: aiida is cloned from git at build time; no API pages",
        "autodoc2: 4 page(s) under apidocs/, from the code",
    )
