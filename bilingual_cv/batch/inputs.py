"""Which files a batch converts, what each is called in text, and what its output is named.

A batch meets every file name a file system allows: bytes that are not UTF-8 (a zip made on a
Windows machine with GBK names), 255-byte names, newlines and other control characters. Each
input has three forms:

- the path itself (a :class:`~pathlib.Path`; undecodable bytes are kept as lone surrogates,
  Python's ``surrogateescape``), which is what is opened;
- its *text name* (:func:`text_name`): exact for names that are UTF-8, with each undecodable
  byte written ``\\xNN`` otherwise; safe in JSON and CSV, which cannot hold lone surrogates.
  The manifest records it as ``input``, next to ``input_b64``, the exact bytes
  (:func:`name_b64`);
- its *display name* (:func:`display_name`): the text name with control characters escaped
  too, so that a message about one file is one line on the terminal.

Outputs are named from the input's stem (:func:`output_stem`): characters no file system
takes become ``_``, names are cut to :data:`MAX_STEM_BYTES` bytes, and a name that had to be
changed gets a short hash of the original bytes, so that two inputs never share an output.

Every file to convert is looked at once, in the walk: links are resolved there, and the
file's device and inode recorded (:class:`CheckedFile`). The batch opens the resolved file
without following links and refuses it when it is no longer that file, so a link or another
file swapped in after the walk is never converted in its place.

Every file under an input folder (hidden ones left out) becomes an input: a file of a format
that is not read (``.doc``, ``.wps``, ``.pages``, images, spreadsheets ...) is refused with the
error code :data:`~bilingual_cv.batch.formats.UNSUPPORTED_CODE` and a hint saying how to make
it readable (:mod:`bilingual_cv.batch.formats`), so no candidate vanishes from the batch; a
file without a suffix is given to the reader, which sniffs its format. A report this package
wrote (``report.html`` left among the CVs) is refused as :data:`NOT_A_CV_CODE`. The folders
and files the run itself writes (``exclude``) and the output folders of earlier runs (they
hold this package's control files) are not walked; the latter are named in
:attr:`InputSet.notes`.

Folders are walked without following symbolic links out of them: a link (to a file or a
folder) that leads outside the folder named on the command line is refused with the error
code :data:`OUTSIDE_CODE` and a reason, never converted and never dropped silently. A link to a
folder inside the tree is not followed (its files are reached through their real place), so a
link loop cannot make the walk run for ever. A FIFO, socket or device is refused too
(:data:`SPECIAL_CODE`): reading one could block a worker for ever.
"""

from __future__ import annotations

import base64
import dataclasses
import glob
import hashlib
import os
import stat
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

from bilingual_cv.batch.formats import (
    INPUT_SUFFIXES,
    UNSUPPORTED_CODE,
    is_input_suffix,
    is_known_unsupported,
    suffix_of,
    unsupported_hint,
)

__all__ = [
    "INPUT_SUFFIXES",
    "NOT_A_CV_CODE",
    "OUTSIDE_CODE",
    "SPECIAL_CODE",
    "UNSUPPORTED_CODE",
    "CheckedFile",
    "Input",
    "InputSet",
    "assign_output_names",
    "collect_inputs",
    "display_name",
    "find_inputs",
    "name_b64",
    "output_stem",
    "text_name",
]

#: Characters that make an argument a glob pattern.
GLOB_CHARS = frozenset("*?[")
#: error_code of a symbolic link that leads outside the folder (or pattern base) it was found in.
OUTSIDE_CODE = "outside_input_tree"
#: error_code of a FIFO, socket or device: reading one could block for ever.
SPECIAL_CODE = "not_a_regular_file"
#: error_code of a file that is known not to be a CV: a report this package wrote.
NOT_A_CV_CODE = "not_a_cv"
#: How a report of this package starts to say who made it (``report/page.py`` writes it).
OWN_REPORT_MARK = b'<meta name="generator" content="bilingual-cv '
#: The mark is looked for in this many first bytes of an HTML file.
OWN_REPORT_WINDOW = 4096
#: Files that only an output folder of ``convert`` holds (its owners file and its lock): a
#: folder with one is not walked for inputs.
OUTDIR_MARKS = (".bilingual-cv.owners", ".bilingual-cv.lock")
#: Output stems are cut to this many UTF-8 bytes: with ``-NNN``, a hash, ``.json`` and the
#: temporary name an atomic write uses, every name stays far below NAME_MAX (255 bytes).
MAX_STEM_BYTES = 120
#: Hex digits of the SHA-256 of the original name added to a stem that had to be changed.
HASH_DIGITS = 8
#: Characters that no output name gets (separators, and what Windows or Samba refuse).
UNSAFE_NAME_CHARS = frozenset('/\\:*?"<>|')
#: Unicode categories escaped in display names and replaced in output names: controls,
#: format characters (bidi overrides can disguise a name), line and paragraph separators.
CONTROL_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
#: The stem an input gets when nothing of its own name is usable.
FALLBACK_STEM = "cv"


