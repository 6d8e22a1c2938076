"""``docbuild serve``: build, then serve the site over real HTTP until SIGTERM."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx


def test_build_then_serve_then_stop(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text("# Guide\n\nHello.\n", encoding="utf-8")
    (tmp_path / "docbuild.toml").write_text(
        '[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n\n'
        '[[libraries]]\nid = "demo"\nname = "Demo"\n'
        '  [[libraries.versions]]\n  version = "1.0.0"\n  path = "docs"\n',
        encoding="utf-8",
    )
    with subprocess.Popen(
        [
            sys.executable,
            "-m",
            "builder.cli",
            "serve",
            "-c",
            str(tmp_path / "docbuild.toml"),
            "--out",
            str(tmp_path / "_site"),
            "--port",
            "0",
            "--quiet",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            assert line.startswith("Serving "), line + (
                process.stderr.read() if process.stderr else ""
            )
            url = line.rsplit(" at ", 1)[1].strip()
            response = httpx.get(url + "catalog.json")
            assert response.status_code == 200 and response.json()["format"] == "doctrove-catalog@1"
            again = httpx.get(
                url + "catalog.json", headers={"If-None-Match": response.headers["etag"]}
            )
            assert again.status_code == 304
        finally:
            os.kill(process.pid, signal.SIGTERM)
            assert process.wait(timeout=10) == 0
        # Served elsewhere than the catalog's base_url, which the build report named.
        assert process.stderr is not None
        assert (
            f"this site was built for https://docs.example/ (base_url in the catalog), which its "
            f"pages link to; clients of this server take --index-url {url}"
        ) in process.stderr.read()
