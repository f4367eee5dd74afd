"""The only code that opens ``lexicons/``: loads, validates and caches each file once.

Every lookup key, in lexicon files and in input alike, goes through :func:`lexicon_key`.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from bilingual_cv.errors import LexiconError

M = TypeVar("M", bound=BaseModel)

#: Runs of anything that is not a letter or digit (CJK included) collapse to one space.
_NON_WORD = re.compile(r"[\W_]+")


def lexicon_key(text: str) -> str:
    """Normalize text for lexicon lookup: NFKC, casefold, punctuation and spaces to one space.

    >>> lexicon_key("  Honors &  AWARDS: ")
    'honors awards'
    >>> lexicon_key("科研/横向经历")
    '科研 横向经历'
    >>> lexicon_key("ＰＵＢＬＩＣＡＴＩＯＮＳ")
    'publications'
    """
    text = unicodedata.normalize("NFKC", text).casefold()
    return _NON_WORD.sub(" ", text).strip()


@cache
def lexicon_root() -> Path:
    """Folder holding the lexicons: inside the installed package, or at a checkout's top level."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "lexicons", here.parent / "lexicons"):
        if (candidate / "headings").is_dir():
            return candidate
    raise LexiconError(f"lexicon folder not found next to {here}")


def read_lexicon_yaml(relative: str) -> Any:
    """Parse one YAML lexicon file with ``yaml.safe_load``; errors name the file."""
    path = lexicon_root() / relative
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise LexiconError(f"{relative}: {exc}") from exc


def validate_lexicon(relative: str, data: Any, model: type[M]) -> M:
    """Validate parsed lexicon data against ``model``; a failure names the file and the key."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise LexiconError(f"{relative}: {where}: {first['msg']}") from exc


class LexiconModel(BaseModel):
    """Base for lexicon file schemas: unknown keys are editing mistakes."""

    model_config = ConfigDict(extra="forbid", frozen=True)


# --- headings -------------------------------------------------------------------------


class HeadingLexicon(LexiconModel):
    """``lexicons/headings/<lang>.yaml``: canonical section key -> heading variants."""

    variants: dict[str, list[str]]
    #: Lines that look like headings but open a sub-list inside a section (not sections).
    sublist_titles: list[str] = []


@cache
def load_headings(lang: str) -> HeadingLexicon:
    relative = f"headings/{lang}.yaml"
    data = read_lexicon_yaml(relative)
    return validate_lexicon(relative, data, HeadingLexicon)


@cache
def jieba_userdict_path() -> Path:
    """Path of the jieba user dictionary (domain words kept whole)."""
    return lexicon_root() / "jieba" / "userdict.txt"