@dataclass(frozen=True, slots=True)
class CheckedFile:
    """A file to convert as the walk found it: its name, the file to open, and which file it was.

    It is a path-like object (its name), so :func:`~bilingual_cv.batch.pool.parse_many` takes it
    among plain paths; a batch reads it with
    :func:`~bilingual_cv.io.readers.read_input_bytes`, which opens ``real`` without following
    a link and refuses any file but the one ``identity`` names.

    Attributes:
        path: The name it was found by (a link's own path when reached through a link); the
            name a CV and every message record.
        real: The file to open: ``path`` with every link resolved, at the walk.
        identity: ``(st_dev, st_ino)`` of ``real`` at the walk; None when it could not be
            looked at (missing, dangling): reading it then fails as unreadable.
    """

    path: Path
    real: Path
    identity: tuple[int, int] | None

    def __fspath__(self) -> str:
        return os.fspath(self.path)


@dataclass(frozen=True, slots=True)
class Input:
    """One input of a batch: a file to convert, or a path refused before parsing.

    Attributes:
        path: The path as found (relative or absolute as the argument was).
        error_code: Why it is refused (:data:`OUTSIDE_CODE`, :data:`SPECIAL_CODE`), None for
            a file to convert.
        reason: The refusal as a sentence, None for a file to convert.
        real: The file to open (links resolved, see :class:`CheckedFile`); None for ``path``.
        identity: ``(st_dev, st_ino)`` of ``real`` at the walk, None when unknown.
    """

    path: Path
    error_code: str | None = None
    reason: str | None = None
    real: Path | None = None
    identity: tuple[int, int] | None = None

    def checked(self) -> CheckedFile:
        """This input as a :class:`CheckedFile`: what a batch reads, and which file it must be.

        >>> Input(Path("cvs/roe.txt"), real=Path("/data/cvs/roe.txt"), identity=(64, 12)).checked()
        CheckedFile(path=PosixPath('cvs/roe.txt'), real=PosixPath('/data/cvs/roe.txt'), identity=(64, 12))
        """
        return CheckedFile(self.path, self.real or self.path, self.identity)


@dataclass(frozen=True, slots=True)
class InputSet:
    """What the command-line arguments name.

    Attributes:
        inputs: Every file to convert and every refused path, in a stable order.
        missing: A message for each argument that names nothing.
        notes: What the user should know of the walk: a pattern that matched only files of
            formats that are not read, an output folder of an earlier run left out.
    """

    inputs: list[Input]
    missing: list[str]
    notes: list[str] = dataclasses.field(default_factory=list)


# --- names ------------------------------------------------------------------------------------


