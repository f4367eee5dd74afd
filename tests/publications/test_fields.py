"""One entry's title, authors, venue and notes (:mod:`bilingual_cv.publications.fields`), in
every citation shape real CVs use, on fictional entries.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import bilingual_cv

from .conftest import cv_with, summary


def test_numbered_one_line_entries_authors_first() -> None:
    body = (
        "- 1. Bo Wu, Ann Lee, Cy Ma. Fairness in Serving Small Models. The 18th USENIX Symposium on Operating Systems "
        "Design and Implementation (OSDI), 2024.\n"
        "- Cy Ma, Ann Lee and Thomas E. Anderson. *On Links, Paths, and Trees*. In Proceedings of the Conference of the "
        "ACM Special Interest Group on Data Communication (SIGCOMM), 2021.\n"
        "  Best Paper Award.\n"
        "2. Ann Lee, Di Xu. Oblivious Joins. The 2nd Information-Theoretic Cryptography conference (ITC), 2021.\n"
        "3. Ann Lee. Congestion Control for Compliant Hosts. IEEE Micro, 2022."
    )
    pubs = cv_with(body).publications
    assert [summary(p) for p in pubs] == [
        ("Fairness in Serving Small Models", "OSDI", 2024, "conference", "A", 2, 3),
        ("On Links, Paths, and Trees", "SIGCOMM", 2021, "conference", "A", 2, 3),
        ("Oblivious Joins", "ITC", 2021, "conference", None, 1, 2),
        ("Congestion Control for Compliant Hosts", "IEEE Micro", 2022, "journal", None, 1, 1),
    ]
    assert pubs[1].notes == ["Best Paper Award"]


def test_title_and_authors_on_one_line() -> None:
    body = (
        "ForestPath: Efficient Routing on Heterogeneous Network Fabrics Ann Lee, Bo Wu, Cy Ma arXiv preprint, in submission\n\n"
        "Congestion Games for Collective Flows Bo Wu, **Ann Lee**, Cy Ma\n\n"
        "International Symposium on High-Performance Parallel and Distributed Computing (HPDC '24)"
    )
    pubs = cv_with(body).publications
    assert [summary(p) for p in pubs] == [
        (
            "ForestPath: Efficient Routing on Heterogeneous Network Fabrics",
            "arXiv",
            None,
            "preprint",
            None,
            1,
            3,
        ),
        ("Congestion Games for Collective Flows", "HPDC", 2024, "conference", "A", 2, 3),
    ]
    assert cv_with(body, edition="2022").publications[1].ccf.rank.value == "B"  # type: ignore[union-attr]


def test_english_entries_with_chinese_notes_under_a_chinese_heading() -> None:
    body = (
        '• Ann Lee, Bo Wu, Cy Ma, "PipeServe: A Pipelined Serverless Framework for\n\nTraining". (Sigmetrics\n'
        "2023, CCF-B,清华 A类) [分布式训练相关]\n"
        '• Di Xu, Ann Lee, "X-Path: Fast 5G Cores". (Mobi-\nCom 2023, CCF-B) [网络相关]\n'
        '• Ann Lee, Cy Ma, "Container Startup at Scale". (under review, 2024) [容器相关]'
    )
    cv = cv_with(body, name="李安", heading="论文发表")
    assert [summary(p) for p in cv.publications] == [
        (
            "PipeServe: A Pipelined Serverless Framework for Training",
            "SIGMETRICS",
            2023,
            "conference",
            "B",
            1,
            3,
        ),
        ("X-Path: Fast 5G Cores", "MobiCom", 2023, "conference", "A", 2, 2),
        ("Container Startup at Scale", None, 2024, "preprint", None, 1, 2),
    ]
    assert [p.claimed_ccf.value if p.claimed_ccf else None for p in cv.publications] == [
        "B",
        "B",
        None,
    ]
    assert cv.publications[0].notes == ["分布式训练相关"]
    mismatch = [w for w in cv.warnings if w.code == "claimed_ccf_mismatch"]
    assert len(mismatch) == 1 and "CCF-B" in mismatch[0].message and "says A" in mismatch[0].message
    assert [s.lang for s in cv.sections if s.key.value == "publications"] == ["en"]


def test_chinese_patents_and_references() -> None:
    body = (
        "• CN202310246813.5《一种数据包处理方法、系统和存储介质》李安，王伟，张三\n"
        "• CN201911357924.1《一种恶意软件监测系统和方法》王伟、李安\n"
    )
    cv = cv_with(body, name="李安", heading="专利发表")
    assert [
        (p.title, p.year, p.kind.value, p.owner_position, len(p.authors), p.ccf)
        for p in cv.publications
    ] == [
        ("一种数据包处理方法、系统和存储介质", 2023, "patent", 1, 3, None),
        ("一种恶意软件监测系统和方法", 2019, "patent", 2, 2, None),
    ]
    refs = cv_with(
        "1. 李安, 王伟. 基于可编程交换机的梯度聚合方法[J]. 计算机学报, 2023, 46(3): 1-15.",
        name="李安",
        heading="期刊论文",
    )
    pub = refs.publications[0]
    assert (pub.title, pub.kind.value, pub.year, pub.owner_position) == (
        "基于可编程交换机的梯度聚合方法",
        "journal",
        2023,
        1,
    )


def test_chinese_patents_written_as_records_or_gbt_references() -> None:
    """A patent's labelled fields after its title (kind, a number with its label, a date)
    and GB/T 7714's ``Title: country, number[P]`` stay out of the title; the year is the
    application's, read from the number, also in the spaced form of the certificates."""
    body = (
        "1. 一种玩具轨迹预测方法及装置，发明专利，授权号：ZL 2020 1 0765432.1，"
        "授权日期：2022.05（第2发明人）\n"
        "2. 王伟，李安，张三，一种虚构的异常检测方法及系统，申请号：CN202011234567.X，2021年\n"
        "3. 李安, 王伟. 一种基于玩具模型的缓存替换方法: 中国, CN202110234567.8[P]. 2022-03-01.\n"
    )
    cv = cv_with(body, name="李安", heading="授权专利")
    assert [(p.title, p.year, p.kind.value, p.owner_position) for p in cv.publications] == [
        ("一种玩具轨迹预测方法及装置", 2020, "patent", None),
        ("一种虚构的异常检测方法及系统", 2020, "patent", 2),
        ("一种基于玩具模型的缓存替换方法", 2021, "patent", 1),
    ]


#: A right-hand date column, as text extracted with its layout prints it.
_GAP = " " * 40

_KITE_PATENTS = (
    "International Registrations\n"
    f"[1] US 10234567{_GAP}Oct 2019\n"
    "    Toy Kite Launcher with Adjustable Tension\n\n"
    "Domestic Registrations\n"
    f"[1] KR 10-1234567{_GAP}Mar 2023\n"
    "    METHOD FOR FOLDING PAPER KITES AND THE SYSTEM THEREOF\n"
    f"[2] KR 10-2345678{_GAP}Jul 2022\n"
    "    Apparatus for measuring the lift of a toy kite by using wind tunnels, and computer\n"
    "    program for executing the method\n\n"
    "Applications\n"
    f"[1] KR 10-2021-0123456{_GAP}Nov 2021\n"
    "    ANTI-TANGLE SYSTEM FOR KITE STRINGS AND ITS OPERATION METHOD\n"
    f"[2] KR 10-2019-0123457{_GAP}Jan 2020\n"
    "    Large-scale paper kite swarm IoT wind analysis\n"
    "[3] US 10,345,678 B2\n"
    "    Kite tail balancing method for strong wind conditions\n"
)


def test_a_patent_printed_number_first_takes_its_title_from_the_lines_under_it() -> None:
    """USPTO / KIPO style: the number (with a date column or none) opens each item and the
    title, in capitals or not, wrapped or not, is on the line(s) under it. The number stays
    in the venue text; the year is the printed date's, else the one the number holds."""
    pubs = cv_with(_KITE_PATENTS, name="Jane Kiteflyer", heading="PATENTS").publications
    assert [(p.title, p.year, p.kind.value, p.venue.raw) for p in pubs] == [
        (
            "Toy Kite Launcher with Adjustable Tension",
            2019,
            "patent",
            "US 10234567, Oct 2019",
        ),
        (
            "METHOD FOR FOLDING PAPER KITES AND THE SYSTEM THEREOF",
            2023,
            "patent",
            "KR 10-1234567, Mar 2023",
        ),
        (
            (
                "Apparatus for measuring the lift of a toy kite by using wind tunnels, and "
                "computer program for executing the method"
            ),
            2022,
            "patent",
            "KR 10-2345678, Jul 2022",
        ),
        (
            "ANTI-TANGLE SYSTEM FOR KITE STRINGS AND ITS OPERATION METHOD",
            2021,
            "patent",
            "KR 10-2021-0123456, Nov 2021",
        ),
        (
            "Large-scale paper kite swarm IoT wind analysis",
            2020,
            "patent",
            "KR 10-2019-0123457, Jan 2020",
        ),
        (
            "Kite tail balancing method for strong wind conditions",
            None,
            "patent",
            "US 10,345,678 B2",
        ),
    ]
    assert all(p.venue.name is None and p.ccf is None for p in pubs)


