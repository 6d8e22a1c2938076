"""builder.projects.sphinx_apidoc: the API pages sphinx-apidoc writes when conf.py runs it."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.config import VersionConfig
from builder.model import SourceFile
from builder.parsers import parse_file
from builder.projects import project_listing
from builder.projects.sphinx_apidoc import command_arguments
from builder.sources import read_source

# PyScaffold's template, as every project made with it has it: its index's toctree names
# api/modules, which only this run writes (PyScaffold 4.6: no API page, 0 objects of 288).
CONF = (
    "import os\nimport sys\nimport shutil\n\n"
    "__location__ = os.path.dirname(__file__)\n"
    'sys.path.insert(0, os.path.join(__location__, "../src"))\n\n'
    "try:\n    from sphinx.ext import apidoc\n"
    "except ImportError:\n    from sphinx import apidoc\n\n"
    'output_dir = os.path.join(__location__, "api")\n'
    'module_dir = os.path.join(__location__, "../src/shop")\n'
    "try:\n"
    '    cmd_line = f"sphinx-apidoc --implicit-namespaces -f -o {output_dir} {module_dir}"\n'
    '    args = cmd_line.split(" ")\n'
    "    apidoc.main(args[1:])\n"
    "except Exception as e:\n"
    "    print(e)\n\n"
    'extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon"]\n'
)


def _project(root: Path, conf: str = CONF) -> Path:
    docs, package = root / "docs", root / "src" / "shop"
    (package / "orders").mkdir(parents=True)
    docs.mkdir()
    (docs / "conf.py").write_text(conf, encoding="utf-8")
    (docs / "index.rst").write_text(
        "Shop\n====\n\n.. toctree::\n\n   Module Reference <api/modules>\n", encoding="utf-8"
    )
    files = {
        "__init__.py": '"""A small shop."""\n',
        "_private.py": '"""Left out, as sphinx-apidoc leaves private modules out."""\n',
        "prices.py": (
            '"""Prices."""\n\n\n'
            "def total(items: list[int]) -> int:\n"
            '    """The sum of the prices."""\n'
            "    return sum(items)\n"
        ),
        "orders/__init__.py": '"""Orders."""\n',
        "orders/cart.py": '"""Carts."""\n\n\nclass Cart:\n    """A cart of items."""\n',
    }
    for relpath, text in files.items():
        (package / relpath).write_text(text, encoding="utf-8")
    return docs


def _version(docs: Path) -> VersionConfig:
    return VersionConfig("1.0", docs, None, None, (), (), None, None, code_root=docs.parent)


def test_the_run_conf_py_states_writes_sphinx_apidocs_pages(tmp_path: Path) -> None:
    docs = _project(tmp_path)
    layout, listing = project_listing(_version(docs))
    assert [c.relpath for c in listing.candidates] == [
        "index.rst",
        "api/modules.rst",
        "api/shop.rst",
        "api/shop.orders.rst",
    ]
    assert "sphinx-apidoc: 3 page(s) under api/, from the code" in layout.notes
    pages = [read_source(candidate) for candidate in listing.candidates]
    assert all(isinstance(page, SourceFile) for page in pages)
    modules, shop = pages[1], pages[2]
    assert isinstance(modules, SourceFile)
    assert modules.text == "shop\n====\n\n.. toctree::\n   :maxdepth: 4\n\n   shop\n\n"
    assert isinstance(shop, SourceFile)
    parsed = parse_file(
        shop.relpath, shop.text, GriffeSource(tmp_path / "src", ApiSettings(), "src")
    )
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("shop package", ""),
        ("Subpackages", ""),
        ("Submodules", ""),
        ("shop.prices module", "Prices."),
        (
            "shop.prices.total",
            "`total(items: list[int]) -> int`\n\nThe sum of the prices.",
        ),
        ("Module contents", "A small shop."),
    ]


def test_sphinxcontrib_apidoc_settings_and_the_forms_of_a_command(tmp_path: Path) -> None:
    conf = (
        'extensions = ["sphinx.ext.autodoc", "sphinxcontrib.apidoc"]\n'
        'apidoc_module_dir = "../src/shop"\n'
        'apidoc_output_dir = "reference"\n'
        'apidoc_excluded_paths = ["orders"]\n'
        "apidoc_separate_modules = True\n"
        "apidoc_module_first = True\n"
    )
    _, listing = project_listing(_version(_project(tmp_path, conf)))
    assert [c.relpath for c in listing.candidates] == [
        "index.rst",
        "reference/modules.rst",
        "reference/shop.rst",
        "reference/shop.prices.rst",
    ]
    # The package's own docs right under its title (pyrfu 2.4.21: 9 pages had them last).
    shop = read_source(listing.candidates[2])
    assert isinstance(shop, SourceFile)
    assert shop.text.startswith("shop package\n============\n\n.. automodule:: shop\n")
    # The docs folder itself, and extra arguments: no modules.rst.
    conf = conf.replace('"reference"', '"."') + 'apidoc_extra_args = ["--no-toc"]\n'
    _, listing = project_listing(_version(_project(tmp_path / "here", conf)))
    relpaths = ["index.rst", "shop.prices.rst", "shop.rst"]  # in path order: no toctree names them
    assert [c.relpath for c in listing.candidates] == relpaths
    # A list passed to apidoc.main, with paths from pathlib; a command with nothing to read.
    assert command_arguments(
        "from pathlib import Path\nfrom sphinx.ext import apidoc\n"
        "HERE = Path(__file__).resolve().parent\n"
        'apidoc.main(["-e", "-o", str(HERE / "api"), str(HERE.parent / "pkg"), "--force"])\n'
    ) == ["-e", "-o", "./api", "./../pkg", "--force"]
    assert command_arguments("import os\nos.system(f'sphinx-apidoc -o {somewhere()} x')\n") is None


def test_sphinxcontrib_apidoc_folders_joined_to_the_conf_folder(tmp_path: Path) -> None:
    # python-semantic-release 10.7 sets 'apidoc_output_dir = os.path.join(docs_path, "api",
    # "modules")': not a literal, so no run, and its API pages (495 sections) were missing.
    conf = (
        "import os\n\n"
        'extensions = ["sphinx.ext.autodoc", "sphinxcontrib.apidoc"]\n'
        "docs_path = os.path.dirname(__file__)\n"
        'apidoc_output_dir = os.path.join(docs_path, "api", "modules")\n'
        'apidoc_module_dir = os.path.join(docs_path, "..", "src", "shop")\n'
    )
    _, listing = project_listing(_version(_project(tmp_path, conf)))
    assert [c.relpath for c in listing.candidates] == [
        "index.rst",
        "api/modules/modules.rst",
        "api/modules/shop.rst",
        "api/modules/shop.orders.rst",
    ]


def test_a_folder_of_packages_and_pages_the_docs_already_hold(tmp_path: Path) -> None:
    # sphinx-apidoc given src/ documents each package in it (with --implicit-namespaces, src
    # would be a namespace package of its own); a page an sdist holds stays.
    conf = CONF.replace("../src/shop", "../src").replace("--implicit-namespaces ", "")
    docs = _project(tmp_path, conf)
    (tmp_path / "src" / "tool.py").write_text('"""A script."""\n', encoding="utf-8")
    (docs / "api").mkdir()
    (docs / "api" / "shop.orders.rst").write_text("Orders\n======\n\nKept.\n", "utf-8")
    _, listing = project_listing(_version(docs))
    pages = {c.relpath: read_source(c) for c in listing.candidates}
    assert list(pages) == [
        "index.rst",
        "api/modules.rst",
        "api/shop.rst",
        "api/shop.orders.rst",
        "api/tool.rst",
    ]
    modules, kept = pages["api/modules.rst"], pages["api/shop.orders.rst"]
    assert isinstance(modules, SourceFile) and modules.text.endswith("   shop\n   tool\n\n")
    assert isinstance(kept, SourceFile) and kept.text.endswith("Kept.\n")


def test_pyscaffold_3s_template_filled_by_format() -> None:
    # PyScaffold 3 (and the pyscaffoldext-* projects made with it): the folder from the running
    # frame, os.getcwd() before it, and the command a template .format fills (0 API pages).
    conf = (
        "import os\nimport inspect\n"
        "__location__ = os.path.join(\n"
        "    os.getcwd(), os.path.dirname(inspect.getfile(inspect.currentframe()))\n)\n"
        'output_dir = os.path.join(__location__, "api")\n'
        'module_dir = os.path.join(__location__, "../src/shop")\n'
        "try:\n"
        '    cmd_line_template = "sphinx-apidoc -f -o {outputdir} {moduledir}"\n'
        "    cmd_line = cmd_line_template.format(outputdir=output_dir, moduledir=module_dir)\n"
        '    apidoc.main(cmd_line.split(" ")[1:])\n'
        "except Exception as e:\n"
        '    print("Running `sphinx-apidoc` failed!\\n{}".format(e))\n'
    )
    assert command_arguments(conf) == ["-f", "-o", "./api", "./../src/shop"]


def test_implicit_namespaces_name_the_modules_from_the_namespace(tmp_path: Path) -> None:
    # PyScaffold's template runs sphinx-apidoc on src/<namespace> with --implicit-namespaces:
    # the modules are named from the namespace, whose page has no module contents.
    root = tmp_path / "project"
    docs = _project(root, CONF.replace("../src/shop", "../src/acme"))
    (root / "src" / "acme").mkdir()
    (root / "src" / "shop").rename(root / "src" / "acme" / "shop")
    _, listing = project_listing(_version(docs))
    pages = {c.relpath: read_source(c) for c in listing.candidates}
    assert list(pages) == [
        "index.rst",
        "api/modules.rst",
        "api/acme.rst",
        "api/acme.shop.rst",
        "api/acme.shop.orders.rst",
    ]
    namespace, package = pages["api/acme.rst"], pages["api/acme.shop.rst"]
    assert isinstance(namespace, SourceFile) and isinstance(package, SourceFile)
    assert namespace.text == (
        "acme namespace\n==============\n\n.. py:module:: acme\n\n"
        "Subpackages\n-----------\n\n.. toctree::\n   :maxdepth: 4\n\n   acme.shop\n\n"
    )
    assert ".. automodule:: acme.shop.prices\n" in package.text


def test_sphinxs_own_apidoc_extension_runs_each_of_apidoc_modules(tmp_path: Path) -> None:
    # Sphinx 8.2's sphinx.ext.apidoc (tika-python: its toctree's api/modules named nothing).
    conf = (
        'extensions = ["sphinx.ext.autodoc", "sphinx.ext.apidoc"]\n'
        "apidoc_separate_modules = True\n"
        'apidoc_modules = [{"path": "../src/shop", "destination": "api",\n'
        '                   "module_first": True, "exclude_patterns": ["../src/shop/orders"]}]\n'
    )
    _, listing = project_listing(_version(_project(tmp_path, conf)))
    pages = {c.relpath: read_source(c) for c in listing.candidates}
    assert list(pages) == ["index.rst", "api/modules.rst", "api/shop.rst", "api/shop.prices.rst"]
    shop = pages["api/shop.rst"]
    assert isinstance(shop, SourceFile) and shop.text.startswith(
        "shop package\n============\n\n.. automodule:: shop\n"
    )
    assert "Module contents" not in shop.text and "   shop.prices\n" in shop.text
    # Without apidoc_modules (apidoc_module_dir is sphinxcontrib-apidoc's), no run.
    conf = 'extensions = ["sphinx.ext.apidoc"]\napidoc_module_dir = "../src/shop"\n'
    _, listing = project_listing(_version(_project(tmp_path / "other", conf)))
    assert [c.relpath for c in listing.candidates] == ["index.rst"]


def test_a_package_whose_init_is_excluded_is_left_out_whole(tmp_path: Path) -> None:
    # oslo.concurrency excludes "oslo_concurrency/_*", which matches its __init__.py: the
    # folder is then no package to sphinx-apidoc, whose api/modules lists nothing (its
    # hand-written reference pages are the API; 81 sections were written twice).
    conf = (
        'extensions = ["sphinxcontrib.apidoc"]\n'
        'apidoc_module_dir = "../src"\n'
        'apidoc_excluded_paths = ["shop/orders/_*"]\n'
    )
    _, listing = project_listing(_version(_project(tmp_path, conf)))
    assert [c.relpath for c in listing.candidates] == [
        "index.rst",
        "api/modules.rst",
        "api/shop.rst",
    ]  # as sphinx-apidoc 9.0.4 writes them: no page of shop.orders


def test_private_modules_and_members_with_private(tmp_path: Path) -> None:
    # CherryPy 18.8.0's conf.py gives apidoc_extra_args = ['--private']: sphinx-apidoc then
    # writes ':private-members:' under each automodule too, and Sphinx's pages list
    # cherrypy._cptools.Tool._setup and the like; they were left out (725 of 1,489 entries).
    conf = (
        'extensions = ["sphinx.ext.autodoc", "sphinxcontrib.apidoc"]\n'
        'apidoc_module_dir = "../src/shop"\n'
        'apidoc_extra_args = ["--private"]\n'
    )
    _, listing = project_listing(_version(_project(tmp_path, conf)))
    assert "api/shop.rst" in [c.relpath for c in listing.candidates]
    shop = next(c for c in listing.candidates if c.relpath == "api/shop.rst")
    read = read_source(shop)
    assert isinstance(read, SourceFile)
    assert "shop._private module" in read.text
    assert (
        ".. automodule:: shop._private\n   :members:\n   :undoc-members:\n"
        "   :show-inheritance:\n   :private-members:\n\n"
    ) in read.text
    # Without it, neither the module nor the option.
    _, listing = project_listing(
        _version(_project(tmp_path / "plain", conf.replace('"--private"', "")))
    )
    shop = next(c for c in listing.candidates if c.relpath == "api/shop.rst")
    read = read_source(shop)
    assert isinstance(read, SourceFile) and ":private-members:" not in read.text
    assert "_private" not in read.text
