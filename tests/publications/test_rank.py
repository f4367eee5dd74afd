"""Tests for ``bilingual_cv.publications.rank``: CCF's Chinese-journal catalogues are ranked apart
from the international list, and a claimed rank is checked against the catalogue it names.
Fictional entries (their counts: ``tests/test_stats.py``)."""

from __future__ import annotations

import bilingual_cv

CV_TEXT = """李华
lihua@example.cn

论文发表
[1] 李华, 王明. 一种虚构的缓存替换算法[J]. 计算机学报, 2023. (CCF-A 类中文期刊)
[2] 李华, 赵强. 一种虚构的调度方法[J]. 计算机应用, 2022.
[3] Hua Li, Ming Wang. A Fictional Study of Caches. Journal of Software (in Chinese), 2021.
[4] Hua Li, Qiang Zhao. A Fictional Process Study. Journal of Software: Evolution and Process, 2020.
[5] Hua Li. A Fictional Scheduler. IEEE INFOCOM 2019. (CCF-A)
[6] 李华. 一种虚构的检测方法[J]. 软件学报, 2018. (中文 CCF-B)
"""


def test_chinese_journals_get_their_class_and_tier_apart_from_the_international_rank() -> None:
    cv = bilingual_cv.parse_text(CV_TEXT)
    by_title = {p.title: p for p in cv.publications}
    jcs = by_title["一种虚构的缓存替换算法"]
    assert jcs.ccf is None and jcs.claimed_ccf is not None and jcs.claimed_ccf.value == "A"
    assert jcs.ccf_cn is not None and (jcs.ccf_cn.rank, jcs.ccf_cn.tier) == ("A", "T1")
    assert by_title["一种虚构的调度方法"].ccf_cn.rank.value == "C"
    jos = by_title["A Fictional Study of Caches"]
    assert jos.ccf is None and jos.ccf_cn is not None and jos.ccf_cn.name == "软件学报"
    jsep = by_title["A Fictional Process Study"]
    assert jsep.ccf_cn is None and jsep.ccf is not None  # Wiley's JSEP, an international venue
    assert by_title["A Fictional Scheduler"].ccf_cn is None


def test_a_claim_is_checked_against_the_catalogue_it_names() -> None:
    cv = bilingual_cv.parse_text(CV_TEXT)
    mismatches = [w for w in cv.warnings if w.code == "claimed_ccf_mismatch"]
    # 计算机学报 claimed A on the Chinese list (right), INFOCOM claimed A (right);
    # 软件学报 claimed B on the Chinese list, where it is A
    assert len(mismatches) == 1 and "Chinese-journal list says A" in mismatches[0].message
