"""Entry splitting, and the registry that routes each language to its tokenizer.

``SEGMENTERS`` is the only place that picks a language: adding one means adding a module
here and an entry in the dict.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from bilingual_cv.lines import Line, RawEntry
from bilingual_cv.schema import Lang
from bilingual_cv.segment.en import tokenize_en
from bilingual_cv.segment.zh import tokenize_zh

#: Tokenizer per language.
SEGMENTERS: dict[Lang, Callable[[str], list[str]]] = {"en": tokenize_en, "zh": tokenize_zh}

#: Characters that end a sentence or an item.
_TERMINAL = tuple(".;。；!?！？")
#: A numbered or tagged item start: ``1.``, ``[C13]``, ``(3)``, ``P4.``.
ITEM_START_RE = re.compile(r"^\s*(?:\[[A-Za-z]{0,3}\d{1,3}\]|\(\d{1,3}\)|\d{1,3}[.)、](?!\d)|[A-Z]\d{1,3}[.)])\s*")


def tokens(text: str, lang: Lang) -> list[str]:
    """Words of ``text`` by the segmenter of ``lang``.

    >>> tokens("Selected Awards", "en")
    ['selected', 'award']
    """
    return SEGMENTERS[lang](text)


def split_blocks(lines: Sequence[Line]) -> list[tuple[Line, ...]]:
    """Runs of non-blank lines separated by blank lines.

    >>> from bilingual_cv.normalize import clean_text
    >>> [len(b) for b in split_blocks(clean_text("a\\nb\\n\\n\\nc").lines)]
    [2, 1]
    """
    blocks: list[tuple[Line, ...]] = []
    current: list[Line] = []
    for line in lines:
        if line.is_blank:
            if current:
                blocks.append(tuple(current))
                current = []
        else:
            current.append(line)
    if current:
        blocks.append(tuple(current))
    return blocks


def _starts_item(line: Line) -> bool:
    return line.bullet or bool(ITEM_START_RE.match(line.text))


def split_items(lines: Sequence[Line], lang: Lang = "en", section: str | None = None) -> list[RawEntry]:
    """One entry per bullet or numbered item (with its wrapped lines), else one per line.

    A line without a bullet continues the item above when that item has not ended
    (no closing punctuation) and the line starts in lower case or inside Chinese text.

    >>> from bilingual_cv.normalize import clean_text
    >>> lines = clean_text("• Optimized the loader and the\\ncache layer.\\n• Wrote docs.\\nUnbulleted line").lines
    >>> [e.text for e in split_items(lines)]
    ['Optimized the loader and the\\ncache layer.', 'Wrote docs.', 'Unbulleted line']
    """
    entries: list[list[Line]] = []
    for line in lines:
        if line.is_blank:
            continue
        if entries and not _starts_item(line) and _continues(entries[-1][-1], line):
            entries[-1].append(line)
        else:
            entries.append([line])
    return [RawEntry(tuple(group), lang, section) for group in entries]


def _continues(previous: Line, line: Line) -> bool:
    text = previous.text.rstrip()
    if not text or text.endswith(_TERMINAL):
        return False
    first = line.text.lstrip()[:1]
    return first.islower() or ("\u4e00" <= first <= "\u9fff" and "\u4e00" <= text[-1] <= "\u9fff")
