/**
 * The storage SPI ({@code io.letterbox.store}) on an embedded RocksDB:
 * {@link io.letterbox.rocksdb.RocksStore} keeps one column family per space, writes batches
 * atomically and makes them durable by group commit over a synced WAL
 * ({@link io.letterbox.rocksdb.GroupCommitter}), reopening the database under its readers after a
 * full disk; {@link io.letterbox.rocksdb.RocksStoreOptions} and
 * {@link io.letterbox.rocksdb.RocksTuning} are its tuning. Uses RocksDB's Java API, SLF4J and the SPI
 * only: no engine types.
 */
package io.letterbox.rocksdb;
