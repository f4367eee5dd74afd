"""Compare the hand-written readers with well-kept libraries (issue 12, point 7, reader side).

Usage::

    .venv/bin/pip install charset-normalizer selectolax html-text python-docx docx2python
    nice -n 10 .venv/bin/python bench/readers.py [--repeat N]

Three comparisons, each on real text: the seed CVs beside the project (``../shared/seeds``, used
in memory only) and the repository's ``examples/``.

- **Encoding detection** (``io/encoding.py`` vs charset-normalizer): every text re-encoded in
  UTF-8 with and without BOM, UTF-16 with BOM and without (LE), GB18030, Big5 (texts Big5 can
  encode), cp1252 (texts cp1252 can encode); whole files and their first three lines (short
  inputs are the hard case). Right means the decoded text equals the original.
- **HTML to text** (``io/html.py`` on libxml2, the previous ``html.parser`` version from git,
  selectolax, html-text): each text as a CV web page (headings, paragraphs with ``<br>``,
  nested ``div``s, lists, a two-cell table row per dated line, entities, a script and a style).
  Score: share of the expected lines found exactly, in order (difflib matching blocks), and a
  time-growth check on 16,000 vs 32,000 unclosed ``<meta`` tags.
- **DOCX to text** (``io/docx.py`` vs python-docx, docx2python): each text as a Word document
  written by python-docx (headings, paragraphs, bulleted lists, a table row per dated line).

Speed is best-of-``--repeat`` CPU time over the whole corpus, given as a ratio to ours in the
same run. The libraries are optional: a missing one is reported and skipped.
"""

from __future__ import annotations

import argparse
import difflib
import html
import importlib.util
import io
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
ENCODINGS = ("utf-8", "utf-8-sig", "utf-16", "utf-16-le", "gb18030", "big5", "cp1252")
#: Hostile patterns timed at 8,000 and 16,000 repetitions: linear work doubles, quadratic
#: work quadruples.
GROWTH_UNITS = ("<meta ", "<b><div><font>")
#: A dated line ("2019.09 - 2024.06 Ph.D. ...") becomes a two-cell table row.
DATED = re.compile(
    r"^\s*[-*]?\s*((?:19|20)\d\d(?:[./-]\d{1,2})?\s*[-–~至]+\s*(?:(?:19|20)\d\d(?:[./-]\d{1,2})?|至今|present|now))\s*[,，:]?\s*(.+)$",
    re.IGNORECASE,
)


def load_texts() -> dict[str, str]:
    texts = {}
    for folder, pattern in ((SHARED / "seeds", "*.txt"), (ROOT / "examples", "*")):
        for path in sorted(folder.glob(pattern)) if folder.is_dir() else []:
            if path.suffix in (".txt", ".md"):
                texts[path.name] = path.read_text(encoding="utf-8")
    return texts


def clean_lines(text: str) -> list[str]:
    """The CV's lines as a reader should give them back: markdown marks off, spaces collapsed."""
    lines = []
    for line in text.splitlines():
        line = re.sub(r"^#+\s*|^\s*[-*]\s+|\*\*", "", line)
        line = " ".join(line.split())
        if line:
            lines.append(line)
    return lines


