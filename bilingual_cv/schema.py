"""The output contract (``shared/SCHEMA.md``) as pydantic models.

Every model here is a boundary type: parsing code builds plain values and hands them to
these constructors, which validate. No parsing logic lives in this module.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

SCHEMA_VERSION = "1.1"

#: Language of a section or entry: the code of a registered language (``bilingual_cv.lang``),
#: ``en`` or ``zh`` unless a caller registers another. ``zh`` means Simplified, including
#: folded Traditional.
Lang = Annotated[
    str,
    StringConstraints(pattern=r"^[a-z]{2,3}$"),
    Field(description="Code of a registered language: en or zh.", examples=["en", "zh"]),
]
#: Where a venue's short name comes from: a catalog, the CV's text, or the initials of its name.
AbbrSource = Literal["catalog", "printed", "initials"]
#: Dominant language of a whole document: a language code, or ``mixed``.
DocLang = Annotated[
    str,
    StringConstraints(pattern=r"^(?:[a-z]{2,3}|mixed)$"),
    Field(description="Code of the dominant language, or mixed.", examples=["en", "zh", "mixed"]),
]
#: A date as the contract writes it: ``YYYY``, ``YYYY-MM``, ``YYYY-MM-DD`` or ``present``.
DateStr = Annotated[
    str,
    StringConstraints(
        pattern=r"^(?:\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?|present)$"
    ),
]


class SectionKind(StrEnum):
    """Canonical section keys; the values are the contract's strings."""

    PROFILE = "profile"
    SUMMARY = "summary"
    RESEARCH_INTERESTS = "research_interests"
    EDUCATION = "education"
    EXPERIENCE = "experience"
    RESEARCH_EXPERIENCE = "research_experience"
    PROJECTS = "projects"
    PUBLICATIONS = "publications"
    PATENTS = "patents"
    AWARDS = "awards"
    TALKS = "talks"
    TEACHING = "teaching"
    SERVICE = "service"
    MENTORING = "mentoring"
    SKILLS = "skills"
    GRANTS = "grants"
    REFERENCES = "references"
    AVAILABILITY = "availability"
    OTHER = "other"


class CcfRank(StrEnum):
    A = "A"
    B = "B"
    C = "C"


class Degree(StrEnum):
    PHD = "phd"
    MASTER = "master"
    BACHELOR = "bachelor"
    POSTDOC = "postdoc"
    OTHER = "other"


class ExperienceKind(StrEnum):
    WORK = "work"
    INTERNSHIP = "internship"
    RESEARCH = "research"
    ACADEMIC = "academic"
    OTHER = "other"


class PublicationKind(StrEnum):
    CONFERENCE = "conference"
    JOURNAL = "journal"
    WORKSHOP = "workshop"
    PREPRINT = "preprint"
    PATENT = "patent"
    BOOK = "book"
    OTHER = "other"


class WarningCode(StrEnum):
    """What a warning is about; the values are stable and documented in ``docs/schema.md``."""

    #: A line set like a heading whose words the lexicons do not know (section key other).
    UNKNOWN_HEADING = "unknown_heading"
    #: No heading was recognised: the whole CV is one profile block.
    NO_SECTIONS = "no_sections"
    #: An education or experience entry whose dates could not be read.
    DATE_UNPARSED = "date_unparsed"
    #: A date or advisor line found outside its entry (a PDF moved it) placed on an entry.
    LINE_MOVED = "line_moved"
    #: A line that belongs to no entry (kept in this warning's message).
    STRAY_LINE = "stray_line"
    #: A publication entry with no title found (its raw text is kept).
    PUBLICATION_UNPARSED = "publication_unparsed"
    #: A publication entry too long to be one: likely several entries whose separation the
    #: list's layout hid (its raw text is kept).
    ENTRY_TOO_LONG = "entry_too_long"
    #: The CV claims a CCF rank that the catalogue it names does not give.
    CLAIMED_CCF_MISMATCH = "claimed_ccf_mismatch"
    #: A part of the CV could not be read because of a fault in this package (a bug); the
    #: rest of the record stands and the section's raw text is kept.
    INTERNAL_ERROR = "internal_error"
    #: The document has no owner (no name, e-mail or phone), no CV section and no entry: it
    #: does not look like a CV (a README, a cover letter, a report left in the folder).
    NOT_A_CV = "not_a_cv"
    #: A section's kind was read from what it holds, not from its heading (a list of papers
    #: under a heading no lexicon knows): check that the list is what it seems.
    HEADING_INFERRED = "heading_inferred"


