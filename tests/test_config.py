"""Loading and validating docbuild.toml: every problem reported at once, with where it is."""

from pathlib import Path

import pytest

from builder.config import load_catalog
from builder.errors import ConfigError
from schemas.term_chunks import SPLIT_INDEX_BYTES

COMPAT = Path(__file__).parent.parent / "examples" / "compat" / "doctrove-demo-index.json"


def write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "docs").mkdir(exist_ok=True)
    path = tmp_path / "docbuild.toml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """
[site]
title = "Docs"
base_url = "https://org.example/docs"

[[libraries]]
id = "flask"
name = "Flask"
summary = "Web framework"
aliases = ["flask-web"]
packages = ["pypi:flask"]
popularity = 10

  [[libraries.versions]]
  version = "3.1.0"
  path = "docs"
  include = ["*.rst"]
  exclude = ["changes.rst"]
  url_template = "https://flask.example/en/{version}/{page}/#{anchor}"
"""


def test_loads_a_valid_catalog(tmp_path: Path) -> None:
    config = load_catalog(write(tmp_path, GOOD))
    assert config.site.base_url == "https://org.example/docs/"
    (library,) = config.libraries
    assert (library.id, library.name, library.aliases, library.packages) == (
        "flask",
        "Flask",
        ("flask-web",),
        ("pypi:flask",),
    )
    (version,) = library.versions
    assert version.directory == tmp_path / "docs"
    assert (version.include, version.exclude) == (("*.rst",), ("changes.rst",))


def test_reports_every_problem_at_once(tmp_path: Path) -> None:
    text = """
[site]
title = "Docs"
base_url = "https://org.example/"
colour = "blue"

[[libraries]]
id = "Flask!"
name = "Flask"
packages = ["flask"]
  [[libraries.versions]]
  version = "three"
  path = "missing-dir"
  [[libraries.versions]]
  version = "1.0"
  path = "docs"
  index = "x.json"

[[libraries]]
id = "dup"
name = "A"
  [[libraries.versions]]
  version = "1.0.0"
  path = "docs"
  url_template = "https://x/{nope}"
  [[libraries.versions]]
  version = "v1.0.0"
  path = "docs"

[[libraries]]
id = "dup"
name = "B"
  [[libraries.versions]]
  version = "2.0"
  path = "docs"
"""
    with pytest.raises(ConfigError) as caught:
        load_catalog(write(tmp_path, text))
    problems = "\n".join(caught.value.problems)
    assert caught.value.exit_code == 2
    for expected in [
        "[site]: unknown key 'colour'",
        "id must be lowercase",
        "'flask' is not 'registry:name'",
        "versions[0].version: 'three' is neither a semantic version",
        "versions[0].path: directory 'missing-dir' does not exist",
        "versions[1]: needs exactly one source",
        "unknown placeholder(s) ['nope']",
        "version 'v1.0.0' duplicates '1.0.0'",
        "libraries[2]: duplicate id 'dup'",
    ]:
        assert expected in problems, f"{expected!r} not in:\n{problems}"


def test_an_id_ending_in_a_newline_is_refused(tmp_path: Path) -> None:
    # The pattern's "$" matched before a final newline: the id made a record path with one.
    with pytest.raises(ConfigError) as caught:
        load_catalog(write(tmp_path, GOOD.replace('id = "flask"', 'id = "flask\\n"')))
    assert any("id must be lowercase" in p for p in caught.value.problems)


def test_wrong_types_are_named(tmp_path: Path) -> None:
    text = GOOD.replace("popularity = 10", 'popularity = "high"').replace(
        'aliases = ["flask-web"]', 'aliases = "flask-web"'
    )
    with pytest.raises(ConfigError) as caught:
        load_catalog(write(tmp_path, text))
    assert any("popularity: must be a number, not str" in p for p in caught.value.problems)
    assert any("aliases: must be a list, not str" in p for p in caught.value.problems)


def test_a_misspelt_key_is_named_with_the_key_it_most_likely_means(tmp_path: Path) -> None:
    text = """
