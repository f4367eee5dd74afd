"""A publication list printed as a table, one row per paper and one cell per field (Word
CVs, Chinese CVs), is read field by field: the cells do not run into each other."""

from __future__ import annotations

import bilingual_cv
from tests.io.conftest import build_docx, docx_paragraphs, docx_table

from .conftest import cv_with


def test_rows_of_a_publication_table_are_read_cell_by_cell() -> None:
    body = (
        "No.\tTitle\tAuthors\tVenue\tYear\n"
        "1\tTowards fine-grained scheduling in sparse graphs\tWren Roe, Nils Ruiz-Soto, "
        "Tove O'Dell\tInternational Conference on Information and Communications Security\t2012\n"
        "2\tTaming Entity Resolution with Knowledge Distillation\tGus Kestrel, Wren Roe\t"
        "Asia-Pacific Symposium on Internetware\t2020\n"
        "3\tCan LLM Agents Make Log Analysis Elastic?\tWren Roe, Ugo Lind, Yuhang Chen\t"
        "Software and Systems Modeling\t2023\n"
    )
    pubs = cv_with(body, name="Wren Roe").publications
    assert [(p.title, len(p.authors), p.owner_position, p.venue.abbr, p.year) for p in pubs] == [
        ("Towards fine-grained scheduling in sparse graphs", 3, 1, "ICICS", 2012),
        ("Taming Entity Resolution with Knowledge Distillation", 2, 2, "Internetware", 2020),
        ("Can LLM Agents Make Log Analysis Elastic?", 3, 1, "SoSyM", 2023),
    ]


def test_a_chinese_word_table_of_papers() -> None:
    rows = [
        ["序号", "论文题目", "作者", "期刊", "时间"],
        ["1", "面向对比学习的语义分割方法综述", "何晨, 高涛, 赵明轩", "计算机学报", "2022.05"],
        ["2", "基于联邦学习的缓存替换策略研究", "吴伟, 何晨", "软件学报", "2021"],
        ["3", "融合差分隐私的缓存替换策略综述", "何晨", "自动化学报", "2019.11"],
    ]
    docx = build_docx(docx_paragraphs("何晨", "hechen@example.edu", "发表论文") + docx_table(rows))
    pubs = bilingual_cv.parse(docx).publications
    assert [(p.title, len(p.authors), p.owner_position, p.venue.name, p.year) for p in pubs] == [
        ("面向对比学习的语义分割方法综述", 3, 1, "计算机学报", 2022),
        ("基于联邦学习的缓存替换策略研究", 2, 2, "软件学报", 2021),
        ("融合差分隐私的缓存替换策略综述", 1, 1, "自动化学报", 2019),
    ]
