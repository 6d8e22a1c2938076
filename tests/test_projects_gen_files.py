"""gen-files: the API pages mkdocstrings' recipe script writes are written without running it,
read as hand-written pages and placed where the nav names their folder; any other script is
named in a note."""

from pathlib import Path
from typing import Any

import orjson

from builder.cache import BuildCache
from builder.cached_stages import compile_version_cached
from builder.config import LibraryConfig, SiteConfig, VersionConfig
from builder.projects import project_listing
from builder.projects.gen_files import gen_files_scripts
from builder.projects.gen_files_recipe import Recipe, read_recipe
from builder.projects.mkdocs_config import load_config
from builder.stages.read import read_version
from builder.survey import survey_project

SITE = SiteConfig("T", "https://docs.example/")
LIBRARY = LibraryConfig("demo", "Demo", "", (), None, None, (), ())

MKDOCS_YML = """\
site_name: Demo
nav:
  - Home: index.md
  - API reference: reference/
  - Changelog: changelog.md
plugins:
  - search
  - gen-files:
      scripts:
        - scripts/gen_ref_pages.py
  - literate-nav:
      nav_file: SUMMARY.md
  - mkdocstrings
"""

# mkdocstrings' documented recipe, as projects copy it.
RECIPE = '''\
"""Generate the code reference pages and navigation."""

from pathlib import Path

import mkdocs_gen_files

nav = mkdocs_gen_files.Nav()

root = Path(__file__).parent.parent
src = root / "src"

for path in sorted(src.rglob("*.py")):
    module_path = path.relative_to(src).with_suffix("")
    doc_path = path.relative_to(src).with_suffix(".md")
    full_doc_path = Path("reference", doc_path)

    parts = tuple(module_path.parts)

    if parts[-1] == "__init__":
        parts = parts[:-1]
        doc_path = doc_path.with_name("index.md")
        full_doc_path = full_doc_path.with_name("index.md")
    elif parts[-1].startswith("_"):
        continue

    nav[parts] = doc_path.as_posix()

    with mkdocs_gen_files.open(full_doc_path, "w") as fd:
        ident = ".".join(parts)
        fd.write(f"---\\ntitle: {ident}\\n---\\n\\n::: {ident}")

with mkdocs_gen_files.open("reference/SUMMARY.md", "w") as nav_file:
    nav_file.writelines(nav.build_literate_nav())
'''

FILES = {
    "docs/index.md": "# Demo\n\nHome page.\n",
    "docs/changelog.md": "# Changelog\n\n## 1.0.0\n\nFirst.\n",
    "src/gfdemo/__init__.py": '"""The gfdemo package."""\n',
    "src/gfdemo/core.py": (
        '"""Core arithmetic."""\n\n\n'
        "def add(a: int, b: int) -> int:\n"
        '    """Add two numbers and return their sum."""\n'
        "    return a + b\n"
    ),
    "src/gfdemo/_hidden.py": '"""Private helpers."""\n\n\ndef secret() -> None:\n    """No."""\n',
    "scripts/gen_ref_pages.py": RECIPE,
}


def make_project(root: Path, files: dict[str, str] | None = None) -> Path:
    for relpath, text in {**FILES, "mkdocs.yml": MKDOCS_YML, **(files or {})}.items():
        path = root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "docs"


def version(root: Path) -> VersionConfig:
    return VersionConfig(
        "1.0.0", root / "docs", None, None, (), (), None, None, source_dir=root / "src"
    )


def compiled_records(root: Path, cache: BuildCache | None = None) -> list[dict[str, Any]]:
    with read_version(LIBRARY.id, version(root), Path()) as files:
        compiled = compile_version_cached(cache or BuildCache(None), SITE, LIBRARY, files)
    return [orjson.loads(record) for record in compiled.records]


def test_the_recipe_pages_sit_where_the_nav_names_their_folder(tmp_path: Path) -> None:
    make_project(tmp_path)
    layout, listing = project_listing(version(tmp_path))
    assert [c.relpath for c in listing.candidates] == [
        "index.md",
        "reference/gfdemo/index.md",
        "reference/gfdemo/core.md",
        "changelog.md",
    ]
    page = next(p for p in layout.generated if p.relpath == "reference/gfdemo/core.md")
    assert page.text == "---\ntitle: gfdemo.core\n---\n\n::: gfdemo.core\n"
    assert any("scripts/gen_ref_pages.py read as mkdocstrings' recipe" in n for n in layout.notes)
    assert not any("not there" in note for note in layout.notes)  # reference/ is filled


