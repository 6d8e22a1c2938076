"""builder.served_elsewhere: docbuild serve says when it serves a site away from its base_url."""

from builder.served_elsewhere import served_elsewhere_note


def test_the_site_served_at_its_base_url_needs_no_note() -> None:
    assert served_elsewhere_note("http://127.0.0.1:8730/", "http://127.0.0.1:8730/") is None
    assert served_elsewhere_note("http://LOCALHOST:8730/", "http://localhost:8730/") is None


def test_another_port_host_or_path_is_named_with_the_url_clients_take() -> None:
    for base in (
        "http://127.0.0.1:8730/",
        "https://owner.github.io/repo/",
        "http://127.0.0.1:41234/docs/",
    ):
        note = served_elsewhere_note(base, "http://127.0.0.1:41234/")
        assert note is not None
        assert note.startswith(f"note: this site was built for {base} ")
        assert note.endswith("clients of this server take --index-url http://127.0.0.1:41234/")
