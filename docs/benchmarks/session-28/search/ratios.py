#!/usr/bin/env python3
"""Sends with search on ÷ off, per run and pooled by build, from search result files.

  ratios.py FILE.json...

Reads each file's commit and its timed sends' msgs/s with and without search (the same run),
skips files whose commit is "+dirty" (a build with uncommitted edits: a probe, not a figure) and
prints each run, then per commit and size of the timed sends: the median and range of on ÷ off.
"""
import collections
import json
import statistics
import sys

OP = "send 1:1 (durable), words by frequency"


def main():
    runs = collections.defaultdict(list)
    for path in sys.argv[1:]:
        with open(path) as f:
            d = json.load(f)
        commit = d["machine"]["commit"]
        rate = {r["target"]: r["figures"]["msgs/s"] for r in d["results"] if r["operation"] == OP}
        on, off = rate["letterbox"], rate["letterbox-without-search"]
        dirty = commit.endswith("+dirty")
        print(f"{path}: {commit} {d['parameters']['messages']} sends: on {on:,.0f} off {off:,.0f}"
              f" = {on / off:.2f}{'  (dirty: not pooled)' if dirty else ''}")
        if not dirty:
            runs[(commit, d["parameters"]["messages"])].append(on / off)
    for (commit, messages), ratios in sorted(runs.items()):
        print(f"{commit}, {messages:,} timed sends: on / off median {statistics.median(ratios):.2f}"
              f" ({min(ratios):.2f}-{max(ratios):.2f}), {len(ratios)} runs")


if __name__ == "__main__":
    main()
