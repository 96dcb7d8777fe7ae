"""Small timing helpers shared by the benchmarks."""
from __future__ import annotations

import statistics
import time


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def summary(samples: list[float]) -> dict[str, float]:
    return {"p50_ms": statistics.median(samples) * 1000, "p99_ms": percentile(samples, 0.99) * 1000, "n": len(samples)}


class Timer:
    def __enter__(self) -> "Timer":
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc) -> None:
        self.seconds = time.perf_counter() - self.start


def report(title: str, rows: list[tuple[str, dict[str, float]]], baseline: str) -> None:
    print(f"\n== {title}")
    base = dict(rows)[baseline]
    for name, figures in rows:
        ratio_p50 = figures["p50_ms"] / base["p50_ms"] if base["p50_ms"] else float("nan")
        ratio_p99 = figures["p99_ms"] / base["p99_ms"] if base["p99_ms"] else float("nan")
        print(f"  {name:<44} p50 {figures['p50_ms']:8.2f} ms  p99 {figures['p99_ms']:8.2f} ms"
              f"   ratio to baseline p50 {ratio_p50:5.2f}x  p99 {ratio_p99:5.2f}x  (n={int(figures['n'])})")