[site]
Title = "Docs"
base_url = "https://example.org/"

[[libraries]]
id = "demo"
name = "Demo"
sumary = "A summary"
  [[libraries.versions]]
  version = "1.0"
  pth = "docs"

  [[libraries.versions]]
  version = "0.9"
  git = { repo = ".", reff = "v0.9" }
"""
    with pytest.raises(ConfigError) as caught:
        load_catalog(write(tmp_path, text))
    problems = "\n".join(caught.value.problems)
    # Each said only "unknown key" and the table's known keys, leaving the user to spot the slip.
    for expected in [
        "[site]: unknown key 'Title' (did you mean 'title'? known keys: base_url,",
        "libraries[0]: unknown key 'sumary' (did you mean 'summary'? known keys:",
        "versions[0]: unknown key 'pth' (did you mean 'path'? known keys:",
        "versions[1].git: unknown key 'reff' (did you mean 'ref'? known keys:",
    ]:
        assert expected in problems, f"{expected!r} not in:\n{problems}"
    # A key like none of the known ones gets no guess.
    with pytest.raises(ConfigError) as unlike:
        load_catalog(write(tmp_path, GOOD.replace("[site]\n", "[site]\nzzz = 1\n")))
    assert "unknown key 'zzz' (known keys: " in "\n".join(unlike.value.problems)


@pytest.mark.parametrize(
    ("project", "expected"),
    [
        # Said only "must be one of auto, mkdocs, …", where a misspelt key gets its key.
        ("mkdoc", "; did you mean 'mkdocs'?"),
        ("Sphinx", "; did you mean 'sphinx'?"),
        ("quarto", "; 'quarto' has no setting of its own: 'auto' reads it"),
        ("zensical", "; 'zensical' has no setting of its own: 'mkdocs' reads it"),
        ("plain", ""),
    ],
)
def test_a_project_no_setting_names_says_which_one_is_meant(
    tmp_path: Path, project: str, expected: str
) -> None:
    text = GOOD.replace('  path = "docs"\n', f'  path = "docs"\n  project = "{project}"\n')
    with pytest.raises(ConfigError) as caught:
        load_catalog(write(tmp_path, text))
    assert caught.value.problems[0].endswith(
        ".versions[0].project: must be one of auto, mkdocs, vitepress, docusaurus, mdbook, "
        "jupyterbook, sphinx, none" + expected
    )


def test_a_key_written_in_the_wrong_table_names_the_table_that_takes_it(tmp_path: Path) -> None:
    text = 'title = "Docs"\n' + GOOD.replace(
        "popularity = 10\n", 'popularity = 10\nversion = "3.1.0"\n'
    ).replace('  path = "docs"\n', '  path = "docs"\n  homepage = "https://flask.example/"\n')
    with pytest.raises(ConfigError) as caught:
        load_catalog(write(tmp_path, text))
    problems = "\n".join(caught.value.problems)
    # A top-level title was "did you mean 'site'?"; a library's version "did you mean
    # 'versions'?" (a list of tables); a version's homepage only listed the keys.
    for expected in [
        "docbuild.toml: unknown key 'title' (it is a key of [site], not of this table; known",
        "libraries[0]: unknown key 'version' (it is a key of "
        "[[libraries.versions]], not of this table; known keys:",
        "versions[0]: unknown key 'homepage' (it is a key of [[libraries]], not of this table;",
    ]:
        assert expected in problems, f"{expected!r} not in:\n{problems}"


def test_invalid_toml_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_catalog(write(tmp_path, "[site\ntitle="))


def test_missing_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read the catalog file") as missing:
        load_catalog(tmp_path / "nope.toml")
    # It said only "No such file or directory": not that docbuild init writes one.
    assert "docbuild init writes one" in str(missing.value)
    assert "-c names an existing one" in str(missing.value)
    with pytest.raises(ConfigError, match="cannot read the catalog file") as folder:
        load_catalog(tmp_path)
    assert "-c names the catalog file itself, such as FOLDER/docbuild.toml" in str(folder.value)
    # The folder holding one (-c docs/): it was told to find FOLDER/docbuild.toml itself.
    catalog = write(tmp_path, GOOD)
    with pytest.raises(ConfigError, match="cannot read the catalog file") as holding:
        load_catalog(tmp_path)
    assert str(holding.value).endswith(f"; -c names the catalog file itself: -c {catalog}")


def test_imports_are_checked_up_front(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('{"format": "other", "entries": []}')
    (tmp_path / "good.json").write_bytes(COMPAT.read_bytes())
    text = """
