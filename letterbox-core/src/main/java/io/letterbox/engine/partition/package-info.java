/**
 * Partitions (decision 0007): which partition owns an owner ({@code Partitioning}), the records
 * that describe partitions rather than owners (count, epochs, applied and delivered marks, the
 * journal's reading: {@code PartitionRecords}), a partition's writer on this node
 * ({@code PartitionWriter}: taking the partition behind a fence entry in its journal, its
 * sequencer, and its outbox of deliveries to other partitions), and the partitions this node hosts
 * ({@code PartitionHost}: taking, releasing, and taking again after a failed write or a fence; the
 * shared sequencer and timer thread; deliveries and notices from other nodes). The cluster sees
 * the host as {@code Partitions}; the engine's APIs queue their commands through its
 * {@code PartitionCommands}. Uses {@code write}, {@code apply}, {@code read}, {@code replay}, the
 * engine's settings and failures, the keys, rows and the storage SPI.
 */
package io.letterbox.engine.partition;
