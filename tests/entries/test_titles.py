"""What a job title says (entries/titles.py): an organization glued to its title or linked by
"at", a teaching role listed under teaching, a position's printed length."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

import bilingual_cv
from tests.entries.builders import experience_rows, template_experience


def test_en_columns_and_glued_org_title() -> None:
    # seed 004: "• Duke University  Assistant Professor of Computer Science\tDurham, North Carolina Jul 2020 - now"
    text = (
        "• Some University  Assistant Professor of Computer Science\tDurham, North Carolina Jul 2020 - now\n"
        "Acme Research Research Intern\tRedmond, Washington Jun 2015 - Sep 2015\n"
        "• Globex Software Development Engineering Intern\tSeattle, Washington May 2013 - Sep 2013"
    )
    assert experience_rows(text) == [
        (
            "Some University",
            "Assistant Professor of Computer Science",
            "2020-07",
            "present",
            "academic",
        ),
        ("Acme Research", "Research Intern", "2015-06", "2015-09", "internship"),
        ("Globex", "Software Development Engineering Intern", "2013-05", "2013-09", "internship"),
    ]


def test_en_title_at_company() -> None:
    assert template_experience("en_one_line.txt") == [
        ("Meta", "Research Scientist", None, "2019", "2021"),
        ("Naver", "Software Engineer", None, "2015", "2019"),
    ]


def test_teaching_roles_are_listed_under_teaching_not_experience() -> None:
    """Title-first layout; the TA post has two ranges on its line, which leave no part to be
    read as its organization, so the organization line below completes it."""
    cv = bilingual_cv.parse(
        "李华\nlihua@example.com\n\n实习与工作经历\n"
        "**安全工程师实习生**\t2020 年 9 月 – 2020 年 11 月\n"
        "示例科技\t中国，北京\n"
        "• 参与内部网络安全评估工作，包括渗透测试、沙盒环境部署等。\n"
        "**研究生助教**\t2023 年 9 月 – 2024 年 1 月；2024 年 9 月 – 2025 年 1 月\n"
        "示例大学\t英国，曼彻斯特\n"
        "• 协助课程教学，涉及密码学、网络安全等课程。\n"
    )
    assert [(e.organization, e.title, e.location, e.start, e.end) for e in cv.experience] == [
        ("示例科技", "安全工程师实习生", "中国,北京", "2020-09", "2020-11")
    ]
    (ta,) = cv.teaching
    assert (ta.role, ta.venue, ta.text) == ("研究生助教", "示例大学", "研究生助教, 示例大学")
    assert "协助课程教学" in ta.raw


@settings(max_examples=300, deadline=None)
@example("Acme · 2 yrs 3 mos")
@example("2019.09-2024.06（5年）")
@given(st.text(st.sampled_from("0123 .,·|()（）yrsmonth年个月Ab\t"), max_size=24))
def test_strip_duration_equals_the_full_pattern(text: str) -> None:
    """Lines with no digit before a length unit skip the full pattern (a speed guard)."""
    # the full pattern is the reference the guard must agree with; no public function
    # reaches it for a line the guard turns away
    from bilingual_cv.entries.titles import _durations, strip_duration

    assert strip_duration(text) == _durations()[1].sub("", text)
