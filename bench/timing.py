"""Timing helpers shared by `make bench` and the pytest benchmarks."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def timings(fn: Callable[[], object], rounds: int, seconds: float = 20.0) -> list[float]:
    """Seconds per call, at most ``rounds`` calls or ``seconds`` in all."""
    out: list[float] = []
    stop = time.monotonic() + seconds
    while len(out) < rounds and time.monotonic() < stop:
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def paired_timings(
    fn: Callable[[], object], base: Callable[[], object], rounds: int, seconds: float = 20.0
) -> tuple[list[float], list[float]]:
    """Seconds per call of ``fn`` and of its baseline ``base``, called in turn (at most
    ``rounds`` of each, or ``seconds`` in all), so that both meet the same load of a
    shared machine and their ratio does not drift with it."""
    measured: list[float] = []
    baseline: list[float] = []
    stop = time.monotonic() + seconds
    while len(measured) < rounds and time.monotonic() < stop:
        for f, out in ((fn, measured), (base, baseline)):
            start = time.perf_counter()
            f()
            out.append(time.perf_counter() - start)
    return measured, baseline


def ms(values: list[float], q: float = 0.5) -> float:
    """The q-quantile of ``values`` in milliseconds."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def median_seconds(fn: Callable[[], object], rounds: int) -> float:
    """The median seconds of ``rounds`` calls of ``fn``."""
    return statistics.median(timings(fn, rounds))
