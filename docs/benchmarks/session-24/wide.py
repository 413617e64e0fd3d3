#!/usr/bin/env python3
"""Pivots a `summary` Markdown table (one row per target and figure) into one row per figure with a
column per target: "median (lowest–highest)" and, for baselines, the median ratio to Letterbox.
    python3 wide.py SUMMARY.md [FIGURE-SUBSTRING...]   (only rows whose figure or operation matches)
The numbers are summary's, copied; nothing is computed here."""
import sys

path, wanted = sys.argv[1], sys.argv[2:]
rows, targets, order = {}, [], []
for line in open(path, encoding="utf-8"):
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) != 5 or cells[0] in ("operation", "---") or set(cells[0]) <= set("-"):
        continue
    op, target, figure, value, ratio = cells
    if wanted and not any(w in op or w in figure for w in wanted):
        continue
    if target not in targets:
        targets.append(target)
    key = (op, figure)
    if key not in rows:
        rows[key] = {}
        order.append(key)
    ratio = ratio.split(" (")[0].replace("×", "") if ratio else ""
    rows[key][target] = value + (f" · {ratio}×" if ratio else "")
print("| operation | figure | " + " | ".join(targets) + " |")
print("|---|---|" + "---:|" * len(targets))
for key in order:
    print(f"| {key[0]} | {key[1]} | " + " | ".join(rows[key].get(t, "–") for t in targets) + " |")
