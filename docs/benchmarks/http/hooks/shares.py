#!/usr/bin/env python3
"""Shares of a server's CPU samples (profile.sh's collapsed stacks, plain or gzipped) by what they
run: the before-send hook's frames and parts of them, the engine's threads, the JIT compiler,
RocksDB's background threads. A sample counts in every group whose frames it holds.
   python3 shares.py cpu.collapsed.gz"""
import collections, gzip, sys

GROUPS = {
    "hook: BeforeSendHook and HookedSends, all they call": ["hooks/BeforeSendHook", "hooks/HookedSends"],
    "Vert.x's web client (calls to the hook or the webhook endpoint)": ["io/vertx/ext/web/client"],
    "the signatures (HookSignature)": ["HookSignature"],
    "  of it: Mac.getInstance": ["javax/crypto/Mac.getInstance"],
    "the JSON written (Json.write, any caller)": ["http/json/Json.write"],
    "Vert.x timers set and cancelled": ["VertxImpl.setTimer", "VertxImpl.cancelTimer"],
    "the idempotency record's read (idempotencyKeyUsed)": ["idempotencyKeyUsed"],
    "the feed's followers and the webhooks' deliveries, all they call": ["engine/follow/", "server/webhooks/"],
    "  of it: the feed read back (JournalFeed)": ["engine/follow/JournalFeed"],
    "  of it: its range scans (JournalFeed.items, RocksStore.scan)": ["JournalFeed.items;io/letterbox/rocksdb/RocksStore.scan"],
    "  of it: the webhooks' deliveries (Webhooks)": ["server/webhooks/Webhooks"],
    "the sequencer (engine writes)": ["engine/write/Sequencer"],
    "the search indexer": ["engine/search/SearchIndexer"],
    "RocksDB's background threads (flushes, compactions)": ["rocksdb::ThreadPoolImpl"],
    "the JIT compiler": ["CompileBroker"],
    "the kernel (any frame)": ["_[k]"],
}
path = sys.argv[1]
opener = gzip.open if path.endswith(".gz") else open
total, shares = 0, collections.Counter()
with opener(path, "rt") as f:
    for line in f:
        stack, n = line.rstrip().rsplit(" ", 1)
        total += int(n)
        for group, frames in GROUPS.items():
            if any(frame in stack for frame in frames):
                shares[group] += int(n)
print(f"{total:,} samples")
for group in GROUPS:
    print(f"{100 * shares[group] / total:5.1f} %  {group}")
