"""Parsers for the fields inside one entry of a section: dates now, other kinds when a section
has rules of its own (``entries/<kind>.py``)."""
