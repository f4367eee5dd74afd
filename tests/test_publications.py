"""Publication lists in every style real CVs use, on self-written (fictional) entries."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bilingual_cv
from bilingual_cv.schema import CV, Person, Publication


def cv_with(
    body: str, *, name: str = "Ann Lee", heading: str = "PUBLICATIONS", edition: str = "2026"
) -> CV:
    return bilingual_cv.parse(
        f"{name}\nann@example.edu\n\n{heading}\n\n{body}\n", ccf_edition=edition
    )


def summary(pub: Publication) -> tuple[object, ...]:
    return (
        pub.title,
        pub.venue.abbr,
        pub.year,
        pub.kind.value,
        pub.ccf.rank.value if pub.ccf else None,
        pub.owner_position,
        len(pub.authors),
    )


def test_multi_line_entries_separated_by_blank_lines_in_any_order() -> None:
    body = (
        "Fast Paths for Slow Networks\n\nNSDI, 2025\n\nBo Wu, **Ann Lee**, Cy Ma\n\n"
        "Learned Caches Revisited\n\nAPSys, 2024\n\nAnn Lee, Di Xu\n\n"
        "Rack-Scale Memory\nDi Xu, Ann Lee, Bo Wu,\nCy Ma\nACM Symposium on Operating Systems Principles (SOSP '23)"
    )
    pubs = cv_with(body).publications
    assert [summary(p) for p in pubs] == [
        ("Fast Paths for Slow Networks", "NSDI", 2025, "conference", "A", 2, 3),
        ("Learned Caches Revisited", "APSys", 2024, "workshop", None, 1, 2),
        ("Rack-Scale Memory", "SOSP", 2023, "conference", "A", 2, 4),
    ]


def test_tagged_entries_with_award_notes_and_a_summary_line_left_out() -> None:
    body = (
        "Summary (first-author): OSDI 2024, NSDI [2023, 2022]\n\n"
        "[C2] Tidal: Checkpoints at Memory Speed\n\nAnn Lee, Bo Wu\n\n"
        "In Proceedings of the 18th USENIX Symposium on Operating Systems Design and Implementation (**USENIX OSDI 2024**)\n\n"
        "🏆 **Artifact Available, Functional, Reproduced**\n\n"
        "[C1] Beacon: Finding Failed Links\nBo Wu, **Ann Lee**\nIn Proceedings of the 20th USENIX Symposium on "
        "Networked Systems Design and Implementation (**NSDI 2023**)\n🏆 **Best Paper Award**"
    )
    cv = cv_with(body)
    assert [summary(p) for p in cv.publications] == [
        ("Tidal: Checkpoints at Memory Speed", "OSDI", 2024, "conference", "A", 1, 2),
        ("Beacon: Finding Failed Links", "NSDI", 2023, "conference", "A", 2, 2),
    ]
    assert cv.publications[0].notes == ["Artifact Available, Functional, Reproduced"]
    assert cv.publications[1].notes == ["Best Paper Award"]
    stray = [w for w in cv.warnings if w.code == "stray_line"]
    assert len(stray) == 1 and "Summary (first-author)" in stray[0].message


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
        "• CN202310791299.6《一种数据包处理方法、系统和存储介质》李安，王伟，张三\n"
        "• CN201911161704.6《一种恶意软件监测系统和方法》王伟、李安\n"
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


def test_kind_from_sub_headings_and_venues() -> None:
    text = (
        "Ann Lee\n\n## Publications\n\n## Conference Papers\n"
        "1. Ann Lee, Bo Wu. Fast Things. The 20th USENIX Symposium on Networked Systems Design and Implementation (NSDI), 2023.\n\n"
        "#### Workshop Papers\n"
        "1. Ann Lee, Bo Wu. Slow Things. Workshop on Cloud Intelligence/AIOps @ASPLOS 2024.\n"
        "2. Ann Lee. Hot Things. The 19th Workshop on Hot Topics in Operating Systems (HotOS), 2023.\n"
        "3. Ann Lee. Cloudy Things. Cloud @ MICRO, 2021.\n\n"
        "## Journal Papers\n1. Ann Lee. Long Things. IEEE Transactions on Services Computing, 2022.\n\n"
        "#### Pre-prints\n1. Ann Lee. New Things. arxiv.org/abs/2404.02407\n"
    )
    pubs = bilingual_cv.parse(text).publications
    assert [
        (p.venue.abbr, p.kind.value, p.ccf.rank.value if p.ccf else None, p.year) for p in pubs
    ] == [
        ("NSDI", "conference", "A", 2023),
        ("AIOps@ASPLOS", "workshop", None, 2024),
        ("HotOS", "workshop", "B", 2023),
        ("Cloud@MICRO", "workshop", None, 2021),
        ("IEEE TSC", "journal", "A", 2022),
        ("arXiv", "preprint", None, 2024),
    ]
    assert [p.section for p in pubs] == [
        "Conference Papers",
        "Workshop Papers",
        "Workshop Papers",
        "Workshop Papers",
        "Journal Papers",
        "Pre-prints",
    ]


def test_track_of_a_ranked_conference_keeps_its_rank() -> None:
    body = "[C1] Green SLOs\nAnn Lee, Bo Wu\nIn Proceedings of the 54th Annual IEEE/IFIP International Conference on Dependable Systems and Networks (**DSN 2024 Disrupt Track**)"
    pub = cv_with(body).publications[0]
    assert (pub.venue.abbr, pub.ccf.rank.value if pub.ccf else None) == ("DSN", "B")


def test_owner_found_under_other_spellings() -> None:
    body = (
        "1. Bo Wu, X. Wang. Paper One. NSDI, 2024.\n"
        "2. Wang, Xiaoming and Wu, Bo. Paper Two. SIGCOMM, 2023.\n"
        "3. 王伟，王晓明. 论文三[J]. 软件学报, 2022.\n"
    )
    cv = cv_with(body, name="Xiaoming Wang (王晓明)")
    assert cv.person.name_zh == "王晓明"
    assert [p.owner_position for p in cv.publications] == [2, 1, 2]


def test_inferred_name_when_the_cv_never_states_it() -> None:
    text = (
        "教育背景\n上海交通大学 博士\n\n论文发表\n"
        '• Xiaoming Wang, Bo Wu, "Paper One". (INFOCOM 2023, CCF-A)\n'
        '• Cy Ma, Xiaoming Wang, "Paper Two". (ICNP 2021, CCF-B)\n\n'
        "专利发表\n• CN202310791299.6《数据包处理方法》王晓明，王伟\n• CN202210110770.6《网络仿真方法》王伟，王晓明\n"
        "• CN202210203493.3《集群仿真方法》张三，王晓明\n"
    )
    cv = bilingual_cv.parse(text)
    assert cv.person.name is None and cv.person.inferred_name == "Xiaoming Wang"
    assert [p.owner_position for p in cv.publications] == [1, 2, 1, 2, 2]


def test_stats_count_ranks_and_first_authored_papers() -> None:
    body = (
        "1. Ann Lee, Bo Wu. One. NSDI, 2024.\n2. Bo Wu, Ann Lee. Two. OSDI, 2023.\n"
        "3. Ann Lee. Three. ICNP, 2022.\n4. Ann Lee. Four. arXiv preprint, 2024.\n"
    )
    stats = cv_with(body).stats
    assert stats.publications == 4
    assert stats.by_kind == {"conference": 3, "preprint": 1}
    assert (stats.ccf.A, stats.ccf.B, stats.ccf.C, stats.ccf.unranked) == (2, 1, 0, 1)
    assert (stats.ccf_owner_first.A, stats.ccf_owner_first.B) == (1, 1)


def test_every_entry_keeps_its_raw_text() -> None:
    body = "1. Ann Lee, Bo Wu. One Thing. NSDI, 2024.\n2. Something we cannot read at all 2023"
    cv = cv_with(body)
    assert [p.raw for p in cv.publications] == [
        "1. Ann Lee, Bo Wu. One Thing. NSDI, 2024.",
        "2. Something we cannot read at all 2023",
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


def test_owner_found_across_scripts_through_pinyin() -> None:
    zh_owner = cv_with(
        "[1] Xiaoming Wang, Bo Wu. Paper One. NSDI, 2024.\n[2] Bo Wu, Xiao-Ming Wang. Paper Two. OSDI, 2023.",
        name="王晓明",
    )
    assert [p.owner_position for p in zh_owner.publications] == [1, 2]
    en_owner = cv_with(
        "• CN202310791299.6《数据包处理方法》王小雨，王伟，王晓明",
        name="Xiaoming Wang",
        heading="专利",
    )
    assert en_owner.publications[0].owner_position == 3  # not 王小雨, who is also "Y. Liu"


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


def test_status_words_notes_and_links() -> None:
    body = (
        "1. Ann Lee, Bo Wu. Accelerating Sparse Kernels. Accepted by TPDS, 2024.\n"
        "2. Ann Lee, Bo Wu. Learned Load Balancing. To appear in NSDI 2025.\n"
        "3. Ann Lee. Hybrid Logs. IEEE Transactions on Computers, in press, 2024.\n"
        "4. Ann Lee, Bo Wu. Elastic Graph Partitioning. Under revision at TPDS, 2024.\n"
        "5. Ann Lee, Bo Wu. Fast Snapshot Isolation. Submitted to OSDI 2025.\n"
        "6. Ann Lee, Bo Wu. Token Merging. NeurIPS 2023 (Spotlight).\n"
        "7. Ann Lee, Bo Wu. Robust Speech Models. AAAI 2023 (Oral, Acceptance rate: 18%).\n"
        "8. Ann Lee, Bo Wu. Certified Defenses. ICCV 2023. [PDF] [Code] [Slides]\n"
        "9. [PDF] Ann Lee, Bo Wu. Log Parsing with LLMs. ICSE 2024.\n"
        "10. Ann Lee, Bo Wu. Query Optimizers. SIGMOD 2023. https://doi.org/10.1145/3588912\n"
    )
    pubs = cv_with(body).publications
    assert [summary(p)[1:5] for p in pubs] == [
        ("TPDS", 2024, "journal", "A"),
        ("NSDI", 2025, "conference", "A"),
        ("TC", 2024, "journal", "A"),
        ("TPDS", 2024, "preprint", None),  # under revision: not published yet, so no rank
        ("OSDI", 2025, "preprint", None),  # the venue it was sent to is named, unranked
        ("NeurIPS", 2023, "conference", "A"),
        ("AAAI", 2023, "conference", "A"),
        ("ICCV", 2023, "conference", "A"),
        ("ICSE", 2024, "conference", "A"),
        ("SIGMOD", 2023, "conference", "A"),
    ]
    assert [p.notes for p in pubs[5:8]] == [["Spotlight"], ["Oral, Acceptance rate: 18%"], []]
    assert pubs[7].title == "Certified Defenses" and "[PDF] [Code] [Slides]" in pubs[7].raw
    assert pubs[8].title == "Log Parsing with LLMs" and pubs[8].owner_position == 1
    assert pubs[9].venue.raw == "SIGMOD 2023"


def test_untagged_multi_line_entries_without_blank_lines() -> None:
    body = (
        "Rack-Scale Memory Disaggregation for\nLatency-Critical Services\nDi Xu, Ann Lee, Bo Wu\n"
        "IEEE Transactions on Parallel and Distributed Systems, 2022\n"
        "Verified Schedulers\nAnn Lee\nEuroSys 2021\n"
        "Ann Lee, Bo Wu, and Cy Ma. Fast consensus for geo-replicated\nstores. In Proceedings of NSDI 2024.\n"
        "Bo Wu and Ann Lee. Learned congestion control. IEEE/ACM\nTransactions on Networking, 2023.\n"
    )
    assert [summary(p) for p in cv_with(body).publications] == [
        (
            "Rack-Scale Memory Disaggregation for Latency-Critical Services",
            "TPDS",
            2022,
            "journal",
            "A",
            2,
            3,
        ),
        ("Verified Schedulers", "EuroSys", 2021, "conference", "A", 1, 1),
        ("Fast consensus for geo-replicated stores", "NSDI", 2024, "conference", "A", 1, 3),
        ("Learned congestion control", "ToN", 2023, "journal", "A", 2, 2),
    ]


def test_venue_before_title_and_venue_tags() -> None:
    body = (
        "NSDI 2025\nFast Paths for Slow Networks\nBo Wu, Ann Lee, Cy Ma\n"
        "SOSP 2023\nLearned Caches Revisited\nAnn Lee, Di Xu\n"
        "ICML 2022\nSparse Mixtures of Experts\nDi Xu, Ann Lee, Bo Wu"
    )
    assert [summary(p) for p in cv_with(body).publications] == [
        ("Fast Paths for Slow Networks", "NSDI", 2025, "conference", "A", 2, 3),
        ("Learned Caches Revisited", "SOSP", 2023, "conference", "A", 1, 2),
        ("Sparse Mixtures of Experts", "ICML", 2022, "conference", "A", 2, 3),
    ]
    tagged = "[NSDI'25] Fast Paths for Slow Networks. Bo Wu, Ann Lee, Cy Ma.\n[SOSP'23] Learned Caches Revisited. Ann Lee, Di Xu."
    assert [summary(p) for p in cv_with(tagged).publications] == [
        ("Fast Paths for Slow Networks", "NSDI", 2025, "conference", "A", 2, 3),
        ("Learned Caches Revisited", "SOSP", 2023, "conference", "A", 1, 2),
    ]


def test_note_lines_under_a_bulleted_entry() -> None:
    body = (
        "• Fast Paths for Slow Networks\n  Bo Wu, Ann Lee, Cy Ma\n  NSDI 2025 (Acceptance rate: 18%)\n  [PDF] [Code]\n"
        "• Learned Caches Revisited\n  Ann Lee*, Di Xu*\n  SOSP 2023, Best Paper Award"
    )
    pubs = cv_with(body).publications
    assert [(p.venue.abbr, p.notes) for p in pubs] == [
        ("NSDI", ["Acceptance rate: 18%"]),
        ("SOSP", ["Best Paper Award"]),
    ]


def test_chinese_journals_keep_their_name_unranked() -> None:
    body = (
        "1. 李安（第一作者），王伟. 基于图神经网络的推荐方法[J]. 软件学报, 2023, 34(1): 1-20.\n"
        "2. 李安，王伟. 一种高效的日志压缩算法[J]. 计算机研究与发展, 2021, 58(2): 10-20.\n"
        "3. 李安, 王伟. 联邦学习综述[J]. 中国科学: 信息科学, 2022, 52(1): 1-30.\n"
    )
    for edition in ("2026", "2022"):
        pubs = cv_with(body, name="李安", heading="论文发表", edition=edition).publications
        assert [summary(p) for p in pubs] == [
            ("基于图神经网络的推荐方法", "软件学报", 2023, "journal", None, 1, 2),
            ("一种高效的日志压缩算法", "计算机研究与发展", 2021, "journal", None, 1, 2),
            ("联邦学习综述", "中国科学:信息科学", 2022, "journal", None, 1, 2),
        ]


def test_venues_no_catalog_knows_keep_a_short_name() -> None:
    body = (
        "1. Ann Lee, Bo Wu. Paper One. The 3rd Workshop on Foo Bar Systems (FooBar), 2023.\n"
        "2. Ann Lee. Paper Two. FooConf 2021.\n"
        "3. Ann Lee. Paper Three. Technical Report, 2020.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.venue.abbr, p.kind.value, p.ccf) for p in pubs] == [
        ("FooBar", "workshop", None),
        ("FooConf", "conference", None),
        (None, "other", None),
    ]


def test_an_untagged_entry_after_a_finished_tagged_one_stands_alone() -> None:
    body = (
        '[1] A. Lee, B. Wu, and C. Ma, "Fast consensus for geo-replicated stores," in Proc. IEEE INFOCOM, 2023, pp. 1-10.\n'
        "Ann Lee, Bo Wu, and Cy Ma. 2023. Elastic sharding at scale. In Proceedings of the ACM SIGCOMM 2023 Conference (SIGCOMM '23). ACM, 1-14.\n"
        '[2] B. Wu and A. Lee, "Scheduling collective communication," in Proc. USENIX NSDI, 2022, pp. 33-48.\n'
    )
    assert [(p.venue.abbr, p.year) for p in cv_with(body).publications] == [
        ("INFOCOM", 2023),
        ("SIGCOMM", 2023),
        ("NSDI", 2022),
    ]


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


def test_soft_hyphens_from_a_pdf_join_words_real_hyphens_stay() -> None:
    from bilingual_cv.clean.normalize import clean_text

    lines = clean_text("Fast Hier\u00ad\narchical Caches\nMulti\u00ad\nPerspective Views").lines
    assert [line.text for line in lines] == ["Fast Hierarchical Caches", "Multi-Perspective Views"]


def test_patent_lines_with_bare_chinese_application_numbers() -> None:
    text = (
        "李华\nlihua@example.cn\n\n发明专利\n共有两项国家发明专利处于受理阶段\n"
        "一种虚构的缓存替换方法, 202010064079.X\n一种虚构的网络调度系统及装置, 202110004845.8\n"
    )
    pubs = bilingual_cv.parse_text(text).publications
    assert [(p.title, p.year, p.kind.value) for p in pubs] == [
        ("一种虚构的缓存替换方法", 2020, "patent"),
        ("一种虚构的网络调度系统及装置", 2021, "patent"),
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


def test_capitals_topics_inside_a_publication_list_are_sub_headings() -> None:
    text = (
        "Jane Roe\n\nSelected Publications\nSTORAGE SYSTEMS AND DATABASES\n"
        "Jane Roe, Bo Wu. A Fictional Cache. In OSDI 2023.\n"
        "MACHINE LEARNING AND SYSTEMS\n"
        "Jane Roe, Ann Lee. A Fictional Scheduler. In NSDI 2024.\n"
    )
    cv = bilingual_cv.parse_text(text)
    assert [s.heading for s in cv.sections if s.key.value == "publications"] == [
        "Selected Publications",
        "STORAGE SYSTEMS AND DATABASES",
        "MACHINE LEARNING AND SYSTEMS",
    ]
    assert [p.title for p in cv.publications] == ["A Fictional Cache", "A Fictional Scheduler"]


def test_a_translated_title_after_a_chinese_dash_belongs_to_its_entry() -> None:
    text = (
        "李华\n\n论文发表\n[1] H. Li et al.\n"
        '"FooCheck: Automatic Bug Reproduction in Fictional Contracts"\n'
        "——《FooCheck：虚构合约中的漏洞自动复现》\nASE 2025（软件工程顶级会议，CCF-A）\n"
    )
    (pub,) = bilingual_cv.parse_text(text).publications
    assert pub.title == "FooCheck: Automatic Bug Reproduction in Fictional Contracts"
    assert pub.venue.abbr == "ASE" and pub.year == 2025
    assert pub.authors == ["H. Li"]  # "et al." closes the list


def test_left_column_venue_tags_open_entries_and_name_their_venue() -> None:
    """A left column of ``VENUE'YY`` tags, before a tab or alone on a line, splits the list
    (no numbers, no bullets) and names the venue when the entry's own text does not."""
    body = (
        "NSDI'24\n"
        'Ann Lee, Bo Wu, Cy Ma. "Elastic Packet Pacing for Shared Links." The 21st USENIX\n'
        "Symposium on Networked System Design and Implementation.\n"
        'VLDB\'23\tBo Wu, Ann Lee. "Columnar Joins without Regret." 49th International Conference\n'
        "on Very Large Database.\n"
        'SOSP\'23\tAnn Lee, Cy Ma. "Lazy Journals for Fast Filesystems." ACM Symposium on Operating\n'
        "System Principles.\n"
        'FooConf\'22\tAnn Lee. "A Small Study of Big Queues." The First Fictional Meeting on Queues.\n'
    )
    pubs = cv_with(body).publications
    assert [summary(p)[:5] for p in pubs] == [
        ("Elastic Packet Pacing for Shared Links", "NSDI", 2024, "conference", "A"),
        ("Columnar Joins without Regret", "VLDB", 2023, "conference", "A"),
        ("Lazy Journals for Fast Filesystems", "SOSP", 2023, "conference", "A"),
        ("A Small Study of Big Queues", "FooConf", 2022, "conference", None),  # the tag's name
    ]
    assert [p.owner_position for p in pubs] == [1, 2, 1, 1]


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


