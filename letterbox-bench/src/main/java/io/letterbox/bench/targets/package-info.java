/**
 * What a scenario drives: the target interfaces ({@link io.letterbox.bench.targets.DmTarget},
 * {@link io.letterbox.bench.targets.Broadcaster}, {@link io.letterbox.bench.targets.Groups},
 * {@link io.letterbox.bench.targets.SearchIndex}) and Letterbox's own targets (embedded on RocksDB
 * or HBase, or a server over HTTP through letterbox-client). A target that cannot run here throws
 * {@link io.letterbox.bench.targets.Unavailable} and is skipped.
 */
package io.letterbox.bench.targets;
