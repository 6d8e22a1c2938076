"""What docbuild init reads of a private workspace root: the published package it stands for,
its name and its version."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.survey import survey_project


def test_a_private_workspace_root_is_its_one_published_package(tmp_path: Path) -> None:
    # Vue Router 5.2.0: the root package.json is the private "@vue/router-root", with no
    # version; init named the library after it, version 0.0.0. Its one published workspace
    # member, packages/router, is vue-router 5.2.0.
    def write(path: str, text: str) -> None:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")

    write("package.json", '{"name": "@vue/router-root", "private": true}')
    write("pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n")
    write("packages/docs/package.json", '{"name": "@vue/router-docs", "private": true}')
    write("packages/docs/index.md", "# Vue Router\n\nText.\n")
    write("packages/playground/package.json", '{"name": "pg", "version": "0.0.0", "private": true}')
    write(
        "packages/router/package.json",
        '{"name": "vue-router", "version": "5.2.0", "description": "The official router"}',
    )
    survey = survey_project(tmp_path)
    assert (survey.library_id, survey.name, survey.version, survey.packages) == (
        "vue-router",
        "vue-router",
        "5.2.0",
        ("npm:vue-router",),
    )
    assert survey.summary == "The official router"
    # Two published members: the root stays the name, as the workspace is no one package.
    write("packages/testing/package.json", '{"name": "vue-router-testing", "version": "1.0.0"}')
    assert survey_project(tmp_path).name == "@vue/router-root"


def test_a_private_workspace_root_is_its_published_package_of_the_same_name(
    tmp_path: Path,
) -> None:
    # valibot 1.4.2's repository: the private root "valibot" is 0.0.0; of its published
    # members (library/, packages/i18n, codemod/zod-to-valibot) library/ is valibot 1.4.2.
    def write(path: str, text: str) -> None:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")

    write("package.json", '{"name": "valibot", "version": "0.0.0", "private": true}')
    write("pnpm-workspace.yaml", "packages:\n  - 'codemod/*'\n  - 'library'\n  - 'packages/*'\n")
    write("codemod/zod-to-valibot/package.json", '{"name": "@valibot/zod", "version": "0.1.2"}')
    write("library/package.json", '{"name": "valibot", "version": "1.4.2", "description": "V"}')
    write("packages/i18n/package.json", '{"name": "@valibot/i18n", "version": "1.2.0"}')
    write("website/index.md", "# Valibot\n\nText.\n")
    survey = survey_project(tmp_path)
    assert (survey.name, survey.version, survey.summary) == ("valibot", "1.4.2", "V")
    assert "library/package.json: package valibot, the published package of the root's name" in (
        survey.found
    )


def test_a_private_workspace_roots_suffix_is_no_part_of_its_packages_name(
    tmp_path: Path,
) -> None:
    # Formik 2.4.9's repository: the private root "formik-project" beside the published
    # formik, formik-native and its site (fdocs3); init named the library formik-project
    # 0.0.0, npm:formik-project.
    def write(path: str, text: str) -> None:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")

    workspaces = '"workspaces": ["packages/*", "website"]'
    write("package.json", '{"name": "formik-project", "private": true, ' + workspaces + "}")
    write("packages/formik/package.json", '{"name": "formik", "version": "2.4.9"}')
    write("packages/formik-native/package.json", '{"name": "formik-native", "version": "2.1.32"}')
    write("website/package.json", '{"name": "fdocs3", "version": "1.0.0"}')
    write("docs/overview.md", "# Overview\n\nText.\n")
    survey = survey_project(tmp_path)
    assert (survey.name, survey.version, survey.packages) == ("formik", "2.4.9", ("npm:formik",))
    assert (
        "packages/formik/package.json: package formik, the published package of the root's name"
        in (survey.found)
    )


def test_a_private_workspace_root_of_no_name_is_named_by_its_folder(tmp_path: Path) -> None:
    # wagmi 2.19.5's repository: the private root names nothing; of its published members
    # (@wagmi/core, @wagmi/vue, create-wagmi, ...) packages/react is wagmi. Init named the
    # library after the folder, version 0.0.0, with no registry name.
    root = tmp_path / "wagmi"

    def write(path: str, text: str) -> None:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")

    write("package.json", '{"private": true}')
    write("pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n")
    write("packages/core/package.json", '{"name": "@wagmi/core", "version": "2.22.1"}')
    write("packages/create-wagmi/package.json", '{"name": "create-wagmi", "version": "2.0.15"}')
    write("packages/react/package.json", '{"name": "wagmi", "version": "2.19.5"}')
    write("docs/index.md", "# Wagmi\n\nText.\n")
    survey = survey_project(root)
    assert (survey.name, survey.version, survey.packages) == ("wagmi", "2.19.5", ("npm:wagmi",))


def test_a_private_workspace_root_s_version_is_its_library_s_newest_release(
    tmp_path: Path,
) -> None:
    # emotion (HEAD): the private root "emotion-monorepo" says 10.0.0, never released; its
    # packages are @emotion/react 11.14.0, @emotion/jest 11.14.2 ... Init wrote 10.0.0.
    def write(path: str, text: str) -> None:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")

    write(
        "package.json",
        '{"name": "emotion-monorepo", "version": "10.0.0", "private": true,'
        ' "workspaces": ["packages/*", "site"]}',
    )
    write("packages/react/package.json", '{"name": "@emotion/react", "version": "11.14.0"}')
    write("packages/jest/package.json", '{"name": "@emotion/jest", "version": "11.14.2"}')
    write("packages/hash/package.json", '{"name": "@emotion/hash", "version": "0.9.2"}')
    write("packages/other/package.json", '{"name": "stylis-plugin", "version": "12.0.0"}')
    write("site/package.json", '{"name": "emotion-site", "version": "99.0.0", "private": true}')
    write("docs/index.md", "Text.\n")
    survey = survey_project(tmp_path)
    assert (survey.name, survey.version) == ("emotion", "11.14.2")
    assert (
        "packages/jest/package.json: @emotion/jest 11.14.2, the newest of the library's "
        "published packages, is the version"
    ) in survey.found


@pytest.mark.parametrize(
    ("root_name", "library"),
    [("@vueuse/monorepo", "vueuse"), ("emotion-monorepo", "emotion"), ("@vue/router-root", "")],
)
def test_a_private_workspace_root_named_by_a_workspace_word_is_the_library(
    tmp_path: Path, root_name: str, library: str
) -> None:
    # VueUse 14.4.0 and emotion: the private roots "@vueuse/monorepo" and "emotion-monorepo",
    # beside many published packages none of which is the library; init named the library
    # vueuse-monorepo and emotion-monorepo. A scoped name with more than the word stays.
    def write(path: str, text: str) -> None:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")

    write("package.json", f'{{"name": "{root_name}", "version": "14.4.0", "private": true}}')
    write("pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n")
    write("packages/core/package.json", '{"name": "@x/core", "version": "14.4.0"}')
    write("packages/shared/package.json", '{"name": "@x/shared", "version": "14.4.0"}')
    write("docs/index.md", "Text.\n")
    survey = survey_project(tmp_path)
    expected = library or root_name
    assert (survey.name, survey.version, survey.packages) == (expected, "14.4.0", ())
    assert survey.library_id == (library or root_name.lstrip("@").replace("/", "-"))