def test_a_link_beside_a_published_venue_does_not_make_a_preprint() -> None:
    body = (
        '2017 A. Lee, B. Wu. "Convex Policies". In: ICML. url: http :\n'
        "//arxiv.org/abs/1701.00001.\n"
        '2021 B. Wu, A. Lee. "Pixels to Plans". In: AAAI. url: https://arxiv.org/\n'
        "abs/2101.00002.\n"
        '2022 A. Lee. "Notes on Queues". url: https://arxiv.org/abs/2201.00003.\n'
        '2016 A. Lee, B. Wu. "Round Trips over WiFi". INFOCOM 2016. (submitted).\n'
    )
    pubs = cv_with(body).publications
    assert [summary(p)[1:5] for p in pubs] == [
        ("ICML", 2017, "conference", "A"),
        ("AAAI", 2021, "conference", "A"),
        ("arXiv", 2022, "preprint", None),
        ("INFOCOM", 2016, "preprint", None),
    ]


def test_a_venue_no_catalog_knows_keeps_its_written_name_and_short_name() -> None:
    """Years, pages, links, months and publishers are cut from the name; an acronym written
    alone or with its year is the short name; a thesis or a report names no venue."""
    body = (
        "1. Ann Lee, Bo Wu. Quiet Sensors at Scale. QuietConf. ACM, 2020: 476-481.\n"
        "2. Ann Lee. Edge Caches for Toy Robots. In: IEEE Toy Computing 2, pp. 24-31. url: https://example.org/a.pdf\n"
        "3. Ann Lee, Bo Wu. Fuzzing Lamp Firmware. In: Proceedings of the 2019 Workshop on Lamp Software. LAMPS '19. Cited by 3.\n"
        "4. Ann Lee. Toy Review Dynamics. The Fictional Journal of Toys, Mar, 2021 (Editor's Pick).\n"
        "5. Ann Lee. Planning for Small Robots. PhD thesis. Example University, 2019.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.venue.name, p.venue.abbr, p.kind.value) for p in pubs] == [
        ("QuietConf", "QuietConf", "conference"),
        ("IEEE Toy Computing", None, "journal"),  # volume 2 before its pages
        ("Workshop on Lamp Software", "LAMPS", "workshop"),
        ("Fictional Journal of Toys", None, "journal"),
        (None, None, "other"),
    ]
    assert all(p.ccf is None for p in pubs)


