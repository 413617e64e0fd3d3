#!/usr/bin/env python3
"""Whether the machine's two CPUs slow each other: a CPU-bound loop timed alone, then two copies
of it at once (one per CPU, pinned), ROUNDS times alternated. On two real cores each copy takes
as long as the loop alone; on two hyperthreads of one core, or with a host that shares the core's
time, each takes longer.

  pair.py [ROUNDS] [N]
"""
import os
import sys
import time
from multiprocessing import Pool


def loop(args):
    cpu, n = args
    os.sched_setaffinity(0, {cpu})
    t = time.perf_counter()
    s = 0
    for i in range(n):
        s += i * i
    return time.perf_counter() - t


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 30_000_000
    with Pool(2) as pool:
        for r in range(rounds):
            alone = pool.map(loop, [(0, n)])[0]
            pair = pool.map(loop, [(0, n), (1, n)])
            print(f"round {r + 1}: alone {alone:.2f} s; both at once {pair[0]:.2f} s and {pair[1]:.2f} s"
                  f" ({max(pair) / alone:.2f}x)", flush=True)


if __name__ == "__main__":
    main()
