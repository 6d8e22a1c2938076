"""builder.projects.sphinx_autoapi: the API pages sphinx-autoapi writes, from the code's layout."""

from __future__ import annotations

from pathlib import Path

import pytest

import builder.projects.sphinx_pydoctor
from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.config import VersionConfig
from builder.model import SourceFile
from builder.parsers import parse_file
from builder.projects import project_listing
from builder.sources import read_source

CONF = 'extensions = ["autoapi.extension"]\nautoapi_dirs = ["../src/shop"]\n'


def _project(root: Path, conf: str = CONF) -> Path:
    docs, package = root / "docs", root / "src" / "shop"
    (package / "orders").mkdir(parents=True)
    (package / "no_package").mkdir()
    (package / "migrations").mkdir()
    docs.mkdir()
    (docs / "conf.py").write_text(conf, encoding="utf-8")
    (docs / "index.rst").write_text("Shop\n====\n\nWelcome.\n", encoding="utf-8")
    files = {
        "__init__.py": '"""A small shop."""\n',
        "_secret.py": '"""Private."""\n',
        "orders/__init__.py": '"""Orders."""\n',
        "orders/cart.py": (
            '"""Carts."""\n\n\n'
            "class Cart:\n"
            '    """A cart of items."""\n\n'
            "    def total(self) -> int:\n"
            '        """The sum of the prices."""\n'
            "        return 0\n"
        ),
        "no_package/loose.py": '"""Not in a package."""\n',
        "migrations/0001.py": "",
        "migrations/__init__.py": "",
    }
    for relpath, text in files.items():
        (package / relpath).write_text(text, encoding="utf-8")
    return docs


def _version(docs: Path) -> VersionConfig:
    return VersionConfig("1.0", docs, None, None, (), (), None, None, code_root=docs.parent)


def test_autoapi_writes_a_page_per_module_of_its_dirs(tmp_path: Path) -> None:
    # pydata-sphinx-theme 0.20.0 loads autoapi.extension with autoapi_root = "api": its API
    # reference, a page per module that autoapi writes at build time, was missing.
    docs = _project(tmp_path)
    layout, listing = project_listing(_version(docs))
    assert [c.relpath for c in listing.candidates] == [
        "index.rst",
        "autoapi/index.rst",
        "autoapi/shop/index.rst",
        "autoapi/shop/_secret/index.rst",  # autoapi's default options show private members
        "autoapi/shop/orders/index.rst",
        "autoapi/shop/orders/cart/index.rst",
    ]  # not no_package/ (no __init__.py) nor migrations/ (autoapi_ignore's default)
    assert "autoapi: 4 module page(s) under autoapi/, from the code" in layout.notes
    page = read_source(listing.candidates[5])
    assert isinstance(page, SourceFile)
    assert page.text.startswith("shop.orders.cart\n================\n\n.. automodule::")
    api = GriffeSource(tmp_path / "src", ApiSettings(), "src")
    parsed = parse_file(page.relpath, page.text, api)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("shop.orders.cart", "Carts."),
        ("shop.orders.cart.Cart", "`Cart()`\n\nA cart of items."),
        ("shop.orders.cart.Cart.total", "`total() -> int`\n\nThe sum of the prices."),
    ]
    # A module added or removed changes the layout's key, so the build lists the pages again.
    assert "autoapi/shop/orders/cart/index.rst" in dict(layout.generated_from)


def test_autoapi_settings_root_options_and_ignore(tmp_path: Path) -> None:
    conf = (
        'extensions = ["autoapi.extension"]\nautoapi_dirs = ["../src"]\n'
        'autoapi_root = "api"\nautoapi_options = ["members"]\nautoapi_ignore = ["*cart*"]\n'
    )
    _, listing = project_listing(_version(_project(tmp_path, conf)))
    assert [c.relpath for c in listing.candidates] == [
        "index.rst",
        "api/index.rst",
        "api/shop/index.rst",
        "api/shop/migrations/index.rst",
        "api/shop/orders/index.rst",
    ]  # no private module without private-members
    page = read_source(listing.candidates[2])
    assert isinstance(page, SourceFile)
    assert page.text.endswith(
        ".. automodule:: shop\n   :members:\n\n.. toctree::\n   :hidden:\n\n"
        "   migrations/index\n   orders/index\n"
    )


