"""Education entries. (Being written: see issue 4.)"""

from __future__ import annotations

from bilingual_cv.lines import RawSection
from bilingual_cv.schema import Education, Warning


def parse_education(section: RawSection) -> tuple[list[Education], list[Warning]]:
    return [], []
