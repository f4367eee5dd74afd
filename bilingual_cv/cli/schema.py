"""The ``schema`` command: the JSON Schema of the output, on stdout."""

from __future__ import annotations

import argparse
import json


def run_schema(args: argparse.Namespace) -> int:
    """``bilingual-cv schema``: print the JSON Schema of a CV record."""
    from bilingual_cv.schema import CV

    print(json.dumps(CV.model_json_schema(), ensure_ascii=False, indent=2))
    return 0
