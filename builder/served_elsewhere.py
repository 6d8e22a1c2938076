"""The note docbuild serve prints when it serves a site at another address than the site's
``base_url``: the build report named ``base_url`` for clients, and the pages link to it, so a
user who served on another port (``--port 0``) pointed their client at the wrong one."""

from __future__ import annotations

from urllib.parse import urlsplit


def served_elsewhere_note(base_url: str, served_url: str) -> str | None:
    """What to tell a user whose site, built for ``base_url``, is served at ``served_url``;
    None when the two are one address."""
    base, served = urlsplit(base_url), urlsplit(served_url)
    if (base.scheme, base.netloc.lower(), base.path or "/") == (
        served.scheme,
        served.netloc.lower(),
        served.path or "/",
    ):
        return None
    return (
        f"note: this site was built for {base_url} (base_url in the catalog), which its pages "
        f"link to; clients of this server take --index-url {served_url}"
    )
