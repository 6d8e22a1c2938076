"""builder.readme_translations: a README's translations beside it are left out of the docs
`docbuild init` reads."""

from __future__ import annotations

from pathlib import Path

from builder.survey import survey_project


def test_a_readme_s_translations_beside_it_are_left_out(tmp_path: Path) -> None:
    # exceljs 4.4.0: README_zh.md read beside README.md, 118 of the package's 238 sections;
    # formidable 3.5.4's README_pt_BR.md the same
    (tmp_path / "package.json").write_text('{"name": "lib", "version": "1.0.0"}')
    for name in ("README.md", "README_zh.md", "README.zh-CN.md", "readme-pt_BR.md", "README_v2.md"):
        (tmp_path / name).write_text("# lib\n")
    (tmp_path / "CHANGELOG.md").write_text("# Changes\n")
    survey = survey_project(tmp_path)
    assert survey.docs == "."
    translations = {"README_zh.md", "README.zh-CN.md", "readme-pt_BR.md"}
    assert translations <= set(survey.exclude)
    assert not {"README.md", "README_v2.md", "CHANGELOG.md"} & set(survey.exclude)
    # without a README beside them, such pages are the docs
    (tmp_path / "README.md").unlink()
    assert not translations & set(survey_project(tmp_path).exclude)
