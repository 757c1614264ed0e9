"""``python -m bench``: the benchmarks, from a source checkout (they are not shipped).

    python -m bench [FILE ...] [--data DIR] [--cap N] [--limit N]   solve vs the baselines
    python -m bench --typos [--per-kind N] [--seed S] [--before DIR]  how well check finds slips
    python -m bench --typos --paper [--per-kind N] [--before DIR]  a simulated user answers the questions
    python -m bench.logic [--data DIR] [--per-set N]                  how far logic alone gets
    python -m bench.speed [--runs N]                                  the speed targets the tests left
    python -m bench.generate [--level L] [--count N] [--seed S]       the generator per level

Exit status: 0 no target missed, 1 a target missed, 2 a usage error or no puzzle files.
(--typos: a target that too few cases cannot judge is said so, and is not missed.)
docs/benchmarks.md gives each figure with the command that printed it.
"""
from __future__ import annotations

import argparse
import sys


def _whole(name: str, least: int):
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} takes a whole number, not {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{name} takes a number of at least {least}, not {value}")
        return value
    return parse


def parser() -> argparse.ArgumentParser:
    b = argparse.ArgumentParser(
        prog="python -m bench",
        description="Benchmark: our solver vs a Norvig-style solver and the classic backtracker, "
                    "plus count and diagnose costs; with --typos, how well check finds typing "
                    "slips. Exit status 1 when a target is missed.")
    b.add_argument("files", nargs="*", metavar="FILE", help="puzzle sets (default: the public sets)")
    b.add_argument("--data", metavar="DIR", default=None,
                   help="folder with the public sets (default: ../shared/data if present, else tests/data)")
    b.add_argument("--cap", type=int, default=None,
                   help="classic backtracker: placements per puzzle before giving up")
    b.add_argument("--limit", type=int, default=None, help="first N puzzles of each set (default: 500)")
    b.add_argument("--typos", action="store_true", help="the typo benchmark instead (bench/typos.py)")
    b.add_argument("--paper", action="store_true",
                   help="with --typos: a simulated user answers the paper questions (issue 27)")
    b.add_argument("--per-kind", type=_whole("--per-kind", 1), default=None,
                   help="--typos: cases per kind of slip (default 300)")
    b.add_argument("--seed", type=_whole("--seed", 0), default=None, help="--typos: the seed of the cases")
    b.add_argument("--before", metavar="DIR", default=None,
                   help="--typos: also measure the checkout in DIR (e.g. a git worktree)")
    return b


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.typos:
        if args.files:
            print("bench --typos: takes no FILE; use --data DIR for another folder of sets", file=sys.stderr)
            return 2
        from .typos import DEFAULT_PER_KIND, DEFAULT_SEED, run_paper_bench, run_typo_bench

        if args.paper:
            return run_paper_bench(per_kind=args.per_kind or 25,
                                   seed=DEFAULT_SEED if args.seed is None else args.seed,
                                   before=args.before, data=args.data, out=sys.stdout)

        return run_typo_bench(per_kind=args.per_kind or DEFAULT_PER_KIND,
                              seed=DEFAULT_SEED if args.seed is None else args.seed,
                              before=args.before, data=args.data, out=sys.stdout)
    if args.before or args.per_kind is not None or args.seed is not None or args.paper:
        print("bench: --per-kind, --seed, --before and --paper go with --typos", file=sys.stderr)
        return 2
    from .solve import run_bench

    return run_bench(files=args.files, data=args.data, cap=args.cap, limit=args.limit, out=sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
