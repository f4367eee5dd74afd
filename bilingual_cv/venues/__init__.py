"""Venues: the CCF catalogs, the venue matcher and the Chinese-journal catalogue.

The modules, each importing only those before it:

- :mod:`.tokens`: tokens and lookup keys of venue texts, marker phrases found among them;
- :mod:`.markers`: the words around a venue name and the kinds of venue they tell;
- :mod:`.catalog`: editions, venue records, and the keys ``lexicons/ccf/`` gives each venue;
- :mod:`.index`: every lookup table, built once and kept in the cache folder as plain JSON;
- :mod:`.lookup`: catalog names found in a text's words (whole, loose, ISO 4, inside text);
- :mod:`.match`: a found name as a :class:`VenueMatch`, and its ``ccf`` value;
- :mod:`.workshops`: workshops held at a host venue (``X@Host``);
- :mod:`.describe`: what a publication's venue text names (:func:`describe_venue`);
- :mod:`.find`: every venue mentioned in free text (:func:`find_venues`);
- :mod:`.names`: one venue, one short name across a CV (:func:`share_short_names`);
- :mod:`.initials`: a short name from a name's initials, for the shapes measured precise
  (:func:`~bilingual_cv.venues.initials.derived_acronym`);
- :mod:`.cn_journals`: CCF's Chinese-journal catalogues.

Ranking each publication's venue is a step of the publications stage, which uses this
package: :func:`bilingual_cv.publications.rank.rank_venues`.
"""

from bilingual_cv.venues.catalog import DEFAULT_EDITION, EDITIONS, Edition, VenueRecord
from bilingual_cv.venues.describe import describe_venue, without_links
from bilingual_cv.venues.find import find_venues
from bilingual_cv.venues.markers import VenueKind, VenueType
from bilingual_cv.venues.match import Method, VenueMatch, ccf_info
from bilingual_cv.venues.names import share_short_names, venue_name_key

__all__ = [
    "DEFAULT_EDITION",
    "EDITIONS",
    "Edition",
    "Method",
    "VenueKind",
    "VenueMatch",
    "VenueRecord",
    "VenueType",
    "ccf_info",
    "describe_venue",
    "find_venues",
    "share_short_names",
    "venue_name_key",
    "without_links",
]
