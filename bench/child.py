"""One measurement inside a fresh interpreter of the checkout under test (run by bench/run.py).

It runs with the *measured* checkout's Python (``<checkout>/.venv/bin/python bench/child.py``),
so it may use only the standard library and the public ``bilingual_cv.parse_text`` (plus
``read_source`` for PDFs), which every release has. It prints one JSON object on stdout.

Modes::

    cpu CV.txt [--pdf CV.pdf --warm-pdf OTHER.pdf] --warm EX1 EX2 ...
        warm up on the examples (``--warm``; never the measured CV), then parse CV.txt once:
        CPU time (time.process_time) and wall time of parse_text, the record's language.
        With --pdf, first time read_source(CV.pdf) (after reading another PDF to load PDFium).
    profile CV.txt OUT.prof --warm EX1 ...
        the same warm-up, then cProfile around the one parse_text call, dumped to OUT.prof.
    parse [CV.txt ...] --warm EX1 ...
        the same warm-up, then parse each CV once (none: the warm-up alone). Run under
        callgrind by ``bench/run.py --instructions``, which subtracts the two counts.
    startup STEP
        in a fresh process: time ``import bilingual_cv``, the pipeline import, then STEP
        (a first use of one heavy resource: jieba, opencc, langdetect, pypinyin, lexicons,
        ccf_index, builders, first_parse).
"""

from __future__ import annotations

import json
import resource
import sys
import time
from pathlib import Path

#: A fictional CV in both languages used to load every lazy resource before a timed parse.
WARM_TEXT = (
    "Jane Doe\njane@example.com\nEducation\nPh.D. in Computer Science, MIT, 2019 - 2024\n"
    "Publications\nJane Doe, Li Hua. Fast Things. In INFOCOM 2023. (CCF-A)\n"
    "教育背景\n清华大学 计算机科学与技术 博士 2019.9 - 2024.6\n"
    "论文发表\n李华, 张三. 一种方法. 计算机学报, 2023.\n"
)


def _read(path: str) -> str:
    return Path(path).read_text(encoding="utf-8")


def _args(argv: list[str]) -> tuple[list[str], dict[str, list[str]]]:
    """Positional arguments and ``--name value...`` options."""
    positional: list[str] = []
    options: dict[str, list[str]] = {}
    current: list[str] | None = None
    for arg in argv:
        if arg.startswith("--"):
            current = options.setdefault(arg[2:], [])
        elif current is not None:
            current.append(arg)
        else:
            positional.append(arg)
    return positional, options


def _warm_up(parse_text: object, examples: list[str]) -> None:
    for path in examples:
        parse_text(_read(path))  # type: ignore[operator]


def _maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def mode_cpu(argv: list[str]) -> dict[str, object]:
    (cv_path,), options = _args(argv)
    import bilingual_cv

    parse_text = bilingual_cv.parse_text
    _warm_up(parse_text, options.get("warm", []))
    out: dict[str, object] = {}
    if options.get("pdf"):
        from bilingual_cv.io.readers import read_source

        for warm_pdf in options.get("warm-pdf", []):
            read_source(Path(warm_pdf))
        cpu, wall = time.process_time(), time.perf_counter()
        read_source(Path(options["pdf"][0]))
        out["pdf_cpu_ms"] = (time.process_time() - cpu) * 1000
        out["pdf_wall_ms"] = (time.perf_counter() - wall) * 1000
    text = _read(cv_path)
    cpu, wall = time.process_time(), time.perf_counter()
    cv = parse_text(text)
    out["cpu_ms"] = (time.process_time() - cpu) * 1000
    out["wall_ms"] = (time.perf_counter() - wall) * 1000
    out["language"] = str(cv.language)
    out["publications"] = len(cv.publications)
    out["internal_error"] = any(str(w.code) == "internal_error" for w in cv.warnings)
    out["maxrss_mb"] = _maxrss_mb()
    return out


def mode_profile(argv: list[str]) -> dict[str, object]:
    (cv_path, out_path), options = _args(argv)
    import cProfile

    import bilingual_cv

    parse_text = bilingual_cv.parse_text
    _warm_up(parse_text, options.get("warm", []))
    text = _read(cv_path)
    profiler = cProfile.Profile()
    profiler.enable()
    parse_text(text)
    profiler.disable()
    profiler.dump_stats(out_path)
    return {"ok": True}