def test_an_author_list_wrapped_after_a_middle_initial_goes_on() -> None:
    body = (
        "[C2] Fast Things for Slow Clouds\n"
        "Ann Lee, Bo Wu, Cy Ma, Dan Xu, Eve Yu, Fay Zhou, Zoe T.\n"
        "Kowalczyk, Gil Ho, Hal K. Iyer\n"
        "In Proceedings of the 7th Annual Conference on Machine Learning and Systems (MLSys 2024)\n"
    )
    (pub,) = cv_with(body).publications
    assert pub.authors == [
        "Ann Lee",
        "Bo Wu",
        "Cy Ma",
        "Dan Xu",
        "Eve Yu",
        "Fay Zhou",
        "Zoe T. Kowalczyk",
        "Gil Ho",
        "Hal K. Iyer",
    ]
    assert pub.owner_position == 1 and pub.venue.abbr == "MLSys"


def test_a_workshop_tag_hyphened_to_its_host_takes_no_rank() -> None:
    body = (
        "1. Ann Lee, Bo Wu. Federated Toys. FL-AAAI 2022.\n"
        "2. Ann Lee. Placing Toy Chips. ASP-DAC 2023.\n"
        "3. Ann Lee, Bo Wu. Toy Dialogues. EMNLP-IJCNLP 2019.\n"
        "4. Ann Lee. Toy Grids. TOYS workshop IEEE/ACM International Symposium on Cluster, Cloud"
        " and Internet Computing (CCGrid 2021).\n"
    )
    pubs = cv_with(body).publications
    assert [summary(p)[1:5] for p in pubs] == [
        ("FL@AAAI", 2022, "workshop", None),
        ("ASP-DAC", 2023, "conference", "C"),
        ("EMNLP", 2019, "conference", "B"),
        ("TOYS@CCGrid", 2021, "workshop", None),  # named before its host, with no word between
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


def test_entries_that_open_with_a_quoted_title_and_a_glued_venue_tag() -> None:
    """No numbers or bullets: each entry opens with its quoted title, then a venue tag with
    its year glued on ("OSDI25"), then the authors, wrapped over lines."""
    body = (
        '"Toy Kernels: Safe Extensions for Toy Systems" OSDI25 Bo Wu, Cy Ma, Ann Lee,\n'
        "Dan Xu.\n"
        '"Fast Toy Migration across Hosts" ToyConf24 Ann Lee, Bo Wu,\n'
        "Cy Ma.\n"
        '"Toy Observability for Pools" HCDS23 Cy Ma, Ann Lee.\n'
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.venue.abbr, p.year, p.owner_position, len(p.authors)) for p in pubs] == [
        ("Toy Kernels: Safe Extensions for Toy Systems", "OSDI", 2025, 3, 4),
        ("Fast Toy Migration across Hosts", "ToyConf", 2024, 1, 3),
        ("Toy Observability for Pools", "HCDS", 2023, 2, 2),
    ]
    assert pubs[0].ccf is not None and pubs[0].ccf.rank.value == "A"


