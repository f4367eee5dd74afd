"""Citations in the Chinese APA form of Taiwan and Hong Kong CVs
(:mod:`bilingual_cv.publications.chinese_apa`), on fictional CVs: authors joined by 、 or
commas, the year in brackets, full-width full stops, 〈〉/《》/「」 titles.
"""

from __future__ import annotations

import bilingual_cv
from bilingual_cv.schema import Publication

_CV = """王小明

著作目錄
期刊論文
1. 王小明、林玩具（2023）。以玩具進行排程之研究。玩具科學學報，12(3)，45-67。
2. 王小明、林玩具、陳積木（2021）。〈積木平臺之使用者經驗研究〉。《玩具科技期刊》，8(2)，1-20。
3. 王小明 (2018)。玩具雲端資源配置之研究。玩具管理學刊，25(1)，33-58。
4. 林玩具（通訊作者）、王小明（民國105年）。積木排列之演算法。玩具科學學報，9(1)，1-12。
5. 王小明、林玩具（2023）。基于玩具的图像分割研究。计算机学报，46(3)，45-67。
研討會論文
1. 林玩具與王小明（2022年6月）。基於積木網路的推薦系統。第27屆玩具與應用研討會（TOYA 2022），臺中市。
2. 王小明、林玩具等（2019）：玩具支付採用意圖，2019玩具管理學術研討會，臺北市。
專書
1. 王小明（2020）。《玩具系統導論》。臺北市：積木出版社。
"""


def _fields(pub: Publication) -> tuple[object, ...]:
    return (pub.title, pub.authors, pub.year, pub.venue.name, pub.kind.value, pub.owner_position)


def test_chinese_apa_citations_give_authors_title_year_venue_and_kind() -> None:
    pubs = bilingual_cv.parse(_CV).publications
    assert [_fields(p) for p in pubs] == [
        ("以玩具進行排程之研究", ["王小明", "林玩具"], 2023, "玩具科學學報", "journal", 1),
        (
            "積木平臺之使用者經驗研究",
            ["王小明", "林玩具", "陳積木"],
            2021,
            "玩具科技期刊",
            "journal",
            1,
        ),
        ("玩具雲端資源配置之研究", ["王小明"], 2018, "玩具管理學刊", "journal", 1),
        ("積木排列之演算法", ["林玩具", "王小明"], 2016, "玩具科學學報", "journal", 2),
        ("基于玩具的图像分割研究", ["王小明", "林玩具"], 2023, "计算机学报", "journal", 1),
        (
            "基於積木網路的推薦系統",
            ["林玩具", "王小明"],
            2022,
            "第27屆玩具與應用研討會",
            "conference",
            2,
        ),
        ("玩具支付採用意圖", ["王小明", "林玩具"], 2019, "玩具管理學術研討會", "conference", 1),
        ("玩具系統導論", ["王小明"], 2020, "臺北市:積木出版社", "book", 1),
    ]


def test_chinese_journals_off_the_ccf_lists_get_no_rank() -> None:
    pubs = bilingual_cv.parse(_CV).publications
    ranked = [(p.title, p.ccf_cn.rank.value if p.ccf_cn else None) for p in pubs]
    # only the journal CCF's Chinese list names is ranked; the others get no rank at all
    assert [rank for _, rank in ranked] == [None, None, None, None, "A", None, None, None]
    assert all(p.ccf is None for p in pubs)


def test_an_english_apa_citation_is_not_read_as_a_chinese_one() -> None:
    body = "王小明\n\nPublications\n1. Lee, A., & Wu, B. (2021). Toy scheduling at scale. Journal of Toy Science, 3(1), 1-9.\n"
    (pub,) = bilingual_cv.parse(body).publications
    assert (pub.title, pub.authors, pub.year) == (
        "Toy scheduling at scale",
        ["Lee, A", "Wu, B"],
        2021,
    )
    assert pub.venue.name == "Journal of Toy Science"


def test_citation_index_tags_are_notes_and_a_taiwanese_patent_grant_closes_no_title() -> None:
    text = (
        "王小明\n\n期刊論文\n"
        "1. 王小明*、林玩具（2022）。積木網路之研究。玩具科學學報，10(2)，1-20。（TSSCI）\n"
        "2. Wang Xiaoming, Lin Wanju. Toy scheduling with graphs. Journal of Toy Science, 12(3), 45-67, 2021 (SCI, EI).\n"
        "\n專利\n"
        "1. 王小明、林玩具，玩具排程裝置，中華民國發明專利 I765432，2022。\n"
    )
    pubs = bilingual_cv.parse(text).publications
    assert [(p.title, p.venue.abbr, p.notes, p.kind.value) for p in pubs] == [
        ("積木網路之研究", None, ["TSSCI"], "journal"),
        # the short name is the journal's initials, never the index tag
        ("Toy scheduling with graphs", "JTS", ["SCI, EI"], "journal"),
        ("玩具排程裝置", None, ["中華民國發明專利 I765432,2022"], "patent"),
    ]
    assert pubs[1].venue.abbr_source == "initials"
    assert pubs[2].authors == ["王小明", "林玩具"]


def test_a_conference_named_with_its_year_and_a_chapter_in_an_edited_book() -> None:
    text = (
        "王小明\n\n學術著作\n"
        "1. 王小明、陳積木（2020，11月）。雲端玩具調度。2020全國玩具會議，臺北市，臺灣。\n"
        "2. 王小明（2018）。〈玩具排程〉。載於林玩具（主編），《玩具計算導論》（頁45-67）。臺北市：積木出版社。\n"
    )
    pubs = bilingual_cv.parse(text).publications
    assert [(p.title, p.authors, p.year, p.venue.name, p.kind.value) for p in pubs] == [
        ("雲端玩具調度", ["王小明", "陳積木"], 2020, "全國玩具會議", "conference"),
        ("玩具排程", ["王小明"], 2018, "玩具計算導論", "book"),
    ]


def test_taiwanese_patents_with_a_label_or_a_grant_number_after_the_title() -> None:
    text = (
        "王小明\n\n專利\n"
        "1. 發明專利：玩具排程系統及其方法，中華民國專利證書號 I712345，2020/03/01 – 2039/11/20。\n"
        "2. 王小明、林玩具，玩具控制裝置，美國專利 US 10,123,456 B2，2019。\n"
        "\nPublications\n1. Ann Lee. Patent: A toy study of patents. Journal of Toys, 2020.\n"
    )
    pubs = bilingual_cv.parse(text).publications
    assert [(p.title, p.year, p.kind.value) for p in pubs] == [
        ("玩具排程系統及其方法", 2020, "patent"),
        ("玩具控制裝置", 2019, "patent"),
        ("Patent: A toy study of patents", 2020, "journal"),
    ]
    assert pubs[0].notes[0].startswith("發明專利")
