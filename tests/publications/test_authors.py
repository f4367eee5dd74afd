"""Author runs in entry text (:mod:`bilingual_cv.publications.authors`), on fictional lists."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bilingual_cv.publications.authors import find_author_run

from .conftest import AUTHOR_TEXT_WORDS, cv_with


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


def test_the_last_name_keeps_all_its_initials_before_the_title() -> None:
    body = (
        "1. Lee, A. B. Quiet toys at scale. Toy Letters, 12(3), 2020.\n"
        "2. Roe, J., and Lee, A. B. On the limits of toy caches. In Proceedings of the ACM"
        " SIGMOD Conference, 2021.\n"
        "3. Wu M., Lee A. B. Deriving toy triggers from graphs. In International Conference on"
        " Data Engineering, 2019."
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.authors, p.owner_position) for p in pubs] == [
        ("Quiet toys at scale", ["Lee, A. B"], 1),
        ("On the limits of toy caches", ["Roe, J", "Lee, A. B"], 2),
        ("Deriving toy triggers from graphs", ["Wu M", "Lee A. B"], 2),
    ]


def test_inverted_names_with_a_given_name_and_middle_initial() -> None:
    body = (
        "1. Lee, Ann B. Quiet toys at scale. Toy Letters, 12(3), 2020.\n"
        "2. Roe, Jane A., and Lee, Ann B. On the limits of toy caches. Toy Letters, 2021.\n"
        "3. Lee, Ann B. and Wu, Bo (2019). Deriving toy triggers from graphs. Toy Letters, 8(1).\n"
        '4. Lee, Ann B. "Sparse toy graphs at scale." Toy Letters 12.3 (2018): 1-9.'
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.authors, p.owner_position, p.year) for p in pubs] == [
        ("Quiet toys at scale", ["Lee, Ann B"], 1, 2020),
        ("On the limits of toy caches", ["Roe, Jane A", "Lee, Ann B"], 2, 2021),
        ("Deriving toy triggers from graphs", ["Lee, Ann B", "Wu, Bo"], 1, 2019),
        ("Sparse toy graphs at scale", ["Lee, Ann B"], 1, 2018),
    ]


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
@given(st.lists(st.sampled_from(AUTHOR_TEXT_WORDS), max_size=10), st.sampled_from([" ", ""]))
def test_name_head_shortcut_equals_the_plain_computation(words: list[str], glue: str) -> None:
    from bilingual_cv.publications.authors import _NAME_END_RE, _name_head

    text = glue.join(words)
    if not any(_NAME_END_RE.finditer(text)):  # the word-based reading decides
        head = _name_head(text, (0, len(text)))
        assert (head[1] if head else None) == _plain_name_head_by_words(text)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from([*AUTHOR_TEXT_WORDS, "Lee, A.", "Roe,Jane", " ,", ",,"]), max_size=10),
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


def test_the_name_after_and_closes_an_author_list() -> None:
    """Title words after "..., and <last author>," are the title, never one more name."""
    cv = cv_with(
        "[1] Ann Lee, Bo Wu and Cy Ma, Robust Toy-Level Caching with Bounded Queues. "
        "Toy Conference (TOYC), 2021, 11-19.\n"
        "[2] Ann Lee, Bo Wu, and Cy Ma, Square-Root Toy Filters and Their Use in Caches. "
        "Toy Letters, 2020, 3(2), 7-9."
    )
    assert [(p.title, p.authors) for p in cv.publications] == [
        ("Robust Toy-Level Caching with Bounded Queues", ["Ann Lee", "Bo Wu", "Cy Ma"]),
        ("Square-Root Toy Filters and Their Use in Caches", ["Ann Lee", "Bo Wu", "Cy Ma"]),
    ]


def test_title_case_title_words_after_a_comma_are_no_names() -> None:
    """ "Authors, Title, In: Venue" with no "and": title-case words that read like names are
    the title when a lowercase title word goes on after them."""
    cv = cv_with(
        "Ann Lee, Bo Wu, Cy Ma, Exploring Queue Context and Visual Toys for Scene Caching, "
        "In: Proceedings of the Toy Systems Conference, pp. 10-19, 2019."
    )
    (pub,) = cv.publications
    assert pub.title == "Exploring Queue Context and Visual Toys for Scene Caching"
    assert pub.authors == ["Ann Lee", "Bo Wu", "Cy Ma"]


def test_a_year_after_the_last_inverted_name_is_no_footnote_mark() -> None:
    cv = cv_with(
        "1. Roe, J., Poe, A., Ito, K., & Lee, A. 2021. Fast toys for slow networks and their "
        "queues. Journal of Toy Science 104:1274-1285."
    )
    (pub,) = cv.publications
    assert pub.title == "Fast toys for slow networks and their queues"
    assert len(pub.authors) == 4 and pub.owner_position == 4 and pub.year == 2021


def test_marks_on_inverted_initials_and_a_group_author_keep_the_list_whole() -> None:
    cv = cv_with(
        "1. Lee, A.*, Roe, J., Ito, K. K., ToyNet Consortium, & Poe, A. 2023. Sorting toys "
        "by weight in bounded time. Journal of Toy Science 10:1-9."
    )
    (pub,) = cv.publications
    assert pub.title == "Sorting toys by weight in bounded time"
    assert len(pub.authors) == 5 and "ToyNet Consortium" in pub.authors
    assert pub.owner_position == 1


def test_a_colon_after_inverted_initials_closes_the_author_list() -> None:
    """Springer's LNCS style: ``Roe, J., Poe, A.: Title. In: Venue``; the colon ends the list
    after a last name's initials (footnote marks or not), and after a single author's."""
    cv = cv_with(
        "1. Wu, B., Lee, A.*, O'Dell, C. D.: Quiet queues for loud toys. In: Proceedings of the"
        " Toy Conference (TOYC), pp. 1–9. Springer, Cham (2022)\n"
        "2. Lee, A.: Sorting toys by weight. Journal of Toy Science 4(2), 11–19 (2021)\n"
        "3. Ruiz-Soto, P., Lee, A.: Graph toys: a survey. Toy Letters 3(1), 1–9 (2020)\n"
    )
    assert [(p.title, p.authors, p.owner_position, p.year) for p in cv.publications] == [
        ("Quiet queues for loud toys", ["Wu, B", "Lee, A", "O'Dell, C. D"], 2, 2022),
        ("Sorting toys by weight", ["Lee, A"], 1, 2021),
        ("Graph toys: a survey", ["Ruiz-Soto, P", "Lee, A"], 2, 2020),
    ]


def test_initials_end_the_last_name_of_an_inverted_list_before_a_system_name() -> None:
    """ACM's bibtex style: ``Roe, A., Wu, B., and Poe, C. Toyline: Title``. Where every name
    before is a family name and initials, the last name ends at its initials even when the
    title opens with a capitalised word that could be a family name, and middle initials
    stay with their name."""
    cv = cv_with(
        "[1] Lee, A., Dunmore, B., and Pellegrin, L. Belhalkv: Secure load balancing for"
        " toy clouds. Journal of Toy Science 31, 10 (Oct. 2016), 77–86.\n"
        "[2] Lee, A., Marsh, V., Joubert, F., Yang, H., and Luo, G. Lumlum: Quiet fault"
        " injection for toy graphs. In Proceedings of the Toy Conference (TOYC) (Dec. 2025),"
        " pp. 755–770.\n"
        "[3] Wu, B., Lee, A., and O'Dell, C. D. Sorting toys by weight. Toy Letters 4, 2"
        " (2021), 11–19.\n"
    )
    assert [(p.title, len(p.authors), p.owner_position) for p in cv.publications] == [
        ("Belhalkv: Secure load balancing for toy clouds", 3, 1),
        ("Lumlum: Quiet fault injection for toy graphs", 5, 1),
        ("Sorting toys by weight", 3, 2),
    ]
    assert cv.publications[2].authors[2] == "O'Dell, C. D"


def test_initials_end_a_name_in_a_list_of_family_names_and_initials() -> None:
    """GB/T 7714 writes "Family I" without stops: in such a list "Ma C. ToyDB: ..." is the
    author Ma C and a title opening with a system's name; elsewhere "John W. Smith" keeps its
    middle initial."""
    cv = cv_with(
        "[1] Wu B, Lee A, Ma C. ToyDB: Fast toys for slow networks[J]. Journal of Toy Science,"
        " 2021, 4(2): 1-9.\n"
        "[2] Bo Wu, John W. Smith, Ann Lee. Quiet queues for loud toys. Toy Letters, 2020.\n",
        name="Lee A",
    )
    assert [(p.title, p.authors) for p in cv.publications] == [
        ("ToyDB: Fast toys for slow networks", ["Wu B", "Lee A", "Ma C"]),
        ("Quiet queues for loud toys", ["Bo Wu", "John W. Smith", "Ann Lee"]),
    ]


def test_a_given_name_spelled_like_a_function_word_is_a_name_among_names() -> None:
    """``An`` (a pinyin given name) opens titles too ("An Empirical Study"): among names it
    is a name, first, in the middle, last before the title, or before "and"."""
    body = (
        "[1] Zed Quill, An Xu, Bo Wu. A Fictional Study of Toy Caches. In ToyConf, 2021.\n"
        "[2] An Lin, Zed Quill. Pretend Paging for Imaginary Machines. In ToyConf, 2020.\n"
        "[3] Zed Quill, Bo Wu, An Lin. Toy Queues at Scale. In ToyConf, 2019.\n"
        "[4] Zed Quill, An Zhou, and Cy Ma. Pretend Sorting. In ToyConf, 2018.\n"
        "[5] Zed Quill, Bo Wu. An Overview of Toy Queues. In ToyConf, 2017.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.authors, p.title) for p in pubs] == [
        (["Zed Quill", "An Xu", "Bo Wu"], "A Fictional Study of Toy Caches"),
        (["An Lin", "Zed Quill"], "Pretend Paging for Imaginary Machines"),
        (["Zed Quill", "Bo Wu", "An Lin"], "Toy Queues at Scale"),
        (["Zed Quill", "An Zhou", "Cy Ma"], "Pretend Sorting"),
        (["Zed Quill", "Bo Wu"], "An Overview of Toy Queues"),
    ]


def test_gbt_2015_family_names_in_capitals_end_at_their_initials() -> None:
    """GB/T 7714-2015 (biblatex-gb7714-2015, gbt7714) prints Latin family names in capitals
    without stops after the initials: the last name's initial and its stop end the list, so a
    title opening with a word in capitals is no part of a name (``WANG H. TOYDB: ...``)."""
    body = (
        "[1] XU Y, LI C, ZHOU M, LEE A. QUOKKADB: Sparse toy caching for pretend clusters[C]//"
        "Proceedings of the International Static Analysis Symposium (SAS). 2013: 438-452.\n"
        "[2] LEE A, RUIZ-SOTO B. PAGER: Make-believe paging at toy scale[J]. Personal and "
        "Ubiquitous Computing, 2021, 25(3): 1-9.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.authors, p.title, p.owner_position) for p in pubs] == [
        (
            ["XU Y", "LI C", "ZHOU M", "LEE A"],
            "QUOKKADB: Sparse toy caching for pretend clusters",
            4,
        ),
        (["LEE A", "RUIZ-SOTO B"], "PAGER: Make-believe paging at toy scale", 1),
    ]


def test_a_family_name_with_a_short_capitalised_particle_before_initials() -> None:
    """APA's ``De Roos, L., & Poe, M.``: "De Roos" is one family name when initials follow
    it (a given name "De" or "Di" stays one: "Di Xu, Ann Lee" is two people)."""
    cv = cv_with(
        "1. De Roos, L., & Poe, M. (1990). Indirect toys and bias. Toy Acquisition, 2, 365-390.\n"
        "2. Poe, M., & Le Fevre, A. B. (1994). Inductive toy programming. Journal of Toys, 19, 1-9.\n"
        "3. Di Xu, Ann Lee. Quiet toy caches. In Proceedings of the Toy Conference, 2020.\n",
        name="Ann Lee",
    )
    assert [p.authors for p in cv.publications] == [
        ["De Roos, L", "Poe, M"],
        ["Poe, M", "Le Fevre, A. B"],
        ["Di Xu", "Ann Lee"],
    ]


def test_a_pinyin_given_name_spelled_like_a_function_word_written_family_name_first() -> None:
    """biblatex's authoryear writes the first author family name first: ``Xu, An`` (安) is a
    name beside other names, as ``An Xu`` is."""
    cv = cv_with(
        "[1] Xu, An, Ann Lee, Dana Kestrel, and Wren Varga (Jan. 2014). “Toyline: Fine-grained"
        " toys”. In: Proceedings of the Toy Conference, pp. 1–9.\n",
        name="Ann Lee",
    )
    assert cv.publications[0].authors == ["Xu, An", "Ann Lee", "Dana Kestrel", "Wren Varga"]
    assert cv.publications[0].owner_position == 2


def test_an_initial_glued_to_the_name_after_it_is_a_name() -> None:
    """A space lost after an initial (``L.Sunil Chandran``, ``J.Roe``) leaves a name; an
    abbreviation of initials (``U.S.Army``) is none."""
    text = "Ann Lee, L.Sunil Chandran, and J.Roe. Lower bounds for toys. Toy Journal, 2014"
    spans = find_author_run(text)[2]
    assert [text[s:e] for s, e in spans] == ["Ann Lee", "L.Sunil Chandran", "J.Roe"]
    assert find_author_run("U.S.Army Toys. Proc. Toys, 2020")[2] == []


def test_a_gbt_list_of_capitals_and_initials_ends_before_a_title_opening_with_a() -> None:
    """``…, GAN Z, LU P. A Simple and Effective …``: the last name's initial closes the list
    (GB/T 7714 lists write family names in capitals and initials), and the title's article
    ``A`` is no second initial, even where the title's words read like names."""
    from .conftest import cv_with

    body = (
        "[12] LEE W, LEE J*, GAN Z, MA Y, LU P. A Simple and Effective Toy Resonator for Kite "
        "Recording[J]. Toy Physics Letters, 2024, 12(3): 1-9."
    )
    pub = cv_with(body).publications[0]
    assert pub.title == "A Simple and Effective Toy Resonator for Kite Recording"
    assert pub.authors == ["LEE W", "LEE J", "GAN Z", "MA Y", "LU P"]
