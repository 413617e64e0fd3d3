/**
 * The storage SPI: an ordered byte-key store with named spaces, atomic-where-possible batches,
 * counters and sorted loads ({@link io.letterbox.store.KeyValueStore}), and its read half
 * ({@link io.letterbox.store.StoreReads}). Backends ({@code letterbox-rocksdb},
 * {@code letterbox-hbase}) implement it and pass one contract suite. Depends on nothing else
 * of Letterbox.
 */
package io.letterbox.store;
