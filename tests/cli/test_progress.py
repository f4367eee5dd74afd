"""Tests of bilingual_cv.cli.progress: one redrawn line on a terminal, plain lines otherwise."""

from __future__ import annotations

import io
from pathlib import Path

from bilingual_cv.cli.progress import Progress


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_a_single_line_on_a_terminal_and_lines_otherwise() -> None:
    terminal = _Terminal()
    progress = Progress(3, terminal, quiet=False)
    progress.update("ok", Path("a.txt"))
    progress.update("failed", Path("b.pdf"), "b.pdf: PDF is encrypted and needs a password")
    progress.update("ok", Path("c.txt"))
    progress.finish()
    text = terminal.getvalue()
    assert "\r" in text and text.count("\n") == 2  # the failure line and the final newline
    assert "b.pdf: PDF is encrypted and needs a password\n" in text
    assert "[3/3] 100%" in text

    plain = io.StringIO()
    progress = Progress(2, plain, quiet=False)
    progress.update("ok", Path("a.txt"), " -> out/a.json")
    progress.update("failed", Path("b.pdf"), "b.pdf: PDF is encrypted and needs a password")
    assert plain.getvalue().splitlines() == [
        "[1/2] ok a.txt -> out/a.json",
        "b.pdf: PDF is encrypted and needs a password",
    ]
    assert "\r" not in plain.getvalue()


def test_the_bar_shows_count_rate_eta_and_failures() -> None:
    terminal = _Terminal()
    progress = Progress(4, terminal, quiet=False)
    progress.start("bilingual-cv: 4 input(s): 4 to convert; starting 2 worker(s)")
    assert terminal.getvalue().startswith("bilingual-cv: 4 input(s): 4 to convert; starting 2")
    assert "\n\r[0/4]   0% |" in terminal.getvalue()
    progress.update("failed", Path("b.pdf"), "b.pdf: PDF is encrypted and needs a password")
    progress.update("ok", Path("c.txt"))
    progress.last_draw = 0.0  # redraw now, whatever the interval
    progress.update("ok", Path("d.txt"))
    last = terminal.getvalue().rsplit("\r", 1)[-1]
    assert last.startswith("[3/4]  75% |")
    assert "CV/s" in last and "ETA " in last and "1 failed" in last and "d.txt" in last
