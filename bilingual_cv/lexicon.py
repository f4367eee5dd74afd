"""The only code that opens ``lexicons/``: loads, validates and caches each file once.

Every lookup key, in lexicon files and in input alike, goes through :func:`lexicon_key`.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from bilingual_cv.errors import LexiconError
from bilingual_cv.memo import memo_short_texts

M = TypeVar("M", bound=BaseModel)

#: The safe YAML loader, in C when PyYAML was built with libyaml (several times faster).
_SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
#: Runs of anything that is not a letter or digit (CJK included) collapse to one space.
#: (``[\W_]+``, led by one ``[\W_]``: a pattern that starts with a character class is scanned
#: for; one that starts with a repeat is tried at every position.)
_NON_WORD = re.compile(r"[\W_][\W_]*")


#: ASCII bytes with every byte that is not a letter or digit turned into a space.
_ASCII_WORD_BYTES = bytes(code if chr(code).isalnum() else 0x20 for code in range(256))


@memo_short_texts(max_chars=200, maxsize=8192)  # headings, names, venue words recur in a CV
def lexicon_key(text: str) -> str:
    """Normalize text for lexicon lookup: NFKC, casefold, punctuation and spaces to one space.

    >>> lexicon_key("  Honors &  AWARDS: ")
    'honors awards'
    >>> lexicon_key("科研/横向经历")
    '科研 横向经历'
    >>> lexicon_key("ＰＵＢＬＩＣＡＴＩＯＮＳ")
    'publications'
    """
    if text.isascii():
        # the same key at a third of the cost: NFKC changes no ASCII text, casefold is
        # lower, and the characters of [\W_] are exactly the non-alphanumeric ones
        words = text.lower().encode("ascii").translate(_ASCII_WORD_BYTES).split()
        return b" ".join(words).decode("ascii")
    text = unicodedata.normalize("NFKC", text).casefold()
    return _NON_WORD.sub(" ", text).strip()


@cache
def lexicon_root() -> Path:
    """Folder holding the lexicons: inside the installed package, or at a checkout's top level."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "lexicons", here.parent / "lexicons"):
        if (candidate / "ccf").is_dir():
            return candidate
    raise LexiconError(f"lexicon folder not found next to {here}")


def read_lexicon_yaml(relative: str | Path) -> Any:
    """Parse one YAML lexicon file safely (libyaml's C loader when present); errors name the
    file. ``relative`` is a path inside :func:`lexicon_root`, or a whole path (the lexicons
    of a language a caller registered)."""
    path = lexicon_root() / relative
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_SAFE_LOADER)
    except (OSError, yaml.YAMLError) as exc:
        raise LexiconError(f"{relative}: {exc}") from exc


def validate_lexicon(relative: str | Path, data: Any, model: type[M]) -> M:
    """Validate parsed lexicon data against ``model``; a failure names the file and the key."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise LexiconError(f"{relative}: {where}: {first['msg']}") from exc


def load_lexicon(relative: str | Path, model: type[M]) -> M:
    """Read and validate one lexicon file (callers cache the result)."""
    return validate_lexicon(relative, read_lexicon_yaml(relative), model)


class LexiconModel(BaseModel):
    """Base for lexicon file schemas: unknown keys are editing mistakes."""

    model_config = ConfigDict(extra="forbid", frozen=True)


# --- headings -------------------------------------------------------------------------


class HeadingLexicon(LexiconModel):
    """``lexicons/<lang>/headings.yaml``: canonical section key -> heading variants."""

    variants: dict[str, list[str]]
    #: Lines that look like headings but open a sub-list inside a section (not sections).
    sublist_titles: list[str] = []
    #: Words that qualify a heading without changing its kind ("Selected", "主要", "代表性").
    modifiers: list[str] = []
    #: Sub-list titles of a publication list only ("Journals", "期刊").
    list_subheadings: list[str] = []
    #: Words that name a section kind anywhere in a heading ("Published", "荣誉").
    keywords: dict[str, list[str]] = {}
    #: Keywords that say what was done to the items ("Published", "发表"): a keyword right
    #: after one decides instead ("已发表专利" -> patents).
    verb_keywords: list[str] = []
    #: Heads that name a kind only when no other keyword does ("Experience", "经历").
    generic_keywords: dict[str, list[str]] = {}
    #: Words a heading may hold that say nothing about its kind ("my", "科研").
    neutral_words: list[str] = []
    #: Words dropped from a heading before its words are compared ("and", "of").
    stop_words: list[str] = []
    #: The word for research ("Research", "研究"): a heading of it alone is research
    #: experience over dated entries, else the owner's research interests.
    research_words: list[str] = []


def language_file(lang: str | Path, name: str) -> str | Path:
    """The lexicon file ``name`` of a language: ``lexicons/<lang>/<name>`` for a code, or
    ``<folder>/<name>`` for the folder of a language a caller registered.

    >>> language_file("en", "headings.yaml")
    'en/headings.yaml'
    """
    return lang / name if isinstance(lang, Path) else f"{lang}/{name}"


@cache
def load_headings(lang: str | Path) -> HeadingLexicon:
    """A language's ``headings.yaml``, by its code or its lexicon folder."""
    return load_lexicon(language_file(lang, "headings.yaml"), HeadingLexicon)