def test_the_generated_pages_hold_the_modules_api(tmp_path: Path) -> None:
    make_project(tmp_path)
    records = compiled_records(tmp_path)
    core = [(r["heading"], r["body"]) for r in records if r["source"] == "reference/gfdemo/core.md"]
    assert core[0][0] == "gfdemo.core"
    assert any(heading.endswith("add") and "Add two numbers" in body for heading, body in core), (
        core
    )
    sources = {r["source"] for r in records}
    assert "reference/gfdemo/index.md" in sources
    assert not any("_hidden" in source for source in sources)


def test_a_script_that_is_not_the_recipe_is_named_and_writes_nothing(tmp_path: Path) -> None:
    other = "import mkdocs_gen_files\n\nfor name in ['a', 'b']:\n    print(name)\n"
    make_project(tmp_path, {"scripts/gen_ref_pages.py": other})
    layout, listing = project_listing(version(tmp_path))
    assert layout.generated == ()
    assert [c.relpath for c in listing.candidates] == ["index.md", "changelog.md"]
    assert not any("gen-files" in note for note in layout.notes)
    (warning,) = layout.warnings
    assert "scripts/gen_ref_pages.py was not run" in warning
    assert "the pages it writes are missing" in warning
    # A build says it as a warning, cached or not (--strict fails on it).
    for cache in (BuildCache(None), BuildCache(tmp_path / "cache"), BuildCache(tmp_path / "cache")):
        with read_version(LIBRARY.id, version(tmp_path), Path()) as files:
            compile_version_cached(cache, SITE, LIBRARY, files)
            assert [(w.where, w.message) for w in files.warnings] == [("demo 1.0.0", warning)]


def test_the_cache_sees_edits_to_the_script_and_the_config(tmp_path: Path) -> None:
    make_project(tmp_path)
    cache = BuildCache(tmp_path / "cache")
    first = {r["source"] for r in compiled_records(tmp_path, cache)}
    assert "reference/gfdemo/_hidden.md" not in first
    script = tmp_path / "scripts" / "gen_ref_pages.py"
    script.write_text(RECIPE.replace('parts[-1].startswith("_")', "False"), encoding="utf-8")
    second = {r["source"] for r in compiled_records(tmp_path, cache)}
    assert "reference/gfdemo/_hidden.md" in second
    # A config that no longer runs the script: its pages go.
    config = MKDOCS_YML.replace("scripts/gen_ref_pages.py", "scripts/other.py")
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    third = {r["source"] for r in compiled_records(tmp_path, cache)}
    assert not any(source.startswith("reference/") for source in third)


def test_a_comment_only_edit_to_the_script_changes_the_layout_key(tmp_path: Path) -> None:
    make_project(tmp_path)
    before, _ = project_listing(version(tmp_path))
    (tmp_path / "scripts" / "gen_ref_pages.py").write_text(RECIPE + "# edited\n")
    after, _ = project_listing(version(tmp_path))
    assert before.generated == after.generated
    assert before.key() != after.key()


def test_init_says_what_becomes_of_the_script(tmp_path: Path) -> None:
    make_project(tmp_path)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "demo"\nversion = "1.0.0"\n')
    found = survey_project(tmp_path).found
    assert any("gen-files script scripts/gen_ref_pages.py read as" in line for line in found)
    (tmp_path / "scripts" / "gen_ref_pages.py").write_text("import mkdocs_gen_files\n")
    found = survey_project(tmp_path).found
    assert any("gen_ref_pages.py was not run" in line for line in found)
    (tmp_path / "scripts" / "gen_ref_pages.py").write_text("print('hi')\n")
    found = survey_project(tmp_path).found
    assert any("gen_ref_pages.py writes no page of the build" in line for line in found)


def recipe_of(text: str, tmp_path: Path, script: str = "scripts/gen.py") -> Recipe | str:
    return read_recipe(text, tmp_path / script, tmp_path)


