"""``python -m bilingual_cv``: the ``bilingual-cv`` command (see :mod:`bilingual_cv.cli.main`)."""

from __future__ import annotations

import sys

from bilingual_cv.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
