package io.letterbox.server.support;

import io.letterbox.engine.ByteSearch;
import io.letterbox.engine.Letterbox;
import io.letterbox.rocksdb.RocksStore;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.Space;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where a removed text may still be under an embedded store's data directory (decision 0042): the
 * raw bytes of every file (SST files, blob files, write-ahead logs), and, the tables being
 * compressed on disk, every row read through the store.
 */
public final class DataDirectoryScan {
  private DataDirectoryScan() {}

  /** The files under {@code dataDir} whose bytes hold one of {@code texts}, relative to it. */
  public static List<Path> filesHolding(Path dataDir, String... texts) {
    List<Path> found = new ArrayList<>();
    for (Path f : regularFiles(dataDir)) {
      byte[] bytes;
      try {
        bytes = Files.readAllBytes(f);
      } catch (java.nio.file.NoSuchFileException gone) {
        continue; // deleted by a compaction since it was listed
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      for (String text : texts) {
        if (ByteSearch.holds(bytes, text.getBytes(StandardCharsets.UTF_8))) {
          found.add(dataDir.relativize(f));
          break;
        }
      }
    }
    return found;
  }

  /** The regular files under {@code dir}, listed again when one vanishes while it is walked (a compaction runs). */
  private static List<Path> regularFiles(Path dir) {
    while (true) {
      try (Stream<Path> files = Files.walk(dir)) {
        return files.filter(Files::isRegularFile).toList();
      } catch (UncheckedIOException e) {
        if (!(e.getCause() instanceof java.nio.file.NoSuchFileException)) {
          throw e;
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * The rows (as {@code space: key value}, Latin-1) of the closed RocksDB store in {@code dataDir}
   * whose key or value holds one of {@code texts}: what its compressed files hold, read back.
   */
  public static List<String> rowsHolding(Path dataDir, String... texts) {
    List<String> found = new ArrayList<>();
    try (KeyValueStore store = RocksStore.open(dataDir, Letterbox.SPACES)) {
      for (Space space : Letterbox.SPACES) {
        store.scan(space, new KeyRange(new byte[0], null), false, (k, v) -> {
          String row = new String(k, StandardCharsets.ISO_8859_1) + " " + new String(v, StandardCharsets.ISO_8859_1);
          for (String text : texts) {
            if (row.contains(text)) {
              found.add(space.name() + ": " + row);
            }
          }
          return true;
        });
      }
    }
    return found;
  }
}