def test_the_recipe_variants_read_as_their_rules(tmp_path: Path) -> None:
    recipe = recipe_of(RECIPE, tmp_path)
    assert recipe == Recipe(
        walk=tmp_path / "src",
        module_root=tmp_path / "src",
        doc_root=tmp_path / "src",
        output="reference",
        skip_private="last",
        skip_main=False,
        packages="index",
        title="front-matter",
        extra_options=False,
    )
    # Run from the project root, packages skipped, every private part, a heading (tsam's).
    tsam = (
        "from pathlib import Path\nimport mkdocs_gen_files\n"
        'src = Path("src")\n'
        'for path in sorted(src.rglob("*.py")):\n'
        '    module_path = path.relative_to(src).with_suffix("")\n'
        '    doc_path = path.relative_to(src).with_suffix(".md")\n'
        '    full_doc_path = Path("api", doc_path)\n'
        "    parts = tuple(module_path.parts)\n"
        '    if parts[-1] == "__init__" or "__pycache__" in parts:\n'
        "        continue\n"
        '    if any(part.startswith("_") and part != "__init__" for part in parts):\n'
        "        continue\n"
        '    with mkdocs_gen_files.open(full_doc_path, "w") as fd:\n'
        '        identifier = ".".join(parts)\n'
        '        fd.write(f"# {identifier}\\n\\n::: {identifier}\\n")\n'
    )
    read = recipe_of(tsam, tmp_path, "docs/gen_ref_pages.py")
    assert isinstance(read, Recipe)
    assert (read.walk, read.output, read.skip_private, read.packages, read.title) == (
        tmp_path / "src",
        "api",
        "any",
        "skip",
        "heading",
    )
    # One package walked below the folder modules are dotted from (StagPy's), and the
    # mkdocstrings docs' own variant that leaves out only __main__.
    stagpy = RECIPE.replace("sorted(src.rglob", 'sorted((src / "gfdemo").rglob').replace(
        'elif parts[-1].startswith("_"):', 'elif parts[-1] == "__main__":'
    )
    read = recipe_of(stagpy, tmp_path)
    assert isinstance(read, Recipe)
    assert (read.walk, read.module_root) == (tmp_path / "src" / "gfdemo", tmp_path / "src")
    assert (read.skip_private, read.skip_main) == ("none", True)
    # autora's: a package beside the config, names dotted from where MkDocs runs.
    beside = stagpy.replace('(src / "gfdemo")', 'Path("./gfdemo")').replace(
        "relative_to(src)", 'relative_to(".")'
    )
    read = recipe_of(beside, tmp_path)
    assert isinstance(read, Recipe)
    assert (read.walk, read.module_root, read.doc_root) == (tmp_path / "gfdemo", tmp_path, tmp_path)


def test_pages_may_be_relative_to_another_folder_than_the_names(tmp_path: Path) -> None:
    """kreuzberg's variant: names dotted from the source root, pages from the package's
    folder, in a folder two deep."""
    script = (
        RECIPE.replace(
            'doc_path = path.relative_to(src).with_suffix(".md")',
            'doc_path = path.relative_to(src / "gfdemo").with_suffix(".md")',
        )
        .replace('Path("reference", doc_path)', 'Path("api", "python", doc_path)')
        .replace("reference/SUMMARY.md", "api/python/SUMMARY.md")
        .replace("reference/", "api/python/")
    )
    make_project(tmp_path, {"scripts/gen_ref_pages.py": script})
    layout, _ = project_listing(version(tmp_path))
    assert [(p.relpath, p.text.split("::: ")[1]) for p in layout.generated] == [
        ("api/python/index.md", "gfdemo\n"),
        ("api/python/core.md", "gfdemo.core\n"),
    ]


def test_scripts_the_builder_cannot_follow_get_a_reason(tmp_path: Path) -> None:
    tests_left_out = RECIPE.replace(
        "    nav[parts]", '    if "tests" in str(path):\n        continue\n    nav[parts]'
    )
    assert "a test this builder does not read ('tests' in str(path))" in str(
        recipe_of(tests_left_out, tmp_path)
    )
    filtered = RECIPE.replace(
        'sorted(src.rglob("*.py"))', 'sorted(f for f in src.rglob("*.py") if f.stem != "x")'
    )
    assert "no loop" in str(recipe_of(filtered, tmp_path))
    names_elsewhere = RECIPE.replace("parts = tuple(module_path.parts)", "parts = path.parts[1:]")
    assert "does not dot module names" in str(recipe_of(names_elsewhere, tmp_path))
    assert "no loop" in str(recipe_of("import mkdocs_gen_files\nprint('::: x')\n", tmp_path))
    dynamic = RECIPE.replace('src = root / "src"', 'src = root / os.environ["SRC"]')
    assert "walks is not a path" in str(recipe_of(dynamic, tmp_path))
    assert "not Python" in str(recipe_of("for (:\n", tmp_path))