def test_a_number_first_patent_without_a_date_takes_the_year_its_number_holds() -> None:
    """No date column: the year is the one the number holds (a filing or publication
    year), none for a number that holds no year (a US grant)."""
    body = (
        "1. CN 202010123456.7\n   Toy kite folding method and system\n"
        "2. US 10,345,678 B2\n   KITE TAIL BALANCING METHOD FOR STRONG WIND\n"
        "3. JP 2021-123456\n   Kite reel with two spools\n"
    )
    pubs = cv_with(body, name="Jane Kiteflyer", heading="Patents").publications
    assert [(p.title, p.year, p.kind.value, p.venue.raw) for p in pubs] == [
        ("Toy kite folding method and system", 2020, "patent", "CN 202010123456.7"),
        ("KITE TAIL BALANCING METHOD FOR STRONG WIND", None, "patent", "US 10,345,678 B2"),
        ("Kite reel with two spools", 2021, "patent", "JP 2021-123456"),
    ]


def test_siam_entries_of_one_author_and_of_the_same_authors_as_before() -> None:
    """SIAM's bibtex style: ``J. Roe, Title, in Proceedings of ..., Mon. Year, pp.`` wrapped
    over lines with one author, and the next entry of the same authors printed as a rule that
    leaves no text (``[5] , Title, ...``) or as a long dash."""
    cv = cv_with(
        "[4] A. Lee, Can toy switches make anomaly detection zero-copy?, in Proceedings of the\n"
        "Toy Symposium on Performance Analysis of Toys (TSPAT), Feb.\n"
        "2013, pp. 237–247.\n"
        "[5]\t, Verified toy log analysis via differential privacy, in Proceedings of the\n"
        "Toy Conference on Sensor Toys (TCST), Jan. 2025, pp. 514–524.\n"
        "[6] ——, Quiet toy caches, Journal of Toy Science, 12 (2019), pp. 1–9.\n"
        "[7] B. Wu, A. Lee, and C. Ma, Understanding toy queries, in Proceedings of the Toy\n"
        "Conference (TOYC), Nov. 2017, pp. 748–761.\n"
    )
    assert [(p.title, p.authors, p.year) for p in cv.publications] == [
        ("Can toy switches make anomaly detection zero-copy?", ["A. Lee"], 2013),
        ("Verified toy log analysis via differential privacy", ["A. Lee"], 2025),
        ("Quiet toy caches", ["A. Lee"], 2019),
        ("Understanding toy queries", ["B. Wu", "A. Lee", "C. Ma"], 2017),
    ]


def test_a_wrapped_issue_number_is_no_entry_of_the_same_authors() -> None:
    """GB/T 7714 wraps an entry between its volume and its issue: "(10): 263-282." goes on
    the entry; only a bracketed number before a bare comma or stop is a same-authors rule."""
    cv = cv_with(
        "[1] 李安, 郭浩, 马刚, 等. 基于玩具机制的流量调度方法及其应用[J]. 玩具学报, 2017, 39\n"
        "(10): 263-282. https://doi.example.org/10.5555/2017.026339/fulltext-version-39.\n"
        "[2] LI A, MA P. Toy stores meets scheduling: an empirical study of toy homes[J]. Toy\n"
        "Letters, 2012, 30(11): 783-801.\n",
        name="李安",
        heading="发表论文",
    )
    assert [(p.title, p.year, len(p.authors)) for p in cv.publications] == [
        ("基于玩具机制的流量调度方法及其应用", 2017, 3),
        ("Toy stores meets scheduling: an empirical study of toy homes", 2012, 2),
    ]


def test_chinese_author_lists_closed_by_a_stop_or_a_colon_and_journals_in_guillemets() -> None:
    """``李安，王伟。《标题》，期刊`` closes its author list with a full stop, and
    ``李安、王伟：标题，《期刊》2017年第3期`` with a colon and no space, its journal (a
    catalogued one) in 《》 as Chinese writes journal names too."""
    cv = cv_with(
        "1. 李安，王伟。《面向边缘计算的玩具缓存机制》，软件学报，2022年第5期。\n"
        "2. 李安、王伟：玩具图划分的近似算法，《计算机学报》2017年第3期\n",
        name="李安",
        heading="学术论文",
    )
    assert [(p.title, p.authors, p.venue.name, p.year) for p in cv.publications] == [
        ("面向边缘计算的玩具缓存机制", ["李安", "王伟"], "软件学报", 2022),
        ("玩具图划分的近似算法", ["李安", "王伟"], "计算机学报", 2017),
    ]


def test_common_citation_styles() -> None:
    body = (
        "Lee, A., Wu, B., & Ma, C. (2023). Learned index structures for far memory. IEEE Transactions on Parallel and Distributed Systems, 34(2), 100-115.\n"
        "Wu, B., Lee, A. (2021). Congestion control revisited. Computer Networks, 190, 107-120.\n"
        '[1] A. Lee, B. Wu, and C. Ma, "Fast consensus for geo-replicated stores," in Proc. IEEE INFOCOM, 2023, pp. 1-10.\n'
        "[2] Ann Lee, Bo Wu, and Cy Ma. 2023. Elastic sharding at scale. In Proceedings of the ACM SIGCOMM 2023 Conference (SIGCOMM '23). ACM, New York, NY, USA, 1-14.\n"
        "[3] Lee A, Wang W. Gradient compression for edge training[C]//Proceedings of IEEE INFOCOM. IEEE, 2022: 1-10.\n"
    )
    pubs = cv_with(body).publications
    assert [summary(p) for p in pubs] == [
        ("Learned index structures for far memory", "TPDS", 2023, "journal", "A", 1, 3),  # APA
        ("Congestion control revisited", "CN", 2021, "journal", "B", 2, 2),
        (
            "Fast consensus for geo-replicated stores",
            "INFOCOM",
            2023,
            "conference",
            "A",
            1,
            3,
        ),  # IEEE
        ("Elastic sharding at scale", "SIGCOMM", 2023, "conference", "A", 1, 3),  # ACM
        (
            "Gradient compression for edge training",
            "INFOCOM",
            2022,
            "conference",
            "A",
            1,
            2,
        ),  # GB/T 7714
    ]


def test_more_citation_styles() -> None:
    body = (
        '[1] B. Wu and A. Lee, "Learned congestion control," IEEE/ACM Trans. Netw., vol. 31, no. 2, pp. 100-115, Apr. 2023.\n'
        '[2] A. Lee, "Sparse attention kernels," in Proc. IEEE/CVF Conf. Comput. Vis. Pattern Recognit. (CVPR), Jun. 2022, pp. 5-14.\n'
        '[3] A. Lee and B. Wu, "Private set union," in Proc. IEEE Symp. Security Privacy (SP), 2024, pp. 10-25.\n'
        "[4] Ann Lee. 2022. Gradual types in practice. Proc. ACM Program. Lang. 6, OOPSLA2, Article 140 (October 2022), 28 pages. https://doi.org/10.1145/3563303\n"
        "[5] Ann Lee, Bo Wu. 2021. Query rewriting with learned costs. ACM Trans. Database Syst. 46, 2, Article 5 (June 2021), 30 pages.\n"
        '[6] Lee, Ann, and Bo Wu. "Deep Hashing for Retrieval." IEEE Transactions on Image Processing, vol. 30, 2021, pp. 10-20.\n'
        '[7] Wu, Bo, and Ann Lee. "Causal Discovery at Scale." Journal of Machine Learning Research 24 (2023): 1-40.\n'
        "[8] Lee, Ann and Wu, Bo and Ma, Cy. Speculative decoding for LLM serving. In: Proceedings of the 18th USENIX Symposium on Operating Systems Design and Implementation (OSDI 24), 2024.\n"
        "[9] Ann Lee, Bo Wu: Adaptive Bitrate over QUIC. IEEE Trans. Mob. Comput. 22(4): 1-14 (2023)\n"
    )
    pubs = cv_with(body).publications
    assert [summary(p) for p in pubs] == [
        (
            "Learned congestion control",
            "ToN",
            2023,
            "journal",
            "A",
            2,
            2,
        ),  # IEEE, ISO 4 journal name
        (
            "Sparse attention kernels",
            "CVPR",
            2022,
            "conference",
            "A",
            1,
            1,
        ),  # IEEE, abbreviated proceedings
        ("Private set union", "S&P", 2024, "conference", "A", 1, 2),
        ("Gradual types in practice", "OOPSLA", 2022, "conference", "A", 1, 1),  # ACM, PACMPL issue
        ("Query rewriting with learned costs", "TODS", 2021, "journal", "A", 1, 2),  # ACM journal
        ("Deep Hashing for Retrieval", "TIP", 2021, "journal", "A", 1, 2),  # MLA
        ("Causal Discovery at Scale", "JMLR", 2023, "journal", "A", 2, 2),  # Chicago
        (
            "Speculative decoding for LLM serving",
            "OSDI",
            2024,
            "conference",
            "A",
            1,
            3,
        ),  # BibTeX names
        ("Adaptive Bitrate over QUIC", "TMC", 2023, "journal", "A", 1, 2),  # dblp
    ]


def test_google_scholar_and_untagged_dblp_lines() -> None:
    scholar = (
        "Fuzzing network stacks with grammars\nA Lee, B Wu, C Ma - 31st USENIX Security Symposium, 2022\n"
        "Graph neural networks for traffic\nA Lee, B Wu… - Proceedings of the AAAI Conference on Artificial Intelligence, 2023\n"
        "Learned index structures\nB Wu, A Lee - IEEE Transactions on Knowledge and Data Engineering, 2021"
    )
    assert [summary(p) for p in cv_with(scholar).publications] == [
        ("Fuzzing network stacks with grammars", "USENIX Security", 2022, "conference", "A", 1, 3),
        ("Graph neural networks for traffic", "AAAI", 2023, "conference", "A", 1, 2),
        ("Learned index structures", "TKDE", 2021, "journal", "A", 2, 2),
    ]
    dblp = "Ann Lee, Bo Wu, Cy Ma: Differentiable Rendering of Fluids. CVPR 2023: 1234-1243\nBo Wu, Ann Lee: Lock-free Skip Lists Revisited. PPoPP 2022: 1-14"
    assert [summary(p) for p in cv_with(dblp).publications] == [
        ("Differentiable Rendering of Fluids", "CVPR", 2023, "conference", "A", 1, 3),
        ("Lock-free Skip Lists Revisited", "PPoPP", 2022, "conference", "A", 2, 2),
    ]