def test_a_short_name_given_once_names_the_venue_in_every_entry() -> None:
    """The CV tags a venue with its short name once and spells it out elsewhere, with other
    years, ordinals and sponsors: every entry gets the short name; a venue the CV never
    shortens stays without one."""
    body = (
        '1. Ann Lee, Bo Wu, "Toy Tides at Scale", 21st International Workshop on Parallel'
        " Tidal Simulation (PATS'07)\n"
        '2. Ann Lee, Cy Ma, "Faster Toy Tides", 2010 IEEE/ACM 24th Workshop on Parallel and'
        " Tidal Simulations\n"
        '3. Ann Lee, "Toy Tides Replicated", 2011 IEEE Workshop on Parallel Tidal Simulation\n'
        '4. Ann Lee, "Toy Waves", 2012 Symposium on Toy Wave Modelling and Practice\n'
    )
    pubs = cv_with(body).publications
    assert [p.venue.abbr for p in pubs] == ["PATS", "PATS", "PATS", None]
    assert pubs[1].venue.name == "IEEE/ACM 24th Workshop on Parallel and Tidal Simulations"


def test_a_short_name_two_venues_share_is_given_to_neither() -> None:
    body = (
        '1. Ann Lee, "Toy Tides in Small Pools", Workshop on Toy Tidal Simulation (TTS\'07)\n'
        '2. Ann Lee, "Toy Tides in Large Pools", 2008 Workshop on Toy Tidal Simulation (TOTS\'08)\n'
        '3. Ann Lee, "Toy Tides in Any Pool", 2009 IEEE Workshop on Toy Tidal Simulation\n'
    )
    assert [p.venue.abbr for p in cv_with(body).publications] == ["TTS", "TOTS", None]


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


