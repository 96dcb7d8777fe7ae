"""Baidu LAC, loaded once per process and per mode, with a user dictionary of course terms.

LAC 2.1.2 imports `paddle.fluid`, which PaddlePaddle 2.6+ renamed `paddle.base`; the aliases below
are the only place that knows, so nothing else imports LAC or paddle directly.
"""
from __future__ import annotations

import concurrent.futures
import contextlib
import contextvars
import ctypes
import functools
import hashlib
import logging
import os
import signal
import sys
import tempfile
import threading
import warnings
from typing import Callable, Iterable

from toolkit.errors import ValidationError

BATCH_SIZE = 256
_lock = threading.Lock()
_models: dict[tuple[str, str], object] = {}
# Paddle's CPU kernels keep per-thread state: a predictor made in one thread and run in another
# fails ("could not execute a primitive"). Every LAC call goes through this one thread.
_thread = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="lac")
# Set by a task runner: called with the fraction of the current LAC run done (context variables
# follow asyncio.to_thread into the miner's thread).
progress_hook: contextvars.ContextVar[Callable[[float], None] | None] = contextvars.ContextVar("lac_progress", default=None)


# Paddle's import installs its own handlers for these (a C++ "FatalError" report, then an abort).
_PADDLE_SIGNALS = ("SIGTERM", "SIGINT", "SIGSEGV", "SIGABRT", "SIGFPE", "SIGILL", "SIGBUS")


@contextlib.contextmanager
def _signal_handlers_kept():
    """Whatever handles these signals before paddle's import handles them after it: the mining
    worker's graceful stop on SIGTERM, the defaults elsewhere. Python can set a handler only from the
    main thread and LAC loads in its own thread, so the process's C-level actions are saved and put
    back with sigaction(2) as they are (an opaque buffer larger than any libc's struct sigaction)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        numbers = [int(getattr(signal, name)) for name in _PADDLE_SIGNALS if hasattr(signal, name)]
        saved = {number: ctypes.create_string_buffer(512) for number in numbers}
        for number, action in saved.items():
            libc.sigaction(number, None, action)
    except (OSError, AttributeError):  # no sigaction (not a POSIX libc): paddle's handlers stay
        yield
        return
    try:
        yield
    finally:
        for number, action in saved.items():
            libc.sigaction(number, action, None)


@functools.cache
def _import_lac():
    os.environ.setdefault("GLOG_minloglevel", "2")  # paddle's C++ logging would flood stderr
    try:
        with warnings.catch_warnings(), _signal_handlers_kept():
            warnings.simplefilter("ignore")
            import paddle
            import paddle.base
            import paddle.base.core

            sys.modules.setdefault("paddle.fluid", paddle.base)
            sys.modules.setdefault("paddle.fluid.core", paddle.base.core)
            from LAC import LAC
            import LAC.models as lac_models
    except ImportError as exc:
        raise ValidationError("mining.lac_missing", detail=str(exc)) from exc
    logging.getLogger("paddle").setLevel(logging.ERROR)
    if not hasattr(lac_models.create_paddle_predictor, "as_lac_ships"):
        lac_models.create_paddle_predictor = _predictor_configured(lac_models.create_paddle_predictor)
    return LAC


def _predictor_configured(create):
    """LAC's predictors without oneDNN and without Paddle's graph optimisation passes.

    Paddle 3's oneDNN CPU kernels cache state by input shape that a later batch can read wrongly:
    after 天气很好我们去公园玩, the batch 电子干扰/电子摧毁/电子进攻 came back as 电子/摧/毁 a a a, and the
    process stayed wrong. Without oneDNN every call answers the same whatever ran before it.
    The optimisation passes rewrite LAC's GRU networks into a form that runs about half as fast on
    these CPUs; without them the answers are the same (all three modes on 12,820 sentences of the
    bench text, the CSL test file and the OI-wiki pages, compared whole) in half the time.
    `as_lac_ships` keeps LAC's own creation, which the mining benchmark measures against."""
    def create_predictor(config):
        config.disable_mkldnn()
        config.switch_ir_optim(False)
        return create(config)

    create_predictor.as_lac_ships = create
    return create_predictor