[site]
title = "Docs"
base_url = "https://docs.example/"

[[libraries]]
id = "express"
name = "Express"
  [[libraries.versions]]
  version = "9.9.9"
  index = "good.json"

[[imports]]
index = "bad.json"

[[imports]]
index = "good.json"

[[imports]]
index = "gone.json"
"""
    with pytest.raises(ConfigError) as caught:
        load_catalog(write(tmp_path, text))
    problems = "\n".join(caught.value.problems)
    assert "has no volume '9.9.9' for 'express'" in problems
    assert "bad.json/format" in problems
    assert "entry id 'express' is already used by" in problems
    assert "cannot read" in problems and "gone.json" in problems


def test_nothing_to_build(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="nothing to build"):
        load_catalog(write(tmp_path, '[site]\ntitle = "x"\nbase_url = "https://docs.example/"\n'))


@pytest.mark.parametrize("value", ["99999999999999999999", "-1", "nan", "inf", "9007199254740992"])
def test_popularity_is_bounded(tmp_path: Path, value: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_catalog(write(tmp_path, GOOD.replace("popularity = 10", f"popularity = {value}")))
    assert caught.value.problems == [
        "docbuild.toml libraries[0] (id 'flask').popularity: "
        "must be a number from 0 to 9007199254740991"
    ]


def test_largest_popularity_is_accepted(tmp_path: Path) -> None:
    text = GOOD.replace("popularity = 10", "popularity = 9007199254740991")
    assert load_catalog(write(tmp_path, text)).libraries[0].popularity == 2**53 - 1


@pytest.mark.parametrize(
    "value", ["[" * 5000 + "]" * 5000, "{a = " * 5000 + "1" + "}" * 5000, "9" * 5000]
)
def test_values_toml_cannot_hold_in_python_are_config_errors(tmp_path: Path, value: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_catalog(
            write(tmp_path, GOOD.replace('summary = "Web framework"', f"summary = {value}"))
        )
    (problem,) = caught.value.problems
    assert "nested too deeply" in problem or "Exceeds the limit (4300 digits)" in problem


def test_paths_must_stay_in_the_catalog_folder(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside.json").write_bytes(COMPAT.read_bytes())
    (project / "sneaky").symlink_to(tmp_path / "outside")
    text = """
[site]
title = "Docs"
base_url = "https://docs.example/"

[[libraries]]
id = "demo"
name = "Demo"
  [[libraries.versions]]
  version = "1.0.0"
  path = "/etc"
  [[libraries.versions]]
  version = "2.0.0"
  path = "../../../../../../../../../../etc"
  [[libraries.versions]]
  version = "3.0.0"
  path = "sneaky"
  [[libraries.versions]]
  version = "4.0.0"
  path = "../outside"
  allow_outside = true
  [[libraries.versions]]
  version = "5.0.0"
  path = "docs"

[[libraries]]
id = "express"
name = "Express"
  [[libraries.versions]]
  version = "4.21.2"
  index = "../outside.json"

