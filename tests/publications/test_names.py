"""One author's name (:mod:`bilingual_cv.publications.names`): marks cleaned off, names told
from other text, spellings; on fictional names.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from .conftest import AUTHOR_TEXT_WORDS, GUARD_LINES, cv_with, spans, without_guard


def test_marks_on_authors_are_not_part_of_names() -> None:
    body = (
        "1. Ann Lee*, Bo Wu*, Cy Ma. Joint Pruning of Transformers. NeurIPS 2023.\n"
        "2. Bo Wu†, Ann Lee†, Cy Ma. Mixed Precision Training. ICML 2023. (†equal contribution)\n"
        "3. Ann Lee (equal contribution), Bo Wu (equal contribution). Graph Tokenizers. ICLR 2024.\n"
        "4. Ann Lee#, Bo Wu#, Cy Ma. Sparse Retrieval. SIGIR 2022.\n"
        "5. Ann Lee1, Bo Wu2, Cy Ma1. Point Cloud Codecs. ACM MM 2022.\n"
        "6. Ann Lee (first author), Bo Wu. Secure Aggregation. CCS 2023.\n"
        "7. Bo Wu, Ann Lee✉. Trusted Execution for GPUs. USENIX Security 2024. (corresponding author)\n"
    )
    pubs = cv_with(body).publications
    assert [(p.venue.abbr, p.owner_position, p.authors) for p in pubs] == [
        ("NeurIPS", 1, ["Ann Lee", "Bo Wu", "Cy Ma"]),
        ("ICML", 2, ["Bo Wu", "Ann Lee", "Cy Ma"]),
        ("ICLR", 1, ["Ann Lee", "Bo Wu"]),
        ("SIGIR", 1, ["Ann Lee", "Bo Wu", "Cy Ma"]),
        ("ACM MM", 1, ["Ann Lee", "Bo Wu", "Cy Ma"]),
        ("CCS", 1, ["Ann Lee", "Bo Wu"]),
        ("USENIX Security", 2, ["Bo Wu", "Ann Lee"]),
    ]
    zh = cv_with(
        "1. 王伟，李安*（通讯作者）. 面向边缘计算的任务卸载[J]. 计算机学报, 2022.",
        name="李安",
        heading="论文发表",
    )
    assert [(p.authors, p.owner_position, p.venue.abbr, p.ccf) for p in zh.publications] == [
        (["王伟", "李安"], 2, "计算机学报", None)
    ]


def test_inventors_wrapped_inside_a_chinese_name_and_an_owner_nickname() -> None:
    """A patent's inventor list wraps inside a name ("钱雨" / "杉"); the owner's printed name
    carries a nickname in quotes that papers leave out."""
    body = (
        "1. 一种虚构的玩具缓存替换方法 [发明,已授权],柯岚,任景和,骆丹,钱雨\n"
        "杉,廖鸿远,李安,申请号:CN201811735246.2\n"
    )
    (pub,) = cv_with(body, name="李安").publications
    assert pub.authors == ["柯岚", "任景和", "骆丹", "钱雨杉", "廖鸿远", "李安"]
    assert pub.owner_position == 6
    body = '1. Bo Wu, Ann Kanti Lee. "Toy Encoders for Zero-shot Toys". In ToyConf, 2022.\n'
    (pub,) = cv_with(body, name='Ann Kanti Lee "Annie"').publications
    assert pub.owner_position == 2


def _plain_clean_author(chunk: str) -> str:
    """The author cleaned by both passes of the mark pattern, whatever the chunk holds."""
    from bilingual_cv.publications.names import _ET_AL_RE, _author_marks_re

    marks = _author_marks_re()
    return marks.sub("", marks.sub("", _ET_AL_RE.sub("", chunk))).strip(" .,;:…")


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(AUTHOR_TEXT_WORDS), max_size=10), st.sampled_from([" ", ""]))
def test_name_shortcuts_equal_the_plain_computation(words: list[str], glue: str) -> None:
    from bilingual_cv.publications.names import _is_name_word, clean_author

    text = glue.join(words)
    assert clean_author.__wrapped__(text) == _plain_clean_author(text)
    for word in text.split():
        assert _is_name_word(word) == all(ch.isalpha() or ch in "'-" for ch in word)


def test_the_guarded_author_marks_pattern_matches_as_without_its_guard() -> None:
    # (the author separator starts with a character class: tests/test_regex_forms.py)
    from bilingual_cv.publications.names import _author_marks_re

    pattern = _author_marks_re()
    bare = without_guard(pattern)
    for line in GUARD_LINES:
        assert spans(pattern, line) == spans(bare, line), line
        assert pattern.split(line) == bare.split(line), line
    assert any(pattern.search(line) for line in GUARD_LINES)


def test_authors_with_a_particle_elided_onto_the_surname_are_names() -> None:
    """``d'Oak``, ``dell’Ulivo``: a lower-case particle elided onto a capitalised surname, in
    an author list and as the owner."""
    from .conftest import cv_with

    cv = cv_with(
        'Ann d\'Lee, Bo Wu, Lia dell’Ulivo, and Cy Ma. "Fast Toys." NSDI 2024.\n\n'
        'Bo Wu and Ann d\'Lee. "Slow Kites." SOSP 2023.',
        name="Ann d'Lee",
    )
    assert [(len(p.authors), p.owner_position) for p in cv.publications] == [(4, 1), (2, 2)]