# --- layout ---------------------------------------------------------------------------


class LayoutLexicon(LexiconModel):
    """``lexicons/<lang>/layout.yaml``: page furniture written in words (page numbers)."""

    #: Whole-line page marks; ``{n}`` is a page number.
    page_marks: list[str] = []


@cache
def load_layout(lang: str | Path) -> LayoutLexicon:
    """A language's ``layout.yaml``, by its code or its lexicon folder."""
    return load_lexicon(language_file(lang, "layout.yaml"), LayoutLexicon)


# --- publications --------------------------------------------------------------------


class KindWord(LexiconModel):
    word: str
    kind: str


class LabelWord(LexiconModel):
    """A kind label of an intellectual-property item (``Invention Patent:``)."""

    word: str
    kind: str
    #: A generic word, a label only where it opens an item.
    head_only: bool = False


class PublicationWords(LexiconModel):
    """``lexicons/publications/words.yaml``: words that tell parts of an entry apart."""

    notes: list[str]
    venue_cues: list[str]
    section_kinds: list[KindWord]
    type_codes: dict[str, str]
    stray_labels: list[str]
    name_particles: list[str]
    #: Last words of a group that signs as one author ("Consortium", "课题组").
    group_author_words: list[str] = []
    title_words: list[str]
    author_notes: list[str] = []
    link_words: list[str] = []
    #: The owner's place in words ("第一作者" -> 1); 0: no single place (co-first).
    owner_position_words: dict[str, int] = {}
    #: Column names of a table of papers whose cells are the owner's place ("作者排序").
    owner_position_columns: list[str] = []
    #: Words that give a role on a paper (``co_first``, ``corresponding``), in an entry's
    #: note or in a legend of marks.
    role_words: dict[Literal["co_first", "corresponding"], list[str]] = {}
    #: Words that open a venue text, matched as written ("In Proceedings of ...").
    venue_openers: list[str] = []
    #: Publishers named beside a venue no catalog knows; not part of its name.
    publishers: list[str] = []
    #: Words that make a venue text another kind of work (a thesis, a report).
    not_venues: list[str] = []
    #: Words ISO 4 venue abbreviations end with a full stop ("Trans.", "Comput.").
    abbreviated_words: list[str] = []
    #: Words that close a patent's title and say what it is ("发明", "已授权").
    patent_words: list[str] = []
    #: Citation indexes a CV tags a journal with in brackets ("(SCI)", "(TSSCI)"): notes.
    index_tags: list[str] = []
    #: Kind labels of intellectual-property items ("Invention Patent:", "软件著作权").
    ip_labels: list[LabelWord] = []
    #: Status words in brackets after an intellectual-property item's title ("已授权").
    ip_status: list[str] = []


@cache
def load_publication_words() -> PublicationWords:
    return load_lexicon("publications/words.yaml", PublicationWords)


# --- names ---------------------------------------------------------------------------


class RomanizationLexicon(LexiconModel):
    """``lexicons/zh/romanization.yaml``: Wade-Giles/Taiwanese syllables -> pinyin readings."""

    syllables: dict[str, list[str]]


@cache
def load_romanization() -> RomanizationLexicon:
    return load_lexicon("zh/romanization.yaml", RomanizationLexicon)


@cache
def _english_words() -> bytes:
    """``en/words.txt``: English words in lower case, sorted, one per line (SCOWL's en_US
    list as hunspell ships it, with the plural, past and -ing forms its flags allow), read as
    bytes once: a lookup halves the sorted text, so no table of 97,000 words is built."""
    path = lexicon_root() / "en" / "words.txt"
    try:
        return path.read_bytes()
    except OSError as exc:
        raise LexiconError(f"en/words.txt: {exc}") from exc