def best_cpu(function: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        function()
        best = min(best, time.process_time() - started)
    return best


def line_recall(expected: list[str], got: str) -> float:
    """Share of expected lines found, whole and in order, in the output's lines."""
    lines = [" ".join(line.split()) for line in got.splitlines() if line.strip()]
    matcher = difflib.SequenceMatcher(None, expected, lines, autojunk=False)
    return sum(block.size for block in matcher.get_matching_blocks()) / max(len(expected), 1)


def have(module: str) -> bool:
    if importlib.util.find_spec(module) is None:
        print(f"  ({module} not installed: skipped)")
        return False
    return True


# --------------------------------------------------------------------------- encoding


def encoding_cases(texts: dict[str, str]) -> list[tuple[str, str, bytes]]:
    cases = []
    for name, text in texts.items():
        short = "\n".join(text.splitlines()[:3]) + "\n"
        for codec in ENCODINGS:
            for label, sample in ((name, text), (name + " (3 lines)", short)):
                try:
                    data = sample.encode(codec)
                except UnicodeEncodeError:
                    continue
                if codec == "utf-16-le":
                    data = data.removeprefix(b"\xff\xfe")
                cases.append((f"{label} {codec}", sample, data))
    return cases


def ours_decode(data: bytes) -> str | None:
    from bilingual_cv.errors import InputError
    from bilingual_cv.io.encoding import decode_bytes

    try:
        return decode_bytes(data)[0].removeprefix("\ufeff")
    except InputError:
        return None


def charset_normalizer_decode(data: bytes) -> str | None:
    from charset_normalizer import from_bytes

    best = from_bytes(data).best()
    return None if best is None else str(best).removeprefix("\ufeff")


def bench_encoding(texts: dict[str, str], repeat: int) -> None:
    cases = encoding_cases(texts)
    print(
        f"\n## Encoding detection: {len(cases)} inputs ({len(texts)} texts x encodings x whole/3 lines)"
    )
    candidates = {"io/encoding.py (ours)": ours_decode}
    if have("charset_normalizer"):
        candidates["charset-normalizer"] = charset_normalizer_decode
    rows = []
    for label, decode in candidates.items():
        right = [decode(data) == text for _, text, data in cases]
        short_right = [
            ok for (name, _, _), ok in zip(cases, right, strict=True) if "3 lines" in name
        ]
        seconds = best_cpu(lambda decode=decode: [decode(data) for _, _, data in cases], repeat)
        wrong = [name for (name, _, _), ok in zip(cases, right, strict=True) if not ok]
        rows.append(
            (label, sum(right), len(right), sum(short_right), len(short_right), seconds, wrong)
        )
    base = rows[0][5]
    print("| candidate | right | right on 3-line inputs | CPU s | x ours |")
    print("|---|---|---|---|---|")
    for label, ok, total, short_ok, short_total, seconds, _ in rows:
        print(
            f"| {label} | {ok}/{total} | {short_ok}/{short_total} | {seconds:.3f} | {seconds / base:.1f} |"
        )
    for label, *_, wrong in rows:
        kinds = sorted({name.rsplit(" ", 1)[1] for name in wrong})
        print(f"  {label} wrong on encodings: {', '.join(kinds) or 'none'} ({len(wrong)} inputs)")


# --------------------------------------------------------------------------- HTML


def build_page(lines: list[str]) -> str:
    """A CV web page with the structure real ones have; its visible lines are ``lines``."""
    out = [
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>CV</title>",
        "<style>td{padding:0}</style><script>var cv = '<p>not text</p>';</script></head>",
        "<body><div class='page'><div class='main'>",
    ]
    in_list = False
    for index, line in enumerate(lines):
        escaped = html.escape(line, quote=False).replace("\u00a0", "&nbsp;").replace("–", "&ndash;")
        dated = DATED.match(line)
        bullet = index % 5 == 3 and not dated
        if bullet and not in_list:
            out.append("<ul>")
            in_list = True
        if not bullet and in_list:
            out.append("</ul>")
            in_list = False
        if dated:
            out.append(
                "<table><tr><td>"
                + html.escape(dated.group(1))
                + "</td><td>"
                + html.escape(dated.group(2))
                + "</td></tr></table>"
            )
        elif bullet:
            out.append(f"<li>{escaped}</li>")
        elif len(line) < 20 and index % 3 == 0:
            out.append(f"<h2>{escaped}</h2>")
        elif index % 4 == 1:
            out.append(f"<div><div><span>{escaped}</span></div></div>")
        else:
            out.append(f"<p>{escaped}<br>\n</p>")
    if in_list:
        out.append("</ul>")
    out.append("</div></div></body></html>")
    return "\n".join(out)


def expected_page_lines(lines: list[str]) -> list[str]:
    expected = []
    for line in lines:
        dated = DATED.match(line)
        expected.append(f"{dated.group(1)}\t{dated.group(2)}" if dated else line)
    return [" ".join(line.split()) for line in expected]


def previous_html_module() -> Callable[[str], str] | None:
    """``io/html.py`` as it was on ``html.parser`` (from git), or None outside a checkout."""
    try:
        source = subprocess.run(
            ["git", "-C", str(ROOT), "log", "--format=%H", "-n1", "--grep=HTML through libxml2"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        code = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{source}~1:bilingual_cv/io/html.py"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    namespace: dict[str, object] = {"__name__": "previous_html"}
    exec(compile(code, "previous io/html.py", "exec"), namespace)  # noqa: S102 - our own code
    return namespace["html_to_text"]  # type: ignore[return-value]


def bench_html(texts: dict[str, str], repeat: int) -> None:
    from bilingual_cv.errors import InputError
    from bilingual_cv.io.html import html_to_text

    pages = {name: build_page(clean_lines(text)) for name, text in texts.items()}
    expected = {name: expected_page_lines(clean_lines(text)) for name, text in texts.items()}
    print(f"\n## HTML to text: {len(pages)} CV pages")
    candidates: dict[str, Callable[[str], str]] = {
        "io/html.py on libxml2 (ours)": lambda page: html_to_text(page),
    }
    previous = previous_html_module()
    if previous is not None:
        candidates["io/html.py on html.parser (before)"] = previous
    if have("selectolax"):
        from selectolax.lexbor import LexborHTMLParser

        def selectolax_text(page: str) -> str:
            tree = LexborHTMLParser(page)
            for node in tree.css("script, style"):
                node.decompose()
            return tree.body.text(separator="\n") if tree.body else ""

        candidates["selectolax (lexbor)"] = selectolax_text
    if have("html_text"):
        import html_text

        candidates["html-text (lxml)"] = lambda page: html_text.extract_text(page)
    rows = []
    for label, convert in candidates.items():
        recall = sum(line_recall(expected[n], convert(p)) for n, p in pages.items()) / len(pages)
        seconds = best_cpu(lambda convert=convert: [convert(p) for p in pages.values()], repeat)
        growth = []
        for unit in GROWTH_UNITS:
            for n in (8_000, 16_000):
                started = time.process_time()
                try:
                    convert(unit * n)
                except InputError:  # ours refuses nesting past the cap: quickly, as wanted
                    pass
                growth.append(time.process_time() - started)
        rows.append((label, recall, seconds, growth))
    base = rows[0][2]
    print(
        "| candidate | lines recovered | CPU s | x ours | unclosed `<meta ` x8k / x16k s"
        " | misnested `<b><div><font>` x8k / x16k s |"
    )
    print("|---|---|---|---|---|---|")
    for label, recall, seconds, growth in rows:
        print(
            f"| {label} | {recall:.3f} | {seconds:.3f} | {seconds / base:.1f} |"
            f" {growth[0]:.2f} / {growth[1]:.2f} | {growth[2]:.2f} / {growth[3]:.2f} |"
        )


# --------------------------------------------------------------------------- DOCX


def build_word(lines: list[str]) -> bytes:
    import docx

    document = docx.Document()
    for index, line in enumerate(lines):
        dated = DATED.match(line)
        if dated:
            table = document.add_table(rows=1, cols=2)
            table.cell(0, 0).text, table.cell(0, 1).text = dated.group(1), dated.group(2)
        elif index % 5 == 3:
            document.add_paragraph(line, style="List Bullet")
        elif len(line) < 20 and index % 3 == 0:
            document.add_heading(line, level=2)
        else:
            document.add_paragraph(line)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def python_docx_text(data: bytes) -> str:
    import docx

    document = docx.Document(io.BytesIO(data))
    lines = []
    for block in document.iter_inner_content():
        if hasattr(block, "rows"):
            for row in block.rows:
                lines.append("\t".join(cell.text for cell in row.cells))
        else:
            lines.append(block.text)
    return "\n".join(lines)


def docx2python_text(data: bytes) -> str:
    from docx2python import docx2python

    with docx2python(io.BytesIO(data)) as content:
        return str(content.text)


def bench_docx(texts: dict[str, str], repeat: int) -> None:
    from bilingual_cv.io.docx import extract_docx_text

    if not have("docx"):
        return
    documents = {name: build_word(clean_lines(text)) for name, text in texts.items()}
    expected = {name: expected_page_lines(clean_lines(text)) for name, text in texts.items()}
    print(f"\n## DOCX to text: {len(documents)} Word documents written by python-docx")
    candidates: dict[str, Callable[[bytes], str]] = {"io/docx.py (ours)": extract_docx_text}
    candidates["python-docx"] = python_docx_text
    if have("docx2python"):
        candidates["docx2python"] = docx2python_text
    rows = []
    for label, convert in candidates.items():
        recall = sum(line_recall(expected[n], convert(d)) for n, d in documents.items())
        seconds = best_cpu(lambda convert=convert: [convert(d) for d in documents.values()], repeat)
        rows.append((label, recall / len(documents), seconds))
    base = rows[0][2]
    print("| candidate | lines recovered | CPU s | x ours |")
    print("|---|---|---|---|")
    for label, recall, seconds in rows:
        print(f"| {label} | {recall:.3f} | {seconds:.3f} | {seconds / base:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    texts = load_texts()
    if not texts:
        sys.exit("no texts found (../shared/seeds and examples/)")
    print(
        f"{len(texts)} texts: {sum(1 for n in texts if n[:3].isdigit())} seeds, the rest examples"
    )
    bench_encoding(texts, args.repeat)
    bench_html(texts, args.repeat)
    bench_docx(texts, args.repeat)


if __name__ == "__main__":
    main()
