package io.letterbox.bench.baseline.push;

import io.letterbox.bench.measure.Progress;
import io.letterbox.id.Ids;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.EnvOptions;
import org.rocksdb.IngestExternalFileOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileWriter;

/**
 * The strongest push fan-out on RocksDB: a broadcast's per-receiver rows written as sorted table
 * files, built at once on every core and ingested, as Letterbox's fan-out loads its first-contact
 * records — the same rows {@link PushBatch#receipt} writes through the write path.
 *
 * <p>The receivers are split into one range per core. For each receiver of its range, in
 * ascending order, a part reads the pair's "latest" row (multi-gets of {@value #READ_CHUNK}: a
 * receiver may have had an earlier message from the sender, whose list entry must move) and
 * appends its conversation and inbox rows, the new "latest" row and the new "recent" row with a
 * tombstone for the old one. Keys begin with the receiver, so each family's rows come out sorted
 * and the parts' files do not overlap. Then each family's files are ingested in one call: a table
 * file is synced when written and ingestion syncs the manifest, so the rows are durable when it
 * returns. No memtable, no WAL, no flush.
 *
 * <p>Not atomic across families (RocksJava ingests one family per call): the four ingests take a
 * moment in which a receiver may see the message in its history before its list moves. The
 * "latest" values are read before the ingest: a one-to-one message to a receiver from the sender
 * written in between leaves its list entry stale (skipped by the list, as {@link PushBatch} says);
 * the bench sends none during a broadcast.
 */
final class PushIngest {
  /** Receivers whose "latest" rows are read with one multi-get. */
  static final int READ_CHUNK = 4096;
  /** Fewer receivers than this are not worth a thread of their own. */
  private static final int MIN_PART = 16_384;
  private static final byte[] EMPTY = new byte[0];

  private final PushRocksDb db;
  private final Path dir;
  private final List<ColumnFamilyHandle> families;

  /** @param dir where the table files are built before ingestion */
  PushIngest(PushRocksDb db, Path dir) {
    this.db = db;
    this.dir = dir;
    this.families = List.of(db.conversation, db.inbox, db.latest, db.recent);
  }

  /** Writes message {@code id}'s rows for every receiver (distinct, ascending); durable when it returns. */
  void fanOut(long sender, long id, long[] receivers, Progress progress) throws RocksDBException {
    int cores = Runtime.getRuntime().availableProcessors();
    int parts = Math.max(1, Math.min(cores, receivers.length / MIN_PART));
    int step = (receivers.length + parts - 1) / parts;
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<List<Path>> files = new ArrayList<>();
    families.forEach(f -> files.add(Collections.synchronizedList(new ArrayList<>())));
    ExecutorService threads = Executors.newFixedThreadPool(parts);
    try {
      List<CompletableFuture<Void>> built = new ArrayList<>();
      for (int p = 0; p < parts; p++) {
        int part = p;
        int from = p * step;
        int to = Math.min(receivers.length, from + step);
        built.add(CompletableFuture.runAsync(() -> build(part, sender, id, receivers, from, to, files, progress), threads));
      }
      CompletableFuture.allOf(built.toArray(new CompletableFuture[0])).join();
      try (IngestExternalFileOptions options = new IngestExternalFileOptions()
          // A hard link, not a copy; the rows get a sequence number newer than any write before, so
          // the tombstones delete the old list rows; a memtable holding keys in range is flushed first.
          .setMoveFiles(true).setAllowGlobalSeqNo(true).setAllowBlockingFlush(true)) {
        for (int f = 0; f < families.size(); f++) {
          List<String> paths = files.get(f).stream().map(Path::toString).toList();
          if (!paths.isEmpty()) {
            db.db.ingestExternalFile(families.get(f), paths, options);
          }
        }
      }
    } finally {
      threads.shutdownNow();
      files.forEach(list -> list.forEach(PushIngest::deleteIfLeft));
    }
  }

  /** Builds part {@code part}'s file of each family from receivers {@code from} to {@code to - 1}. */
  private void build(int part, long sender, long id, long[] receivers, int from, int to, List<List<Path>> files,
      Progress progress) {
    long mtime = Ids.epochMillis(id);
    List<Table> tables = new ArrayList<>();
    try {
      for (int f = 0; f < families.size(); f++) {
        Path file = dir.resolve(id + "-" + f + "-" + part + ".sst");
        files.get(f).add(file);
        tables.add(new Table(db.tableFileOptions(families.get(f)), file));
      }
      Table conversation = tables.get(0);
      Table inbox = tables.get(1);
      Table latest = tables.get(2);
      Table recent = tables.get(3);
      for (int start = from; start < to; start += READ_CHUNK) {
        int end = Math.min(to, start + READ_CHUNK);
        List<byte[]> keys = new ArrayList<>(end - start);
        for (int i = start; i < end; i++) {
          keys.add(PushKeys.latest(receivers[i], sender));
        }
        List<byte[]> last = db.db.multiGetAsList(Collections.nCopies(keys.size(), db.latest), keys);
        for (int i = start; i < end; i++) {
          long owner = receivers[i];
          conversation.put(PushKeys.conversation(owner, sender, id), EMPTY);
          inbox.put(PushKeys.inbox(owner, id, sender), EMPTY);
          byte[] stored = last.get(i - start);
          long old = stored == null ? 0 : PushKeys.at(stored, 0);
          if (id <= old) {
            continue; // the pair already shows a newer message: its entry stays
          }
          latest.put(keys.get(i - start), PushKeys.id(id));
          // Newest first: the new entry's key sorts before the old one's, or is the same key.
          recent.put(PushKeys.recent(owner, mtime, sender), PushKeys.id(id));
          if (old != 0 && Ids.epochMillis(old) != mtime) {
            recent.delete(PushKeys.recent(owner, Ids.epochMillis(old), sender));
          }
        }
        progress.advance(end - start);
      }
      for (int f = 0; f < tables.size(); f++) {
        if (!tables.get(f).finish()) {
          files.get(f).remove(tables.get(f).file);
        }
      }
    } catch (RocksDBException e) {
      throw new IllegalStateException("cannot build the table files of part " + part + ": " + e.getMessage(), e);
    } finally {
      tables.forEach(Table::close);
    }
  }

  private static void deleteIfLeft(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One table file being written; opened at its first entry. */
  private static final class Table implements AutoCloseable {
    private final Options options;
    private final Path file;
    private EnvOptions env;
    private SstFileWriter writer;

    Table(Options options, Path file) {
      this.options = options;
      this.file = file;
    }

    void put(byte[] key, byte[] value) throws RocksDBException {
      open().put(key, value);
    }

    void delete(byte[] key) throws RocksDBException {
      open().delete(key);
    }

    private SstFileWriter open() throws RocksDBException {
      if (writer == null) {
        env = new EnvOptions();
        writer = new SstFileWriter(env, options);
        writer.open(file.toString());
      }
      return writer;
    }

    /** Finishes (and syncs) the file. @return whether it has entries; an empty one was never created */
    boolean finish() throws RocksDBException {
      if (writer == null) {
        return false;
      }
      writer.finish();
      return true;
    }

    @Override
    public void close() {
      if (writer != null) {
        writer.close();
        env.close();
      }
      options.close();
    }
  }
}