def is_english_word(word: str) -> bool:
    """``word`` (any case) is in the English word list: asked of a word broken at a
    line-end hyphen, ``low-`` / ``latency`` being two words and ``net-`` / ``works`` one.

    >>> is_english_word("Latency"), is_english_word("lowlatency"), is_english_word("")
    (True, False, False)
    """
    key = word.lower().encode("ascii", "ignore")
    if not key or not key.isalpha() or len(key) != len(word):
        return False
    data = _english_words()
    low, high = 0, len(data)
    while low < high:  # the first line whose word is not below ``key``
        middle = (low + high) // 2
        start = data.rfind(b"\n", 0, middle) + 1
        end = data.find(b"\n", start)
        if data[start:end] < key:
            low = end + 1
        else:
            high = start
    end = data.find(b"\n", low)
    return data[low:end] == key


@cache
def jieba_userdict_path() -> Path:
    """Path of the jieba user dictionary (domain words kept whole)."""
    return lexicon_root() / "zh" / "jieba-userdict.txt"


# --- dates ----------------------------------------------------------------------------


class DateLexicon(LexiconModel):
    """``lexicons/<lang>/dates.yaml``: every word a date is made of in one language.

    Digits and punctuation (dashes, dots, slashes, brackets) are grammar and stay in
    ``bilingual_cv/lang/dates.py``.
    """

    #: Month number -> names and abbreviations ("September", "Sept.", "九月").
    months: dict[Literal[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], list[str]] = {}
    #: Season -> names; a season dates to its year only ("Summer 2024" -> "2024").
    seasons: dict[Literal["spring", "summer", "fall", "winter"], list[str]] = {}
    #: The open end of an ongoing range ("Present", "now", "至今").
    present: list[str] = []
    #: Marks a date not reached yet ("expected", "预期").
    expected: list[str] = []
    #: Words joining the two ends of a range besides dashes ("to", "until", "至").
    range_words: list[str] = []
    #: Words before a range's start that belong to the date ("From May 2022 to Present").
    range_openers: list[str] = []
    #: Words before a single date that open a range to the present ("since 2019").
    since: list[str] = []
    #: Era name -> Gregorian year of the era's year 0 (民国 1 = 1912, so ``民国: 1911``).
    eras: dict[str, int] = {}
    #: The era (one of ``eras``) of a three-digit year written without its name: Taiwan's
    #: ``105年8月`` and ``105.09 - 109.06`` count years of 民国 (2016-08, 2020-06).
    implicit_era: str | None = None
    #: Suffixes after the year, month and day numbers ("2024年5月18日").
    year_marks: list[str] = []
    month_marks: list[str] = []
    day_marks: list[str] = []
    #: Endings of an ordinal day number ("May 1st, 2024").
    ordinal_suffixes: list[str] = []
    #: Words after which a number is a page, volume, version... never a date ("pp. 2011-2020").
    number_labels: list[str] = []


@cache
def load_dates(lang: str | Path) -> DateLexicon:
    """Load and validate a language's ``dates.yaml`` once (by its code or its folder).

    >>> load_dates("en").months[9]
    ['September', 'Sept.', 'Sep.']
    """
    return load_lexicon(language_file(lang, "dates.yaml"), DateLexicon)


# --- ccf -------------------------------------------------------------------------------