def mode_parse(argv: list[str]) -> dict[str, object]:
    paths, options = _args(argv)
    import bilingual_cv

    parse_text = bilingual_cv.parse_text
    _warm_up(parse_text, options.get("warm", []))
    for path in paths:
        parse_text(_read(path))
    return {"parsed": len(paths)}


def _lexicon_loads() -> dict[str, float]:
    """Each ``load_*`` getter of bilingual_cv.lexicon, first call, in CPU ms."""
    import inspect

    from bilingual_cv import lexicon

    times: dict[str, float] = {}
    for name, func in sorted(vars(lexicon).items()):
        if not name.startswith("load_") or name == "load_lexicon" or not callable(func):
            continue
        params = list(inspect.signature(func).parameters)
        if not params:
            calls: list[tuple[str, tuple[str, ...]]] = [(name, ())]
        elif params == ["lang"]:
            calls = [(f"{name}({lang})", (lang,)) for lang in ("en", "zh")]
        elif params == ["edition"]:
            calls = [(f"{name}({ed})", (ed,)) for ed in ("2022", "2026")]
        else:
            continue
        for label, args in calls:
            started = time.process_time()
            try:
                func(*args)
            except Exception as exc:  # noqa: BLE001 - a loader this release lacks: say so
                times[label + f" [{type(exc).__name__}]"] = float("nan")
                continue
            times[label] = (time.process_time() - started) * 1000
    return times


def _builders() -> dict[str, float]:
    """Every zero-argument ``functools.cache`` getter in the package (tables built on first
    use), first call in module order after the lexicons are loaded, in CPU ms."""
    import importlib
    import inspect
    import pkgutil

    import bilingual_cv

    _lexicon_loads()
    times: dict[str, float] = {}
    for info in pkgutil.walk_packages(bilingual_cv.__path__, "bilingual_cv."):
        if info.name.endswith(("cli", "report", "reflabel", "batch")) or ".vendor" in info.name:
            continue
        module = importlib.import_module(info.name)
        for name, func in vars(module).items():
            if getattr(func, "__module__", None) != info.name or not hasattr(func, "cache_info"):
                continue
            try:
                if inspect.signature(func).parameters:
                    continue
            except (TypeError, ValueError):
                continue
            started = time.process_time()
            try:
                func()
            except Exception:  # noqa: BLE001, S112 - a getter that needs context: skip it
                continue
            times[f"{info.name.removeprefix('bilingual_cv.')}.{name}"] = (
                time.process_time() - started
            ) * 1000
    return times


def mode_startup(argv: list[str]) -> dict[str, object]:
    (step,) = argv
    out: dict[str, object] = {"step": step}
    started = time.perf_counter()
    import bilingual_cv

    out["import_package_ms"] = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    import bilingual_cv.pipeline

    out["import_pipeline_ms"] = (time.perf_counter() - started) * 1000
    cpu, started = time.process_time(), time.perf_counter()
    if step == "none":
        pass
    elif step == "jieba":
        from bilingual_cv.lang.zh import tokenize_zh

        tokenize_zh("发表论文情况")
    elif step == "jieba_import":
        import jieba  # noqa: F401
    elif step == "opencc":
        from bilingual_cv.clean import fold_traditional

        fold_traditional("學歷")
    elif step == "langdetect":
        from bilingual_cv import detect

        detect._factory()
    elif step == "pypinyin":
        import pypinyin

        pypinyin.lazy_pinyin("王小明")
    elif step == "lexicons":
        out["parts_ms"] = _lexicon_loads()
    elif step == "ccf_index":
        from bilingual_cv.venues import index as ccf

        ccf._index()
    elif step == "builders":
        out["parts_ms"] = _builders()
    elif step == "first_parse":
        bilingual_cv.pipeline.parse_text(WARM_TEXT)
    else:
        raise SystemExit(f"unknown step {step!r}")
    out["step_ms"] = (time.perf_counter() - started) * 1000
    out["step_cpu_ms"] = (time.process_time() - cpu) * 1000
    out["maxrss_mb"] = _maxrss_mb()
    return out


def main() -> None:
    mode, *rest = sys.argv[1:]
    modes = {"cpu": mode_cpu, "profile": mode_profile, "parse": mode_parse, "startup": mode_startup}
    result = modes[mode](rest)
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
