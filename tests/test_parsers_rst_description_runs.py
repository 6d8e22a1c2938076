"""builder.parsers.rst.description_runs: descriptions with no text share the next one's."""

from __future__ import annotations

from tests.rst_support import _sections


def test_a_run_of_descriptions_without_text_gives_each_name_the_shared_text() -> None:
    # psutil 7.2.2's platform constants: nine '.. data::' lines with nothing under them, then
    # AIX and the text all ten share; each but AIX was an entry that said nothing (70 of the
    # page's 206 sections). Each is an entry with its own anchor, as Sphinx gives each its
    # target, and the text they share.
    text = (
        "Constants\n=========\n\n.. module:: psutil\n\n"
        ".. _const-oses:\n.. data:: POSIX\n.. data:: LINUX\n.. data:: AIX\n\n"
        "  ``bool`` constants which define what platform you're on.\n\n"
        ".. data:: PROCFS_PATH\n\n  The path of the /proc filesystem.\n\n"
        ".. class:: Process(pid=None)\n\n"
        "   .. attribute:: path_args\n"
        "   .. attribute:: path_kwargs\n\n"
        "      The arguments passed on.\n"
    )
    platforms = "constants which define what platform you're on."
    assert [(s.anchor, s.body) for s in _sections(text)[1:]] == [
        ("psutil.POSIX", f"`POSIX`\n\n`bool` {platforms}"),
        ("psutil.LINUX", f"`LINUX`\n\n`bool` {platforms}"),
        ("psutil.AIX", f"`AIX`\n\n`bool` {platforms}"),
        ("psutil.PROCFS_PATH", "`PROCFS_PATH`\n\nThe path of the /proc filesystem."),
        ("psutil.Process", "`Process(pid=None)`"),
        ("psutil.Process.path_args", "`path_args`\n\nThe arguments passed on."),
        ("psutil.Process.path_kwargs", "`path_kwargs`\n\nThe arguments passed on."),
    ]


def test_a_description_with_text_or_options_and_another_kind_stay_apart() -> None:
    text = (
        "API\n===\n\n"
        ".. function:: close()\n   :noindex:\n"
        ".. function:: open()\n\n   Open it.\n\n"
        ".. function:: add(fd)\n\n\n"
        ".. function:: add_reader(fd)\n\n   Add a reader.\n\n"
        ".. data:: ANY\n"
        ".. function:: run()\n\n   Run it.\n\n"
        ".. class:: Base\n"
        ".. class:: Child\n\n   .. method:: grow()\n"
    )
    assert [s.heading for s in _sections(text)[1:]] == [
        "close", "open", "add", "add_reader", "ANY", "run", "Base", "Child", "Child.grow"
    ]  # fmt: skip


def test_the_names_of_a_run_share_the_text_at_the_margin_under_it() -> None:
    # Django 3.2's topics/signals.txt: '.. method:: Signal.send(sender, **kwargs)' over
    # 'Signal.send_robust', then "To send a signal, call either ..." at the margin, which the
    # last description takes (Resume.adopt). Read as one entry it held the text; split into
    # one per name, Signal.send said nothing and the text was send_robust's alone. One
    # directive of several signature lines reads so too.
    text = (
        "Signals\n=======\n\n.. module:: django.dispatch\n\n"
        ".. method:: Signal.send(sender, **kwargs)\n"
        ".. method:: Signal.send_robust(sender, **kwargs)\n\n"
        "To send a signal, call either one.\n\nBoth return a list.\n\n"
        ".. function:: incr(key)\n"
        "              decr(key)\n\n"
        "Adds to a key.\n\n"
        "Next\n----\n\nOther text.\n"
    )
    assert [(s.anchor, s.body) for s in _sections(text)[1:]] == [
        (
            "django.dispatch.Signal.send",
            "`Signal.send(sender, **kwargs)`\n\nTo send a signal, call either one.\n\n"
            "Both return a list.",
        ),
        (
            "django.dispatch.Signal.send_robust",
            "`Signal.send_robust(sender, **kwargs)`\n\nTo send a signal, call either one.\n\n"
            "Both return a list.",
        ),
        ("django.dispatch.incr", "`incr(key)`\n\nAdds to a key."),
        ("django.dispatch.decr", "`decr(key)`\n\nAdds to a key."),
        ("next", "Other text."),
    ]
