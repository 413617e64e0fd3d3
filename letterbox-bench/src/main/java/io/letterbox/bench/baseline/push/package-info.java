/**
 * The push-rocksdb and push-rocksdb-ingest baselines: write diffusion on RocksDB directly (a copy
 * per receiver), broadcasts through the write path or as ingested sorted table files.
 */
package io.letterbox.bench.baseline.push;