def test_apa_lists_with_bare_numbers_ellipses_and_garbled_names() -> None:
    text = (
        "Jane Roe\njane@example.org\n\nPublications\n"
        "1 Jane Roe, Lee, A., Bo Wu, Z. Q., ... Ma, C. (2024). A Fictional Allocator for Kernels. In FooSec (CCF-A).\n"
        "2 Jane Roe, & Wu, B. (2023). Fictional Errors Never Triggered. In BarSys.\n"
        "3 Lee, A., Jane Roe, & Ma, C. (2022). Fictional Protections. In Fictional Summit.\n"
    )
    pubs = bilingual_cv.parse_text(text).publications
    assert [p.title for p in pubs] == [
        "A Fictional Allocator for Kernels",
        "Fictional Errors Never Triggered",
        "Fictional Protections",
    ]
    assert [p.year for p in pubs] == [2024, 2023, 2022]
    assert [p.owner_position for p in pubs] == [1, 1, 2]
    assert len(pubs[1].authors) == 2


def test_a_bracketed_tag_says_which_venue_a_text_naming_two_means() -> None:
    body = (
        '[CoNLL 2019]: Ann Lee, Bo Wu. "Topical Drift in Language Models". In ACL SIGNLL CoNLL 2019.\n'
        '[AACL 2022]: Bo Wu, Ann Lee. "Zero-shot Labels for Short Texts". In AACL/IJCNLP, 2022.\n'
        '[NSDI 2024]: Ann Lee. "Queue Sketches". Workshop on Hot Queues, co-located with NSDI 2024.\n'
    )
    pubs = cv_with(body).publications
    assert [summary(p)[1:5] for p in pubs] == [
        ("CoNLL", 2019, "conference", "C"),  # not ACL (A): the tag says CoNLL
        ("AACL", 2022, "conference", None),  # unknown to the catalog: the tag's short name
        ("Hot Queues@NSDI", 2024, "workshop", None),  # a workshop never takes its host's rank
    ]


def test_entries_of_a_title_and_its_venue_in_brackets_wrapped_over_lines() -> None:
    """No numbers or bullets: each entry is a title, then its venue, status and the owner's
    position in round brackets, the bracket wrapped onto the next line."""
    body = (
        "Fast Toy Networks with Intralayer Links for Toy Learning(IEEE Transactions on Neural\n"
        "Networks and Learning Systems,已接收,第一作者)\n"
        "虚构玩具学习算法研究综述(计算机学报,2023. CCF-A 类中文期刊:已接收,第一作者)\n"
        "ToyJelly: An open-source toy platform for spike-based toys(Science Toys,中科\n"
        "院 1 区期刊:已接收)\n"
        "Parallel Toy Neurons with Long-term Toy Dependencies(NeurIPS 2023,CCF-A 类英\n"
        "文会议:已接收)\n"
    )
    pubs = cv_with(body, name="李安", heading="论文").publications
    assert [(p.title, p.venue.abbr, p.year) for p in pubs] == [
        ("Fast Toy Networks with Intralayer Links for Toy Learning", "TNNLS", None),
        ("虚构玩具学习算法研究综述", "计算机学报", 2023),
        ("ToyJelly: An open-source toy platform for spike-based toys", None, None),
        ("Parallel Toy Neurons with Long-term Toy Dependencies", "NeurIPS", 2023),
    ]
    assert [p.owner_position for p in pubs] == [1, 1, None, None]
    assert pubs[0].ccf is not None and pubs[0].ccf.rank.value == "B"
    assert pubs[1].ccf_cn is not None and pubs[1].ccf_cn.name == "计算机学报"
    assert pubs[2].venue.name == "Science Toys"


def test_a_title_with_a_bracketed_word_is_no_bracketed_entry() -> None:
    """ "(Almost)" in a title names no venue: the entry reads as before."""
    body = "Ann Lee, Bo Wu. Learning (Almost) Everything About Toys. In ToyConf 2021.\n"
    pubs = cv_with(body).publications
    assert [(p.title, p.authors) for p in pubs] == [
        ("Learning (Almost) Everything About Toys", ["Ann Lee", "Bo Wu"])
    ]


def test_a_title_line_that_runs_on_into_the_author_list() -> None:
    """A PDF lost the break after each title: the title line goes on with the first authors,
    the list goes on over the next lines (a name broken at the wrap, too)."""
    body = (
        "Toy Flow: Towards Optimal Toy Serving Throughput Bo Wu, Cy Ma,\n"
        "Ann Lee, Di Xu, Eve Zhou\n"
        "arXiv preprint, in submission\n"
        "Toy Rates: Automatic Toy Schedules on the Fly Cy Ma, Dora\n"
        "Xu, Ann Lee, Bo Wu\n"
        "International Conference on Learning Representations (ICLR '21)\n"
        "When Toy Computing Meets Performance and Resilience\n"
        "Ann Lee, Bo Wu\n"
        "ToyConf 2020\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.authors, p.owner_position) for p in pubs] == [
        (
            "Toy Flow: Towards Optimal Toy Serving Throughput",
            ["Bo Wu", "Cy Ma", "Ann Lee", "Di Xu", "Eve Zhou"],
            3,
        ),
        (
            "Toy Rates: Automatic Toy Schedules on the Fly",
            ["Cy Ma", "Dora Xu", "Ann Lee", "Bo Wu"],
            3,
        ),
        ("When Toy Computing Meets Performance and Resilience", ["Ann Lee", "Bo Wu"], 1),
    ]


def test_apa_dates_with_a_month_a_letter_or_a_status() -> None:
    body = (
        "Lee, A., & Roe, J. (2021, June). Fast indexing of toy data. In Proceedings of the ACM"
        " SIGMOD Conference (pp. 100-110).\n\n"
        "Lee, A. (2021a). Quiet caches for small toys. Information Sciences, 512, 1-20.\n\n"
        "Roe, J., & Lee, A. (in press). Sparse toy graphs. Information Sciences.\n\n"
        "Lee, A., Roe, J., & Wu, B. (2023, accepted). Learned toy indexes at scale. Information"
        " Sciences.\n\n"
        "Wu, B., & Lee, A. (2019, March 3-5). Toy clusters that heal themselves. In Proceedings"
        " of the 2019 International Conference on Management of Data (pp. 1-9)."
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.year, p.owner_position, len(p.authors)) for p in pubs] == [
        ("Fast indexing of toy data", 2021, 1, 2),
        ("Quiet caches for small toys", 2021, 1, 1),
        ("Sparse toy graphs", None, 2, 2),
        ("Learned toy indexes at scale", 2023, 1, 3),
        ("Toy clusters that heal themselves", 2019, 2, 2),
    ]
    assert pubs[0].venue.abbr == "SIGMOD"
    assert (pubs[2].notes, pubs[3].notes) == (["in press"], ["accepted"])


def test_an_author_year_date_closed_by_a_colon() -> None:
    body = (
        "A. Lee (2019): Global communication for toy graphs. Toy Letters, to appear.\n\n"
        "Lee, A.; Roe, J. (2020): Quiet toys at scale. In: Proceedings of the ACM SIGMOD"
        " Conference, pp. 1-9."
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.authors, p.year) for p in pubs] == [
        ("Global communication for toy graphs", ["A. Lee"], 2019),
        ("Quiet toys at scale", ["Lee, A", "Roe, J"], 2020),
    ]


def test_a_title_before_a_bracketed_status_is_no_apa_author_list() -> None:
    body = (
        "[P2] Toy Queues for Serving Small Language Models (Under Review)\n"
        "Bo Wu, Ann Lee, Cy Ma\n"
        "[P1] A Quiet Allocator for Toy Clusters (Submitted)\n"
        "Ann Lee, Di Xu"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.owner_position, len(p.authors)) for p in pubs] == [
        ("Toy Queues for Serving Small Language Models", 2, 3),
        ("A Quiet Allocator for Toy Clusters", 1, 2),
    ]


def test_authors_with_hyphenated_initials() -> None:
    body = (
        "Roe, J.-H., & Lee, H.-M. (2020). Mining toy text at scale. Information Sciences, 512,"
        " 1-20.\n\n"
        "Lee, H.-M., Roe, J.-H., & Chen, Y. (2021). Quiet caches for small devices. In"
        " Proceedings of the ACM SIGMOD Conference (pp. 100-110).\n\n"
        'H.-M. Lee, J.-H. Roe, "Sparse toy graphs at scale," in Proc. CVPR, 2022, pp. 1-9.\n\n'
        "Lee H-M, Chen Y, Roe J-H. Learned toy indexes[J]. Information Sciences, 2023, 512: 1-20."
    )
    pubs = cv_with(body, name="Ji-Hoon Roe").publications
    assert [(p.title, p.authors, p.owner_position) for p in pubs] == [
        ("Mining toy text at scale", ["Roe, J.-H", "Lee, H.-M"], 1),
        ("Quiet caches for small devices", ["Lee, H.-M", "Roe, J.-H", "Chen, Y"], 2),
        ("Sparse toy graphs at scale", ["H.-M. Lee", "J.-H. Roe"], 2),
        ("Learned toy indexes", ["Lee H-M", "Chen Y", "Roe J-H"], 3),
    ]


