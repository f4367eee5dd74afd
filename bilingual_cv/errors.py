"""The exception hierarchy.

Only what the pipeline cannot recover from is an exception; everything else becomes a
``Warning`` in ``CV.warnings``.
"""

from __future__ import annotations


class BilingualCVError(Exception):
    """Base of every error this package raises on purpose."""


class InputError(BilingualCVError):
    """The source is unreadable, undecodable, empty or of an unsupported format.

    The message names the file when there is one, so a batch can print it as is.
    """


class LexiconError(BilingualCVError):
    """A lexicon file is malformed: a packaging or editing bug, raised at load time."""
