"""Publication lists: entries split, fields parsed, kind decided, owner found.

Entry styles seen in real CVs, all handled here:

- tagged or numbered items (``[C13]``, ``1.``, ``- 1.``) and bullets, one entry per item,
  with the item's wrapped lines and note lines;
- untagged multi-line entries (title / authors / venue lines, in any order, blank lines
  between) grouped by what each line is;
- one-line ``Authors. Title. Venue (ABBR), Year.``; ``Authors, "Title". (Venue Year, CCF-A)``;
  title and authors run together on one line;
- Chinese references (``作者. 标题[J]. 期刊, 2023``), the Chinese APA form of Taiwan and
  Hong Kong (``作者、作者（2023）。标题。期刊，12(3)，45-67。``) and patents
  (``CN202310456789.3《标题》作者，作者``), also printed as patent offices print them: the
  number and a date column on the item's first line, the title under it;
- a two-column table whose left cell holds the title and the authors and whose right cell
  holds the venue over the year, read line by line across both cells;
- a left margin column of tags (a venue with its year, an entry number, a year) beside the
  entries, their wrapped lines indented to the entries' column.

The modules, each importing only those before it:

- :mod:`.parts`: an entry's pieces (:class:`Parts`) and its joined text;
- :mod:`.cues`: lexicon cue words (kind words, note words) found in text;
- :mod:`.year`: year patterns, patent numbers, :func:`find_year`;
- :mod:`.patent_numbers`: a line that holds only a patent's number and date;
- :mod:`.names`: one author's name, its cleaning and its spellings;
- :mod:`.venue_text`: whether a text names a venue, its catalog query, its written name;
- :mod:`.authors`: author runs in entry text;
- :mod:`.notes`: notes, position words and links beside the fields;
- :mod:`.wrap`: what a list's layout says of its lines (wrapped mid-sentence, full to the
  column's edge, after a blank line that separates entries);
- :mod:`.table_row`: a table row of a publication's fields rewritten as a citation;
- :mod:`.ip_items`: patents and software copyrights opened or closed by a kind label;
- :mod:`.cells`: a list set as a two-column table whose right cells stack a venue over a
  year, read as a column of their own;
- :mod:`.margin`: a list whose entries carry a tag in a left margin column (``SOSP'23``,
  ``J2``, ``2023``), the entries' lines indented to the column beside it;
- :mod:`.split`: a list split into entries (labels, anchors, line roles);
- :mod:`.chinese_apa`: one citation in the Chinese APA form (authors, year, title, venue);
- :mod:`.fields`: one entry's title, authors, venue and notes (:func:`parse_parts`);
- :mod:`.kind`: the kind of a publication;
- :mod:`.owner`: the owner's position and inferred name;
- :mod:`.roles`: the owner's roles (first, co-first, corresponding) from marks and words;
- :mod:`.build`: Publications built from a CV's sections (:func:`parse_publications`);
- :mod:`.rank`: each venue's CCF rank, and the CV's own claims checked (:func:`rank_venues`).
"""

from bilingual_cv.publications.build import build_publication, parse_publications
from bilingual_cv.publications.fields import parse_parts
from bilingual_cv.publications.kind import kind_hint
from bilingual_cv.publications.owner import inferred_owner_name
from bilingual_cv.publications.parts import Parts
from bilingual_cv.publications.split import split_entries
from bilingual_cv.publications.venue_text import CLAIM_RE, venue_query, venue_short_name

__all__ = [
    "CLAIM_RE",
    "Parts",
    "build_publication",
    "inferred_owner_name",
    "kind_hint",
    "parse_parts",
    "parse_publications",
    "split_entries",
    "venue_query",
    "venue_short_name",
]
