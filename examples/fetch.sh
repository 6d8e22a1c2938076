#!/usr/bin/env bash
# Rebuild the example documentation corpus from the package registries.
#
# Uses only the ordinary registry clients (pip, npm, apt-get), so it works on
# any machine that can install packages. Run it from anywhere:
#
#     bash examples/fetch.sh
#
# It replaces the library folders below with freshly extracted files; README.md,
# docbuild.toml, fetch.sh and compat/ are left alone. apt-get needs its package
# lists: run `apt-get update` once before (as root) if `apt-get download` fails.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

# Copy the files of $1 (a directory) matching the find(1) name patterns that
# follow into $2, keeping their relative paths.
copy_matching() {
    local src="$1" dest="$2"
    shift 2
    local -a expr=()
    for pattern in "$@"; do
        expr+=(${expr:+-o} -name "$pattern")
    done
    mkdir -p "$dest"
    (cd "$src" && find . -type f \( "${expr[@]}" \) -print0) |
        (cd "$src" && xargs -0 cp --parents -t "$dest")
}

fresh() {
    rm -rf "$here/$1"
    mkdir -p "$here/$1"
}

# --- PyPI source archives ---------------------------------------------------
pypi_sdist() {
    pip download --quiet --no-deps --no-binary :all: "$1==$2" -d sdist
    tar xzf "sdist/$1-$2.tar.gz"
}

# werkzeug: the Sphinx reST sources of docs/ (no images, conf.py or Makefiles).
fresh werkzeug
for v in 2.3.8 3.1.3; do
    pypi_sdist werkzeug "$v"
    copy_matching "werkzeug-$v/docs" "$here/werkzeug/$v" '*.rst'
done
cp werkzeug-2.3.8/LICENSE.rst "$here/werkzeug/LICENSE.rst"
cp werkzeug-3.1.3/LICENSE.txt "$here/werkzeug/LICENSE.txt"

# attrs: docs/ is MyST Markdown plus two reST API pages.
fresh attrs
pypi_sdist attrs 25.3.0
copy_matching attrs-25.3.0/docs "$here/attrs/25.3.0" '*.md' '*.rst'
cp attrs-25.3.0/LICENSE "$here/attrs/LICENSE"

# pypinyin: Chinese reST (the changelog; the sdist has no docs/ folder, and its README
# links to a package registry's web pages, see the end of this script).
fresh pypinyin
for v in 0.49.0 0.55.0; do
    pypi_sdist pypinyin "$v"
    mkdir -p "$here/pypinyin/$v"
    cp "pypinyin-$v/CHANGELOG.rst" "$here/pypinyin/$v/"
done
cp pypinyin-0.55.0/LICENSE.txt "$here/pypinyin/LICENSE.txt"

# --- npm packages -------------------------------------------------------------
npm_pack() {
    rm -rf package
    npm pack --silent "$1@$2" >/dev/null
    tar xzf "$1-$2.tgz"
}

# vconsole: Markdown in English and Chinese (the changelogs; the readmes link to a package
# registry's web pages, see the end of this script).
fresh vconsole
npm_pack vconsole 3.15.1
mkdir -p "$here/vconsole/3.15.1"
cp package/CHANGELOG.md package/CHANGELOG_CN.md "$here/vconsole/3.15.1/"
cp package/LICENSE "$here/vconsole/LICENSE"

# --- Debian package ------------------------------------------------------------
# python: a handful of pages of CPython's own Sphinx HTML build (no static assets).
fresh python
apt-get download python3.11-doc
dpkg-deb -x python3.11-doc_*.deb deb
html=deb/usr/share/doc/python3.11/html
mkdir -p "$here/python/3.11.2"
(cd "$html" && cp --parents -t "$here/python/3.11.2" \
    library/json.html library/pathlib.html library/os.path.html library/functools.html \
    library/itertools.html library/collections.html library/re.html library/dataclasses.html \
    library/contextlib.html library/enum.html library/csv.html library/argparse.html \
    library/asyncio-task.html tutorial/controlflow.html tutorial/classes.html \
    tutorial/errors.html glossary.html license.html)
cp deb/usr/share/doc/python3.11-doc/copyright "$here/python/LICENSE"

echo "examples refreshed in $here"

# --- Left out ------------------------------------------------------------------
# Files that name a package registry's host (badges, "pip install" pages, project links) are
# not committed to this repository: the project names no registry host in any file. Whole
# files go, never edited lines.
rm -f "$here"/werkzeug/*/installation.rst "$here"/werkzeug/*/serving.rst \
    "$here"/werkzeug/*/deployment/mod_wsgi.rst \
    "$here"/attrs/25.3.0/index.md "$here"/attrs/25.3.0/names.md \
    "$here"/python/3.11.2/library/itertools.html "$here"/python/3.11.2/library/re.html