def test_autoapi_class_content_both_merges_init_into_the_class(tmp_path: Path) -> None:
    # cloup 2.0.0.post1 sets autoapi_python_class_content = "both" (with special-members):
    # autoapi shows each class's __init__ docstring after its own and no __init__ entry; its
    # 15 classes' __init__ read as members again, a copy of the class's text.
    conf = CONF + 'autoapi_options = ["members", "special-members"]\n'
    docs = _project(tmp_path, conf + 'autoapi_python_class_content = "both"\n')
    cart = tmp_path / "src" / "shop" / "orders" / "cart.py"
    cart.write_text(
        '"""Carts."""\n\n\nclass Cart:\n    """A cart of items."""\n\n'
        '    def __init__(self, owner: str) -> None:\n        """Make an empty cart."""\n',
        encoding="utf-8",
    )
    api = GriffeSource(tmp_path / "src", ApiSettings(), "src")

    def sections(docs: Path) -> list[tuple[str, str]]:
        _, listing = project_listing(_version(docs))
        page = read_source(listing.candidates[-1])
        assert isinstance(page, SourceFile)
        parsed = parse_file(page.relpath, page.text, api)
        assert parsed is not None
        return [(s.heading, s.body) for s in parsed.sections]

    assert sections(docs) == [
        ("shop.orders.cart", "Carts."),
        ("shop.orders.cart.Cart", "`Cart(owner: str)`\n\nA cart of items.\n\nMake an empty cart."),
    ]
    (docs / "conf.py").write_text(conf, encoding="utf-8")  # autoapi's default: "class"
    assert sections(docs) == [
        ("shop.orders.cart", "Carts."),
        ("shop.orders.cart.Cart", "`Cart(owner: str)`\n\nA cart of items."),
        ("shop.orders.cart.Cart.__init__", "`__init__(owner: str) -> None`\n\nMake an empty cart."),
    ]


def test_the_modules_a_skip_handler_skips_have_no_page(tmp_path: Path) -> None:
    # zarr 3.0.8's conf.py skips zarr.core and zarr.codecs' modules: 30 of its 50 module
    # pages were written, their classes documented twice (zarr.Group, zarr.core.group.Group).
    conf = CONF + (
        "def skip(app, what, name, obj, skip, options):\n"
        '    if what == "module" and name.startswith("shop.orders."):\n'
        "        skip = True\n"
        "    return skip\n\n"
        "def setup(app):\n"
        '    app.connect("autoapi-skip-member", skip)\n'
    )
    layout, listing = project_listing(_version(_project(tmp_path, conf)))
    assert [c.relpath for c in listing.candidates] == [
        "index.rst",
        "autoapi/index.rst",
        "autoapi/shop/index.rst",
        "autoapi/shop/_secret/index.rst",
        "autoapi/shop/orders/index.rst",  # a package, asked as one
    ]
    assert "autoapi: 1 module page(s) the autoapi-skip-member handler skips" in layout.notes
    package = conf.replace(
        'what == "module" and name.startswith("shop.orders.")', "name == 'shop.orders'"
    )
    _, listing = project_listing(_version(_project(tmp_path / "package", package)))
    # A skipped package's modules go with it.
    assert [c.relpath for c in listing.candidates][-1] == "autoapi/shop/_secret/index.rst"


def test_computed_dirs_document_the_packages_beside_the_docs(tmp_path: Path) -> None:
    conf = (
        "import os\n"
        'extensions = ["autoapi.extension"]\n'
        'autoapi_dirs = [os.path.join(os.path.dirname(__file__), "..", "src", "shop")]\n'
    )
    layout, listing = project_listing(_version(_project(tmp_path, conf)))
    assert "autoapi/shop/orders/cart/index.rst" in [c.relpath for c in listing.candidates]
    assert any("autoapi_dirs is not a literal list" in note for note in layout.notes)


