"""Request targets → safe segments: every spelling of leaving the root is refused."""

from __future__ import annotations

import pytest

from builder.serve.errors import RequestRejected
from builder.serve.urlpath import SitePath, parse_target


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("/", SitePath((), directory=True)),
        ("/index.html", SitePath(("index.html",), directory=False)),
        ("/libs/x/1.0/", SitePath(("libs", "x", "1.0"), directory=True)),
        ("/a%20b/c%C3%A9.html", SitePath(("a b", "cé.html"), directory=False)),
        ("/docs?v=1&x=%2F", SitePath(("docs",), directory=False, query="v=1&x=%2F")),
        ("//etc/passwd", SitePath(("etc", "passwd"), directory=False)),
        ("/a//b/", SitePath(("a", "b"), directory=True)),
        ("/%252e%252e/x", SitePath(("%2e%2e", "x"), directory=False)),
        ("/.well-known/security.txt", SitePath((".well-known", "security.txt"), False)),
        ("http://example.test/a/b", SitePath(("a", "b"), directory=False)),
        ("HTTPS://example.test", SitePath((), directory=True)),
        ("/~user/file.txt", SitePath(("~user", "file.txt"), directory=False)),
    ],
)
def test_safe_targets(target: str, expected: SitePath) -> None:
    assert parse_target(target) == expected


@pytest.mark.parametrize(
    ("target", "status"),
    [
        ("/../etc/passwd", 400),
        ("/a/../../etc/passwd", 400),
        ("/./index.html", 400),
        ("/%2e%2e/etc/passwd", 400),
        ("/%2E%2E/etc/passwd", 400),
        ("/.%2e/etc/passwd", 400),
        ("/..%2fetc%2fpasswd", 400),
        ("/a%2fb", 400),
        ("/..%5cetc", 400),
        ("/..\\etc\\passwd", 400),
        ("/index.html%00.txt", 400),
        ("/%c0%ae%c0%ae/etc/passwd", 400),
        ("/%e0%80%ae", 400),
        ("/%ff", 400),
        ("/%zz", 400),
        ("/%2", 400),
        ("/C:/Windows/win.ini", 400),
        ("/c%3a/boot.ini", 400),
        ("/file.txt::$DATA", 400),
        ("/a%0d%0aSet-Cookie:x", 400),
        ("/a%09b", 400),
        ("etc/passwd", 400),
        ("C:\\Windows", 400),
        ("*", 400),
        ("/a#frag", 400),
        ("/caf\xe9", 400),
        ("/a b", 400),
        ("/.git/config", 404),
        ("/.nojekyll", 404),
        ("/a/.env", 404),
        ("/...", 404),
        ("/%2egit/HEAD", 404),
    ],
)
def test_unsafe_targets(target: str, status: int) -> None:
    with pytest.raises(RequestRejected) as caught:
        parse_target(target)
    assert caught.value.status == status


@pytest.mark.parametrize(
    ("target", "location"),
    [
        ("/docs", "/docs/"),
        ("/a%20b", "/a%20b/"),
        ("//evil.test", "/evil.test/"),
        ("/docs?x=1", "/docs/?x=1"),
        ("/caf%C3%A9", "/caf%C3%A9/"),
    ],
)
def test_redirect_location_is_a_local_path(target: str, location: str) -> None:
    assert parse_target(target).with_slash() == location


def test_relpath_joins_segments() -> None:
    assert parse_target("/libs/x/").relpath == "libs/x"
    assert parse_target("/").relpath == ""
