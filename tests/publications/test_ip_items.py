"""Intellectual-property items with a kind label (:mod:`bilingual_cv.publications.ip_items`),
read whole through :func:`bilingual_cv.pipeline.parse_text`, on fictional lists."""

from __future__ import annotations

from bilingual_cv.pipeline import parse_text
from bilingual_cv.publications.ip_items import read_ip_label, split_ip_status, split_ip_tail
from bilingual_cv.schema import PublicationKind

TAB = "\t"

#: Items that open with a kind label, the title wrapping onto a line with its status in
#: brackets and the owner in a right column, the inventors under it.
EN_LIST = f"""Ann Lee
ann@example.org

Patents

Invention Patent: Toy Kite Launching Apparatus (CN202311234567.8){TAB}Northfield University
BO WU, ANN LEE, CY HO
Invention Patent: A Method for Folding Paper Kites Based on
Wind Tunnel Sampling (Application Pending){TAB}Northfield University
BO WU, ANN LEE, CY HO, DI MA
Software Copyright: A Toy Drone Scheduling Platform and Queue
Monitoring System for Warehouses (Application Pending){TAB}Northfield University
BO WU, ANN LEE, CY HO

Awards

Best Kite Award, 2021
"""


def test_labelled_patents_take_the_title_after_the_label() -> None:
    cv = parse_text(EN_LIST)
    got = [(p.title, p.kind, p.year, len(p.authors)) for p in cv.publications]
    assert got == [
        ("Toy Kite Launching Apparatus", PublicationKind.PATENT, 2023, 3),
        (
            "A Method for Folding Paper Kites Based on Wind Tunnel Sampling",
            PublicationKind.PATENT,
            None,
            4,
        ),
        (
            "A Toy Drone Scheduling Platform and Queue Monitoring System for Warehouses",
            PublicationKind.OTHER,
            None,
            3,
        ),
    ]


def test_label_status_and_owner_are_notes() -> None:
    second = parse_text(EN_LIST).publications[1]
    assert "Invention Patent" in second.notes
    assert "Application Pending" in second.notes
    assert "Northfield University" in second.notes


#: Chinese items: a label before a full-width colon, a status in full-width brackets that
#: closes the title (the single inventor's name under it is no title text).
ZH_LIST = """李安

专利

1. 发明专利：一种玩具风筝的自动放飞方法（已授权）
王博，李安，何晨
2. 实用新型：一种纸风筝折叠装置（受理）
王博，李安
3. 软著：玩具无人机调度平台V1.0（已登记）
李安
"""


def test_chinese_labels_give_kind_and_title() -> None:
    got = [(p.title, p.kind, len(p.authors)) for p in parse_text(ZH_LIST).publications]
    assert got == [
        ("一种玩具风筝的自动放飞方法", PublicationKind.PATENT, 3),
        ("一种纸风筝折叠装置", PublicationKind.PATENT, 2),
        ("玩具无人机调度平台V1.0", PublicationKind.OTHER, 1),
    ]


#: A title closed by its kind after a dash, a date in brackets, then a description.
ZH_TAIL = """李安

软件著作权

[2] 玩具风筝气象服务系统-软件著作权(2025.3.1),可在某实验室网站获得服务:系统由某实验室研发。
[1] 玩具无人机调度平台，软件著作权，登记号：2023SR0123456
"""


def test_a_title_closed_by_its_kind_keeps_what_comes_before() -> None:
    got = [(p.title, p.kind, p.year) for p in parse_text(ZH_TAIL).publications]
    assert got == [
        ("玩具风筝气象服务系统", PublicationKind.OTHER, 2025),
        ("玩具无人机调度平台", PublicationKind.OTHER, 2023),
    ]


def test_a_paper_title_with_the_word_patent_is_no_label() -> None:
    assert read_ip_label("Patentability of Toy Kites: A Survey") is None
    assert split_ip_tail("Toy Patent Pools, Kite Letters, 2021") is None
    assert split_ip_status("Toy Kites (Revisited)") == ("Toy Kites (Revisited)", None)


#: A list of software copyrights under a heading that says they were published: a patents
#: section whose items, no patents, are of kind other.
ZH_COPYRIGHTS = """李安

## 已发表软件著作权

1. 玩具风筝气象服务系统V2.0，王博，李安，2024
2. 玩具无人机调度平台V1.0，李安，何晨，2023
"""


def test_a_published_copyrights_heading_is_an_ip_list_of_kind_other() -> None:
    cv = parse_text(ZH_COPYRIGHTS)
    assert [s.key.value for s in cv.sections if s.heading] == ["patents"]
    assert [p.kind for p in cv.publications] == [PublicationKind.OTHER] * 2


#: An author-first patent whose title wraps onto the line of its number's label: the line
#: under it is no patent of its own (its one word before the label is the title's tail).
EN_NUMBER_LABEL = """Ann Lee

Patents

Ann Lee, Bo Wu, Cy Ho. A Kite Launching Device Based on Near-Infrared Wind
Sampling. Patent Number: 201921234567.8 (in Chinese).
"""


def test_a_number_label_under_a_wrapped_title_goes_on_its_entry() -> None:
    got = [
        (p.title, p.kind, p.year, len(p.authors)) for p in parse_text(EN_NUMBER_LABEL).publications
    ]
    assert got == [
        (
            "A Kite Launching Device Based on Near-Infrared Wind Sampling",
            PublicationKind.PATENT,
            2019,
            3,
        )
    ]