class Severity(StrEnum):
    """How much a warning matters to someone comparing CVs; derived from its code
    (:data:`WARNING_SEVERITY`)."""

    #: A notice: the record is complete, a line was placed or left out as extra (stray and
    #: moved lines).
    INFO = "info"
    #: Something may be read wrong: check it against the CV (an unknown heading, an unread
    #: date, a claimed rank the catalogue denies).
    WARN = "warn"
    #: Part of the CV is missing from the record, or the record is no CV at all.
    LOSS = "loss"


#: The severity of each warning code; ``docs/schema.md`` prints this table.
WARNING_SEVERITY: dict[WarningCode, Severity] = {
    WarningCode.UNKNOWN_HEADING: Severity.WARN,
    WarningCode.NO_SECTIONS: Severity.LOSS,
    WarningCode.DATE_UNPARSED: Severity.WARN,
    WarningCode.LINE_MOVED: Severity.INFO,
    WarningCode.STRAY_LINE: Severity.INFO,
    WarningCode.PUBLICATION_UNPARSED: Severity.LOSS,
    WarningCode.ENTRY_TOO_LONG: Severity.LOSS,
    WarningCode.CLAIMED_CCF_MISMATCH: Severity.WARN,
    WarningCode.INTERNAL_ERROR: Severity.LOSS,
    WarningCode.NOT_A_CV: Severity.LOSS,
    WarningCode.HEADING_INFERRED: Severity.LOSS,
}


def severity_of(code: str) -> Severity:
    """The severity of a warning code (:data:`WARNING_SEVERITY`); ``warn`` for a code this
    version does not know (a record of a newer version).

    >>> severity_of("stray_line"), severity_of("entry_too_long"), severity_of("new_code")
    (<Severity.INFO: 'info'>, <Severity.LOSS: 'loss'>, <Severity.WARN: 'warn'>)
    """
    try:
        return WARNING_SEVERITY.get(WarningCode(code), Severity.WARN)
    except ValueError:
        return Severity.WARN


class OwnerRole(StrEnum):
    """The owner's role on a paper, as the CV marks it."""

    #: Listed first.
    FIRST = "first"
    #: Marked as an equal-contribution first author (co-first).
    CO_FIRST = "co_first"
    #: Marked as the corresponding author.
    CORRESPONDING = "corresponding"


class CcfEdition(StrEnum):
    """Editions of the CCF list that venues can be ranked with."""

    E2022 = "2022"
    E2026 = "2026"