def test_hyphenated_gbt_initials_end_the_author_list_before_a_named_title() -> None:
    body = "Lee H-M, Chen Y, Roe J-H. Toyka: Quiet toys at scale[J]. Information Sciences, 2023, 512: 1-20."
    pub = cv_with(body, name="Ji-Hoon Roe").publications[0]
    assert (pub.title, pub.authors, pub.owner_position) == (
        "Toyka: Quiet toys at scale",
        ["Lee H-M", "Chen Y", "Roe J-H"],
        3,
    )


def test_editors_of_a_book_and_of_the_book_a_chapter_is_in() -> None:
    body = (
        "Lee, A., & Roe, J. (Eds.). (2020). Handbook of quiet toys. Toy Press.\n\n"
        "Ann Lee and Bo Wu (Eds.). Advances in toy caching. Toy Press, 2019.\n\n"
        "Ann Lee, Bo Wu, eds. Readings in toy graphs. Toy Press, 2018.\n\n"
        "Lee, A., & Wu, B. (2021). Quiet caches for toys. In C. Ma & D. Xu (Eds.), Proceedings"
        " of the ACM SIGMOD Conference (pp. 1-20). ACM."
    )
    pubs = cv_with(body).publications
    assert [(p.title, len(p.authors), p.owner_position, p.year, p.notes) for p in pubs] == [
        ("Handbook of quiet toys", 2, 1, 2020, ["Eds."]),
        ("Advances in toy caching", 2, 1, 2019, ["Eds."]),
        ("Readings in toy graphs", 2, 1, 2018, ["eds."]),
        ("Quiet caches for toys", 2, 1, 2021, []),
    ]
    assert (pubs[3].venue.abbr, pubs[3].ccf.rank.value if pubs[3].ccf else None) == ("SIGMOD", "A")


def test_a_sentence_after_the_year_makes_no_author_year_entry_of_initialed_names() -> None:
    body = (
        "1. A. Lee and B. Wu. Stable toy coalitions. Toy Letters, 2019. Best Paper Award.\n"
        "2. A. Lee, B. Wu, C. Ma. Quiet caches for toys. Information Sciences, 2021. Invited."
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.authors, p.year, p.venue.name) for p in pubs] == [
        ("Stable toy coalitions", ["A. Lee", "B. Wu"], 2019, "Toy Letters"),
        ("Quiet caches for toys", ["A. Lee", "B. Wu", "C. Ma"], 2021, "Information Sciences"),
    ]


def test_a_bracket_wrapped_at_the_end_of_a_title_line_stays_with_the_title() -> None:
    body = (
        "[P1] Toy Transformers as a Foundation Model for Toy Control (Under\n"
        "Review)\n"
        "Bo Wu, Ann Lee\n"
        "arxiv.org/abs/2404.00001\n"
    )
    (pub,) = cv_with(body).publications
    assert pub.title == "Toy Transformers as a Foundation Model for Toy Control"
    assert pub.authors == ["Bo Wu", "Ann Lee"]
    assert pub.kind.value == "preprint"


def test_reference_styles_a_cv_copies_from_its_bibliography() -> None:
    """Bibliography styles pasted into a CV: hyphenated initials, TeX quotes, APA with
    particles and inner capitals in surnames, Harvard years without brackets, an APA year
    without its full stop, and a journal no catalog knows, told by its volume and pages."""
    body = (
        "1. A. Lee, B.-H. Wu, and C.-W. Ma. Compiler optimizations for toy locality. In"
        " Proceedings of the Sixth International Conference on Architectural Support for"
        " Programming Languages and Operating Systems (ASPLOS-VI), 1994.\n"
        "2. A. Lee, B. Wu, ``Toy data flow analysis frameworks,'' Acta Toyformatica, vol. 7,"
        " no. 3, pp. 305-317, Jul. 1977.\n"
        "3. MacLeod, B., & Van Dyke, L. (1993). Connections and toys: closing the gap. Toy"
        " Cognition, 49 (3), 291-296.\n"
        "4. Lee, A., 1991. Any time toy solving using dynamic programming. In Proceedings"
        " AAAI-91.\n"
        "5. Lee, A. and Wu, B. (1994) A toybot-based interface to the internet. Toy Letters,"
        " to appear.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.authors, p.year, p.kind.value) for p in pubs] == [
        (
            "Compiler optimizations for toy locality",
            ["A. Lee", "B.-H. Wu", "C.-W. Ma"],
            1994,
            "conference",
        ),
        ("Toy data flow analysis frameworks", ["A. Lee", "B. Wu"], 1977, "journal"),
        ("Connections and toys: closing the gap", ["MacLeod, B", "Van Dyke, L"], 1993, "journal"),
        ("Any time toy solving using dynamic programming", ["Lee, A"], 1991, "conference"),
        ("A toybot-based interface to the internet", ["Lee, A", "Wu, B"], 1994, "journal"),
    ]
    assert [p.owner_position for p in pubs] == [1, 1, None, 1, 1]
    assert pubs[0].venue.abbr == "ASPLOS" and pubs[3].venue.abbr == "AAAI"
    assert pubs[4].venue.name == "Toy Letters"


def test_entries_of_authors_title_and_venue_separated_by_commas() -> None:
    """``Authors, Title, Venue, Year`` with no quotes and no full stops (IEEE without
    quotes; the usual Chinese ``作者, 标题, 期刊, 年份``), and abbreviated venue words
    ("in Proc. of", "pp.") that end no sentence."""
    body = (
        "1. A. Lee, B. Wu, Toy things at scale, IEEE Transactions on Toys, 2020.\n"
        "2. Lee, A., Wu, B., Toys, games and more, Proceedings of the Toy Conference,"
        " pp. 1-10, 2019.\n"
        "3. Ann Lee, Bo Wu, Efficient toy caching, in Proc. of NSDI, 2021.\n"
        "4. 李安, 吴波, 一种虚构的玩具缓存方法, 计算机学报, 2021, 44(3): 1-10.\n"
    )
    pubs = cv_with(body, name="Ann Lee (李安)").publications
    assert [(p.title, len(p.authors), p.year) for p in pubs] == [
        ("Toy things at scale", 2, 2020),
        ("Toys, games and more", 2, 2019),
        ("Efficient toy caching", 2, 2021),
        ("一种虚构的玩具缓存方法", 2, 2021),
    ]
    assert [p.venue.abbr for p in pubs][2:] == ["NSDI", "计算机学报"]
    assert pubs[3].ccf_cn is not None and pubs[3].ccf_cn.name == "计算机学报"


def test_a_venue_opening_with_an_iso4_cut_word_ends_a_comma_separated_title() -> None:
    body = (
        "1. Lee, A. and Wu, B., Automatic mode inference for toy programs, J. Logic Toys, 5"
        " 207-229 (1988).\n"
        "2. Lee, A. and Wu, B. (1994) A toybot-based interface to the internet, Comm. of the"
        " ACM, 37(7), pages 72-76.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.venue.name) for p in pubs] == [
        ("Automatic mode inference for toy programs", "J. Logic Toys"),
        ("A toybot-based interface to the internet", "Comm. of the ACM"),
    ]


def test_a_bracketed_tag_with_a_year_is_a_label_even_for_an_unknown_venue() -> None:
    body = (
        "[ToyConf 2014]: Ann Kanti Lee, Md. Bo Rahman, Md. Cy Islam,\n"
        'Di Murase. "Toward better toy classifier systems". In IEEE ToyConf 2014.\n'
    )
    (pub,) = cv_with(body, name="Ann Kanti Lee").publications
    assert pub.authors == ["Ann Kanti Lee", "Md. Bo Rahman", "Md. Cy Islam", "Di Murase"]
    assert pub.owner_position == 1 and pub.year == 2014


def test_an_author_list_that_fills_the_first_line_and_goes_on() -> None:
    body = (
        "[20] LEE A*\n"
        ", XIE G, WU B, MA C. Study of Toy Bands in Shingled Toy Recording[C/OL]//2018 IEEE\n"
        "International Toy Conference: BQ-05. Singapore, 2018: 1-1.\n"
    )
    (pub,) = cv_with(body, name="LEE A").publications
    assert pub.title == "Study of Toy Bands in Shingled Toy Recording"
    assert pub.authors == ["LEE A", "XIE G", "WU B", "MA C"]
    assert pub.year == 2018


_AUTHOR_YEAR_WORDS = [
    "Lee,",
    "A.,",
    "Roe, J.",
    "&",
    "and",
    "(2023).",
    "(2023a)",
    "(1999)",
    "(2021, June).",
    "(2023,",
    "accepted)",
    "(in press).",
    "(In Press)",
    "(n.d.).",
    "(under",
    "review)",
    "2023.",
    "1991a.",
    "2020",
    "(20",
    "23)",
    "(",
    ")",
    ",",
    ".",
    "Toys",
    "at",
    "Scale.",
    "In",
    "FooSec",
    "(FooSec)",
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_AUTHOR_YEAR_WORDS), max_size=12), st.sampled_from([" ", ""]))
def test_author_year_patterns_match_only_where_their_year_is(words: list[str], glue: str) -> None:
    from bilingual_cv.publications.fields import (
        _APA_RE,
        _BARE_YEAR_RE,
        _match_apa,
        _match_bare_year,
    )

    def groups(found: object) -> object:
        return None if found is None else found.groups()  # type: ignore[attr-defined]

    text = glue.join(words)
    assert groups(_match_apa(text)) == groups(_APA_RE.match(text)), text
    assert groups(_match_bare_year(text)) == groups(_BARE_YEAR_RE.match(text)), text