def model(mode: str = "lac", terms: Iterable[str] = ()) -> object:
    return _thread.submit(_model, mode, tuple(terms)).result()


def _model(mode: str, terms: Iterable[str]) -> object:
    """mode: seg (words), lac (words + part of speech and entities), rank (that + word importance).
    `terms` is the user dictionary; each distinct dictionary gets its own model instance."""
    terms = sorted({t.strip() for t in terms if t and t.strip()})
    key = (mode, hashlib.sha1("\n".join(terms).encode("utf-8")).hexdigest() if terms else "")
    with _lock:
        found = _models.get(key)
        if found is None:
            lac_class = _import_lac()
            found = lac_class(mode=mode)
            if terms:
                with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8", delete=False) as handle:
                    # Tagged nz (proper term) so the miners treat dictionary words as terms.
                    handle.write("\n".join(f"{t}/nz" for t in terms if " " not in t and "/" not in t) + "\n")
                    path = handle.name
                try:
                    found.load_customization(path, sep=None)
                finally:
                    os.unlink(path)
            if len(_models) > 16:  # many graphs' dictionaries in one long-lived worker
                _models.clear()
            _models[key] = found
        return found


# Set by one_run(): LAC's outputs of this mining run by (mode, dictionary, text).
_outputs_of_run: contextvars.ContextVar[dict | None] = contextvars.ContextVar("lac_outputs_of_run", default=None)


@contextlib.contextmanager
def one_run():
    """Within one mining run a sentence LAC has tagged is not tagged again: the relation miner tags
    every sentence for its points, then its definitions' sentences a second time. Only calls after
    the first are saved; a repeated sentence within one call is tagged each time, so a text of
    repeated pieces (the mining benchmark's) is not made to look faster than prose."""
    token = _outputs_of_run.set({})
    try:
        yield
    finally:
        _outputs_of_run.reset(token)


def run(texts: list[str], mode: str = "lac", terms: Iterable[str] = ()) -> list:
    """LAC over many texts in batches; empty strings are passed through as empty results. Between
    batches the caller's progress hook (if any) hears the fraction done, and may raise to stop.
    Inside one_run(), texts this run has tagged already in the same mode are answered from then."""
    terms = tuple(terms)
    known = _outputs_of_run.get()
    if known is None:
        return _batches(texts, mode, terms)
    dictionary = tuple(sorted({t.strip() for t in terms if t and t.strip()}))
    missing = [index for index, text in enumerate(texts) if (mode, dictionary, text) not in known]
    if missing:
        fresh = _batches([texts[index] for index in missing], mode, terms)
        found = {index: output for index, output in zip(missing, fresh)}
        for index, output in found.items():
            known[(mode, dictionary, texts[index])] = output
    else:
        found = {}
    return [found[index] if index in found else known[(mode, dictionary, text)] for index, text in enumerate(texts)]


def _batches(texts: list[str], mode: str, terms: tuple) -> list:
    from toolkit.mining import lac_processes

    hook = progress_hook.get()
    batches = [texts[begin:begin + BATCH_SIZE] for begin in range(0, len(texts), BATCH_SIZE)]

    def progress(done: int) -> None:
        hook(min(1.0, done / len(batches)))

    outputs = lac_processes.tag_batches(batches, mode, terms, lambda batch: _thread.submit(_run, batch, mode, terms).result(),
                                        progress if hook is not None else None)
    return [output for batch in outputs for output in batch]


def _run(texts: list[str], mode: str, terms: Iterable[str]) -> list:
    lac = _model(mode, terms)
    results: list = [None] * len(texts)
    work = [(i, t) for i, t in enumerate(texts) if t.strip()]
    for begin in range(0, len(work), BATCH_SIZE):
        chunk = work[begin:begin + BATCH_SIZE]
        outputs = lac.run([t for _, t in chunk])
        for (index, _), output in zip(chunk, outputs):
            results[index] = output
    empty = [] if mode == "seg" else ([[], []] if mode == "lac" else [[], [], []])
    return [r if r is not None else empty for r in results]
