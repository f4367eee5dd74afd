"""Fictional line pieces shared by the clean tests, and the cleaned text of a fragment."""

from __future__ import annotations

from bilingual_cv.clean import clean_text


def texts(raw: str) -> list[str]:
    return [line.text for line in clean_text(raw).lines]


#: Pieces of fictional lines holding what each fix and each markup mark looks for.
LINE_PIECES = [
    "Ann Lee",
    " ",
    "  ",
    "\t",
    "教育背景",
    "學歷",
    "２０１９．９",
    "“Toy”",
    "``Toy''",
    "`",
    "'",
    "\u200b",
    "\x0c",
    "\u00ad",
    "🏆",
    "\ue000",
    "$x$",
    "\\textbf{Toy}",
    "\\cdot",
    "\\",
    "[Toy](#)",
    "<https://toy.example>",
    "<",
    "SERVICES**Toy**",
    "AB",
    "ACM",
    "**",
    "*",
    "__",
    "_",
    "#",
    "## ",
    "- ",
    "• ",
    "– ",
    "— ",
    "▪ ",
    "· ",
    "——",
    "- 2019",
    "Page 2 of 3",
    "第 2 页",
    "2/3",
    "。",
    "x" * 700,
]
