"""builder.projects.quartodoc_config: quartodoc's settings from the file its recipe names."""

from __future__ import annotations

from pathlib import Path

from builder.projects.quarto import read_quarto

SETTINGS = "quartodoc:\n  package: shop\n  dir: reference\n  sections:\n    - contents: [Cart]\n"


def _site(tmp_path: Path, recipe: str, files: dict[str, str] | None = None) -> Path:
    docs = tmp_path / "doc"
    docs.mkdir()
    (docs / "_quarto.yml").write_text("project:\n  type: website\n")
    (docs / "Makefile").write_text(recipe)
    for name, text in (files or {}).items():
        (docs / name).write_text(text)
    return docs / "_quarto.yml"


def test_the_settings_of_the_file_quartodoc_build_is_given_make_the_api_pages(
    tmp_path: Path,
) -> None:
    # plotnine 0.15.8: doc/Makefile runs "quartodoc build --config _quartodoc.yml"; read from
    # _quarto.yml alone, its API reference was no page (41 sections, now 1,203).
    config = _site(
        tmp_path,
        "docs:\n\tcd doc && $(PYTHON) -m quartodoc build --verbose --config _quartodoc.yml\n",
        {"_quartodoc.yml": SETTINGS},
    )
    layout = read_quarto(config)
    assert [page.relpath for page in layout.generated] == [
        "reference/index.qmd",
        "reference/Cart.qmd",
    ]
    assert "quartodoc: settings from _quartodoc.yml, as Makefile builds it" in layout.notes


def test_a_quartodoc_section_of_quarto_yml_comes_first(tmp_path: Path) -> None:
    config = _site(tmp_path, "api:\n\tquartodoc build --config=api.yml\n", {"api.yml": SETTINGS})
    config.write_text(SETTINGS.replace("Cart", "Shelf"))
    assert [p.relpath for p in read_quarto(config).generated][1:] == ["reference/Shelf.qmd"]


def test_a_named_file_outside_the_docs_folder_or_not_yaml_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "secret.yml").write_text(SETTINGS)
    recipe = (
        "a:\n\tquartodoc build --config ../secret.yml\n"
        "b:\n\tquartodoc build --config /etc/secret.yml\n"
        "c:\n\tquartodoc build --config linked.yml\n"
        "d:\n\tquartodoc build --config settings.txt\n"
        "e:\n\tquartodoc build --config missing.yml\n"
        f"f:\n\tquartodoc build{' -v' * 5000} --config far.yml\n"
    )
    config = _site(
        tmp_path, recipe, {"settings.txt": SETTINGS, "far.yml": SETTINGS, "bad.yml": ":\n["}
    )
    (config.parent / "linked.yml").symlink_to(tmp_path / "secret.yml")
    assert read_quarto(config).generated == ()


def test_an_unreadable_named_file_or_a_huge_recipe_makes_no_pages(tmp_path: Path) -> None:
    config = _site(tmp_path, "a:\n\tquartodoc build --config bad.yml\n", {"bad.yml": "a: [\n"})
    layout = read_quarto(config)
    assert layout.generated == ()
    assert "bad.yml: not readable YAML; no API pages" in layout.notes
    (config.parent / "Makefile").write_text("quartodoc build --config x.yml\n" * 200_000)
    assert read_quarto(config).generated == ()
