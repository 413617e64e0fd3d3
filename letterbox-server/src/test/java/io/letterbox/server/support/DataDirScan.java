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
 * Where removed text could still be on disk under an embedded store's data directory: in the raw
 * bytes of any file (tables, blob files, write-ahead logs), or in a row read through the store,
 * for values the store compresses on disk.
 */
public final class DataDirScan {
  private DataDirScan() {}

  /** @return the files under {@code dataDir} whose bytes hold one of {@code texts}, relative to it */
  public static List<Path> filesHolding(Path dataDir, String... texts) {
    List<Path> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(dataDir)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        byte[] bytes;
        try {
          bytes = Files.readAllBytes(f);
        } catch (java.nio.file.NoSuchFileException gone) {
          continue; // deleted by a compaction while listed
        }
        for (String text : texts) {
          if (ByteSearch.holds(bytes, text.getBytes(StandardCharsets.UTF_8))) {
            found.add(dataDir.relativize(f));
            break;
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return found;
  }

  /** @return the spaces of the stopped store at {@code dataDir} with a row holding one of {@code texts} */
  public static List<String> spacesHolding(Path dataDir, String... texts) {
    List<String> found = new ArrayList<>();
    try (KeyValueStore store = RocksStore.open(dataDir, Letterbox.SPACES)) {
      for (Space space : Letterbox.SPACES) {
        store.scan(space, new KeyRange(new byte[0], null), false, (k, v) -> {
          for (String text : texts) {
            byte[] needle = text.getBytes(StandardCharsets.UTF_8);
            if (ByteSearch.holds(k, needle) || ByteSearch.holds(v, needle)) {
              found.add(space.name());
              return false;
            }
          }
          return true;
        });
      }
    }
    return found;
  }
}