_TITLE_PIECES = [
    "Slow Things Made Fast",
    "虚构缓存的替换方法研究",
    "Toys",
    "Toys (",
    "Toys (x)",
    "",
]


_INSIDE_PIECES = ["ToyConf, 2024", "已接收, 第一作者", "", "x(y", "ToyConf）"]


_TAIL_PIECES = ["", ".", "。", " ", " .\n", "\n", "。 ", ". x", "\n\n"]


@settings(max_examples=500, deadline=None)
@given(
    st.sampled_from(_TITLE_PIECES),
    st.sampled_from(["(", "（", " (", ""]),
    st.sampled_from(_INSIDE_PIECES),
    st.sampled_from([")", "）", ""]),
    st.lists(st.sampled_from(_TAIL_PIECES), max_size=3),
)
def test_a_bracketed_entry_is_matched_only_where_a_bracket_ends_the_text(
    title: str, opening: str, inside: str, closing: str, tail: list[str]
) -> None:
    from bilingual_cv.publications.fields import _BRACKET_AT_END_RE, _BRACKETED_WHOLE_RE

    text = title + opening + inside + closing + "".join(tail)
    if _BRACKET_AT_END_RE.search(text) is None:
        assert _BRACKETED_WHOLE_RE.match(text) is None, text


_RUN_ON_PIECES = [
    "Fast Toys on the Fly",
    "Ann Lee,",
    "Bo",
    "Wu",
    "Cy Ma",
    "李安",
    "，",
    "吴",
    "2024",
]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(_RUN_ON_PIECES), min_size=1, max_size=6),
    st.lists(st.sampled_from(_RUN_ON_PIECES), min_size=1, max_size=6),
)
def test_a_title_line_without_a_comma_runs_on_into_no_author_list(
    first: list[str], second: list[str]
) -> None:
    from bilingual_cv.lines import Line
    from bilingual_cv.publications.authors import find_author_run
    from bilingual_cv.publications.fields import _title_runs_on
    from bilingual_cv.publications.parts import join_lines

    line, following = Line(1, " ".join(first)), Line(2, " ".join(second))
    text = line.text.strip()
    start, end, spans = find_author_run(join_lines([line, following]).text)
    runs_on = 0 < start < len(text) and end > len(text) and len(spans) >= 3
    if not (runs_on and any(mark in text[start:] for mark in ",，")):
        assert _title_runs_on(line, following) is None, (line, following)


def test_a_closing_quote_after_the_full_stop_ends_the_title() -> None:
    """``Title." Venue``: the quote closes after the title's full stop (APA, MLA)."""
    cv = cv_with(
        'Ann Lee; Bo Wu; Cy Ma (2021). "Quiet queues for loud toys." Joint Conference on '
        "Toy Systems, 168-181. Toy Press.\n\n"
        'Bo Wu; Ann Lee (2022). "Can toys think?" Proceedings of the Toy Workshop, 1-10.'
    )
    assert [p.title for p in cv.publications] == ["Quiet queues for loud toys", "Can toys think?"]


def test_a_note_on_the_authors_after_the_list_and_marks_on_their_own_lines() -> None:
    """ "Authors (corresponding author)" then "Title. Venue (Year)"; co-first marks (U+2217)
    that the PDF put at the starts of lines, before the commas."""
    cv = cv_with(
        "1. Bo Wu, Ann Lee, Cy Ma. (corresponding author)\n"
        "Quiet Queues for Loud Toys. Toy Finance (2026)\n"
        "2. Cy Ma\u2217\n, Ann Lee\u2217\n, Bo Wu, and Di Xu (*: equal contribution)\n"
        "Sorting Toys by Weight in Bounded Time. Journal of Toy Science (2025)\n"
    )
    assert [(p.title, len(p.authors), p.owner_position) for p in cv.publications] == [
        ("Quiet Queues for Loud Toys", 3, 2),
        ("Sorting Toys by Weight in Bounded Time", 4, 2),
    ]


def test_gbt_author_year_entries_cut_title_and_venue_at_the_type_code() -> None:
    """GB/T 7714 author-year: ``Roe J, Lee A. 2023. Title[J]. Venue, 4(6): 1-9.``; the type
    code, not the first full stop, ends the title (a title may hold its own full stop)."""
    cv = cv_with(
        "Lee A*, Wu B, Ma C. 2021. Quiet Queues. For Loud Toys[C]//Proceedings of the Toy"
        " Conference. 12-19.\n"
        "Wu B, Lee A. 2019. Sorting toys by weight[J]. Journal of Toy Science, 4(6): 575-593.\n",
        name="Lee A",
    )
    assert [(p.title, p.authors, p.year, p.kind.value) for p in cv.publications] == [
        ("Quiet Queues. For Loud Toys", ["Lee A", "Wu B", "Ma C"], 2021, "conference"),
        ("Sorting toys by weight", ["Wu B", "Lee A"], 2019, "journal"),
    ]
    assert cv.publications[1].venue.name == "Journal of Toy Science"


def test_mla_entries_led_by_a_name_written_family_name_first() -> None:
    """MLA: ``Lee, Ann, et al. "Title." Venue``, ``Lee, Ann. "Title." Venue`` and ``Wu, Bo,
    and Ann Lee. "Title." Venue``: the names before the quoted title are the authors."""
    cv = cv_with(
        'Lee, Ann*, et al. "Quiet Queues for Loud Toys." Journal of Toy Science, vol. 4, no. 2,'
        " 2021, pp. 1–9.\n"
        'Lee, Ann. "Sorting Toys by Weight." Toy Letters, vol. 3, no. 1, 2020, pp. 11–19.\n'
        'Wu, Bo, and Ann Lee. "Can Toys Think?" Toy Letters, vol. 5, no. 1, 2022, pp. 7–9.\n'
    )
    assert [(p.title, p.authors, p.owner_position, p.year) for p in cv.publications] == [
        ("Quiet Queues for Loud Toys", ["Lee, Ann"], 1, 2021),
        ("Sorting Toys by Weight", ["Lee, Ann"], 1, 2020),
        ("Can Toys Think?", ["Wu, Bo", "Ann Lee"], 2, 2022),
    ]


def test_gbt_author_lists_closed_by_deng() -> None:
    """GB/T 7714 cuts a long Chinese author list with 等 ("et al."), before the title or the
    year: 等 is no author and no title text; 等离子体 opening a title is title text."""
    cv = cv_with(
        "1. 李安, 吴波, 马成, 等. 一种虚构的玩具调度方法[J]. 玩具学报, 2015, 57(3): 700-708.\n"
        "2. 李安,等. 2018. 玩具缓存的研究进展[J]. 玩具杂志, 50(01):9-14.\n"
        "3. 吴波, 李安, 等离子体玩具的研究[J]. 玩具学报, 2019, 1(2): 1-9.\n"
        "4. 吴波, 李安等. 玩具排序方法[J]. 玩具学报, 2020, 2(1): 1-9.\n",
        name="李安",
        heading="发表论文",
    )
    assert [(p.title, p.authors, p.year) for p in cv.publications] == [
        ("一种虚构的玩具调度方法", ["李安", "吴波", "马成"], 2015),
        ("玩具缓存的研究进展", ["李安"], 2018),
        ("等离子体玩具的研究", ["吴波", "李安"], 2019),
        ("玩具排序方法", ["吴波", "李安"], 2020),
    ]
    assert [p.owner_position for p in cv.publications] == [1, 1, 2, 2]


def test_a_venue_line_whose_name_reads_as_names_after_a_closed_author_line() -> None:
    """Title, authors, venue on three lines: "Data Mining and Knowledge Discovery" reads like
    two names joined by "and", but the author line above closed with a whole name, so it is
    the venue; an author line that goes on ("..., Cy" / "Ma, Di Xu. NSDI 2015.") stays one."""
    cv = cv_with(
        "Quiet Queues for Loud Toys\n"
        "Ann Lee, Bo Wu, Cy Ma\n"
        "Data Mining and Knowledge Discovery, vol. 40, 2015\n\n"
        "Sorting Toys by Weight\n"
        "Bo Wu, Ann Lee, Cy\n"
        "Ma, Di Xu. NSDI 2015.\n"
    )
    assert [(p.title, p.authors, p.venue.abbr) for p in cv.publications] == [
        ("Quiet Queues for Loud Toys", ["Ann Lee", "Bo Wu", "Cy Ma"], "DMKD"),
        ("Sorting Toys by Weight", ["Bo Wu", "Ann Lee", "Cy Ma", "Di Xu"], "NSDI"),
    ]


def test_a_lone_author_then_title_and_venue_separated_by_commas() -> None:
    """``Author, Title, Venue, Year`` with a single author (the list's other entries name
    several): the name, then the title up to the comma before the venue."""
    cv = cv_with(
        "• Ann Lee, Bo Wu, Quiet toys at scale, Journal of Toy Science, vol 3, 2020\n"
        "• Ann Lee, Rethinking Toy Queues with Small Kernels, IEEE Transactions on Toys, vol 33,"
        " 2017\n"
    )
    assert [(p.title, p.authors, p.year) for p in cv.publications] == [
        ("Quiet toys at scale", ["Ann Lee", "Bo Wu"], 2020),
        ("Rethinking Toy Queues with Small Kernels", ["Ann Lee"], 2017),
    ]


