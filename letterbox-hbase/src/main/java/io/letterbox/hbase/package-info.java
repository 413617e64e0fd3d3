/**
 * The storage SPI ({@code io.letterbox.store}) on an Apache HBase cluster:
 * {@link io.letterbox.hbase.HBaseStore} keeps one table per space in the deployment's namespace,
 * row keys salted over pre-split regions ({@link io.letterbox.hbase.Salt},
 * {@link io.letterbox.hbase.Schema}; decision 0004); a batch is planned per row and sent in
 * acknowledged steps ({@link io.letterbox.hbase.BatchPlan}, {@link io.letterbox.hbase.BatchWriter})
 * with cell versions from one clock ({@link io.letterbox.hbase.CellClock}). Uses the HBase client
 * and the SPI only: no engine types.
 */
package io.letterbox.hbase;
