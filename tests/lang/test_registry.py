"""A language is a plug-in: a toy third language, registered from a test, is read end to end
without any other module knowing of it. Its words are made up (written in Cyrillic letters
so that its script tells it apart); the people and the paper are fictional."""

from __future__ import annotations

from pathlib import Path

import pytest

import bilingual_cv
from bilingual_cv.lang import Language, language, languages, register_language, registered, route
from bilingual_cv.lexicon import lexicon_key

#: The toy language's lexicons: a few made-up heading words, month names and no page marks.
TOY_LEXICONS = {
    "headings.yaml": """
variants:
  education: [Бромзель]
  publications: [Трумпель, Трумпель Вастори]
  experience: [Квиндар]
keywords:
  awards: [Пелько]
modifiers: [Вастори]
""",
    "dates.yaml": """
months:
  3: [Зарбень]
present: [Ныньче]
""",
    "layout.yaml": "page_marks: []\n",
}

TOY_CV = """Вика Тестова
vika.testova@example.org

Бромзель
Фрамское бюро дробных игрушек, Ph.D., Зарбень 2019 – Ныньче

Квиндар
Гломская мастерская, Зарбень 2016 – 2019

Трумпель Вастори
[1] Vika Testova, Ann Lee. A Fictional Study of Toy Queues. In NSDI 2024.

Пелько Вастори
Премия, 2020
"""


def _toy_language(folder: Path) -> Language:
    for name, text in TOY_LEXICONS.items():
        (folder / name).write_text(text, encoding="utf-8")
    return Language(
        code="xx",
        script="\u0400-\u04ff",
        char_weight=1.0,
        langdetect=(),
        tokenize=lambda text: lexicon_key(text).split(),
        lexicons=folder,
    )


def test_a_toy_language_is_read_end_to_end(tmp_path: Path) -> None:
    with registered(_toy_language(tmp_path)):
        assert route("Бромзель").code == "xx"
        cv = bilingual_cv.parse(TOY_CV)
    sections = [(s.key.value, s.heading, s.lang) for s in cv.sections]
    assert sections == [
        ("profile", None, "xx"),
        ("education", "Бромзель", "xx"),
        ("experience", "Квиндар", "xx"),
        ("publications", "Трумпель Вастори", "en"),
        ("awards", "Пелько Вастори", "xx"),
    ]
    assert cv.language == "xx"
    assert [(e.start, e.end) for e in cv.education] == [("2019-03", "present")]
    assert [p.venue.abbr for p in cv.publications] == ["NSDI"]


def test_without_the_toy_language_its_headings_are_not_read(tmp_path: Path) -> None:
    with registered(_toy_language(tmp_path)):
        pass
    assert [lang.code for lang in languages()] == ["en", "zh"]
    cv = bilingual_cv.parse(TOY_CV)
    assert "education" not in [s.key.value for s in cv.sections]


def test_registering_replaces_a_language_and_restores_it(tmp_path: Path) -> None:
    english = language("en")
    toy = _toy_language(tmp_path)
    with registered(Language(**{**_fields(toy), "code": "en", "default": True})):
        assert language("en") is not english
    assert language("en") is english


def test_a_bad_code_or_a_second_default_is_refused(tmp_path: Path) -> None:
    toy = _toy_language(tmp_path)
    with pytest.raises(ValueError, match="two or three lowercase letters"):
        register_language(Language(**{**_fields(toy), "code": "Toy1"}))
    with pytest.raises(ValueError, match="default language already"):
        register_language(Language(**{**_fields(toy), "default": True}))
    assert [lang.code for lang in languages()] == ["en", "zh"]


def _fields(lang: Language) -> dict[str, object]:
    return {name: getattr(lang, name) for name in Language.__slots__}  # type: ignore[attr-defined]


def test_route_reads_an_ascii_text_only_for_a_script_with_ascii_characters(
    tmp_path: Path,
) -> None:
    """An ASCII text is not searched for a script without ASCII characters (Chinese, the
    toy Cyrillic); a language whose script holds ASCII characters still gets such a text."""
    toy = _toy_language(tmp_path)
    assert route("Education 2019").code == "en"
    with registered(toy):
        assert route("Education 2019").code == "en"
        assert route("Бромзель 2019").code == "xx"
    with registered(Language(**{**_fields(toy), "script": "\u0400-\u04ff#"})):
        assert [lang.code for lang in languages()] == ["en", "xx", "zh"]
        assert route("Education #2019").code == "xx"
        assert route("Education 2019").code == "en"
    assert route("Education #2019").code == "en"
    assert route("教育 #2019").code == "zh"