def test_a_lone_author_under_a_title_line_with_a_right_column() -> None:
    """ "Title<TAB>ToyConf 2021" then a line with one name: the title line is whole (its
    column closes it), so the name is the author, not title text."""
    (pub,) = cv_with("Quiet Queues for Loud Toys\tNSDI 2021\nAnn Lee\n").publications
    assert (pub.title, pub.authors, pub.year, pub.venue.abbr) == (
        "Quiet Queues for Loud Toys",
        ["Ann Lee"],
        2021,
        "NSDI",
    )


def test_a_title_wrapped_beside_a_right_column_year() -> None:
    """Two-column entries: the title's first line carries the year in a right column, its
    end goes on before the venue on the next line ("rest of title, Venue Accepted"); a title
    line closed by a comma over a venue line keeps its last words ("in Toy Games,")."""
    gap = " " * 20
    cv = cv_with(
        f"Quiet Queues for Loud Toys with Size-Constrained{gap}2025\n"
        "Toy Planning, NSDI Accepted\n"
        "Bo Wu, Ann Lee, Cy Ma\n\n"
        f"Careful Toy Sorting with Many Small Queues in Toy Games,{gap}2024\n"
        "SOSP 2024\n"
        "Ann Lee, Bo Wu and Cy Ma\n"
    )
    assert [(p.title, p.authors, p.year, p.venue.abbr) for p in cv.publications] == [
        (
            "Quiet Queues for Loud Toys with Size-Constrained Toy Planning",
            ["Bo Wu", "Ann Lee", "Cy Ma"],
            2025,
            "NSDI",
        ),
        (
            "Careful Toy Sorting with Many Small Queues in Toy Games",
            ["Ann Lee", "Bo Wu", "Cy Ma"],
            2024,
            "SOSP",
        ),
    ]


def test_a_place_and_date_column_after_a_venue_name_is_no_venue_text() -> None:
    """Text extracted with its layout: the venue line ends in a right column of place and
    date after a wide gap; the venue is the name before it."""
    gap = " " * 30
    cv = cv_with(
        f"[2] Quiet Queues for Loud Toys\nAnn Lee, Bo Wu\nIEEE Transactions on Toys{gap}May 2021\n"
    )
    (pub,) = cv.publications
    assert (pub.venue.name, pub.year) == ("IEEE Transactions on Toys", 2021)


def test_a_first_line_that_holds_authors_and_title_passes_no_role_to_its_wrapped_rest() -> None:
    """The first line of an entry is its title's by position; when it opens with the authors
    and runs into the venue ("... lightweight? Journal of"), the wrapped rest is the venue's,
    not a title line of its own."""
    body = (
        "1. Wu, K., Lee, A.: Zero-copy toy balancing via learned toys. Journal of the Toy Society"
        " 38(1),\n626–645 (2014)\n"
        "2. Lee, A.: Can toy kernels make toy retrieval lightweight? Journal of\n"
        "Electronic Toy Testing 58(12), 766–777 (2022)\n"
    )
    second = cv_with(body).publications[1]
    assert second.title is not None and "Can toy kernels make toy retrieval" in second.title
    assert not second.title.startswith("Electronic Toy Testing")


def test_a_link_set_on_a_title_leaves_no_address_in_the_title() -> None:
    text = (
        "# Ann Lee\n\n## Publications\n\n"
        "1. **[Folding Paper Kites with Gradient Descent](https://toys.example.org/kites/123)**\n\n"
        "   Lee A., Wu B.\n\n   *Journal of Toy Engineering* · 2025\n\n"
        "2. **[Quiet Queues for Noisy Dolls](www.example.org/dolls)**\n\n"
        "   Wu B., Lee A.\n\n   *Toy Systems Letters* · 2024\n"
    )
    cv = bilingual_cv.parse(text)
    assert [p.title for p in cv.publications] == [
        "Folding Paper Kites with Gradient Descent",
        "Quiet Queues for Noisy Dolls",
    ]


def test_a_title_then_its_authors_then_the_venue_in_one_run() -> None:
    """``Title. Authors. Venue Year.``: the title first, closed by its stop, on one line or
    wrapped anywhere but at that stop; a title line over an author line still reads."""
    cv = cv_with(
        "1. Toy Caches for Slow Networks. Ann Lee, Bo Wu, and Cy Ma. NSDI 2023.\n"
        "2. Do Toy Schedulers Scale? Bo Wu and Ann Lee. In Proceedings of the ACM\n"
        "   Symposium on Operating Systems Principles (SOSP), 2021.\n"
        "3. Learned Toy Compilers for the Rest of Us, a Study. **Ann Lee**. PLDI\n"
        "   2019.\n"
        "4. Quiet Toys.\n"
        "   Ann Lee, Bo Wu.\n"
        "   NSDI 2018.\n"
    )
    assert [(p.title, p.authors, p.venue.abbr, p.year) for p in cv.publications] == [
        ("Toy Caches for Slow Networks", ["Ann Lee", "Bo Wu", "Cy Ma"], "NSDI", 2023),
        ("Do Toy Schedulers Scale?", ["Bo Wu", "Ann Lee"], "SOSP", 2021),
        ("Learned Toy Compilers for the Rest of Us, a Study", ["Ann Lee"], "PLDI", 2019),
        ("Quiet Toys", ["Ann Lee", "Bo Wu"], "NSDI", 2018),
    ]


LAST = "Bursty Workloads"


def test_a_right_tab_column_that_a_word_processor_moved_is_still_the_titles_column() -> None:
    """Word and LibreOffice set a right-aligned date at a tab stop; a title that reaches the
    stop pushes the date under it, or leaves it one space after the bold title, and a long
    title wraps with the date on its last line, a lone author under it."""
    body = (
        "**A Fictional Study of Toy Caches**\t2023\n"
        "Ann Lee, Bo Wu\n"
        "ToyConf Proceedings (TOYC)\n"
        "**Pretend Paging for Imaginary Machines with Very Long Titles That Reach the Stop**\n"
        "2022\n"
        "Bo Wu, Ann Lee\n"
        "Journal of Toy Computing (JTC)\n"
        "**Toy Queues at Scale: An Empirical Study of Imaginary Clusters and Their Workloads** 2021\n"
        "Ann Lee, Cy Ma, Bo Wu\n"
        "Imaginary Systems Symposium (ISS)\n"
        "**Pretend Sorting for Imaginary Machines under Tight Memory Budgets and Bursty\n"
        "Workloads**\t2020\n"
        "Ann Lee\n"
        "Journal of Toy Computing (JTC)\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, len(p.authors), p.year) for p in pubs] == [
        ("A Fictional Study of Toy Caches", 2, 2023),
        (
            "Pretend Paging for Imaginary Machines with Very Long Titles That Reach the Stop",
            2,
            2022,
        ),
        (
            "Toy Queues at Scale: An Empirical Study of Imaginary Clusters and Their Workloads",
            3,
            2021,
        ),
        (f"Pretend Sorting for Imaginary Machines under Tight Memory Budgets and {LAST}", 1, 2020),
    ]


def test_a_bold_title_then_its_venue_on_one_line_with_the_authors_below() -> None:
    """moderncv's ``\\cventry{2023}{Title}{Venue}{}{}{Authors}``: the year in the margin, the
    bold title and the venue on one line (which wraps), the authors under them."""
    body = (
        "2025 **Fictional Caching for Imaginary Clusters**, International Journal of Neural\n"
        "Systems, vol. 4\n"
        "Bo Wu, Cy Ma, and Ann Lee\n"
        "2024 **Pretend Paging at Toy Scale**, Proc. International Conference on Information\n"
        "Processing in Sensor Networks (IPSN)\n"
        "Ann Lee and Di Xu\n"
        "2024 **Make-Believe Schedulers for Toy Data Centers**, Proc. ACM Symposium on\n"
        "Operating Systems Principles (SOSP)\n"
        "Di Xu, Ann Lee, and Bo Wu\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.venue.abbr, p.year, p.kind.value, p.owner_position) for p in pubs] == [
        ("Fictional Caching for Imaginary Clusters", "IJNS", 2025, "journal", 3),
        ("Pretend Paging at Toy Scale", "IPSN", 2024, "conference", 1),
        ("Make-Believe Schedulers for Toy Data Centers", "SOSP", 2024, "conference", 2),
    ]


def test_a_month_cut_short_in_the_venues_date_ends_no_title() -> None:
    """SIAM and IEEE styles write ``Authors, Title, in Proceedings of ..., Mar. 2024, pp.``:
    the stop of ``Mar.`` with a year after it read as the end of a title that ran over the
    whole venue."""
    body = (
        "[1] A. Lee, B. Wu, and C. Ma, Fictional caching for toy clusters, in\n"
        "Proceedings of the ACM Symposium on Operating Systems Principles (SOSP), Oct. 2023,\n"
        "pp. 12–25.\n"
        "[2] A. Lee and D. Xu, Pretend paging at toy scale, in Proceedings of the USENIX Symposium on\n"
        "Networked Systems Design and Implementation (NSDI), Apr. 2021, pp. 1–9.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.venue.abbr, p.year) for p in pubs] == [
        ("Fictional caching for toy clusters", "SOSP", 2023),
        ("Pretend paging at toy scale", "NSDI", 2021),
    ]


