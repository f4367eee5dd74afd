"""The entries stage: each section's lines read into typed entries.

- ``education.py`` groups an education section into degrees; ``degrees.py`` reads what one of
  its lines names (degree, field, institution, date, location);
- ``positions.py`` groups an experience section's lines into positions; ``experience.py``
  reads each position's fields; ``titles.py`` reads what a job title says;
- ``mixed.py``: lists mixing degrees and positions (each entry to the list of its kind), and
  a summary block that lists appointments;
- ``items.py``: awards and the other one-line lists; ``person.py``: the owner and contacts;
- shared readers: ``labels.py`` (``Label: value``), ``dates.py`` (an entry's dates),
  ``places.py``, ``organizations.py``, ``phrases.py`` (lexicon phrase matchers) and
  ``line_text.py`` (markers, columns, raw text).
"""
