#!/usr/bin/env python3
"""Compares builds of `examples/random_games` on a noisy shared machine: runs them one after the
other, round after round, and prints each one's user CPU time per game (minimum and median).

    cargo build --release --example random_games && cp target/release/examples/random_games /tmp/rg-new
    (the same at the other commit, into /tmp/rg-old)
    python3 benches/alternate.py all 2000 21 /tmp/rg-old /tmp/rg-new
    python3 benches/alternate.py base 5000 11 /tmp/rg-old /tmp/rg-new

Arguments: the kind of game (`base` or `all`), games per run, rounds, then the executables.
"""
import resource
import statistics
import subprocess
import sys


def main() -> None:
    kind, games, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    exes = sys.argv[4:]
    times = {e: [] for e in exes}
    for _ in range(rounds):
        for e in exes:
            before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
            subprocess.run([e, kind, str(games)], stdout=subprocess.DEVNULL, check=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
            times[e].append((after - before) / games * 1e6)
    for e in exes:
        v = sorted(times[e])
        print(f"{e}: min {v[0]:.1f} µs/game, median {statistics.median(v):.1f} (n={len(v)})")


if __name__ == "__main__":
    main()
