"""``docbuild check`` of a site's lookup.json: a doctrove-lookup@1 whose listed files (the lookup
table, catalog.json, index.json) are there with the size and sha256 it gives."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from builder.check_lookup import LookupInvalid, check_lookup
from builder.cli import main
from tests.test_site_indexes import build, write_catalog


@pytest.fixture
def site(tmp_path: Path) -> Path:
    catalog, out = write_catalog(tmp_path), tmp_path / "_site"
    code, output = build("-c", str(catalog), "--out", str(out))
    assert code == 0, output
    return out


def test_a_built_site_passes_and_says_what_was_checked(site: Path) -> None:
    assert check_lookup(site) == 3  # the lookup table, catalog.json and index.json
    checked = CliRunner().invoke(main, ["check", str(site)])
    assert checked.exit_code == 0, checked.output
    assert "lookup.json valid, the 3 files it lists as it says" in checked.output


def test_a_listed_file_changed_after_the_build_fails(site: Path) -> None:
    catalog = orjson.loads((site / "catalog.json").read_bytes())
    catalog["site"]["title"] = "Edited"
    (site / "catalog.json").write_bytes(orjson.dumps(catalog))
    table = orjson.loads((site / "lookup.json").read_bytes())["table"]["path"]
    (site / table).unlink()
    # Both passed: a client of a large site turns the table down, a reader trusting lookup.json
    # the catalog.
    checked = CliRunner().invoke(main, ["check", str(site)])
    assert checked.exit_code == 1, checked.output
    assert "catalog.json: lookup.json lists " in checked.output
    assert "changed after the build" in checked.output
    assert f"{table}: listed in lookup.json, but cannot be read" in checked.output


def test_a_lookup_json_that_is_no_doctrove_lookup_fails(site: Path) -> None:
    lookup = orjson.loads((site / "lookup.json").read_bytes())
    lookup["format"] = "doctrove-lookup@9"
    (site / "lookup.json").write_bytes(orjson.dumps(lookup))
    with pytest.raises(LookupInvalid) as raised:
        check_lookup(site)
    assert raised.value.code == "invalid-lookup"
    assert "lookup.json: Invalid enum value 'doctrove-lookup@9' - at `$.format`" in str(
        raised.value
    )


def test_a_site_without_lookup_json_has_nothing_to_check(tmp_path: Path) -> None:
    assert check_lookup(tmp_path) == 0
