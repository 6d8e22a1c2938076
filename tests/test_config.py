"""Loading and validating docbuild.toml: every problem reported at once, with where it is."""

from pathlib import Path

import pytest

from builder.config import load_catalog
from builder.errors import ConfigError

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


def test_wrong_types_are_named(tmp_path: Path) -> None:
    text = GOOD.replace("popularity = 10", 'popularity = "high"').replace(
        'aliases = ["flask-web"]', 'aliases = "flask-web"'
    )
    with pytest.raises(ConfigError) as caught:
        load_catalog(write(tmp_path, text))
    assert any("popularity: must be a number, not str" in p for p in caught.value.problems)
    assert any("aliases: must be a list, not str" in p for p in caught.value.problems)


def test_invalid_toml_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_catalog(write(tmp_path, "[site\ntitle="))


def test_missing_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read the catalog file"):
        load_catalog(tmp_path / "nope.toml")


def test_imports_are_checked_up_front(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text('{"format": "other", "entries": []}')
    (tmp_path / "good.json").write_bytes(COMPAT.read_bytes())
    text = """
[site]
title = "Docs"
base_url = "/"

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
        load_catalog(write(tmp_path, '[site]\ntitle = "x"\nbase_url = "/"\n'))
