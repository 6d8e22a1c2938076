"""gen-files: a script that loops over a list of the modules it documents (Python-Markdown's
gen_ref_nav.py) reads as mkdocstrings' recipe for those modules alone, in the list's order."""

from pathlib import Path

from builder.projects.gen_files import generated_pages
from builder.projects.gen_files_recipe import Recipe, read_recipe

# Python-Markdown 3.10's scripts/gen_ref_nav.py, shortened: named modules, then a walk.
LISTED = """\
from pathlib import Path

import mkdocs_gen_files

base_path = Path(__file__).resolve().parent.parent

modules = [
    base_path.joinpath("pkg", "__init__.py"),
    base_path.joinpath("pkg", "util.py"),
    *sorted(base_path.joinpath("pkg", "ext").rglob("*.py")),
]

for src_path in modules:
    path = src_path.relative_to(base_path)
    module_path = path.with_suffix("")
    doc_path = path.with_suffix(".md")
    full_doc_path = Path("reference", doc_path)
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


def _project(root: Path, script: str) -> None:
    for name in ("pkg/__init__.py", "pkg/util.py", "pkg/core.py", "pkg/ext/__init__.py",
                 "pkg/ext/abbr.py", "pkg/ext/_private.py"):  # fmt: skip
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text('"""A module."""\n', encoding="utf-8")
    (root / "scripts").mkdir()
    (root / "scripts" / "gen_ref_nav.py").write_text(script, encoding="utf-8")


def test_a_list_of_modules_reads_as_the_recipe_for_those_modules(tmp_path: Path) -> None:
    _project(tmp_path, LISTED)
    recipe = read_recipe(LISTED, tmp_path / "scripts" / "gen_ref_nav.py", tmp_path)
    assert isinstance(recipe, Recipe)
    assert recipe.walk == tmp_path / "pkg"
    assert recipe.listed == (
        tmp_path / "pkg" / "__init__.py",
        tmp_path / "pkg" / "util.py",
        tmp_path / "pkg" / "ext",
    )
    config = {"plugins": [{"gen-files": {"scripts": ["scripts/gen_ref_nav.py"]}}]}
    made = generated_pages(config, tmp_path, "mkdocs.yml")
    # pkg.core is not listed; ext's private module is left out as the loop says.
    assert [(page.relpath, page.text) for page in made.pages] == [
        ("reference/pkg/index.md", "::: pkg\n"),
        ("reference/pkg/util.md", "::: pkg.util\n"),
        ("reference/pkg/ext/index.md", "::: pkg.ext\n"),
        ("reference/pkg/ext/abbr.md", "::: pkg.ext.abbr\n"),
    ]
    assert made.folders == ("reference",) and not made.warnings


def test_a_list_with_an_item_it_cannot_tell_is_no_recipe(tmp_path: Path) -> None:
    script = LISTED.replace('base_path.joinpath("pkg", "util.py"),', "find_util(),")
    _project(tmp_path, script)
    read = read_recipe(script, tmp_path / "scripts" / "gen_ref_nav.py", tmp_path)
    assert read == (
        "an item of the list of modules it loops over (find_util()) is not a path this"
        " builder can tell without running it"
    )


def test_a_list_changed_after_it_is_built_is_no_recipe(tmp_path: Path) -> None:
    # Modules appended later would be missing without a word.
    for change in ('modules.append(base_path / "pkg" / "core.py")\n', "modules += []\n"):
        script = LISTED.replace(
            "\nfor src_path in modules:", f"\n{change}\nfor src_path in modules:"
        )
        read = read_recipe(script, tmp_path / "scripts" / "gen_ref_nav.py", tmp_path)
        assert read == (
            "the list of modules it loops over (modules) is changed after it is built, which"
            " this builder does not follow"
        )
