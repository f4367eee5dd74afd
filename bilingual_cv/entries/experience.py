"""Experience entries. (Being written: see issue 4.)"""

from __future__ import annotations

from bilingual_cv.lines import RawSection
from bilingual_cv.schema import Experience, ExperienceKind, Warning


def parse_experience(section: RawSection, kind: ExperienceKind) -> tuple[list[Experience], list[Warning]]:
    return [], []