[[imports]]
index = "../outside.json"
only = ["zod"]
"""
    with pytest.raises(ConfigError) as caught:
        load_catalog(write(project, text))
    outside = [p for p in caught.value.problems if "is outside the catalog's folder" in p]
    assert [p.split(": ")[0] for p in outside] == [
        "docbuild.toml libraries[0] (id 'demo').versions[0].path",
        "docbuild.toml libraries[0] (id 'demo').versions[1].path",
        "docbuild.toml libraries[0] (id 'demo').versions[2].path",
        "docbuild.toml libraries[1] (id 'express').versions[0].index",
        "docbuild.toml imports[0].index",
    ]
    assert all("set allow_outside = true" in p for p in outside)
    allowed = text.replace(
        'index = "../outside.json"', 'index = "../outside.json"\nallow_outside = true'
    )
    for line in ('path = "/etc"', 'path = "../../../../../../../../../../etc"', 'path = "sneaky"'):
        allowed = allowed.replace(line, line + "\n  allow_outside = true")
    config = load_catalog(write(project, allowed))
    assert config.libraries[0].versions[3].directory == project / "../outside"


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        (
            'base_url = "https://org.example/docs"',
            'base_url = "javascript:alert(1)"',
            "[site].base_url",
        ),
        (
            'base_url = "https://org.example/docs"',
            'base_url = "https:///no-host"',
            "[site].base_url",
        ),
        ('base_url = "https://org.example/docs"', 'base_url = "/docs/"', "[site].base_url"),
        ('summary = "Web framework"', 'homepage = "javascript:alert(1)"', ".homepage"),
        ('summary = "Web framework"', 'homepage = "https://x.example/a b"', ".homepage"),
        (
            'url_template = "https://flask.example/en/{version}/{page}/#{anchor}"',
            'url_template = "javascript:alert(1)//{page}"',
            ".url_template",
        ),
        (
            'url_template = "https://flask.example/en/{version}/{page}/#{anchor}"',
            'url_template = "{page}.html"',
            ".url_template",
        ),
    ],
)
def test_links_must_be_web_urls(tmp_path: Path, old: str, new: str, where: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_catalog(write(tmp_path, GOOD.replace(old, new)))
    (problem,) = caught.value.problems
    assert where + ": " in problem and "is not an http:// or https:// URL with a host" in problem


def test_a_web_address_without_its_scheme_is_told_to_add_it(tmp_path: Path) -> None:
    # It said only "is not an http:// or https:// URL with a host".
    text = GOOD.replace("https://org.example/docs", "org.github.io/docs/")
    with pytest.raises(ConfigError) as caught:
        load_catalog(write(tmp_path, text))
    (problem,) = caught.value.problems
    assert problem.endswith(
        "[site].base_url: 'org.github.io/docs/' is not an http:// or https:// URL with a host; "
        "add the scheme: 'https://org.github.io/docs/'"
    )
    # With a port it got no hint at all; a machine's own address is served over http.
    for written, mended in [
        ("docs.example.org:8443/docs/", "https://docs.example.org:8443/docs/"),
        ("localhost:8000/docs/", "http://localhost:8000/docs/"),
        ("127.0.0.1:8000/", "http://127.0.0.1:8000/"),
    ]:
        with pytest.raises(ConfigError) as caught:
            load_catalog(write(tmp_path, GOOD.replace("https://org.example/docs", written)))
        assert caught.value.problems[0].endswith(f"; add the scheme: '{mended}'"), written


def test_web_urls_of_any_case_and_templated_hosts_are_accepted(tmp_path: Path) -> None:
    text = GOOD.replace("https://org.example/docs", "HTTP://org.example:8080/docs").replace(
        "https://flask.example/en/", "https://{id}.example/en/"
    )
    config = load_catalog(write(tmp_path, text))
    assert config.site.base_url == "HTTP://org.example:8080/docs/"


def test_source_dir_must_exist_stay_inside_and_go_with_path(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    catalog = write(tmp_path, GOOD + '  source_dir = "src"\n')
    (version,) = load_catalog(catalog).libraries[0].versions
    assert version.source_dir == tmp_path / "src"
    text = GOOD.replace('  path = "docs"\n', '  path = "docs"\n  source_dir = "../elsewhere"\n')
    text += (
        '  [[libraries.versions]]\n  version = "3.0.0"\n  path = "docs"\n  source_dir = "nope"\n'
        '  [[libraries.versions]]\n  version = "2.0.0"\n  index = "old.json"\n'
        '  source_dir = "src"\n'
    )
    (tmp_path / "old.json").write_bytes(COMPAT.read_bytes())
    with pytest.raises(ConfigError) as caught:
        load_catalog(write(tmp_path, text))
    problems = "\n".join(caught.value.problems)
    assert "versions[0].source_dir: '../elsewhere' is outside the catalog's folder" in problems
    assert "versions[1].source_dir: directory 'nope' does not exist" in problems
    assert "versions[2].source_dir: only a version with path takes source_dir" in problems


def test_api_names_modules_by_their_import_names(tmp_path: Path) -> None:
    catalog = write(tmp_path, GOOD + '  api = ["flask", "flask.json"]\n')
    (version,) = load_catalog(catalog).libraries[0].versions
    assert version.api == ("flask", "flask.json")
    text = GOOD + '  api = ["flask/json.py", "flask.class", "flask", "flask"]\n'
    text += '  [[libraries.versions]]\n  version = "2.0.0"\n  index = "old.json"\n  api = ["a"]\n'
    (tmp_path / "old.json").write_bytes(COMPAT.read_bytes())
    with pytest.raises(ConfigError) as caught:
        load_catalog(write(tmp_path, text))
    problems = "\n".join(caught.value.problems)
    assert "versions[0].api: 'flask/json.py' is no module name" in problems
    assert "versions[0].api: 'flask.class' is no module name" in problems  # a keyword
    assert "versions[0].api: 'flask' is named twice" in problems
    assert "versions[1].api: an index version has no code to document" in problems


def test_a_missing_folder_names_the_folder_paths_start_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, GOOD.replace('path = "docs"', 'path = "missing-dir"', 1))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError) as caught:
        load_catalog(Path("docbuild.toml"))
    assert (
        f"does not exist (paths are relative to the catalog's folder, {tmp_path.resolve()})"
        in "\n".join(caught.value.problems)
    )


def test_split_index_bytes_defaults_to_the_formats_threshold(tmp_path: Path) -> None:
    assert load_catalog(write(tmp_path, GOOD)).site.split_index_bytes == SPLIT_INDEX_BYTES
    text = GOOD.replace("[site]\n", "[site]\nsplit_index_bytes = 0\n")
    assert load_catalog(write(tmp_path, text)).site.split_index_bytes == 0


BYTES = "a whole number of bytes from 0 to 1099511627776"


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("-1", f"{BYTES}, not -1 (the default is 1048576; 0 publishes"),
        ("1.5", f"{BYTES}, not 1.5 (the default is 1048576"),
        ("nan", f"{BYTES}, not nan (the default is 1048576"),
        # Past 64 bits: it once reached the build cache's key and crashed the build there.
        ("99999999999999999999", f"{BYTES}, not 99999999999999999999"),
        ('"1 MB"', "a number, not str"),
        ("true", "a number, not bool"),
    ],
)
def test_split_index_bytes_must_be_a_byte_count(tmp_path: Path, value: str, problem: str) -> None:
    text = GOOD.replace("[site]\n", f"[site]\nsplit_index_bytes = {value}\n")
    with pytest.raises(ConfigError) as caught:
        load_catalog(write(tmp_path, text))
    (found,) = caught.value.problems
    assert found.startswith(f"docbuild.toml [site].split_index_bytes: must be {problem}")
