"""Fictional batches for the report tests: three made-up CVs, their records, and an OUTDIR as
``convert`` leaves it."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import bilingual_cv

#: Fictional CVs: the people, schools and papers are made up. Jane Roe claims CCF-A for a
#: CCF-B venue (ICNP), and one of her titles carries a script that must stay text.
CVS = {
    "jane_roe": """Jane Roe
jane.roe@example.org | janeroe.example.org

EDUCATION
Example State University, Ph.D. in Computer Science, 2015 – 2020
Lakeside College, B.S. in Mathematics, 2011 – 2015

EXPERIENCE
Research Scientist, Northwind Labs, 2020 – Present
Built a storage engine for tiered memory.

PUBLICATIONS
[1] Jane Roe, Sam Poe. Fast Tiered Caches for Key-Value Stores. In OSDI 2023.
[2] Jane Roe, Ada Quill. Learned Page Placement. In SOSP 2021.
[3] Ada Quill, Jane Roe. Cheap Replication at Scale. In ICNP 2022. (CCF-A)
[4] Jane Roe, Ada Quill. <script>window.pwned=1</script> Escaping Matters. In FAST 2019.
""",
    "li_hua": """李华

邮箱：lihua@example.cn

教育背景
示例大学，计算机科学与技术，博士 2019.9 - 2024.6
示例理工学院，软件工程，学士 2015.9 - 2019.6

论文发表
[1] 李华, 赵一鸣. 面向数据中心的拥塞控制方法. INFOCOM 2023. (CCF-A)
[2] 赵一鸣, 李华. 一种分布式训练调度算法. IEEE Transactions on Parallel and Distributed Systems, 2022.
""",
    "sam_poe": """Sam Poe
sam.poe@example.com

WORK EXPERIENCE
Software Engineer, Example Corp, 2018 – 2022
Wrote the billing service.
""",
}


#: What a failed input looks like in the manifest ``convert`` writes.
FAILED = {
    "input": "cvs/broken.pdf",
    "status": "failed",
    "error": "cvs/broken.pdf: not a PDF file",
    "error_code": "corrupt_file",
    "output": None,
}


@cache
def record(name: str) -> dict[str, Any]:
    return bilingual_cv.parse_text(CVS[name]).model_dump(mode="json")


def write_outdir(folder: Path, records: dict[str, dict[str, Any]], *, failed: bool) -> Path:
    """An OUTDIR as ``convert`` leaves it: one JSON per CV and a manifest in input order."""
    folder.mkdir(parents=True, exist_ok=True)
    manifest: list[dict[str, Any]] = []
    for name, cv in records.items():
        (folder / f"{name}.json").write_text(json.dumps(cv, ensure_ascii=False), "utf-8")
        manifest.append({"input": f"cvs/{name}.txt", "status": "ok", "output": f"{name}.json"})
    if failed:
        manifest.append(FAILED)
    (folder / "manifest.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in manifest), "utf-8"
    )
    return folder


def fictional_outdir(folder: Path) -> Path:
    """The three fictional CVs and one failed input, as ``convert`` leaves them in ``folder``."""
    records = {name: record(name) for name in CVS}
    return write_outdir(folder, records, failed=True)
