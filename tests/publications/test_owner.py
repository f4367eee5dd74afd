"""The owner's position and inferred name (:mod:`bilingual_cv.publications.owner`), on
fictional CVs.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bilingual_cv
from bilingual_cv.schema import Person, Publication

from .conftest import cv_with


def test_owner_found_under_other_spellings() -> None:
    body = (
        "1. Bo Wu, X. Wang. Paper One. NSDI, 2024.\n"
        "2. Wang, Xiaoming and Wu, Bo. Paper Two. SIGCOMM, 2023.\n"
        "3. 王伟，王晓明. 论文三[J]. 软件学报, 2022.\n"
    )
    cv = cv_with(body, name="Xiaoming Wang (王晓明)")
    assert cv.person.name_zh == "王晓明"
    assert [p.owner_position for p in cv.publications] == [2, 1, 2]


def test_owner_in_bold_found_with_a_mark_outside_the_bold() -> None:
    """A CV under a new name, its older papers under the former one in bold with a
    corresponding mark set after the bold (``**Ann Roe**✉``)."""
    body = (
        "1. **Ann Lee**, Bo Wu. Paper One. NSDI, 2025.\n"
        "2. Cy Ma, **Ann Roe**✉, Bo Wu✉. Paper Two. SIGCOMM, 2023.\n"
        "3. Bo Wu, Cy Ma, **Ann Roe***. Paper Three. INFOCOM, 2022.\n"
    )
    cv = cv_with(body, name="Ann Lee (formerly Ann Roe)")
    assert cv.person.name == "Ann Lee"
    assert [p.owner_position for p in cv.publications] == [1, 2, 3]


def test_an_owner_with_a_two_word_family_name_written_family_name_first() -> None:
    """Chicago and MLA write the first author family name first: "Ruiz-Soto, Ana" and
    "Van Dyke, Ann" are the owners Ana Ruiz-Soto and Ann Van Dyke."""
    body = (
        'Ruiz-Soto, Ana, Bo Wu, and Cy Ma. 2021. "Quiet Queues." Toy Letters 4 (2): 1–9.\n\n'
        'Bo Wu and Ana Ruiz-Soto. 2020. "Loud Toys." Toy Letters 3 (1): 1–9.\n'
    )
    assert [p.owner_position for p in cv_with(body, name="Ana Ruiz-Soto").publications] == [1, 2]
    body = 'Van Dyke, Ann, and Bo Wu. 2021. "Quiet Queues." Toy Letters 4 (2): 1–9.\n'
    assert [p.owner_position for p in cv_with(body, name="Ann Van Dyke").publications] == [1]


def test_inferred_name_when_the_cv_never_states_it() -> None:
    text = (
        "教育背景\n上海交通大学 博士\n\n论文发表\n"
        '• Xiaoming Wang, Bo Wu, "Paper One". (INFOCOM 2023, CCF-A)\n'
        '• Cy Ma, Xiaoming Wang, "Paper Two". (ICNP 2021, CCF-B)\n\n'
        "专利发表\n• CN202310246813.5《数据包处理方法》王晓明，王伟\n• CN202210468135.9《网络仿真方法》王伟，王晓明\n"
        "• CN202210579246.1《集群仿真方法》张三，王晓明\n"
    )
    cv = bilingual_cv.parse(text)
    assert cv.person.name is None and cv.person.inferred_name == "Xiaoming Wang"
    assert [p.owner_position for p in cv.publications] == [1, 2, 1, 2, 2]


def test_owner_found_across_scripts_through_pinyin() -> None:
    zh_owner = cv_with(
        "[1] Xiaoming Wang, Bo Wu. Paper One. NSDI, 2024.\n[2] Bo Wu, Xiao-Ming Wang. Paper Two. OSDI, 2023.",
        name="王晓明",
    )
    assert [p.owner_position for p in zh_owner.publications] == [1, 2]
    en_owner = cv_with(
        "• CN202310246813.5《数据包处理方法》王小雨，王伟，王晓明",
        name="Xiaoming Wang",
        heading="专利",
    )
    assert en_owner.publications[0].owner_position == 3  # not 王小雨, who is also "Y. Liu"


def test_owner_named_in_han_found_under_a_wade_giles_spelling() -> None:
    body = "1. Bo Wu, Chih-Ming Hsu. Paper One. NSDI, 2024.\n2. Bo Wu, Ann Lee. Paper Two. SOSP, 2021.\n"
    assert [p.owner_position for p in cv_with(body, name="徐志明").publications] == [2, None]


def test_owner_position_stated_in_words_when_no_author_list() -> None:
    text = (
        "韩梅\nhanmei@example.cn\n\n科研成果\n"
        "1. Deep Fictional Transforms for Line Finding: 第一作者\n"
        "European Conference on Computer Vision (ECCV), 2020.\n"
        "2. A Fictional Benchmark of Caches: 共同第一作者\n"
        "IEEE Transactions on Computers (TC, CCF A 类), 2021.\n"
        "3. Fictional Attention for Fictional Depth: 第二作者\n"
        "International Conference on Learning Representations (ICLR), 2022.\n"
    )
    pubs = bilingual_cv.parse_text(text).publications
    assert [(p.title, p.owner_position) for p in pubs] == [
        ("Deep Fictional Transforms for Line Finding", 1),
        ("A Fictional Benchmark of Caches", None),  # co-first: no single place
        ("Fictional Attention for Fictional Depth", 2),
    ]


def test_a_chinese_owner_written_with_an_initial_and_a_short_given_name() -> None:
    """李安's English papers list "A. Li"; a co-author's given name is written short ("Md.")."""
    body = (
        '1. A. Li, Y. Zhou, D. Zhang. "Learning to Sort Toys." In IEEE ToyConf, 2017.\n'
        '2. Y. Zhou, A. Li. "Toy Filtering." In ToyConf, 2018.\n'
        '3. Shubha Kanti Roy Deb, Md. Rafi Hasan*, A. Li. "Toy Sentences." In ToyConf, 2019.\n'
    )
    pubs = cv_with(body, name="李安").publications
    assert [p.owner_position for p in pubs] == [1, 2, 3]
    assert pubs[2].authors == ["Shubha Kanti Roy Deb", "Md. Rafi Hasan", "A. Li"]


_FICTIONAL_AUTHORS = [
    "Ann Lee",
    "A. Lee",
    "Lee, Ann",
    "Bo Wu",
    "Wu Bo",
    "Cy Ma",
    "李安",
    "吴博",
    "马慈",
]


def _plain_owner_keys(person: Person, publications: list[Publication]) -> frozenset[str]:
    """The owner's spellings, inferring a name for each script with no stated spelling."""
    from bilingual_cv.publications.names import HAN_NAME_RE, author_key, name_keys
    from bilingual_cv.publications.owner import _inferred_names, _initial_keys

    keys: set[str] = set()
    for name in (person.name, person.name_zh, person.inferred_name):
        if name:
            keys |= name_keys(name)
    spelled = frozenset(keys) | _initial_keys(frozenset(keys))
    authors = [author for publication in publications for author in publication.authors]
    for name in _inferred_names(publications):
        han = bool(HAN_NAME_RE.match(name))
        same_script = [a for a in authors if bool(HAN_NAME_RE.match(a)) == han]
        if not any(author_key(a) & spelled for a in same_script):
            keys |= name_keys(name)
    return frozenset(keys)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([None, "Ann Lee", "Cy Ma", "Dee Roe"]),
    st.sampled_from([None, "李安", "马慈"]),
    st.lists(st.lists(st.sampled_from(_FICTIONAL_AUTHORS), max_size=4), max_size=5),
)
def test_owner_keys_equal_the_plain_computation(
    name: str | None, name_zh: str | None, author_lists: list[list[str]]
) -> None:
    from bilingual_cv.publications.owner import owner_keys

    person = Person(name=name, name_zh=name_zh)
    publications = [Publication.model_construct(authors=authors) for authors in author_lists]
    assert owner_keys(person, publications) == _plain_owner_keys(person, publications)


def test_owner_keys_read_no_author_when_no_name_is_stated(monkeypatch: pytest.MonkeyPatch) -> None:
    # romanizing every author of an unnamed CV finds nothing: each script's name is inferred
    from bilingual_cv.publications import names, owner

    def no_author_key(author: str, *, romanize: bool = True) -> frozenset[str]:
        raise AssertionError(f"{author!r} was read for a name no one stated")

    lists = [["Ann Lee", "Bo Wu"], ["Ann Lee", "Cy Ma"], ["李安", "吴博"], ["李安"]]
    publications = [Publication.model_construct(authors=authors) for authors in lists]
    expected = names.name_keys("Ann Lee") | names.name_keys("李安")
    monkeypatch.setattr(owner, "author_key", no_author_key)
    assert owner.owner_keys(Person(), publications) == expected
