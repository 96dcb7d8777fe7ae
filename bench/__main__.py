"""`python -m bench [name…]`: run the benchmarks (all by default)."""
import sys

from bench import foundation

BENCHMARKS = {"foundation": foundation.main}


def run(names: list[str]) -> None:
    for name in names or list(BENCHMARKS):
        BENCHMARKS[name]()


if __name__ == "__main__":
    run(sys.argv[1:])