def test_the_plugin_is_found_in_a_list_or_a_mapping_of_plugins() -> None:
    listed = {"plugins": ["search", {"gen-files": {"scripts": ["scripts/a.py", 3]}}]}
    assert gen_files_scripts(listed) == ("scripts/a.py",)
    # zensical.toml's [project.plugins.gen-files] table, read as mkdocs.yml settings.
    mapped = load_config("zensical.toml", '[project.plugins.gen-files]\nscripts = ["gen.py"]\n')
    assert gen_files_scripts(mapped) == ("gen.py",)
    assert gen_files_scripts({"plugins": ["gen-files"]}) == ()


def test_a_recipe_never_walks_outside_the_project(tmp_path: Path) -> None:
    # The walk was checked as written, not as it resolves: '..' and a link to another folder
    # listed that folder's module names as pages, and an absolute folder was a traceback.
    outside = tmp_path / "outside"
    (outside / "leak").mkdir(parents=True)
    (outside / "leak" / "private_name.py").write_text("x = 1\n", encoding="utf-8")
    walks = {
        "dots": ('root / "src"', 'root / "src" / ".." / ".." / "outside"'),
        "absolute": ('root / "src"', 'Path("/")'),
        "link": ("", ""),
    }
    for label, (old, new) in walks.items():
        project = tmp_path / label
        make_project(project, {"scripts/gen_ref_pages.py": RECIPE.replace(old, new)})
        if label == "link":
            for module in sorted((project / "src").rglob("*"), reverse=True):
                module.unlink() if module.is_file() else module.rmdir()
            (project / "src").rmdir()
            (project / "src").symlink_to(outside, target_is_directory=True)
        layout, listing = project_listing(version(project))
        assert [c.relpath for c in listing.candidates] == ["index.md", "changelog.md"], label
        assert any("outside the project" in w for w in layout.warnings), label


def test_a_script_nested_deeper_than_the_reader_recurses_gets_a_reason(tmp_path: Path) -> None:
    # ast.parse takes 1,500 chained '/' (not 3,000); reading the path recursed once per '/'
    # and the RecursionError left the build.
    deep = RECIPE.replace('root / "src"', "root" + ' / "x"' * 1_500)
    assert recipe_of(deep, tmp_path) in (
        "its expressions nest deeper than this builder reads",
        "it is not Python this builder can parse",  # a Python whose parser stops sooner
    )


# bump-my-version 0.28.1's docs/gen_doc_stubs.py: the package named by a string constant, its
# pages under reference/api/, which the nav reaches through its "reference/" folder.
NAMED_PACKAGE = """\
from pathlib import Path

import mkdocs_gen_files

package_name = "gfdemo"

nav = mkdocs_gen_files.Nav()
src_root = Path(__file__).parent.parent / "src"
package_root = src_root / package_name

for path in sorted(package_root.rglob("*.py")):
    module_path = path.relative_to(src_root).with_suffix("")
    doc_path = path.relative_to(src_root).with_suffix(".md")
    full_doc_path = Path("reference/api", doc_path)
    parts = tuple(module_path.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
        doc_path = doc_path.with_name("index.md")
        full_doc_path = full_doc_path.with_name("index.md")
    elif parts[-1].startswith("_"):
        continue
    with mkdocs_gen_files.open(full_doc_path, "w") as fd:
        ident = ".".join(parts)
        fd.write(f"::: {ident}")
"""


def test_a_package_named_by_a_string_constant_is_walked(tmp_path: Path) -> None:
    make_project(
        tmp_path,
        {"scripts/gen_ref_pages.py": NAMED_PACKAGE, "docs/reference/index.md": "# Reference\n"},
    )
    layout, listing = project_listing(version(tmp_path))
    assert [c.relpath for c in listing.candidates] == [
        "index.md",
        "reference/index.md",
        "reference/api/gfdemo/index.md",
        "reference/api/gfdemo/core.md",
        "changelog.md",
    ]
    assert not layout.warnings