def test_an_abbreviated_word_does_not_end_a_written_venue_name() -> None:
    body = (
        '1. Ann Lee, Bo Wu, "Efficient Toy Simulation over Large Networks", ACM Trans. on'
        " Modeling and Toy Simulation, 2018\n"
    )
    (pub,) = cv_with(body).publications
    assert pub.venue.name == "ACM Trans. on Modeling and Toy Simulation"
    assert pub.year == 2018


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


def test_title_case_venue_words_are_no_second_author_list() -> None:
    """One author, then a venue whose Title-Case words pair up like names ("Pattern Analysis
    and Machine Intelligence"): the author is the one at the start."""
    body = (
        "1. D. J. Lee. Elastic matching of toy drawings. IEEE Trans. Pattern Analysis and"
        " Machine Intelligence, 3(6), 708-713, 1981.\n"
        "2. Ann Lee. A note on toy claims. IEEE Transactions on Pattern Analysis and Machine"
        " Intelligence, 6(1) 122-123, 1984.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.authors, p.venue.abbr) for p in pubs] == [
        ("Elastic matching of toy drawings", ["D. J. Lee"], "TPAMI"),
        ("A note on toy claims", ["Ann Lee"], "TPAMI"),
    ]


def test_inverted_author_lists_with_full_given_names_and_title_case_titles() -> None:
    """Family names first with full given names ("Roe, Jane Ann (1983)."), and a Title-Case
    title after an inverted list ("Lee, A., Wu, B., Kernel Support for Toys, ..."); a title
    that ends in a word ISO 4 would not cut ("... for toy data.")."""
    body = (
        "1. Lee, A., Stone, D. L., Wu, F. D., Kernel Support for Live Digital Toys, Computer"
        " Communications, Vol. 15, No. 6, pp. 388-395.\n"
        "2. Roe, Jane Ann and Lee, Ann (1983). Varieties of toy misconceptions. In Proceedings"
        " of IJCAI, pages 650-652.\n"
        "3. Lee, Ann (1988). A logical framework for default toys. Toy Intelligence, 36(1), 27-47\n"
        "4. N. A. Lee and Y. G. Wu. SQL extension for toy data. IEEE TKDE, 9(3) 480-499, May 1997.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.authors) for p in pubs] == [
        ("Kernel Support for Live Digital Toys", ["Lee, A", "Stone, D. L", "Wu, F. D"]),
        ("Varieties of toy misconceptions", ["Roe, Jane Ann", "Lee, Ann"]),
        ("A logical framework for default toys", ["Lee, Ann"]),
        ("SQL extension for toy data", ["N. A. Lee", "Y. G. Wu"]),
    ]
    assert [p.owner_position for p in pubs] == [1, 2, 1, None]  # N. A. Lee is not Ann Lee
    assert [p.venue.abbr for p in pubs] == ["CC", "IJCAI", None, "TKDE"]


def test_a_wrapped_word_between_entries_n_and_n_plus_1_is_no_heading() -> None:
    """ "Conference" and a bold "Award" on lines of their own, between entries 7 and 8: the
    ends of wrapped entries, not sub-headings; the venue keeps its last word."""
    body = (
        '7. Bo Wu, Ann Lee, "Toy Replicas at Scale", Proceedings of the 2009 Winter Toy\n'
        "Conference\n"
        '8. Ann Lee, "Toy Grids", FL-IJCAI 2022, **Innovation**\n'
        "**Award**\n"
        '9. Ann Lee, "Toy Drops" The 35th Conference on Toys (IAAI-23) deployment award\n'
        '10. Ann Lee, "Toy Weights", arXiv:2003.07630\n'
    )
    cv = cv_with(body)
    assert [s.heading for s in cv.sections] == [None, "PUBLICATIONS"]
    pubs = cv.publications
    assert [p.title for p in pubs] == [
        "Toy Replicas at Scale",
        "Toy Grids",
        "Toy Drops",
        "Toy Weights",
    ]
    assert pubs[0].venue.name == "Winter Toy Conference"
    assert [p.year for p in pubs] == [2009, 2022, 2023, 2020]


def test_inventors_wrapped_inside_a_chinese_name_and_an_owner_nickname() -> None:
    """A patent's inventor list wraps inside a name ("赵雨" / "桐"); the owner's printed name
    carries a nickname in quotes that papers leave out."""
    body = (
        "1. 一种虚构的玩具缓存替换方法 [发明,已授权],童薇,刘景宁,冯丹,赵雨\n"
        "桐,覃鸿巍,李安,申请号:CN201811401607.5\n"
    )
    (pub,) = cv_with(body, name="李安").publications
    assert pub.authors == ["童薇", "刘景宁", "冯丹", "赵雨桐", "覃鸿巍", "李安"]
    assert pub.owner_position == 6
    body = '1. Bo Wu, Ann Kanti Lee. "Toy Encoders for Zero-shot Toys". In ToyConf, 2022.\n'
    (pub,) = cv_with(body, name='Ann Kanti Lee "Annie"').publications
    assert pub.owner_position == 2


def test_a_numbered_apa_entry_wrapped_mid_title_stays_one_entry() -> None:
    """The first line of entry 2 ends mid-title ("... in the"); the next line opens with
    Title-Case words and holds a year, yet it goes on with entry 2."""
    body = (
        "1 Ann Lee, Wu, B. (2024). Toy allocators. In ToyConf.\n"
        "2 Ann Lee, Y. C., & Ma, Q. (2023). PET: Prevent Discovered Toys from Being Broken in the\n"
        "Linux Toybox. In Usenix Security (CCF-A). *2023 travel grant.\n"
        "3 Ann Lee, & Xu, D. (2023). Toy kernels. In ToySummit.\n"
    )
    pubs = cv_with(body).publications
    assert [p.title for p in pubs] == [
        "Toy allocators",
        "PET: Prevent Discovered Toys from Being Broken in the Linux Toybox",
        "Toy kernels",
    ]
    assert pubs[1].ccf is not None and pubs[1].ccf.abbr == "USENIX Security"
    assert pubs[1].notes == ["2023 travel grant"]