def name_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a path as the file system has them (lone surrogates become their bytes).

    >>> name_bytes(Path("caf\\udce9.txt"))
    b'caf\\xe9.txt'
    """
    text = os.fspath(path)
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a surrogate no file system produced: keep it visible
        return text.encode("utf-8", "backslashreplace")


def name_b64(path: str | os.PathLike[str]) -> str:
    """The path's exact bytes in base64: ``os.fsdecode(base64.b64decode(...))`` gives it back.

    >>> name_b64(Path("caf\\udce9.txt"))
    'Y2Fm6S50eHQ='
    """
    return base64.b64encode(name_bytes(path)).decode("ascii")


def text_name(path: str | os.PathLike[str]) -> str:
    """The path as text: exact when it is UTF-8, undecodable bytes written ``\\xNN``.

    >>> text_name(Path("cvs/caf\\udce9.txt")), text_name(Path("cvs/李华.pdf"))
    ('cvs/caf\\\\xe9.txt', 'cvs/李华.pdf')
    """
    return name_bytes(path).decode("utf-8", "backslashreplace")


def display_name(path: str | os.PathLike[str]) -> str:
    """The text name with control and format characters escaped: always one printable line.

    >>> print(display_name(Path("in/new\\nline\\udcff.txt")))
    in/new\\nline\\xff.txt
    """
    return "".join(_escape(char) for char in text_name(path))


def _escape(char: str) -> str:
    if unicodedata.category(char) not in CONTROL_CATEGORIES:
        return char
    escaped = char.encode("unicode_escape").decode("ascii")
    return escaped if escaped.startswith("\\") else f"\\u{ord(char):04x}"


def output_stem(path: str | os.PathLike[str]) -> str:
    """A safe, bounded stem for an input's output file, unique to the input's name.

    UTF-8 stems that need no change are kept as they are; undecodable names are read as
    GB18030 when they are that (names from Chinese Windows), unsafe characters become ``_``,
    and a changed or shortened stem ends with a hash of the original bytes.

    >>> output_stem(Path("cvs/Jane Roe.pdf")), output_stem(Path("a/李华 简历.docx"))
    ('Jane Roe', '李华 简历')
    >>> output_stem(Path(os.fsdecode("李华".encode("gbk") + b".txt")))
    '李华-f367c897'
    >>> output_stem(Path("new\\nline.txt")), len(output_stem(Path("x" * 250 + ".txt")))
    ('new_line-b3005692', 129)
    """
    raw = name_bytes(Path(os.fspath(path)).stem)
    exact: str | None = None
    try:
        text = exact = raw.decode("utf-8")
    except UnicodeDecodeError:
        try:
            text = raw.decode("gb18030")
        except UnicodeDecodeError:
            text = raw.decode("utf-8", "replace").replace("\ufffd", "_")
    safe = "".join(
        "_"
        if char in UNSAFE_NAME_CHARS or unicodedata.category(char) in CONTROL_CATEGORIES
        else char
        for char in text
    )
    safe = safe.lstrip(". ").rstrip(". ") or FALLBACK_STEM
    cut = safe.encode("utf-8")[:MAX_STEM_BYTES].decode("utf-8", "ignore").rstrip(". ")
    if cut == exact:
        return cut
    digest = hashlib.sha256(name_bytes(path)).hexdigest()[:HASH_DIGITS]
    return f"{cut or FALLBACK_STEM}-{digest}"


def assign_output_names(
    inputs: Sequence[Path], keep: Mapping[int, str] | None = None, taken: Sequence[str] = ()
) -> list[str]:
    """``<stem>.json`` for each input; later inputs with a taken stem get ``-2``, ``-3`` ...

    Names are compared case-insensitively (for case-insensitive file systems).

    Args:
        inputs: The inputs, in input order.
        keep: Input index -> the output name a previous run gave it, which it keeps.
        taken: Names no input may get (outputs of inputs that are not in this run).

    >>> assign_output_names([Path("a/cv.txt"), Path("b/cv.pdf"), Path("cv-2.md"), Path("CV.docx")])
    ['cv.json', 'cv-3.json', 'cv-2.json', 'CV-4.json']
    >>> assign_output_names([Path("a/cv.txt"), Path("b/cv.txt")], keep={1: "cv.json"})
    ['cv-2.json', 'cv.json']
    """
    keep = keep or {}
    stems = [output_stem(path) for path in inputs]
    used = {name.casefold() for name in (*keep.values(), *taken)}
    owners: dict[str, int] = {}
    for index, stem in enumerate(stems):
        if index not in keep:
            owners.setdefault(stem.casefold(), index)
    reserved = used | {f"{stem}.json" for stem in owners}
    names: list[str] = []
    for index, stem in enumerate(stems):
        if index in keep:
            names.append(keep[index])
            continue
        name = f"{stem}.json"
        if owners[stem.casefold()] != index or name.casefold() in used:
            number = 2
            while f"{stem}-{number}.json".casefold() in reserved:
                number += 1
            name = f"{stem}-{number}.json"
        reserved.add(name.casefold())
        used.add(name.casefold())
        names.append(name)
    return names


# --- finding inputs ---------------------------------------------------------------------------


def collect_inputs(arguments: Sequence[str], exclude: Sequence[Path] = ()) -> InputSet:
    """Expand files, folders and glob patterns into inputs, in a stable order.

    Arguments are taken in the order given; a folder's files (hidden ones left out) and a
    pattern's matches are sorted. A file reached twice is kept once, at its first place. A file
    named on the command line is taken even when it is a link; links found inside a folder or
    by a pattern must stay inside it, else they are refused (:data:`OUTSIDE_CODE`). Files of a
    format that is not read are refused with a hint (:data:`UNSUPPORTED_CODE`).

    Args:
        arguments: Files, folders and glob patterns.
        exclude: Folders and files the run writes (its ``-o`` folder, tables, exports): never
            walked into, never inputs.
    """
    found: list[Input] = []
    missing: list[str] = []
    walk = _Walk({os.path.realpath(path) for path in exclude})
    seen: set[str] = set()

    def add(item: Input) -> None:
        key = os.path.realpath(item.path) if item.error_code is None else f"!{item.path}"
        if key not in seen:
            seen.add(key)
            found.append(item)

    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            for item in walk.folder(path, os.path.realpath(path)):
                add(item)
        elif os.path.lexists(path):
            add(_named_input(path))
        elif GLOB_CHARS & set(argument):
            matches = walk.pattern(argument)
            if not matches:
                missing.append(f"{display_name(argument)}: no file matches this pattern")
            elif all(item.error_code == UNSUPPORTED_CODE for item in matches):
                walk.notes.append(
                    f"{display_name(argument)}: matches only files of formats that are not read"
                    f" ({len(matches)} file(s)); {unsupported_hint(str(matches[0].path))}"
                )
            for item in matches:
                add(item)
        else:
            missing.append(f"{display_name(argument)}: no such file or folder")
    return InputSet(found, missing, walk.notes)


def find_inputs(arguments: Sequence[str]) -> tuple[list[Path], list[str]]:
    """The files the arguments name (refused links left out), and what names nothing.

    See :func:`bilingual_cv.batch.inputs.collect_inputs`, which also returns the refused links.
    """
    found = collect_inputs(arguments)
    return [item.path for item in found.inputs if item.error_code is None], found.missing


class _Walk:
    """The walk of a batch's folders and patterns, and what it left out.

    Args:
        exclude: Real paths of the folders and files the run writes.
    """

    def __init__(self, exclude: set[str]) -> None:
        self.exclude = exclude
        self.notes: list[str] = []

    def folder(self, folder: Path, root: str) -> list[Input]:
        """Every file under a folder, sorted, with links out of ``root`` refused."""
        items: list[Input] = []
        stack = [folder]
        while stack:
            current = stack.pop()
            if os.path.realpath(current) in self.exclude:
                continue
            try:
                entries = list(os.scandir(current))
            except OSError:
                continue
            if current != folder and any(entry.name in OUTDIR_MARKS for entry in entries):
                self.notes.append(
                    f"{display_name(current)}: left out: an output folder of bilingual-cv convert"
                )
                continue
            for entry in entries:
                if entry.name.startswith("."):
                    continue
                path = current / entry.name
                if entry.is_symlink():
                    item = self.link(path, root)
                    if item is not None:
                        items.append(item)
                elif entry.is_dir(follow_symlinks=False):
                    stack.append(path)
                elif os.path.realpath(path) not in self.exclude:
                    items.append(_found_input(path))
        return sorted(items, key=lambda item: item.path)

    def link(self, path: Path, root: str) -> Input | None:
        """A link found in a walk: refused when it leaves ``root``; a folder inside it is
        skipped (its files are reached through their real place).

        A dangling or looping link stays an input: parsing it fails with a clear
        ``unreadable_file`` error instead of the link vanishing from the batch.
        """
        target = os.path.realpath(path)
        if target in self.exclude:
            return None
        inside = target == root or target.startswith(root.rstrip(os.sep) + os.sep)
        is_dir = os.path.isdir(path)
        if not inside:
            kind = "folder" if is_dir else "file"
            reason = (
                f"{display_name(path)}: refused: a link to a {kind} outside the input folder"
                f" ({display_name(target)})"
            )
            return Input(path, OUTSIDE_CODE, reason)
        if is_dir:
            return None
        return _found_input(path)

    def pattern(self, pattern: str) -> list[Input]:
        """The inputs a glob pattern names; links may not leave the pattern's literal base.

        A pattern with ``**`` is matched against a walk of its base that follows no link to a
        folder (``glob`` would follow them, and loop); other patterns go through ``glob``.
        """
        parts = Path(pattern).parts
        literal = next((i for i, part in enumerate(parts) if GLOB_CHARS & set(part)), len(parts))
        base = Path(*parts[:literal]) if literal else Path(".")
        root = os.path.realpath(base)
        if "**" in parts[literal:]:
            rest = parts[literal:]
            return [
                item
                for item in self.folder(base, root)
                if _match_parts(rest, item.path.relative_to(base).parts)
            ]
        items: list[Input] = []
        for match in map(Path, sorted(glob.glob(pattern))):
            if os.path.realpath(match) in self.exclude:
                continue
            if match.is_dir() and not match.is_symlink():
                items.extend(self.folder(match, root))
            elif match.is_symlink():
                link = self.link(match, root)
                if link is not None:
                    items.append(link)
                elif match.is_dir():
                    items.extend(self.folder(match, os.path.realpath(match)))
            else:
                items.append(_found_input(match))
        return items


def _found_input(path: Path) -> Input:
    """A file a folder walk or a pattern found: to convert, or refused with a hint when its
    format is not read (a file without a suffix goes to the reader, which sniffs it)."""
    if suffix_of(path.name) and not is_input_suffix(path.name):
        return _unsupported(path)
    return _file_input(path)


def _named_input(path: Path) -> Input:
    """A file named on the command line: refused with a hint when it is of a format CVs come
    in that is not read; else given to the reader, which decides by its bytes first."""
    if is_known_unsupported(path.name):
        return _unsupported(path)
    return _file_input(path)


def _unsupported(path: Path) -> Input:
    """A refused file of a format that is not read, with what to do about it."""
    return Input(path, UNSUPPORTED_CODE, f"{display_name(path)}: {unsupported_hint(path.name)}")


def _file_input(path: Path) -> Input:
    """A file to convert, or a refused FIFO, socket or device (reading could block), or a
    report this package wrote.

    Links are resolved here, once: the batch opens the resolved file without following links
    and checks that it is still the file (device and inode) seen now.
    """
    real = Path(os.path.realpath(path))
    try:
        info = os.stat(real)
    except OSError:  # missing, dangling, a loop: parsing reports it as unreadable_file
        return Input(path, real=real)
    if stat.S_ISREG(info.st_mode) and _is_own_report(real):
        return Input(
            path,
            NOT_A_CV_CODE,
            f"{display_name(path)}: refused: a report written by bilingual-cv, not a CV",
        )
    if stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode):
        return Input(path, real=real, identity=(info.st_dev, info.st_ino))
    return Input(
        path,
        SPECIAL_CODE,
        f"{display_name(path)}: refused: not a regular file (a FIFO, socket or device)",
    )


def _is_own_report(real: Path) -> bool:
    """Whether an HTML file is a report this package wrote (its generator mark at the top).

    Read without following a link and without blocking; a file that cannot be read is not.
    """
    if suffix_of(real.name) not in (".html", ".htm", ".xhtml"):
        return False
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(real, flags | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        head = os.read(fd, OWN_REPORT_WINDOW)
    except OSError:
        return False
    finally:
        os.close(fd)
    return OWN_REPORT_MARK in head


def _match_parts(pattern: Sequence[str], parts: Sequence[str]) -> bool:
    """Whether path parts match pattern parts, ``**`` matching any number of folders.

    >>> _match_parts(["**", "*.pdf"], ["a", "b", "x.pdf"]), _match_parts(["**"], ["x.txt"])
    (True, True)
    >>> _match_parts(["*", "*.pdf"], ["x.pdf"])
    False
    """
    if not pattern:
        return not parts
    head, rest = pattern[0], pattern[1:]
    if head == "**":
        return any(_match_parts(rest, parts[i:]) for i in range(len(parts) + 1)) or not rest
    return bool(parts) and fnmatchcase(parts[0], head) and _match_parts(rest, parts[1:])


def iter_paths(inputs: Sequence[Input]) -> Iterator[Path]:
    """The paths of the inputs that are to be converted."""
    return (item.path for item in inputs if item.error_code is None)