# outlines 1.3.3's variant: it walks the package's own folder, so module names are dotted
# from inside it, and writes the package's name before each: "::: outlines.backends.base".
# Modules an EXCLUDED_FILES name is a part of are left out.
PACKAGE_PREFIX = """\
from pathlib import Path

import mkdocs_gen_files

CODEBASE_DIR_NAME = "gfdemo"
OUTPUT_DIR_NAME = "api_reference"
EXCLUDED_FILES = ["_version"]

nav = mkdocs_gen_files.Nav()
root = Path(__file__).parent.parent
src = root / "src" / CODEBASE_DIR_NAME

for path in sorted(src.rglob("*.py")):
    module_path = path.relative_to(src).with_suffix("")
    doc_path = path.relative_to(src).with_suffix(".md")
    full_doc_path = Path(OUTPUT_DIR_NAME, doc_path)

    parts = tuple(module_path.parts)

    if any(part in EXCLUDED_FILES for part in parts):
        continue

    if parts[-1] == "__init__":
        if len(parts) == 1:
            doc_path = Path("index.md")
            full_doc_path = Path(OUTPUT_DIR_NAME, doc_path)
            parts = (CODEBASE_DIR_NAME,)
        else:
            parts = parts[:-1]
            doc_path = doc_path.with_name("index.md")
            full_doc_path = full_doc_path.with_name("index.md")

    nav[parts] = doc_path.as_posix()

    with mkdocs_gen_files.open(full_doc_path, "w") as fd:
        ident = ".".join(parts)
        if len(parts) == 1 and parts[0] == CODEBASE_DIR_NAME:
            fd.write(f"::: {CODEBASE_DIR_NAME}")
        else:
            fd.write(f"::: {CODEBASE_DIR_NAME}.{ident}")
"""


def test_a_package_name_written_before_each_module_is_part_of_its_name(tmp_path: Path) -> None:
    # Read as "::: backends.base", none of outlines' 46 pages found its module.
    make_project(
        tmp_path,
        {
            "scripts/gen_ref_pages.py": PACKAGE_PREFIX,
            "mkdocs.yml": MKDOCS_YML.replace("reference/", "api_reference/"),
            "src/gfdemo/_version.py": 'version = "1.0"\n',
            "src/gfdemo/sub/__init__.py": '"""A subpackage."""\n',
        },
    )
    layout, _ = project_listing(version(tmp_path))
    assert not layout.warnings
    assert {p.relpath: p.text for p in layout.generated} == {
        "api_reference/index.md": "::: gfdemo\n",
        "api_reference/_hidden.md": "::: gfdemo._hidden\n",
        "api_reference/core.md": "::: gfdemo.core\n",
        "api_reference/sub/index.md": "::: gfdemo.sub\n",
    }
    records = compiled_records(tmp_path)
    assert ("gfdemo.core.add", "api_reference/core.md") in {
        (r["heading"], r["source"]) for r in records
    }


# nautobot 3.1.6's variant: it walks one folder's own modules, written from where MkDocs runs
# (glob, not rglob), dots each path as it is, and writes its page under code-reference/.
OWN_MODULES = """\
from pathlib import Path

import mkdocs_gen_files

for file_path in sorted(Path("gfdemo", "apps").glob("*.py")):
    module_path = file_path.with_suffix("")
    doc_path = file_path.with_suffix(".md")
    full_doc_path = Path("code-reference", doc_path)

    parts = list(module_path.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]

    with mkdocs_gen_files.open(full_doc_path, "w") as fd:
        identifier = ".".join(parts)
        print(f"::: {identifier}", file=fd)

    mkdocs_gen_files.set_edit_path(full_doc_path, file_path)
"""


def test_a_walk_of_one_folders_own_modules_from_the_run_folder(tmp_path: Path) -> None:
    # Read as no recipe ("it has no loop over a folder's rglob('*.py')"), nautobot's 26 code
    # reference pages were missing: 409,480 words on its site, 0 of its API pages here.
    make_project(
        tmp_path,
        {
            "docs/gen_pages.py": OWN_MODULES,
            "mkdocs.yml": MKDOCS_YML.replace("reference/", "code-reference/").replace(
                "scripts/gen_ref_pages.py", "docs/gen_pages.py"
            ),
            "gfdemo/__init__.py": '"""The package."""\n',
            "gfdemo/apps/__init__.py": '"""What apps use."""\n',
            "gfdemo/apps/models.py": '"""Models."""\n\n\nclass Model:\n    """A model."""\n',
            "gfdemo/apps/sub/deep.py": '"""Not walked: glob reads the folder\'s own modules."""\n',
        },
    )
    docs = VersionConfig("1.0.0", tmp_path / "docs", None, None, (), (), None, None)
    layout, _ = project_listing(docs)
    assert not layout.warnings
    assert {p.relpath: p.text for p in layout.generated} == {
        "code-reference/gfdemo/apps/__init__.md": "::: gfdemo.apps\n",
        "code-reference/gfdemo/apps/models.md": "::: gfdemo.apps.models\n",
    }


