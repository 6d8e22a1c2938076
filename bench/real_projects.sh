#!/usr/bin/env bash
# Unpack the docs of ten real projects none of examples/ holds, and write a catalog for them,
# into the folder given (default ./real). Build it with two checkouts and compare:
#   bash bench/real_projects.sh /tmp/real
#   docbuild build -c /tmp/real/docbuild.toml --out /tmp/real/site --no-cache
#   python bench/site_content.py SITE_OF_ONE_CHECKOUT SITE_OF_THE_OTHER
#   python bench/release_questions.py SITE
# Source archives come from the package registry through pip; building their metadata needs
# the build backends below (installed into a throwaway virtual environment). Typer's archive
# has no docs/: give a checkout of its repository at tag 0.27.1 as TYPER_REPO to add it.
set -euo pipefail
out="$(realpath -m "${1:-real}")"
mkdir -p "$out"
cd "$out"
python3 -m venv .fetch
.fetch/bin/pip install -q flit_core hatchling hatch-vcs hatch-fancy-pypi-readme setuptools \
  setuptools_scm pdm-backend wheel
projects=(
  "attrs 26.1.0 attrs-26.1.0/docs"
  "click 8.5.1 click-8.5.1/docs"
  "flask 3.1.3 flask-3.1.3/docs"
  "marshmallow 4.4.0 marshmallow-4.4.0/docs"
  "pluggy 1.7.0 pluggy-1.7.0/docs"
  "structlog 26.1.0 structlog-26.1.0/docs"
  "werkzeug 3.1.9 werkzeug-3.1.9/docs"
  "mkdocstrings 1.0.8 mkdocstrings-1.0.8/docs"
  "pymdown-extensions 13.1.2 pymdown_extensions-13.1.2/docs/src/markdown"
)
printf '[site]\ntitle = "Real projects"\nbase_url = "https://real.invalid/"\n' > docbuild.toml
for project in "${projects[@]}"; do
  read -r name version docs <<< "$project"
  .fetch/bin/pip download -q --no-deps --no-binary :all: --no-build-isolation \
    "$name==$version" -d archives
  tar xzf archives/"$(echo "$name" | tr - _)"-"$version".tar.gz 2>/dev/null \
    || tar xzf archives/"$name"-"$version".tar.gz
  printf '\n[[libraries]]\nid = "%s"\nname = "%s"\n  [[libraries.versions]]\n  version = "%s"\n  path = "%s"\n' \
    "$name" "$name" "$version" "$docs" >> docbuild.toml
done
if [ -n "${TYPER_REPO:-}" ]; then
  mkdir -p typer-0.27.1
  git -C "$TYPER_REPO" archive 0.27.1 docs docs_src mkdocs.yml mkdocs.env.yml pyproject.toml typer \
    | tar -x -C typer-0.27.1
  printf '\n[[libraries]]\nid = "typer"\nname = "typer"\n  [[libraries.versions]]\n  version = "0.27.1"\n  path = "typer-0.27.1"\n' >> docbuild.toml
fi
echo "wrote $out/docbuild.toml"
