"""The library API end to end: inputs, typed errors, determinism, fast import."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import bilingual_cv
from bilingual_cv import BilingualCVError, InputError, pipeline, record
from bilingual_cv.clean import Unfolder
from bilingual_cv.errors import EmptyInputError
from bilingual_cv.schema import CV

from .conftest import EXAMPLES_DIR

CV_TEXT = "Ann Lee\nann@example.edu\n\nEDUCATION\nMIT, Ph.D. in Computer Science, 2015 – 2020\n\nPUBLICATIONS\n1. Ann Lee, Bo Wu. Fast Things. NSDI, 2024.\n"


def test_parse_accepts_text_pathlike_and_bytes(tmp_path: Path) -> None:
    path = tmp_path / "ann.txt"
    path.write_text(CV_TEXT, encoding="utf-8")
    from_text = bilingual_cv.parse(CV_TEXT)
    from_file = bilingual_cv.parse_file(str(path))
    from_path = bilingual_cv.parse(path)
    from_bytes = bilingual_cv.parse(CV_TEXT.encode("utf-8"))
    for cv in (from_text, from_file, from_path, from_bytes):
        assert isinstance(cv, CV)
        assert cv.person.name == "Ann Lee"
        assert cv.publications[0].venue.abbr == "NSDI"
    assert from_path.source.path == str(path) and from_path.source.format == "txt"
    assert from_text.source.path is None


def test_utf8_bom_is_accepted_and_recorded(tmp_path: Path) -> None:
    path = tmp_path / "bom.md"
    path.write_bytes(b"\xef\xbb\xbf" + CV_TEXT.encode("utf-8"))
    cv = bilingual_cv.parse(path)
    assert cv.person.name == "Ann Lee"
    assert cv.source.encoding == "utf-8-sig" and cv.source.format == "md"


@pytest.mark.parametrize("source", ["", "   \n\t\n", b"", b"\n\n"])
def test_empty_input_is_a_typed_error(source: str | bytes) -> None:
    with pytest.raises(EmptyInputError, match="empty"):
        bilingual_cv.parse(source)


def test_undecodable_and_missing_files_are_typed_errors(tmp_path: Path) -> None:
    junk = tmp_path / "junk.txt"
    junk.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(InputError, match="junk.txt"):
        bilingual_cv.parse(junk)
    with pytest.raises(InputError, match="missing.txt"):
        bilingual_cv.parse(tmp_path / "missing.txt")
    assert issubclass(InputError, BilingualCVError)


def test_unknown_edition_is_refused() -> None:
    with pytest.raises(ValueError, match="edition"):
        bilingual_cv.parse(CV_TEXT, ccf_edition="2019")


def test_same_input_same_output_twice_in_one_process() -> None:
    text = (EXAMPLES_DIR / "zh_wang_xiaoming.txt").read_text(encoding="utf-8")
    first = bilingual_cv.parse(text).model_dump_json()
    assert bilingual_cv.parse(text).model_dump_json() == first


def test_same_input_same_output_in_two_processes() -> None:
    code = (
        "import sys, bilingual_cv;"
        "sys.stdout.write(bilingual_cv.parse_file(sys.argv[1]).model_dump_json())"
    )
    outputs = set()
    for name in ("mixed_li_hua.md", "mixed_li_hua.md"):
        run = subprocess.run(
            [sys.executable, "-c", code, str(EXAMPLES_DIR / name)],
            capture_output=True,
            text=True,
            check=True,
        )
        outputs.add(run.stdout)
    assert len(outputs) == 1 and json.loads(outputs.pop())["person"]["name_zh"] == "李华"


def test_import_is_light_and_silent() -> None:
    code = (
        "import sys, bilingual_cv;"
        "heavy = [m for m in ('jieba', 'opencc', 'langdetect', 'pydantic', 'pypdfium2') if m in sys.modules];"
        "print(heavy)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]" and run.stderr == ""


def test_first_parse_prints_nothing() -> None:
    code = "import bilingual_cv; bilingual_cv.parse('王小明\\n\\n教育背景\\n清华大学 博士 2019.9 - 2024.6')"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout == "" and run.stderr == ""


def test_traditional_cv_folds_and_records_it() -> None:
    cv = bilingual_cv.parse(EXAMPLES_DIR / "zh_hant_chen_yating.txt")
    assert cv.source.folded and cv.source.script in ("hant", "mixed")
    assert cv.language in ("zh", "mixed")
    keys = [s.key.value for s in cv.sections]
    assert {"education", "experience", "publications", "awards"} <= set(keys)


def test_language_routing_of_a_chinese_cv_with_an_english_paper_list() -> None:
    cv = bilingual_cv.parse(EXAMPLES_DIR / "zh_wang_xiaoming.txt")
    langs = {s.heading: s.lang for s in cv.sections}
    assert cv.language == "zh"
    assert langs["教育背景"] == "zh" and langs["论文发表"] == "en"


def test_json_schema_is_generated_from_the_models() -> None:
    schema = CV.model_json_schema()
    assert set(schema["properties"]) >= {
        "schema_version",
        "source",
        "language",
        "person",
        "sections",
        "publications",
        "stats",
        "warnings",
    }
    assert "owner_position" in schema["$defs"]["Publication"]["properties"]


def test_research_interests_are_split() -> None:
    cv = bilingual_cv.parse(
        "Ann Lee\n\nRESEARCH INTERESTS Operating systems, storage; networking\n\nEDUCATION\nMIT"
    )
    assert cv.research_interests == ["Operating systems", "storage", "networking"]
    zh = bilingual_cv.parse(
        "王小明\n\n研究方向\n分布式系统、可编程网络，机器学习系统\n\n教育背景\n清华大学"
    )
    assert zh.research_interests == ["分布式系统", "可编程网络", "机器学习系统"]


def test_research_interests_on_a_labelled_line_of_the_top_block() -> None:
    """No research-interests section: a "研究方向：" / "Research interests:" line among the
    contact lines lists them; a label of another kind lists nothing."""
    zh = bilingual_cv.parse(
        "王小明\n电话：138-0000-0000\n研究方向：分布式系统、玩具网络\n\n教育背景\n2008-2012 虚构大学 学士\n"
    )
    assert zh.research_interests == ["分布式系统", "玩具网络"]
    en = bilingual_cv.parse(
        "Jane Roe\nResearch interests: toy systems, play networks\nPhone: 555 0100\n\n"
        "EDUCATION\nPh.D., Example University, 2020\n"
    )
    assert en.research_interests == ["toy systems", "play networks"]


def test_sections_map_back_to_input_lines() -> None:
    # the LaTeX bullet splits input line 2 in two; the hyphenated break joins lines 8 and 9
    lines = [
        "Ann Lee",
        r"Built it. \cdot Shipped it",
        "",
        "EDUCATION",
        "MIT",
        "",
        "PUBLICATIONS",
        "1. Ann Lee. Paper. (Mobi-",
        "Com 2023)",
    ]
    cv = bilingual_cv.parse("\n".join(lines))
    spans = {
        s.key.value: (s.start_line, s.end_line, s.source_start_line, s.source_end_line)
        for s in cv.sections
    }
    assert spans["education"] == (5, 6, 4, 5)
    assert spans["publications"] == (8, 9, 7, 8)


def test_traditional_chinese_is_kept_as_printed_in_every_field() -> None:
    """Matching runs on Simplified text; the record says what the CV says (學歷 stays 學歷)."""
    text = (
        "陳美玲\n電子郵件：mlchen@example.edu.tw\n\n"
        "學歷\n國立臺灣大學 資訊工程學系 博士 民國105年9月至民國110年6月\n\n"
        "經歷\n國立清華大學 資訊工程學系 助理教授 民國110年8月迄今\n\n"
        "著作目錄\n陳美玲、林志明，「邊緣運算之低延遲協同推論」，資訊科學學報，2022。\n"
    )
    cv = bilingual_cv.parse_text(text)
    assert cv.source.script == "hant" and cv.source.folded
    assert cv.person.name == "陳美玲"
    headings = {s.heading: s.key.value for s in cv.sections if s.heading}
    assert headings == {"學歷": "education", "經歷": "experience", "著作目錄": "publications"}
    assert cv.education[0].institution == "國立臺灣大學"
    assert cv.education[0].raw.startswith("國立臺灣大學 資訊工程學系 博士")
    assert cv.experience[0].organization.startswith("國立清華大學")
    assert cv.publications[0].title == "邊緣運算之低延遲協同推論"
    simplified_only = set("陈学历经国湾资讯")
    dumped = cv.model_dump_json()
    assert not simplified_only & set(dumped), "a folded character leaked into the output"


def _restored_by_round_trip(cv: CV, unfold: Unfolder) -> CV:
    """The plain restore: every text of the dumped record unfolded, the record validated anew."""

    def walk(value: object, field: str = "") -> object:
        if isinstance(value, str):
            return value if field in record._CODE_FIELDS else unfold(value)
        if isinstance(value, list):
            return [walk(item, field) for item in value]
        if isinstance(value, dict):
            return {key: walk(item, key) for key, item in value.items()}
        return value

    return CV.model_validate(walk(cv.model_dump(mode="json")))


@pytest.mark.parametrize(
    "text",
    [
        (EXAMPLES_DIR / "zh_hant_chen_yating.txt").read_text(encoding="utf-8"),
        (
            "陳美玲\n學歷\n國立臺灣大學 資訊工程學系 博士 2016-2021\n\n"
            "Publications\n[1] Mei-Ling Chen, Zhi-Ming Lin. Quiet Caches for Loud Graphs. In NSDI, 2023.\n"
            "[2] 陳美玲、林志明，「邊緣運算之低延遲協同推論」，資訊科學學報，2022。\n\n"
            "獎項\n2020 國立臺灣大學 優秀研究生獎\n"
        ),
    ],
)
def test_printed_text_is_restored_as_a_round_trip_would_and_unchanged_parts_are_shared(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[CV, Unfolder]] = []
    restore = pipeline.restore_printed_text

    def spy(cv: CV, unfold: Unfolder) -> CV:
        seen.append((cv, unfold))
        return restore(cv, unfold)

    monkeypatch.setattr(pipeline, "restore_printed_text", spy)
    bilingual_cv.parse_text(text)
    ((folded, unfold),) = seen
    restored = restore(folded, unfold)
    assert restored.model_dump_json() == _restored_by_round_trip(folded, unfold).model_dump_json()
    assert restored != folded, "the test CV must hold Traditional text"
    unchanged = [
        (a, b) for a, b in zip(folded.publications, restored.publications, strict=True) if a == b
    ]
    assert all(a is b for a, b in unchanged), "a record with no changed text is copied"
    assert restored.source is folded.source


def test_a_str_is_always_text_never_a_path(tmp_path: Path) -> None:
    """Untrusted text that happens to name a file must not make parse() read that file."""
    secret = tmp_path / "secret.txt"
    secret.write_text("Ann Lee\nann@example.edu\nPUBLICATIONS\n1. Ann Lee. Secret. NSDI 2024.\n")
    cv = bilingual_cv.parse(str(secret))
    assert cv.person.name is None and not cv.publications and not cv.person.emails
    assert cv.source.path is None and cv.source.sha256 != ""
    assert [(s.key.value, s.start_line, s.end_line) for s in cv.sections] == [("profile", 1, 1)]


def test_ccf_edition_takes_a_number_or_a_string() -> None:
    assert bilingual_cv.parse(CV_TEXT, ccf_edition=2022).publications[0].ccf.edition == "2022"
    assert bilingual_cv.parse(CV_TEXT, ccf_edition="2026").publications[0].ccf.edition == "2026"
    with pytest.raises(ValueError, match="unknown CCF edition"):
        bilingual_cv.parse(CV_TEXT, ccf_edition=2019)


def test_a_bug_inside_a_cv_is_a_warning_with_the_text_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only InputError leaves parse(): a fault of the package costs a warning, not the CV."""
    from bilingual_cv import pipeline

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(pipeline, "split_sections", broken)
    cv = bilingual_cv.parse(CV_TEXT)
    assert [w.code.value for w in cv.warnings] == ["internal_error"]
    assert "RuntimeError: a bug" in cv.warnings[0].message
    assert cv.other[0].raw == CV_TEXT