def test_a_script_that_never_uses_gen_files_writes_no_page_and_warns_of_none(
    tmp_path: Path,
) -> None:
    # ansible-lint 26.10.1's tools/generate_docs.py writes docs/_autofix_rules.md itself, a
    # file its release holds: "the pages it writes are missing" failed a --strict build.
    script = 'from pathlib import Path\n\nPath("docs/_rules.md").write_text("- a\\n")\n'
    make_project(tmp_path, {"scripts/gen_ref_pages.py": script})
    layout, listing = project_listing(version(tmp_path))
    assert layout.warnings == ()
    assert "mkdocs.yml: gen-files script scripts/gen_ref_pages.py writes no page of the build" in (
        layout.notes
    )
    assert [c.relpath for c in listing.candidates] == ["index.md", "changelog.md"]


def test_a_private_test_after_the_package_branch_leaves_private_packages_out(
    tmp_path: Path,
) -> None:
    # app-model 0.5.1's gen_ref_nav.py tests "if parts[-1].startswith('_'): continue" after
    # its "__init__" branch, not as its elif: its private types/_keys package got a page.
    separate = RECIPE.replace(
        '    elif parts[-1].startswith("_"):\n        continue\n',
        '    if parts[-1].startswith("_"):\n        continue\n',
    )
    private_package = {
        "src/gfdemo/_priv/__init__.py": '"""Private."""\n',
        "src/gfdemo/_priv/mod.py": '"""A module."""\n',
    }
    pages = {}
    for name, script in (("elif", RECIPE), ("separate", separate)):
        make_project(tmp_path / name, {"scripts/gen_ref_pages.py": script, **private_package})
        layout, _ = project_listing(version(tmp_path / name))
        pages[name] = sorted(p.relpath for p in layout.generated)
    assert pages == {
        "elif": [
            "reference/gfdemo/_priv/index.md", "reference/gfdemo/_priv/mod.md",
            "reference/gfdemo/core.md", "reference/gfdemo/index.md",
        ],
        "separate": [
            "reference/gfdemo/_priv/mod.md", "reference/gfdemo/core.md",
            "reference/gfdemo/index.md",
        ],
    }  # fmt: skip


def test_a_config_in_a_folder_of_its_own_walks_the_package_beside_it(tmp_path: Path) -> None:
    # pyiceberg 0.11.1: mkdocs/mkdocs.yml runs mkdocs/gen_doc_stubs.py, which walks
    # Path(__file__).parent.parent / "pyiceberg", the package beside the docs' folder. The walk
    # was bounded by the config's folder: "walks ../pyiceberg/, outside the project", and 12 of
    # the site's 91 pages were read, none of its 1,122 API entries.
    script = RECIPE.replace('src = root / "src"', 'src = root.joinpath("gfdemo")').replace(
        "path.relative_to(src)", "path.relative_to(root)"
    )
    files = {
        "pyproject.toml": '[project]\nname = "gfdemo"\n',
        "mkdocs/mkdocs.yml": MKDOCS_YML.replace("scripts/gen_ref_pages.py", "gen_doc_stubs.py"),
        "mkdocs/gen_doc_stubs.py": script,
        "mkdocs/docs/index.md": "# Demo\n",
        "mkdocs/docs/changelog.md": "# Changelog\n",
        "gfdemo/__init__.py": '"""The package."""\n',
        "gfdemo/core.py": '"""Core."""\n',
    }
    for relpath, text in files.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, encoding="utf-8")
    docs = VersionConfig(
        "1.0.0", tmp_path / "mkdocs/docs", None, None, (), (), None, None,
        catalog_folder=tmp_path,
    )  # fmt: skip
    layout, listing = project_listing(docs)
    assert not layout.warnings
    assert [c.relpath for c in listing.candidates] == [
        "index.md",
        "reference/gfdemo/index.md",
        "reference/gfdemo/core.md",
        "changelog.md",
    ]
    # Bounded by the catalog's folder still: the same config, catalogued from mkdocs/.
    inside = VersionConfig(
        "1.0.0", tmp_path / "mkdocs/docs", None, None, (), (), None, None,
        catalog_folder=tmp_path / "mkdocs",
    )  # fmt: skip
    layout, listing = project_listing(inside)
    assert any("outside the project" in w for w in layout.warnings)
    assert [c.relpath for c in listing.candidates] == ["index.md", "changelog.md"]
