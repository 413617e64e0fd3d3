/** The hbase-buffered-mutator baseline: the seed's HBase write path, buffered mutations to an HBase cluster. */
package io.letterbox.bench.baseline.hbase;