def test_the_year_of_an_entry_tag_wins_over_a_year_in_its_notes() -> None:
    body = (
        'SOSP\'21\tAnn Lee, Bo Wu. "Toy Caches on Flash." 28th ACM Symposium on Operating\n'
        "Systems Principles. Best Paper Award, invited fast-track to TOS'22.\n"
        'OSDI\'20\tAnn Lee. "Toy Clusters." 14th USENIX Symposium on Operating Systems\n'
        "Design and Implementation.\n"
        'NSDI\'19\tAnn Lee. "Toy Paths." USENIX NSDI.\n'
    )
    assert [p.year for p in cv_with(body).publications] == [2021, 2020, 2019]


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


def test_gb_t_7714_entries_with_et_al_a_publication_number_and_an_arxiv_journal_code() -> None:
    """ "Li A, et al." ends its author list; a patent's publication number (CN114000000A)
    holds no year, its date does; "[J]. arXiv preprint" is a preprint."""
    body = (
        "[1] Li A, et al. Toy graphs at scale[J]. arXiv preprint arXiv:2101.01234, 2021.\n"
        "[2] 李安，吴波，马丁。一种玩具调度方法：CN114000000A[P]. 2022-01-01.\n"
        "[3] Ann Lee, Bo Wu, et al. Toy paths at scale. In ToyConf 2021.\n"
    )
    pubs = cv_with(body, name="李安").publications
    assert [(p.title, p.authors, p.year, p.kind.value) for p in pubs] == [
        ("Toy graphs at scale", ["Li A"], 2021, "preprint"),
        ("一种玩具调度方法", ["李安", "吴波", "马丁"], 2022, "patent"),
        ("Toy paths at scale", ["Ann Lee", "Bo Wu"], 2021, "conference"),
    ]
    assert [p.owner_position for p in pubs][:2] == [1, 1]


def test_a_bracketed_tag_with_a_year_is_a_label_even_for_an_unknown_venue() -> None:
    body = (
        "[ToyConf 2014]: Ann Kanti Lee, Md. Bo Rahman, Md. Cy Islam,\n"
        'Di Murase. "Toward better toy classifier systems". In IEEE ToyConf 2014.\n'
    )
    (pub,) = cv_with(body, name="Ann Kanti Lee").publications
    assert pub.authors == ["Ann Kanti Lee", "Md. Bo Rahman", "Md. Cy Islam", "Di Murase"]
    assert pub.owner_position == 1 and pub.year == 2014


def test_journal_volumes_before_pages_and_multiconferences_set_the_kind() -> None:
    body = (
        '2015 A. Lee, B. Wu. "Edge Toys in the Internet of Toys". In: IEEE Pervasive Toys 2, pp. 24-31.\n'
        '2014 A. Lee. "Bad Toys: Are Our Toy Systems at Risk?" In: Toy & Privacy, IEEE 13.3, pp. 40-47.\n'
        '2013 A. Lee. "Global Toy Estimation". In: Summer Toy Simulation Multiconference.\n'
    )
    assert [p.kind.value for p in cv_with(body).publications] == [
        "journal",
        "journal",
        "conference",
    ]


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


def test_a_family_name_cut_to_its_initial_keeps_an_initials_list_whole() -> None:
    body = '1. A. Li, Y. Y, C. Wu, K. Zhao. "Deep Toy Filtering." In 16th IEEE ToyConf, 2018.\n'
    (pub,) = cv_with(body, name="李安").publications
    assert pub.authors == ["A. Li", "Y. Y", "C. Wu", "K. Zhao"]
    assert pub.owner_position == 1


def test_a_family_name_glued_to_its_initial_keeps_a_capitals_list_whole() -> None:
    body = "[2] JIAN Y, ZHAO Y, YUW, LEE A*, CHEN J. Toy Interference in 3D Toys[J]. Toy Letters, 2026.\n"
    (pub,) = cv_with(body, name="Ann Lee").publications
    assert pub.authors == ["JIAN Y", "ZHAO Y", "YUW", "LEE A", "CHEN J"]
    assert pub.owner_position == 4


def _plain_cue_found(cues: object, text: str) -> bool:
    """The cue test without the first-word index and the ASCII shortcut."""
    from bilingual_cv.lexicon import lexicon_key

    key = lexicon_key(text)
    if not cues.words.isdisjoint(key.split()):  # type: ignore[attr-defined]
        return True
    padded = f" {key} "
    latin = [cue for group in cues.latin_by_first.values() for cue in group]  # type: ignore[attr-defined]
    return any(cue in padded for cue in latin) or any(cue in key for cue in cues.han)  # type: ignore[attr-defined]


_CUE_TEXT_WORDS = [
    "Under",
    "review",
    "in",
    "In",
    "submission",
    "arXiv",
    "preprint",
    "org",
    "e-prints",
    "Revise",
    "and",
    "resubmit",
    "major",
    "revision",
    "ToyConf",
    "2024",
    ",",
    ".",
    "(",
    "在投",
    "大修",
    "已投稿",
    "计算机学报",
    "玩具",
    "journal",
    "Conference",
    "Workshop",
    "Proc.",
    "Trans.",
    "underreview",
    "reviewer",
    "Ｕｎｄｅｒ",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_CUE_TEXT_WORDS), max_size=12), st.sampled_from([" ", "", "-"]))
def test_cue_search_finds_what_the_plain_search_finds(words: list[str], glue: str) -> None:
    from bilingual_cv.publications.cues import kind_words
    from bilingual_cv.publications.kind import _preprint_words
    from bilingual_cv.publications.venue_text import _not_venues

    text = glue.join(words)
    for cues in (
        _preprint_words(),
        kind_words("journal"),
        kind_words("conference"),
        kind_words("workshop"),
        _not_venues(),
    ):
        assert cues.found(text) == _plain_cue_found(cues, text), (text, cues)


_AUTHOR_TEXT_WORDS = [
    "Ann",
    "Lee",
    "Bo",
    "Wu",
    "A.",
    "B.",
    "C.-W.",
    "O'Brien",
    "Garcia-Molina",
    "Pérez",
    "van",
    "der",
    "Berg",
    "et al.",
    "Ann Lee*",
    "Bo Wu†",
    "Cy Ma1",
    "(equal contribution)",
    "（通讯作者）",
    "[corresponding author]",
    "李安",
    "Fast",
    "Toys",
    "for",
    "On",
    "in",
    "Proc.",
    "NSDI",
    "2024",
    "(2024).",
    '"Toy',
    ",",
    ".",
    ":",
    "-",
    "and",
    "&",
]


