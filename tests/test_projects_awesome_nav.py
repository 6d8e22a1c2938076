"""builder.projects.awesome_nav: the nav order mkdocs-awesome-nav's .nav.yml files give."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_nav_files_that_name_their_own_folder_end(tmp_path: Path) -> None:
    """A .nav.yml naming its own folder (``- .`` in a subfolder's) or a folder that names it
    back arranged that folder again for each such entry, down to MAX_DEPTH levels: three
    entries were 3**20 readings of the file (hours). Each folder is arranged once now. The
    subprocess's timeout guards against that hang; it is no timing."""
    files = {
        "index.md": "# Home",
        "self/page.md": "# Self",
        "self/.nav.yml": "nav:\n  - page.md\n  - .\n  - ./\n  - ../self\n",
        "a/one.md": "# One",
        "a/.nav.yml": "nav:\n  - one.md\n  - ../b\n  - ../b\n  - ../b\n",
        "b/two.md": "# Two",
        "b/.nav.yml": "nav:\n  - two.md\n  - ../a\n  - ../a\n  - ../a\n",
    }
    for relpath, text in files.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, encoding="utf-8")
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from builder.projects.awesome_nav import arranged_by_nav_files\n"
        "pages = ['index.md', 'self/page.md', 'a/one.md', 'b/two.md']\n"
        "print(*arranged_by_nav_files(pages, Path(sys.argv[1]))[0])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == ["index.md", "self/page.md", "a/one.md", "b/two.md"]