def test_no_pages_when_autoapi_generates_none(tmp_path: Path) -> None:
    # sphinx-autoapi's own docs set autoapi_generate_api_docs = False and use its directives.
    conf = CONF + "autoapi_generate_api_docs = False\n"
    _, listing = project_listing(_version(_project(tmp_path, conf)))
    assert [c.relpath for c in listing.candidates] == ["index.rst"]
    _, listing = project_listing(_version(_project(tmp_path / "plain", "extensions = []\n")))
    assert [c.relpath for c in listing.candidates] == ["index.rst"]
    # autoapi tests the setting for truth: 0 and None are False too (they wrote every page).
    for value in ("0", "None"):
        conf = CONF + f"autoapi_generate_api_docs = {value}\n"
        _, listing = project_listing(_version(_project(tmp_path / value, conf)))
        assert [c.relpath for c in listing.candidates] == ["index.rst"]


def test_dirs_outside_the_project_and_a_root_outside_the_docs_are_notes(tmp_path: Path) -> None:
    outside = 'extensions = ["autoapi.extension"]\nautoapi_dirs = ["../../../elsewhere"]\n'
    layout, listing = project_listing(_version(_project(tmp_path / "a" / "b", outside)))
    assert [c.relpath for c in listing.candidates] == ["index.rst"]
    assert any("is not a folder of the project" in note for note in layout.notes)
    escape = CONF + 'autoapi_root = "../up"\n'
    layout, listing = project_listing(_version(_project(tmp_path / "c", escape)))
    assert [c.relpath for c in listing.candidates] == ["index.rst"]
    assert "autoapi: autoapi_root ../up is not a folder of the docs" in layout.notes


def test_pydoctor_writes_a_page_per_module_of_its_packages(tmp_path: Path) -> None:
    # pydoctor 25.10.1's docs load pydoctor.sphinx_ext.build_apidocs, which writes the API
    # (its epytext_demo, google_demo... packages) into api/ when Sphinx runs: all missing.
    conf = (
        'extensions = ["pydoctor.sphinx_ext.build_apidocs"]\n'
        'pydoctor_args = ["--html-output={outdir}/reference/", "--docformat=epytext",'
        ' "../src/shop"]\n'
    )
    layout, listing = project_listing(_version(_project(tmp_path, conf)))
    assert [c.relpath for c in listing.candidates] == [
        "index.rst",
        "reference/index.rst",
        "reference/shop/index.rst",
        "reference/shop/migrations/index.rst",
        "reference/shop/orders/index.rst",
        "reference/shop/orders/cart/index.rst",
    ]  # pydoctor hides private modules; it ignores no migrations
    assert "pydoctor: 4 module page(s) under reference/, from the code" in layout.notes
    computed = 'extensions = ["pydoctor.sphinx_ext.build_apidocs"]\npydoctor_args = {"main": x}\n'
    layout, listing = project_listing(_version(_project(tmp_path / "computed", computed)))
    assert "api/shop/orders/cart/index.rst" in [c.relpath for c in listing.candidates]
    assert any("pydoctor_args is not a literal list" in note for note in layout.notes)


def test_pydoctor_pages_stop_at_the_generated_pages_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As autoapi's and gen-files' do: a package of 100,000 modules made as many pages.
    monkeypatch.setattr(builder.projects.sphinx_pydoctor, "MAX_GENERATED_PAGES", 2)
    conf = 'extensions = ["pydoctor.sphinx_ext.build_apidocs"]\npydoctor_args = ["../src/shop"]\n'
    layout, listing = project_listing(_version(_project(tmp_path, conf)))
    assert [c.relpath for c in listing.candidates] == [
        "index.rst",
        "api/index.rst",
        "api/shop/index.rst",
        "api/shop/migrations/index.rst",
    ]
    assert "pydoctor: over 2 modules; the rest is left out" in layout.notes