def test_authors_title_and_venue_each_on_a_line_of_their_own() -> None:
    """No stop closes the author line: the lines say where the authors end. A wrapped author
    list ("and Cy Ma" below) and a title with its venue after a stop still read in one run."""
    cv = cv_with(
        "Ann Lee, Bo Wu, and Cy Ma\n"
        "Toy Caches for Slow Networks\n"
        "In Proceedings of the Symposium on Operating Systems Principles (SOSP), 2023\n"
        "\n"
        "Bo Wu and Ann Lee\n"
        "Learned Toy Schedulers\n"
        "NSDI 2021\n"
        "\n"
        "Ann Lee, Bo Wu,\n"
        "and Cy Ma. Quiet Toys at Scale. In OSDI, 2019.\n"
    )
    assert [(p.authors, p.title, p.venue.abbr, p.year) for p in cv.publications] == [
        (["Ann Lee", "Bo Wu", "Cy Ma"], "Toy Caches for Slow Networks", "SOSP", 2023),
        (["Bo Wu", "Ann Lee"], "Learned Toy Schedulers", "NSDI", 2021),
        (["Ann Lee", "Bo Wu", "Cy Ma"], "Quiet Toys at Scale", "OSDI", 2019),
    ]


def test_a_bold_title_in_large_type_goes_on_over_every_bold_line() -> None:
    """Word and LaTeX CVs set each entry's title in bold and larger type over the authors and
    a small venue line: in a narrow column the title wraps over three or four lines, which a
    PDF gives in bold each, and the last of them may read as names or a venue ("Memory
    Budgets and Bursty Workloads", "Wide-Area Networks"). A sole author in bold under a bold
    title stays the author line."""
    body = (
        "**Pretend Paging for Imaginary Machines with**\n"
        "**Make-Believe Schedulers under Tight**\n"
        "**Memory Budgets and Bursty Workloads**\n"
        "Bo Wu, Ann Lee*\n"
        "Journal of Toy Computing (JTC), vol. 3, 2023.\n"
        "**Toy Queues at Scale: An Empirical Study of**\tISS 2021\n"
        "**Imaginary Clusters and Their Offline**\n"
        "**Workloads**\n"
        "Ann Lee*, Cy Ma, Bo Wu\n"
        "In Imaginary Systems Symposium (ISS)\n"
        "**Fictional Caching for Imaginary Clusters on**\n"
        "**Wide-Area Networks**\n"
        "Cy Ma, Ann Lee*\n"
        "In Proceedings of the Toy Conference (TOYC), 2020.\n"
        "**Make-Believe Sorting for Toy Data Centers**\n"
        "**Ann Lee**\n"
        "Journal of Toy Computing (JTC), vol. 1, 2019.\n"
    )
    paging = "Pretend Paging for Imaginary Machines with Make-Believe Schedulers under Tight"
    queues = "Toy Queues at Scale: An Empirical Study of Imaginary Clusters and Their Offline"
    pubs = cv_with(body).publications
    assert [(p.title, len(p.authors), p.owner_position, p.year) for p in pubs] == [
        (f"{paging} Memory Budgets and Bursty Workloads", 2, 2, 2023),
        (f"{queues} Workloads", 3, 1, 2021),
        ("Fictional Caching for Imaginary Clusters on Wide-Area Networks", 2, 2, 2020),
        ("Make-Believe Sorting for Toy Data Centers", 1, 1, 2019),
    ]
    assert all(not p.notes for p in pubs)


def test_a_title_line_that_runs_on_into_a_name_like_line_keeps_it() -> None:
    """A title wrapped after ``of`` goes on over the next line even when that line reads as
    a lone name ("Imaginary Toy Graphs"); the sole author is the lone name under it."""
    body = (
        "Pretend Paging Meets Toy Queues: An Empirical Study of\n"
        "Imaginary Toy Graphs\n"
        "Ann Lee\n"
        "In Imaginary Systems Symposium (ISS), 2021.\n"
        "Fictional Caching for Make-Believe Clusters\n"
        "Bo Wu, Ann Lee\n"
        "Journal of Toy Computing, vol. 2, 2019.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.authors, p.year) for p in pubs] == [
        (
            "Pretend Paging Meets Toy Queues: An Empirical Study of Imaginary Toy Graphs",
            ["Ann Lee"],
            2021,
        ),
        ("Fictional Caching for Make-Believe Clusters", ["Bo Wu", "Ann Lee"], 2019),
    ]


def test_a_sole_author_under_a_title_wrapped_below_its_right_column() -> None:
    """A title beside a right column of venue tags wraps under the column ("... Sparse<TAB>ISS
    2023" / "Graphs"); a lone name under it is the sole author, not the title's end."""
    body = (
        "Fictional Caching for Imaginary Clusters\tJTC 2024\n"
        "Bo Wu, Ann Lee, Cy Ma\n"
        "Pretend Paging Meets Toy Queues: An Empirical Study of Make-Believe Sparse\tISS 2023\n"
        "Graphs\n"
        "Ann Lee\n"
        "Toy Schedulers for Imaginary Homes\tTOYC 2022\n"
        "Ann Lee, Di Xu\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.authors, p.year) for p in pubs] == [
        ("Fictional Caching for Imaginary Clusters", ["Bo Wu", "Ann Lee", "Cy Ma"], 2024),
        (
            "Pretend Paging Meets Toy Queues: An Empirical Study of Make-Believe Sparse Graphs",
            ["Ann Lee"],
            2023,
        ),
        ("Toy Schedulers for Imaginary Homes", ["Ann Lee", "Di Xu"], 2022),
    ]


def test_a_question_or_exclamation_mid_title_is_no_title_end() -> None:
    """A title may ask or exclaim mid-way; a ``?`` or ``!`` ends it only when a venue or the
    authors follow, in every style (plain, APA, quoted APA, title first)."""
    body = (
        "1. Ann Lee, Bo Wu. Why Kites? A Study of Lift. In Proceedings of the Toy Conference, 2023.\n"
        "2. Lee, A., Wu, B., and Ma, C. (2022). “No! Not Another Toy Framework”. In: Proceedings "
        "of the 3rd Workshop on Hot Topics in Toys, pp. 8-13.\n"
        "3. Lee, A. and Ma, C. (2021). Is a Toy a Game? Evidence from Play. Journal of Toys, 3(2), 1-9.\n"
        "4. Ann Lee, Di Xu. Why Kites? Journal of Toys, 4(1), 2020.\n"
        "5. Ann Lee, Di Xu. How robust is a kite? In Machine Play and Toys, 2019.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.year, len(p.authors)) for p in pubs] == [
        ("Why Kites? A Study of Lift", 2023, 2),
        ("No! Not Another Toy Framework", 2022, 3),
        ("Is a Toy a Game? Evidence from Play", 2021, 2),
        ("Why Kites?", 2020, 2),
        ("How robust is a kite?", 2019, 2),
    ]
    assert pubs[0].venue.name is not None and "Toy Conference" in pubs[0].venue.name
    assert pubs[2].venue.name is not None and pubs[2].venue.name.startswith("Journal of Toys")


def test_a_quoted_phrase_inside_a_title_is_no_title() -> None:
    """A title may quote a phrase (in curly, straight or mixed quotes); the phrase is the
    title only when quotes set the whole title off, also when that title holds the phrase in
    the same quotes (IEEE, MLA)."""
    body = (
        '1. Ann Lee, Bo Wu, Cy Ma. Learning kites via a “20 questions" approach. In Proceedings '
        "of the Toy Conference, 2023.\n"
        '2. Lee, A. and Wu, B. (2022). Toys as "living labs" for play. Journal of Toys, 3(2), 1-9.\n'
        '3. Ann Lee and Bo Wu, "Learning kites via a “20 questions” approach," in Proc. of the '
        "Toy Conference, 2021.\n"
        '4. Lee, Ann, and Bo Wu. "Kites as "Living Labs" for Play." Journal of Toys, vol. 2, 2020.\n'
        '5. Ann Lee and Bo Wu "Fast toys at scale" in Proc. of the Toy Conference, 2019.\n'
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.year, len(p.authors)) for p in pubs] == [
        ('Learning kites via a "20 questions" approach', 2023, 3),
        ('Toys as "living labs" for play', 2022, 2),
        ('Learning kites via a "20 questions" approach', 2021, 2),
        ('Kites as "Living Labs" for Play', 2020, 2),
        ("Fast toys at scale", 2019, 2),
    ]
    assert pubs[1].venue.name is not None and pubs[1].venue.name.startswith("Journal of Toys")


def test_a_title_run_into_its_venue_with_no_stop_is_cut_where_the_venue_opens() -> None:
    """HTML prints a title beside its venue in italics with no stop between, and a PDF line
    may wrap there: words that open only a venue ("Proceedings of", "In Proc.", "Journal
    of") end the title, in APA and in plain author-first entries."""
    body = (
        "1. Ann Lee , Bo Wu, and Cy Ma  (2017) A Systematic Study of Toy Models for Kite "
        "Relations Proceedings of the 15th Conference on Toy Learning (TL 2017) | pdf\n"
        "2. Ann Lee, Bo Wu. Fast Toy Models for Kite Relations In Proceedings of the Toy "
        "Conference, 2016.\n"
        "3. Ann Lee, Bo Wu. Slow Toy Models for Kite Relations Journal of Toys, 3(2), 2015.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.year, len(p.authors)) for p in pubs] == [
        ("A Systematic Study of Toy Models for Kite Relations", 2017, 3),
        ("Fast Toy Models for Kite Relations", 2016, 2),
        ("Slow Toy Models for Kite Relations", 2015, 2),
    ]
    venues = [p.venue.name or "" for p in pubs]
    assert "Toy Learning" in venues[0] and "Toy Conference" in venues[1]
    assert venues[2].startswith("Journal of Toys")


