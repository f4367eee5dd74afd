"""Progress of a batch on stderr: a one-line bar on a terminal, one plain line per file otherwise.

The bar shows the count, the share done, the rate, the time left and the failures so far::

    [ 37/120]  30% |######--------------| 12.3 CV/s  ETA 0:07  2 failed  cv.pdf

A failure is printed in full above the bar (``path: message``, with the traceback of a bug) in
both modes. :meth:`Progress.start` prints a first line at once, before the workers have warmed
up, so a long batch never looks stuck. Hand-written rather than tqdm or rich: it shows the same
things for no import cost and less time per update (``docs/batch.md`` has the measurements).
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import TextIO

from bilingual_cv.batch.inputs import display_name

__all__ = ["Progress", "format_eta"]

#: Seconds between two redraws of the bar (updates in between only count).
PROGRESS_INTERVAL = 0.1
#: Cells of the bar itself, between ``|`` and ``|``.
BAR_CELLS = 20
#: The bar line never gets longer than this, whatever the terminal's width.
MAX_LINE = 160


def format_eta(seconds: float) -> str:
    """Seconds as ``M:SS`` or ``H:MM:SS``.

    >>> format_eta(7.4), format_eta(3725)
    ('0:07', '1:02:05')
    """
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class Progress:
    """A one-line ``\\r`` bar on a terminal; plain per-file lines otherwise.

    Failures are printed as ``path: message`` in both modes (with the traceback of a bug).
    """

    def __init__(self, total: int, stream: TextIO, *, quiet: bool) -> None:
        self.total = total
        self.stream = stream
        self.quiet = quiet
        self.bar = not quiet and stream.isatty()
        self.done = self.failed = self.skipped = 0
        self.started = time.monotonic()
        self.last_draw = 0.0
        self.width = 0
        self.columns = min(shutil.get_terminal_size().columns - 1, MAX_LINE) if self.bar else 0

    def start(self, message: str) -> None:
        """Say what is about to happen (``converting 120 files with 2 workers``), at once."""
        self.started = time.monotonic()
        if self.quiet:
            return
        self.stream.write(message + "\n")
        if self.bar:
            self._draw(self.started, "")
        self.stream.flush()

    def update(self, status: str, path: Path, detail: str = "", tb: str | None = None) -> None:
        """Count one finished file; print it (plain mode) or its failure (both modes)."""
        self.done += 1
        self.failed += status == "failed"
        self.skipped += status == "skipped"
        wrote = True
        if status == "failed":
            self._clear()
            self.stream.write(detail + "\n")
            if tb:
                self.stream.write(tb if tb.endswith("\n") else tb + "\n")
        elif not self.quiet and not self.bar:
            self.stream.write(f"[{self.done}/{self.total}] {status} {display_name(path)}{detail}\n")
        else:
            wrote = False
        if self.bar:
            now = time.monotonic()
            if now - self.last_draw >= PROGRESS_INTERVAL or self.done == self.total:
                self._draw(now, display_name(path.name))
                wrote = True
        if wrote:
            self.stream.flush()

    def line(self, now: float, note: str) -> str:
        """The bar as text: count, share, bar, rate, time left, failures, a note.

        >>> progress = Progress(120, __import__("io").StringIO(), quiet=False)
        >>> progress.done, progress.failed, progress.started = 30, 2, 0.0
        >>> progress.line(10.0, "cv.pdf")
        '[ 30/120]  25% |#####---------------| 3.0 CV/s  ETA 0:30  2 failed  cv.pdf'
        """
        elapsed = max(now - self.started, 1e-9)
        rate = self.done / elapsed
        share = self.done / max(self.total, 1)
        filled = int(BAR_CELLS * share)
        digits = len(str(self.total))
        text = (
            f"[{self.done:{digits}d}/{self.total}] {int(100 * share):3d}%"
            f" |{'#' * filled}{'-' * (BAR_CELLS - filled)}|"
        )
        if self.done:
            text += f" {rate:.1f} CV/s  ETA {format_eta((self.total - self.done) / rate)}"
        if self.failed:
            text += f"  {self.failed} failed"
        return f"{text}  {note}" if note else text

    def _draw(self, now: float, note: str) -> None:
        self.last_draw = now
        line = self.line(now, note)[: self.columns or MAX_LINE]
        self.stream.write("\r" + line.ljust(self.width))
        self.width = len(line)

    def _clear(self) -> None:
        if self.bar and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.width = 0

    def finish(self) -> None:
        """End the bar's line."""
        if self.bar and self.width:
            self.stream.write("\n")
            self.width = 0
        self.stream.flush()