class CcfVenueEntry(LexiconModel):
    """One row of the CCF list as transcribed in ``lexicons/ccf/venues-<edition>.yaml``."""

    abbr: str
    name: str
    type: Literal["conference", "journal"]
    rank: Literal["A", "B", "C"]
    field: Literal[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    dblp: str


class CcfVenueLexicon(LexiconModel):
    """``lexicons/ccf/venues-<edition>.yaml``: every row of one edition, in the list's order."""

    edition: Literal["2022", "2026"]
    venues: list[CcfVenueEntry]


class CcfAliasEntry(LexiconModel):
    """A group of extra names for one catalog venue (identity: ``dblp``, else ``abbr`` + ``type``)."""

    dblp: str | None = None
    abbr: str | None = None
    type: Literal["conference", "journal"] | None = None
    display: str | None = None
    kind: Literal["conference", "journal", "workshop"] | None = None
    aliases: list[str] = []


class CcfAliasLexicon(LexiconModel):
    """``lexicons/ccf/aliases.yaml``: alias groups, shared-abbreviation defaults, proceedings journals."""

    venues: list[CcfAliasEntry]
    defaults: dict[str, str] = {}
    proceedings: dict[str, list[str]] = {}


class CcfUnrankedEntry(LexiconModel):
    """A well-known venue that is in no CCF edition."""

    abbr: str
    name: str
    kind: Literal["conference", "journal", "workshop", "preprint"] | None = None
    aliases: list[str] = []


class CcfUnrankedLexicon(LexiconModel):
    """``lexicons/ccf/unranked.yaml``."""

    venues: list[CcfUnrankedEntry]


class CcfMarkerLexicon(LexiconModel):
    """``lexicons/ccf/markers.yaml``: words around a venue name (kind, noise, tracks, hosts)."""

    workshop: list[str]
    journal: list[str]
    conference: list[str]
    preprint: list[str]
    host: list[str]
    host_weak: list[str]
    leading_noise: list[str]
    citation_noise: list[str]
    status_noise: list[str]
    main_tracks: list[str]
    side_tracks: list[str]
    name_noise: list[str]
    #: Words of a proceedings volume: a conference when no catalog names the venue.
    proceedings: list[str] = []
    #: Words dropped from a workshop's short label ("Workshop on Toys" -> "Toys").
    label_noise: list[str] = []
    #: Labels before a link ("url:", "available at:"): with the link, no part of a venue.
    link_labels: list[str] = []
    #: Words saying a journal is published in Chinese ("(in Chinese)", "中文").
    in_chinese: list[str] = []
    #: Words of an English journal title that say it is a Chinese journal ("Sinica").
    chinese_titled: list[str] = []


@cache
def load_ccf_venues(edition: str) -> CcfVenueLexicon:
    """Load and validate ``lexicons/ccf/venues-<edition>.yaml`` once.

    >>> load_ccf_venues("2026").venues[0].abbr
    'TOCS'
    """
    return load_lexicon(f"ccf/venues-{edition}.yaml", CcfVenueLexicon)


@cache
def load_ccf_aliases() -> CcfAliasLexicon:
    """Load and validate ``lexicons/ccf/aliases.yaml`` once."""
    return load_lexicon("ccf/aliases.yaml", CcfAliasLexicon)


@cache
def load_ccf_unranked() -> CcfUnrankedLexicon:
    """Load and validate ``lexicons/ccf/unranked.yaml`` once."""
    return load_lexicon("ccf/unranked.yaml", CcfUnrankedLexicon)


class CnJournalEntry(LexiconModel):
    name_zh: str
    name_en: str = ""
    language: Literal["zh", "en"]
    cn_number: str = ""
    rank: Literal["A", "B", "C", ""] = ""
    tier_2022: Literal["T1", "T2", "T3", ""] = ""
    tier_2025: Literal["T1", "T2", "T3", ""] = ""


class CnJournalLexicon(LexiconModel):
    """``lexicons/ccf/cn-journals.yaml``: CCF's Chinese-journal catalogues."""

    journals: list[CnJournalEntry]


@cache
def load_cn_journals() -> CnJournalLexicon:
    return load_lexicon("ccf/cn-journals.yaml", CnJournalLexicon)


@cache
def load_ccf_markers() -> CcfMarkerLexicon:
    """Load and validate ``lexicons/ccf/markers.yaml`` once."""
    return load_lexicon("ccf/markers.yaml", CcfMarkerLexicon)


# --- entries (education, experience, list sections) -----------------------------------


class DegreeLexicon(LexiconModel):
    """``lexicons/entries/degrees.yaml``: degree words -> the contract's degree value."""

    degrees: dict[Literal["phd", "master", "bachelor", "postdoc", "other"], list[str]]
    #: Words between a degree and its field of study ("Ph.D. in Computer Science").
    field_links: list[str] = []
    #: Words that end a field of study after its degree ("... with Honours", "... GPA 3.9").
    field_ends: list[str] = []


class OrganizationLexicon(LexiconModel):
    """``lexicons/entries/organizations.yaml``: words naming an institution or a unit of one."""

    strong: list[str]
    weak: list[str]
    #: Weak words that only ever name a part of an institution ("Department", "学系").
    departments: list[str] = []
    #: Words that hold an organization word and name none ("系统" holds "系").
    not_organizations: list[str] = []


class TitleLexicon(LexiconModel):
    """``lexicons/entries/titles.yaml``: job-title words and the words that set a position's kind."""

    heads: list[str]
    modifiers: list[str]
    internship: list[str]
    academic: list[str]
    faculty: list[str]
    durations: list[str] = []
    #: Words between a title and its employer ("Research Assistant at SANDS Lab").
    employer_links: list[str] = []
    #: Title words of a teaching role, listed under teaching rather than experience.
    teaching: list[str] = []
    #: Title words of a research assistantship (kind research, not work).
    research_assistant: list[str] = []
    #: Words that open a description of the work, never a header ("负责…", "参与…").
    description_openers: list[str] = []
    #: Words that stand alone in a category column of a table of positions ("分类 | 地点 |
    #: 职位 | 时间" rows "实习 | 示例公司 | 实习生 | 2024.03-至今"), by the kind they set.
    kind_tags: dict[Literal["internship", "research", "activity"], list[str]] = {}


class LabelLexicon(LexiconModel):
    """``lexicons/entries/labels.yaml``: ``Label:`` words of entry details (advisor, thesis)."""

    advisor: list[str]
    thesis: list[str]
    other: list[str] = []
    honorifics: list[str] = []
    fields: dict[
        Literal["organization", "title", "date", "institution", "major", "degree", "position"],
        list[str],
    ] = {}
    #: Words that show a line is not the owner's name ("Curriculum", "简历").
    not_name_words: list[str] = []
    #: Words that join two advisor names in a label value ("Ann Lee and Bo Wu", "张伟和李娜").
    name_joiners: list[str] = []
    #: Column names of a table that name no field of the entry (the row's category, its
    #: place): with field labels they make a table's header row ("分类 | 地点 | 职位 | 时间").
    column_names: list[str] = []


class PlaceLexicon(LexiconModel):
    """``lexicons/entries/places.yaml``: regions and city-name words that make a location."""

    states: list[str]
    countries: list[str]
    cities: list[str]
    remote: list[str] = []
    city_first: list[str] = []
    city_last: list[str] = []


class RoleLexicon(LexiconModel):
    """``lexicons/entries/roles.yaml``: roles of service entries (reviewer, PC member, chair)."""

    roles: list[str]


class ContactLexicon(LexiconModel):
    """``lexicons/entries/contact.yaml``: words of the owner's contact block, matched as written."""

    #: Labels before a phone number ("Tel:", "手机：").
    phone_labels: list[str]
    #: Labels before a link to the owner's pages ("Homepage:", "个人主页："): what follows is
    #: a link whatever its domain ends with.
    link_labels: list[str]
    #: Labels before the owner's location ("Address:", "地址：").
    location_labels: list[str]
    #: Labels before the owner's name ("Name:", "姓名："; Han labels also spaced out).
    name_labels: list[str]
    #: Title words a name line may end with ("Curriculum Vitae", "个人简历").
    cv_titles: list[str]
    #: Degree letters after a name ("Ph. D.": dots and the space optional).
    name_degrees: list[str]
    #: Lower-case particles inside a Latin name ("de", "van").
    name_particles: list[str] = []
    #: The written-out "@" and "." of an e-mail address, inside brackets ("[at]", "(dot)").
    email_at: list[str]
    email_dot: list[str]


@cache
def load_degrees() -> DegreeLexicon:
    """Load and validate ``lexicons/entries/degrees.yaml`` once.

    >>> "硕博连读" in load_degrees().degrees["phd"]
    True
    """
    return load_lexicon("entries/degrees.yaml", DegreeLexicon)


@cache
def load_organizations() -> OrganizationLexicon:
    """Load and validate ``lexicons/entries/organizations.yaml`` once."""
    return load_lexicon("entries/organizations.yaml", OrganizationLexicon)


@cache
def load_titles() -> TitleLexicon:
    """Load and validate ``lexicons/entries/titles.yaml`` once."""
    return load_lexicon("entries/titles.yaml", TitleLexicon)


@cache
def load_labels() -> LabelLexicon:
    """Load and validate ``lexicons/entries/labels.yaml`` once."""
    return load_lexicon("entries/labels.yaml", LabelLexicon)


@cache
def load_places() -> PlaceLexicon:
    """Load and validate ``lexicons/entries/places.yaml`` once."""
    return load_lexicon("entries/places.yaml", PlaceLexicon)


@cache
def load_roles() -> RoleLexicon:
    """Load and validate ``lexicons/entries/roles.yaml`` once."""
    return load_lexicon("entries/roles.yaml", RoleLexicon)


@cache
def load_contact() -> ContactLexicon:
    """Load and validate ``lexicons/entries/contact.yaml`` once.

    >>> load_contact().email_at
    ['at', 'AT']
    """
    return load_lexicon("entries/contact.yaml", ContactLexicon)


# --- institution names (the report's filter) -----------------------------------------------


class InstitutionEntry(LexiconModel):
    """One institution: its Chinese name and its official English names."""

    zh: str
    en: list[str]


class InstitutionLexicon(LexiconModel):
    """``lexicons/entries/institutions.yaml``: Chinese universities and their English names."""

    institutions: list[InstitutionEntry]


@cache
def load_institutions() -> InstitutionLexicon:
    """Load and validate ``lexicons/entries/institutions.yaml`` once."""
    return load_lexicon("entries/institutions.yaml", InstitutionLexicon)