class Model(BaseModel):
    """Base of every output model.

    ``extra="forbid"``: a typo in a field name (``instituion=...``) must fail loudly at
    construction instead of silently dropping the value. ``frozen=True``: a finished record
    is a value; stages that refine it build a copy (``model_copy(update=...)``).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)


class Source(Model):
    path: str | None = Field(None, description="Input path as given, or null for text input.")
    sha256: str = Field(description="SHA-256 of the input bytes (of the UTF-8 text for str input).")
    format: Literal["txt", "md", "pdf", "docx", "html"] = "txt"
    encoding: str | None = Field(None, examples=["utf-8", "utf-8-sig", "gb18030", "big5", "utf-16"])
    script: Literal["hans", "hant", "latin", "mixed"] = Field(
        "latin",
        description="Script of the input before folding: hans (Simplified), hant (Traditional), "
        "latin, or mixed (Chinese and Latin with neither under 20%).",
    )
    folded: bool = Field(
        False, description="True when Traditional characters were folded to Simplified."
    )
    pages: int | None = Field(None, description="Page count for paged formats (pdf).")


class Person(Model):
    name: str | None = Field(None, description="The owner's name as written at the top of the CV.")
    name_zh: str | None = Field(None, examples=["王晓明"])
    inferred_name: str | None = Field(
        None,
        description="Set only when the CV never states its owner: the author common to the "
        "publication lists.",
    )
    emails: list[str] = []
    phones: list[str] = Field([], examples=[["+86 138 0013 8000"]])
    urls: list[str] = Field(
        [], description="The owner's homepages and profiles (not paper links), as written."
    )
    location: str | None = None


class Section(Model):
    key: SectionKind
    heading: str | None = Field(
        description="Heading as written, markup removed; null for the unlabeled top block and"
        " for a list of publications found with no heading over it."
    )
    lang: Lang
    start_line: int = Field(
        ge=1, description="First line (1-based) of the section in the cleaned text."
    )
    end_line: int = Field(ge=1, description="Last line (1-based, inclusive).")
    parent: str | None = Field(
        None, description="Heading of the enclosing section for publication sub-headings."
    )
    source_start_line: int | None = Field(
        None, ge=1, description="First line of the section in the input as read, before cleaning."
    )
    source_end_line: int | None = Field(
        None, ge=1, description="Last line of the section in the input as read, before cleaning."
    )


class Education(Model):
    institution: str | None = None
    degree: Degree = Degree.OTHER
    field: str | None = Field(None, examples=["Computer Science", "计算机科学与技术"])
    start: DateStr | None = None
    end: DateStr | None = None
    expected: bool = Field(
        False,
        description="The degree is not finished: its dates or its line say expected, "
        "anticipated, 预计, 预期 or 在读 (currently enrolled).",
    )
    advisors: list[str] = []
    thesis: str | None = None
    location: str | None = None
    lang: Lang = "en"
    raw: str = ""


class Experience(Model):
    organization: str | None = None
    title: str | None = None
    location: str | None = None
    start: DateStr | None = None
    end: DateStr | None = None
    kind: ExperienceKind = ExperienceKind.OTHER
    bullets: list[str] = []
    lang: Lang = "en"
    raw: str = ""


class Venue(Model):
    raw: str | None = Field(None, description="The venue text as written in the entry.")
    name: str | None = Field(None, description="Full venue name (catalog name when ranked).")
    abbr: str | None = Field(None, examples=["NSDI", "USENIX ATC", "EuroMLSys@EuroSys"])
    abbr_source: AbbrSource | None = Field(
        None,
        description="Where abbr comes from: a venue catalog (CCF or the unranked list), the CV's "
        "own text (this entry or another entry naming the same venue), or the initials of the "
        "full name (only for name shapes whose initials are the catalogs' abbreviation in 85% "
        "of cases or more; never used for a rank). Null when abbr is null.",
    )
    track: str | None = Field(
        None,
        description="The side event of the venue the work appeared in, as written (Demo, "
        "Extended Abstracts, Findings, Doctoral Forum, Companion, Posters): abbr and name are "
        "the venue's, and the work gets no CCF rank (it is not a paper of the main proceedings).",
        examples=["Demo", "Extended Abstracts"],
    )


class CcfInfo(Model):
    rank: CcfRank
    abbr: str | None
    full_name: str
    type: Literal["conference", "journal"]
    field_id: int = Field(ge=1, le=10, description="CCF field 1-10 in CCF's order.")
    edition: CcfEdition
    match: Literal["abbr", "full_name", "alias", "dblp"] = Field(
        description="How the venue was found in the catalog."
    )


class CcfCnInfo(Model):
    """A journal of CCF's Chinese-journal catalogues, kept apart from the international list:
    its class there is not on the same scale as an international CCF rank."""

    rank: CcfRank | None = Field(
        None,
        description="Class in CCF's recommended Chinese S&T journals (中国计算机学会推荐中文科技期刊"
        "目录, 2019 edition), null when the journal is not in that list.",
    )
    tier: Literal["T1", "T2", "T3"] | None = Field(
        None,
        description="Tier in CCF's high-quality S&T journals in computing (计算领域高质量科技期刊"
        "分级目录, 2025 edition), null when not listed.",
    )
    name: str = Field(description="The journal's name in the catalogue.", examples=["计算机学报"])
    name_en: str | None = Field(None, examples=["Chinese Journal of Computers"])
    cn_number: str | None = Field(None, description="CN serial number.", examples=["11-1826/TP"])


class Publication(Model):
    title: str | None = None
    authors: list[str] = []
    owner_position: int | None = Field(
        None, ge=1, description="1-based; null without an author list."
    )
    owner_roles: list[OwnerRole] = Field(
        [],
        description="The owner's roles on the paper: first (listed first), co_first (marked "
        "equal-contribution first author) and corresponding, read from the marks after the "
        "owner's name as the CV's legend explains them and from the entry's notes "
        "(共同第一作者, corresponding author); [] when none or the owner is not found.",
        examples=[["first", "corresponding"]],
    )
    venue: Venue = Venue()
    year: int | None = None
    kind: PublicationKind = PublicationKind.OTHER
    ccf: CcfInfo | None = None
    claimed_ccf: CcfRank | None = Field(
        None, description='What the CV itself claims, e.g. "CCF-A".'
    )
    claimed_tier: str | None = Field(
        None,
        description='A journal tier the CV claims, as written ("中科院一区", "SCI 2区; JCR Q1"): '
        "no CCF rank, and never read as one.",
    )
    ccf_cn: CcfCnInfo | None = Field(
        None,
        description="The venue's entry in CCF's Chinese-journal catalogues (class A/B/C, tier "
        "T1-T3), apart from the international rank in ccf.",
    )
    section: str | None = Field(
        None, description="Heading of the section the entry was listed under."
    )
    notes: list[str] = Field([], examples=[["Best Paper Award"]])
    lang: Lang = "en"
    raw: str = ""
    line: int | None = Field(
        None, ge=1, description="First line (1-based) of the entry in the cleaned text."
    )


class Award(Model):
    title: str
    year: int | None = None
    issuer: str | None = None
    raw: str


class Item(Model):
    """An entry of a list section (talks, teaching, service, ...)."""

    text: str
    year: int | None = None
    raw: str
    date: DateStr | None = None
    venue: str | None = Field(None, description="Venue or host named by a talk or service entry.")
    role: str | None = Field(
        None, description="Role in a service entry (Reviewer, PC member, ...)."
    )
    ccf: CcfInfo | None = Field(None, description="CCF rank of the venue served or spoken at.")


class Warning(Model):
    code: WarningCode
    message: str
    line: int | None = Field(None, description="1-based line in the cleaned text, when known.")
    severity: Severity = Field(
        Severity.WARN,
        description="info, warn or loss: derived from code (the table in docs/schema.md); a "
        "record written without it reads it from its code.",
    )
    text: str | None = Field(
        None,
        description="The text of the line the warning is about, as the CV printed it (cut to "
        "500 characters); null when the warning is about no one line.",
    )

    @model_validator(mode="before")
    @classmethod
    def _severity_from_code(cls, data: Any) -> Any:
        """A warning's severity is its code's (a record of an older version has none)."""
        if isinstance(data, dict) and data.get("severity") is None and "code" in data:
            return {**data, "severity": severity_of(str(data["code"]))}
        return data


class CcfCounts(Model):
    A: int = 0
    B: int = 0
    C: int = 0
    unranked: int = 0


class CcfFirstCounts(Model):
    A: int = 0
    B: int = 0
    C: int = 0


class CnTierCounts(Model):
    T1: int = 0
    T2: int = 0
    T3: int = 0


class Stats(Model):
    publications: int = 0
    by_kind: dict[str, int] = {}
    ccf: CcfCounts = CcfCounts()
    ccf_owner_first: CcfFirstCounts = CcfFirstCounts()
    ccf_owner_first_or_co_first: CcfFirstCounts = Field(
        CcfFirstCounts(),
        description="CCF-ranked papers whose owner is first or co-first author.",
    )
    ccf_owner_corresponding: CcfFirstCounts = Field(
        CcfFirstCounts(), description="CCF-ranked papers whose owner is corresponding author."
    )
    ccf_cn: CcfFirstCounts = Field(
        CcfFirstCounts(),
        description="Publications by class in CCF's Chinese-journal list (not international ranks).",
    )
    ccf_cn_tiers: CnTierCounts = Field(
        CnTierCounts(), description="Publications by tier in CCF's T1-T3 journal catalogue."
    )


class CV(Model):
    schema_version: str = SCHEMA_VERSION
    source: Source
    language: DocLang
    person: Person = Person()
    sections: list[Section] = []
    research_interests: list[str] = []
    education: list[Education] = []
    experience: list[Experience] = []
    research_experience: list[Experience] = Field(
        [],
        description="Research positions and projects listed under a research-experience heading "
        "(kept apart from experience, which holds work and internship positions).",
    )
    publications: list[Publication] = []
    awards: list[Award] = []
    talks: list[Item] = []
    teaching: list[Item] = []
    service: list[Item] = []
    mentoring: list[Item] = []
    skills: list[Item] = []
    projects: list[Item] = []
    grants: list[Item] = []
    other: list[Item] = []
    stats: Stats = Stats()
    warnings: list[Warning] = []
