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


TIER_CV = """王小明
wxm@example.cn

论文
[1] 王小明, 李华. 一种虚构的图像分割方法. IEEE Transactions on Pattern Analysis and Machine Intelligence, 2021. (中科院一区 Top)
[2] 王小明. 一种虚构的网络调度. IEEE Transactions on Computers, 2022. (SCI 2区, JCR Q1, CCF-B)
[3] Xiaoming Wang. A Fictional Toy Survey. Journal of Toy Studies, 2020. (JCR-Q2)
[4] Xiaoming Wang. A Fictional Toy Index. ToyConf 2019, Q1 session.
"""


def test_tier_claims_are_kept_apart_and_never_read_as_ccf_claims() -> None:
    cv = bilingual_cv.parse_text(TIER_CV)
    by_title = {p.title: p for p in cv.publications}
    tpami = by_title["一种虚构的图像分割方法"]
    assert (tpami.claimed_tier, tpami.claimed_ccf) == ("中科院一区 Top", None)
    assert tpami.ccf is not None and tpami.ccf.abbr == "TPAMI"  # the tier does not hide the venue
    tc = by_title["一种虚构的网络调度"]
    assert tc.claimed_tier == "SCI 2区; JCR Q1"
    assert tc.claimed_ccf is not None and tc.claimed_ccf.value == "B"
    assert by_title["A Fictional Toy Survey"].claimed_tier == "JCR-Q2"
    assert by_title["A Fictional Toy Index"].claimed_tier is None  # a bare "Q1" names no tier
    mismatches = [w.message for w in cv.warnings if w.code == "claimed_ccf_mismatch"]
    assert len(mismatches) == 1 and "'TC'" in mismatches[0]  # TC is CCF-A, claimed B


def test_the_report_does_not_flag_a_claim_the_chinese_journal_catalogue_confirms() -> None:
    from bilingual_cv.report import Entry, render_report
    from tests.report.dom import cell_values, parse_html

    record = bilingual_cv.parse_text(CV_TEXT).model_dump(mode="json")
    claims = {p["title"]: p["claimed_ccf"] for p in record["publications"] if p["claimed_ccf"]}
    assert claims == {
        "一种虚构的缓存替换算法": "A",
        "A Fictional Scheduler": "A",
        "一种虚构的检测方法": "B",
    }
    dom = parse_html(render_report([Entry("lihua.json", None, record)]))
    # 软件学报 claimed B is wrong; 计算机学报 claimed A is right, on the Chinese-journal list
    assert cell_values(dom, "mismatch") == ["1"]
    flagged = dom.by_id("cv-1").find_all("span", "claim")
    assert len(flagged) == 1 and "B" in flagged[0].attrs["title"]


def test_the_report_names_the_chinese_journal_class_a_wrong_claim_disagrees_with() -> None:
    from bilingual_cv.report import Entry, render_report
    from tests.report.dom import parse_html

    record = bilingual_cv.parse_text(CV_TEXT + TIER_CV.split("论文\n")[1]).model_dump(mode="json")
    card = parse_html(render_report([Entry("lihua.json", None, record)])).by_id("cv-1")
    claims = [span.attrs["title"] for span in card.find_all("span", "claim")]
    assert any("CN-A on its Chinese-journal list" in title for title in claims)  # 软件学报
    tiers = sorted(span.all_text() for span in card.find_all("span", "tier"))
    assert tiers == ["JCR-Q2", "SCI 2区; JCR Q1", "中科院一区 Top"]