def test_a_titles_head_before_its_colon_is_no_author_in_a_comma_only_entry() -> None:
    """``Authors, Head: Subtitle, In: Venue``: a head of capitalised words reads like a name,
    but a comma-only entry puts a title's colon there (also wrapped after the colon); DBLP
    and LNCS close the author list with the colon and the title with a stop."""
    body = (
        "1. Ann Lee, Bo Wu, Cy Ma, Di Xu, Sketching Toy Gist: Mimetic Hierarchical Toy Graphs, "
        "In: Proceedings of the Toy Conference (TC), pp. 22-39, 2020.\n"
        "2. Ann Lee, Bo Wu, Cy Ma, Drawing Kite Sketches:\n"
        "   Fast Hierarchical Kite Graphs, In: Proceedings of the Toy Conference, 2019.\n"
        "3. Ann Lee, Bo Wu, Cy Ma: Drawing Kite Sketches. In: Proceedings of the Toy "
        "Conference, 2018.\n"
        "4. Lee, A., Wu, B.: Drawing Toy Sketches. In: Proc. of the Toy Conference, pp. 1-9 (2017)\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.year, p.authors) for p in pubs] == [
        (
            "Sketching Toy Gist: Mimetic Hierarchical Toy Graphs",
            2020,
            ["Ann Lee", "Bo Wu", "Cy Ma", "Di Xu"],
        ),
        (
            "Drawing Kite Sketches: Fast Hierarchical Kite Graphs",
            2019,
            ["Ann Lee", "Bo Wu", "Cy Ma"],
        ),
        ("Drawing Kite Sketches", 2018, ["Ann Lee", "Bo Wu", "Cy Ma"]),
        ("Drawing Toy Sketches", 2017, ["Lee, A", "Wu, B"]),
    ]


def test_fields_between_commas_with_the_owners_place_and_no_author_list() -> None:
    """Chinese CVs often list a paper as its fields between commas, the owner's place
    instead of an author list: title, journal or conference, year, 第一作者."""
    body = (
        "1. 面向玩具网络的缓存调度方法，计算机学报，2023，第一作者\n"
        "2. 纸风筝升力的快速估计，玩具学报，2022年，通讯作者\n"
        "3. Fast toys for slow kites, NSDI 2021, 第二作者\n"
    )
    pubs = cv_with(body, name="李安", heading="发表论文").publications
    assert [(p.title, p.year, p.venue.name) for p in pubs] == [
        ("面向玩具网络的缓存调度方法", 2023, "计算机学报"),
        ("纸风筝升力的快速估计", 2022, "玩具学报"),
        ("Fast toys for slow kites", 2021, "Symposium on Network System Design and Implementation"),
    ]
    assert [p.owner_position for p in pubs] == [1, None, 2]


def test_an_entry_with_its_authors_last_reads_its_venue_before_them() -> None:
    """``Title. Venue Year. Authors.``: the venue stands between the title and the author
    list at the entry's end."""
    body = (
        "1. Fast toys for slow kites. NSDI 2024. Ann Lee, Bo Wu.\n"
        "2. Quiet caches for toy shops. In Proc. of the Toy Conference, 2023. Bo Wu, Ann Lee, Cy Ma.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.year, len(p.authors), p.owner_position) for p in pubs] == [
        ("Fast toys for slow kites", 2024, 2, 1),
        ("Quiet caches for toy shops", 2023, 3, 2),
    ]
    assert pubs[0].venue.abbr == "NSDI" and pubs[1].venue.name is not None
    assert "Toy Conference" in pubs[1].venue.name


def test_a_title_over_one_name_alone_is_a_paper_and_its_sole_author() -> None:
    """Title lines over author lines, no venue or year: an entry whose author line holds one
    name is still a paper (not two stray lines); a title run on over a name-like line stays
    one title."""
    body = (
        "Spinning Tops at Scale: A Measurement Study\nAnn Lee, Cy Ma, Bo Wu\n"
        "Kite Flight Control Revisited\nBo Wu\n"
        "Wooden Trains for Low-Latency Storage\nAnn Lee, Bo Wu\n"
    )
    cv = cv_with(body)
    assert [(p.title, p.authors) for p in cv.publications] == [
        ("Spinning Tops at Scale: A Measurement Study", ["Ann Lee", "Cy Ma", "Bo Wu"]),
        ("Kite Flight Control Revisited", ["Bo Wu"]),
        ("Wooden Trains for Low-Latency Storage", ["Ann Lee", "Bo Wu"]),
    ]
    assert not [w for w in cv.warnings if w.code.value == "stray_line"]
    last = cv_with(body + "A Survey of Wooden Kites\nAnn Lee\n").publications[-1]
    assert (last.title, last.authors, last.owner_position) == (
        "A Survey of Wooden Kites",
        ["Ann Lee"],
        1,
    )


def test_a_sole_author_alone_on_the_first_line_is_the_author_line_when_the_list_names_them() -> (
    None
):
    # each field on a line of its own: a name alone reads as a short title too, so it is
    # the author line when the other entries' lists name that person (the owner)
    entries = (
        "Ann Lee, Bo Wu\nQuiet Kites for Windy Fields\nNSDI 2023",
        "Ann Lee\nPaper Boats at Scale\nOSDI 2022",
        "Cy Ma and Ann Lee\nLearned Toy Caches\nSOSP 2021",
    )
    for separator in ("\n\n", "\n"):
        pubs = cv_with(separator.join(entries)).publications
        assert [(p.title, p.authors, p.owner_position) for p in pubs] == [
            ("Quiet Kites for Windy Fields", ["Ann Lee", "Bo Wu"], 1),
            ("Paper Boats at Scale", ["Ann Lee"], 1),
            ("Learned Toy Caches", ["Cy Ma", "Ann Lee"], 2),
        ]


def test_an_author_line_wrapped_over_two_lines_above_the_title_and_venue_lines() -> None:
    body = (
        "Ann Lee, Bo Wu, Cy Ma, Di Xu, Eve Ng, and\nFay Oh\nQuiet Kites for Windy Fields\nNSDI 2023\n"
        "Bo Wu and Ann Lee\nPaper Boats at Scale\nOSDI 2022"
    )
    pubs = cv_with(body).publications
    assert [summary(p) for p in pubs] == [
        ("Quiet Kites for Windy Fields", "NSDI", 2023, "conference", "A", 1, 6),
        ("Paper Boats at Scale", "OSDI", 2022, "conference", "A", 2, 2),
    ]


def test_a_title_under_its_author_line_keeps_words_that_read_as_names() -> None:
    # the author line above was read: "Memory Budgets and Bursty Workloads" is no second list
    body = (
        "Ann Lee, Bo Wu, Cy Ma\n"
        "Toy Caches for Paper Kites under Tight Memory Budgets and Bursty Workloads\nNSDI 2023\n"
        "Bo Wu and Ann Lee\nPaper Boats at Scale\nOSDI 2022"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.authors) for p in pubs] == [
        (
            "Toy Caches for Paper Kites under Tight Memory Budgets and Bursty Workloads",
            ["Ann Lee", "Bo Wu", "Cy Ma"],
        ),
        ("Paper Boats at Scale", ["Bo Wu", "Ann Lee"]),
    ]


def test_a_comma_citation_wrapped_where_the_titles_first_words_read_as_a_name() -> None:
    # "Di Xu, Quiet Toy" fills the first line with names; the next line runs on with the
    # title and the venue after a comma: one citation in commas, not an author line above
    body = (
        "- Ann Lee, Bo Wu, Cy Ma, Di Xu, Quiet Toy\n  Kites for Windy Fields, Journal of Toy Science, vol 3,\n  2021\n"
        "- Bo Wu, Ann Lee, Paper Boats at Scale, Journal of Toy Science, vol 4, 2022"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.authors, p.year) for p in pubs] == [
        ("Quiet Toy Kites for Windy Fields", ["Ann Lee", "Bo Wu", "Cy Ma", "Di Xu"], 2021),
        ("Paper Boats at Scale", ["Bo Wu", "Ann Lee"], 2022),
    ]


def test_a_comma_citation_opens_with_its_authors_before_title_words_that_read_as_names() -> None:
    # "Memory Budgets and Bursty Workloads, Web Intelligence" is a longer run of name-like
    # words than the one author that opens the entry: the opening list is the author list
    body = (
        "- Ann Lee, Toy Caches for Paper Kites under Tight Memory Budgets and Bursty Workloads, Web Intelligence, vol 5, 2021\n"
        "- Ann Lee, Bo Wu, Toy Boats for Calm Lakes under Tight Memory Budgets and Bursty Workloads, Journal of Toy Science, vol 4, 2022"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.authors, p.owner_position) for p in pubs] == [
        (
            "Toy Caches for Paper Kites under Tight Memory Budgets and Bursty Workloads",
            ["Ann Lee"],
            1,
        ),
        (
            "Toy Boats for Calm Lakes under Tight Memory Budgets and Bursty Workloads",
            ["Ann Lee", "Bo Wu"],
            1,
        ),
    ]


def test_a_sole_author_closed_by_a_stop_before_the_venue_under_a_title() -> None:
    # "Ann Lee. ToyConf 2021." reads as a title and its venue but for the name, which the
    # other entries' author lists hold
    body = (
        "- Quiet Kites for Windy Fields\n  Ann Lee, Bo Wu. NSDI 2023.\n"
        "- Paper Boats at Scale\n  Cy Ma, Ann Lee. OSDI 2022.\n"
        "- Learned Toy Caches\n  Ann Lee. SOSP 2021."
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.authors, p.owner_position, p.venue.abbr) for p in pubs] == [
        ("Quiet Kites for Windy Fields", ["Ann Lee", "Bo Wu"], 1, "NSDI"),
        ("Paper Boats at Scale", ["Cy Ma", "Ann Lee"], 2, "OSDI"),
        ("Learned Toy Caches", ["Ann Lee"], 1, "SOSP"),
    ]