def _plain_clean_author(chunk: str) -> str:
    """The author cleaned by both passes of the mark pattern, whatever the chunk holds."""
    from bilingual_cv.publications.names import _ET_AL_RE, _author_marks_re

    marks = _author_marks_re()
    return marks.sub("", marks.sub("", _ET_AL_RE.sub("", chunk))).strip(" .,;:…")


def _plain_name_head_by_words(piece: str) -> int | None:
    """The word-based end of :func:`_name_head`, reading every word and testing the name first."""
    from bilingual_cv.lexicon import lexicon_key
    from bilingual_cv.publications.authors import _WORD_RE
    from bilingual_cv.publications.names import INITIAL_RE, is_name, title_words

    words = list(_WORD_RE.finditer(piece))
    for size in (3, 2):
        if len(words) <= size:
            continue
        end = words[size - 1].end()
        nxt = words[size].group(0)
        if is_name(piece[:end]) and (
            nxt[:1].islower()
            or nxt.isupper()
            or nxt.startswith(("(", "*", '"'))
            or lexicon_key(nxt) in title_words()
        ):
            if (
                size == 3
                and is_name(piece[: words[1].end()])
                and not INITIAL_RE.match(words[1].group(0))
                and words[2].group(0)[:1].isupper()
                and lexicon_key(words[2].group(0)) in title_words()
            ):
                continue
            return end
    return None


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_AUTHOR_TEXT_WORDS), max_size=10), st.sampled_from([" ", ""]))
def test_author_shortcuts_equal_the_plain_computation(words: list[str], glue: str) -> None:
    from bilingual_cv.publications.authors import _NAME_END_RE, _name_head
    from bilingual_cv.publications.names import _is_name_word, clean_author

    text = glue.join(words)
    assert clean_author.__wrapped__(text) == _plain_clean_author(text)
    for word in text.split():
        assert _is_name_word(word) == all(ch.isalpha() or ch in "'-" for ch in word)
    if not any(_NAME_END_RE.finditer(text)):  # the word-based reading decides
        head = _name_head(text, (0, len(text)))
        assert (head[1] if head else None) == _plain_name_head_by_words(text)


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


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from([*_AUTHOR_TEXT_WORDS, "Lee, A.", "Roe,Jane", " ,", ",,"]), max_size=10
    ),
    st.sampled_from([" ", ", ", " , ", ",", " and ", "; "]),
)
def test_a_name_written_family_name_first_is_never_one_separated_piece(
    words: list[str], glue: str
) -> None:
    # _author_run reads no inverted run in a list whose pieces were not paired
    from bilingual_cv.publications.authors import _is_inverted, author_chunks

    text = glue.join(words)
    for start, end in author_chunks(text):
        piece = text[start:end]
        assert "," not in piece[1:], (text, piece)
        for cut in range(len(piece) + 1):
            assert not _is_inverted(piece[:cut]) and not _is_inverted(piece[cut:])


_VENUE_TEXT_WORDS = [
    "ToyConf",
    "2024",
    "In",
    "Proc.",
    "doi",
    "DOI:",
    "10.1145/1234.5678",
    "10.",
    "https://toy.org/x",
    "http:",
    "//",
    "www.toy.org",
    "WwW",
    "url:",
    "arxiv.org/abs/2401.00001",
    "(Oral)",
    ".",
    ",",
    ";",
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_VENUE_TEXT_WORDS), max_size=8), st.sampled_from([" ", "", ". "]))
def test_venue_text_without_a_link_mark_has_no_trailing_link(words: list[str], glue: str) -> None:
    from bilingual_cv.publications.notes import _TRAILING_LINK_RE, _may_hold_link

    text = glue.join(words)
    if not _may_hold_link(text):
        assert _TRAILING_LINK_RE.search(text) is None, text


_AUTHOR_YEAR_WORDS = [
    "Lee,",
    "A.,",
    "Roe, J.",
    "&",
    "and",
    "(2023).",
    "(2023a)",
    "(1999)",
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


_PREPRINT_VENUES = ["", "ToyConf 2024", "arXiv preprint", "Under review at ToyConf", "在投", " "]
_PREPRINT_RAWS = [
    "",
    "Ann Lee. Toy Things.",
    "Ann Lee. Toy Things. Under review.",
    "玩具（已投稿）",
]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(_PREPRINT_VENUES), st.sampled_from(_PREPRINT_RAWS))
def test_the_whole_entry_is_searched_for_preprint_cues_only_without_a_venue(
    venue: str, raw: str
) -> None:
    from bilingual_cv.publications.kind import _is_preprint_text, _says_preprint
    from bilingual_cv.venues.catalog import without_links

    plain = _is_preprint_text(without_links(venue)) or _is_preprint_text(raw) and not venue
    assert _says_preprint(None, venue, raw) == plain, (venue, raw)


_ANCHORED_LINES = [
    "[1] Ann Lee, Bo Wu. Fast toy caches for slow toy networks. In ToyConf,",
    "[2] Cy Ma. Toy things.",
    "2024.",
    "pages 1-10, 2023.",
    "Lee, A., Wu, B., & Ma, C. (2023). Learned toy indexes. Toy Letters, 34(2), 100-115.",
    "Bo Wu, Ann Lee, Cy Ma. Slow toys made fast, again and again. ToyConf 2022, pp. 1-9",
    "a wrapped title word",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_ANCHORED_LINES), max_size=8))
def test_a_tagged_list_is_split_as_when_every_line_is_tested_for_a_whole_entry(
    texts: list[str],
) -> None:
    from bilingual_cv.lines import Line, RawSection
    from bilingual_cv.publications.split import (
        _has_year,
        _is_anchor,
        _is_finished,
        _is_whole_entry,
        _split_anchored,
    )
    from bilingual_cv.schema import SectionKind

    lines = [Line(no, text) for no, text in enumerate(texts, 1)]
    groups: list[list[Line]] = []
    strays: list[Line] = []
    for line in lines:  # the plain order: the whole-entry test first, on every line
        whole = _is_whole_entry(line.text) and (
            not any(_is_anchor(group[0]) for group in groups)
            or (_has_year(groups[-1]) and _is_finished(groups[-1][-1].text))
        )
        if _is_anchor(line) or whole:
            groups.append([line])
        elif groups:
            groups[-1].append(line)
        else:
            strays.append(line)
    section = RawSection(SectionKind.PUBLICATIONS, "P", 1, len(lines), tuple(lines))
    entries, found_strays = _split_anchored(lines, section)
    assert [list(e.lines) for e in entries] == groups, texts
    assert found_strays == strays, texts


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


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_VENUE_TEXT_WORDS), max_size=8), st.sampled_from([" ", "", ". "]))
def test_venue_notes_are_split_as_when_every_text_is_searched_for_a_link(
    words: list[str], glue: str
) -> None:
    from unittest import mock

    from bilingual_cv.publications import notes

    text = glue.join(words)
    fast = notes.split_venue_notes(text)
    with mock.patch.object(notes, "_may_hold_link", lambda _text: True):
        assert notes.split_venue_notes(text) == fast, text


