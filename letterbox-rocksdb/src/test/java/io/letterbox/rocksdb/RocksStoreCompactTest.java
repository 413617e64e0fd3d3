package io.letterbox.rocksdb;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.store.Bytes;
import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.CompressionType;

/**
 * A full compaction ({@link RocksStore#compact}) leaves every table file written with the last
 * level's compression (ZSTD, {@link RocksTuning}), files that overlapped nothing included: a
 * space whose keys only grow (the log) flushes files that RocksDB would otherwise move down as
 * they are, compressed as they were flushed (LZ4).
 */
class RocksStoreCompactTest {
  private static final Space GROWING = Space.plain("growing", 0);

  @TempDir
  Path dir;

  @Test
  void aFullCompactionRewritesFilesThatOverlapNothingWithTheLastLevelsCompression() throws Exception {
    try (RocksStore store = RocksStore.open(dir, List.of(GROWING), TestStores.SMALL)) {
      for (int file = 0; file < 2; file++) {
        WriteBatch batch = store.newBatch();
        for (int i = 0; i < 1_000; i++) {
          batch.put(GROWING, Bytes.ofLong(file * 1_000L + i), ("message " + i).getBytes(UTF_8));
        }
        store.write(batch).join();
        store.flush();
      }
      assertThat(store.tableCompressions(GROWING)).containsOnly(nameOf(CompressionType.LZ4_COMPRESSION));

      store.compact();

      assertThat(store.tableCompressions(GROWING)).containsOnly(nameOf(CompressionType.ZSTD_COMPRESSION));
      assertThat(store.get(GROWING, Bytes.ofLong(1_999))).asString(UTF_8)
          .isEqualTo("message 999");
    }
  }

  /** A table file's compression as its properties name it: the type's number in hex between semicolons. */
  private static String nameOf(CompressionType type) {
    return String.format("BuiltinV2;%02x;", type.getValue());
  }
}