def test_lone_surrogates_and_bidi_controls_do_not_break_or_fool() -> None:
    cv = bilingual_cv.parse("Ann \u202eLee\nann@example.edu\ud800\nEDUCATION\nMIT, Ph.D., 2020\n")
    dumped = cv.model_dump_json()
    assert "\u202e" not in dumped and "\\u202e" not in dumped
    assert cv.person.name == "Ann Lee"


def test_a_chinese_cv_with_an_english_paper_list_is_chinese() -> None:
    """Papers are written in their venues' language; the CV's language is its own prose."""
    papers = "\n".join(
        f"[{n}] Hua Li, Ming Wang. A Fictional Study of Caching Number {n}. In FooConf 20{10 + n}."
        for n in range(1, 9)
    )
    text = (
        "李华\n\n教育背景\n虚构大学 计算机科学与技术 博士 2015.9 - 2020.6\n\n"
        "工作经历\n虚构科技有限公司 研究员 2020.7 - 至今\n\n论文发表\n" + papers + "\n"
    )
    assert bilingual_cv.parse_text(text).language == "zh"


def test_every_error_class_is_importable_from_the_package() -> None:
    from bilingual_cv import errors

    classes = [
        name
        for name, value in vars(errors).items()
        if isinstance(value, type) and issubclass(value, Exception)
    ]
    assert classes and all(getattr(bilingual_cv, name) is getattr(errors, name) for name in classes)


def test_limits_are_overridable_and_typed() -> None:
    from bilingual_cv import Limits, ResourceLimitError

    with pytest.raises(ResourceLimitError) as raised:
        bilingual_cv.parse(CV_TEXT, limits=Limits(max_text_chars=10))
    assert raised.value.limit == "max_text_chars" and raised.value.code == "resource_limit"
    assert (
        bilingual_cv.parse(CV_TEXT, limits=Limits(max_text_chars=10_000)).person.name == "Ann Lee"
    )


def test_an_experience_heading_over_degrees_only_is_an_education_section() -> None:
    cv = bilingual_cv.parse(
        "李华\nlihua@example.com\n\n## 经历\n"
        "2018 – 2024  **博士, 示例大学** 玩具科学国家重点实验室.\n导师: 王老师\n"
        "2014 – 2018  **学士, 虚构大学** 软件工程.\n"
    )
    assert [s.key.value for s in cv.sections] == ["profile", "education"]
    assert [(e.institution, e.degree.value) for e in cv.education] == [
        ("示例大学", "phd"),
        ("虚构大学", "bachelor"),
    ]
    assert cv.experience == []