#: Pieces of fictional venue texts: rank claims in both scripts, trailing Chinese, hyphened
#: tags, workshops before their hosts, empty commas, glued years.
_QUERY_PIECES = [
    "CCF-A", "ccf b", "CCF：C", "CCF推荐A类", "中文核心A类", "类", "A类", "计算机学报", "会议",
    "FL-AAAI", "ASP-DAC", "High-Performance", "Toy-Conf", "NSDI", "OSDI25", "Yarch23",
    "Workshop", "workshops", "on", "IEEE", "Symposium", "2023", ",", ", ,", ",)", "(", ")",
    "-", " ", "  ", "Ｃ", "ｃｃｆ", "\u4e00", "\u9fff",
]  # fmt: skip


def _plain_venue_query(venue: str) -> str:
    """venue_query with every pattern tried on every text."""
    from bilingual_cv.publications import venue_text, year

    text = year.GLUED_TAG_RE.sub(r"\1 '\2", venue.strip())
    text = venue_text.CLAIM_RE.sub(" ", text)
    text = venue_text._other_claim_re().sub(" ", text)
    text = venue_text._trailing_han_re().sub(" ", text)
    text = venue_text._HYPHEN_TAG_RE.sub(venue_text._hosted_tag, text)
    held = venue_text._WORKSHOP_THEN_HOST_RE.match(text)
    if held is not None and venue_text.names_venue(text[held.end() :]):
        text = f"{held.group(1)} at {text[held.end() :]}"
    return venue_text._EMPTY_COMMA_RE.sub("", text).strip(" ,")


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(_QUERY_PIECES), max_size=8), st.sampled_from([" ", "", "\n"]))
def test_venue_query_tries_a_pattern_only_where_it_can_match(pieces: list[str], glue: str) -> None:
    from bilingual_cv.publications.venue_text import venue_query

    text = glue.join(pieces)
    assert venue_query.__wrapped__(text) == _plain_venue_query(text), text


#: Pieces of bracketed link text: link words in every case and spacing, words that are not
#: links, nested and unbalanced brackets, whitespace other than spaces, and the four
#: characters re.IGNORECASE matches to an ASCII letter (İ ı ſ and the Kelvin sign).
_LINK_PIECES = [
    "[", "]", "[[", "]]", " ", "  ", "\t", "\u3000", "\xa0", "PDF", "pdf", "Pdf", "code",
    "CODE", "Project", "page", "project page", "Project\tPage", "slides", "ſlides",
    "vİdeo", "vıdeo", "linK", "Kelvin", "论文", "代码", "Oral", "ICCV 2023.", "x", "é", "É",
]  # fmt: skip


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_LINK_PIECES), max_size=10).map("".join))
def test_link_brackets_are_blanked_as_the_link_pattern_blanks_them(text: str) -> None:
    from bilingual_cv.publications.notes import _link_re, strip_links

    expected = _link_re().sub(lambda m: " " * len(m.group(0)), text)
    assert strip_links(text) == expected, text


def test_link_words_that_only_the_pattern_matches_right_are_not_looked_up() -> None:
    from bilingual_cv.publications.notes import link_keys

    assert link_keys(["pdf", "Project page", "论文"]) == frozenset({"pdf", "project page", "论文"})
    assert link_keys(["pdf", "ſlides"]) is None  # re.IGNORECASE also matches it to "s"
    assert link_keys(["project  page"]) is None  # the pattern wants two spaces or more
    assert link_keys(["project\tpage"]) is None  # the pattern wants a tab there
    assert link_keys(["Präsentation"]) is None  # a case other than ASCII's


@pytest.mark.parametrize(
    "numbers",
    [range(995, 1006), range(1005, 994, -1), range(1500, 1511), range(12001, 12006)],
    ids=["up-past-999", "down-past-1000", "all-four-digits", "five-digits"],
)
@pytest.mark.parametrize("form", ["[{}]", "[J{}]", "({})", "{}.", "{}、"])
def test_a_list_numbered_past_999_keeps_one_entry_per_number(numbers: range, form: str) -> None:
    body = "\n".join(
        f"{form.format(n)} Bo Wu, Ann Lee. Toy Study Number {n}. In Proc. NSDI {2000 + n % 20}."
        for n in numbers
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.year, p.owner_position) for p in pubs] == [
        (f"Toy Study Number {n}", 2000 + n % 20, 2) for n in numbers
    ]


def test_bracketed_years_stay_venue_tags_and_a_year_header_opens_no_entry() -> None:
    # years counting down open entries (two of them were read as one before) and stay the
    # entries' venue tags, whose year wins over the venue text's
    counting = "[2021] Bo Wu, Ann Lee. Toy One. NSDI.\n[2020] Ann Lee. Toy Two. In Proc. SOSP 2018."
    assert [(p.title, p.year) for p in cv_with(counting).publications] == [
        ("Toy One", 2021),
        ("Toy Two", 2020),
    ]
    grouped = "[2021]\n[1] Bo Wu, Ann Lee. Toy One. NSDI 2021.\n[2] Ann Lee. Toy Two. SOSP 2021."
    assert [p.title for p in cv_with(grouped).publications] == ["Toy One", "Toy Two"]


def test_an_entry_too_long_to_be_one_is_reported_with_its_text_kept() -> None:
    from bilingual_cv.publications.build import MAX_ENTRY_CHARS

    words = " ".join(f"toy{i}" for i in range(MAX_ENTRY_CHARS // 4))  # one unbroken run
    cv = cv_with(f"Ann Lee. {words}. In Proc. NSDI 2024.")
    [pub] = cv.publications
    assert "toy0" in pub.raw and f"toy{MAX_ENTRY_CHARS // 4 - 1}" in pub.raw
    [warning] = [w for w in cv.warnings if w.code.value == "entry_too_long"]
    assert warning.line == pub.line and f"{len(pub.raw):,} characters" in warning.message
    short = cv_with("Ann Lee. " + "A Long Toy Title " * 100 + ". In Proc. NSDI 2024.")
    assert len(short.publications[0].raw) <= MAX_ENTRY_CHARS
    assert not [w for w in short.warnings if w.code.value == "entry_too_long"]
