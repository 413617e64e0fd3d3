package io.letterbox.rocksdb;

import io.letterbox.store.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Stream;
import org.rocksdb.BackupEngine;
import org.rocksdb.BackupEngineOptions;
import org.rocksdb.BackupInfo;
import org.rocksdb.Env;
import org.rocksdb.RestoreOptions;
import org.rocksdb.RocksDBException;

/**
 * Online, incremental backups of a {@link RocksStore} in a directory of their own, with RocksDB's
 * {@code BackupEngine}: each backup flushes the memtables, then copies the table and blob files no
 * earlier backup holds (shared between backups by name and checksum), and the manifest and the
 * write-ahead log written since the flush into a directory of its own. A write acknowledged before
 * the backup started is in a memtable or a table file when the flush begins, so it is in the
 * backup's table files; the log written during the flush makes the spaces agree at one point of
 * it, since they are flushed one after another (decision 0047). A restored directory opens as the
 * store did, as after a crash: RocksDB replays that log.
 *
 * <p>Thread-safe; one backup at a time is taken through an instance (RocksDB serializes them, and
 * a listing waits for a running one).
 */
public final class RocksBackups implements AutoCloseable {
  static {
    org.rocksdb.RocksDB.loadLibrary();
  }

  /** The directory under the backup directory of each backup's description (RocksDB's). */
  private static final String META = "meta";

  /**
   * A backup kept in the directory.
   *
   * @param id         RocksDB's number of it, from 1, in the order they were taken
   * @param finishedAt when its copy ended (to the second)
   * @param bytes      the bytes it added to the directory: its files that no earlier backup holds
   * @param totalBytes the bytes of all its files, those shared with other backups included
   * @param metadata   what its taker stored with it
   */
  public record Backup(int id, Instant finishedAt, long bytes, long totalBytes, String metadata) {}

  private final Path dir;
  private final BackupEngineOptions options;
  private final BackupEngine engine;

  private RocksBackups(Path dir, BackupEngineOptions options, BackupEngine engine) {
    this.dir = dir;
    this.options = options;
    this.engine = engine;
  }

  /**
   * Opens the backups in {@code dir}, creating it if needed. A backup that a stopped process left
   * half written is removed.
   *
   * @throws StoreException if the directory cannot be made or read
   */
  public static RocksBackups open(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new StoreException("cannot create the backup directory " + dir + ": " + e.getMessage(), e);
    }
    BackupEngineOptions options = new BackupEngineOptions(dir.toString());
    try {
      return new RocksBackups(dir, options, BackupEngine.open(Env.getDefault(), options));
    } catch (RocksDBException e) {
      options.close();
      throw new StoreException("cannot open the backups in " + dir + ": " + e.getMessage(), e);
    }
  }

  /** The directory the backups are in. */
  public Path dir() {
    return dir;
  }

  /**
   * Takes a backup of {@code store} while it serves; blocks until it is complete and synced.
   * Every write of the store acknowledged before this call is in it.
   *
   * @param metadata kept with the backup ({@link Backup#metadata})
   * @return the backup taken
   * @throws StoreException if it failed; nothing of it is then kept
   */
  public Backup create(RocksStore store, String metadata) {
    try {
      store.backUpInto(engine, metadata);
    } catch (RocksDBException e) {
      throw new StoreException("the backup into " + dir + " failed: " + e.getMessage(), e);
    }
    List<Backup> all = list();
    return all.get(all.size() - 1);
  }

  /** The number the next backup gets: one more than the last one's, as RocksDB numbers them. */
  public int nextId() {
    int last = 0;
    for (BackupInfo info : engine.getBackupInfo()) {
      last = Math.max(last, info.backupId());
    }
    for (int corrupted : engine.getCorruptedBackups()) {
      last = Math.max(last, corrupted);
    }
    return last + 1;
  }

  /** The backups kept, oldest first. Waits for a backup being taken through this instance. */
  public List<Backup> list() {
    List<BackupInfo> infos = new ArrayList<>(engine.getBackupInfo());
    infos.sort(Comparator.comparingInt(BackupInfo::backupId));
    List<Backup> out = new ArrayList<>(infos.size());
    Set<String> earlier = new HashSet<>();
    for (BackupInfo info : infos) {
      List<String> files = filesOf(info.backupId());
      long added = 0;
      for (String file : files) {
        if (earlier.add(file)) {
          added += sizeOf(dir.resolve(file));
        }
      }
      out.add(new Backup(info.backupId(), Instant.ofEpochSecond(info.timestamp()),
          files.isEmpty() ? info.size() : added, info.size(), info.appMetadata()));
    }
    return out;
  }

  /**
   * The files of backup {@code id}, relative to the directory, from RocksDB's description of it:
   * a line per file that starts with the file's path ({@code shared_checksum/…}, {@code private/N/…}).
   */
  private List<String> filesOf(int id) {
    List<String> files = new ArrayList<>();
    try (Stream<String> lines = Files.lines(dir.resolve(META).resolve(Integer.toString(id)))) {
      lines.forEach(line -> {
        int space = line.indexOf(' ');
        String first = space < 0 ? line : line.substring(0, space);
        if (first.startsWith("shared") || first.startsWith("private/")) {
          files.add(first);
        }
      });
    } catch (IOException e) {
      return List.of(); // an unreadable description: the backup's size stands for its bytes
    }
    return files;
  }

  /**
   * Restores backup {@code id} (the latest when empty) of the backups in {@code backupDir} into
   * {@code dataDir}, which must not hold anything yet. The store must not be open anywhere on the
   * backup directory's behalf while this runs.
   *
   * @return the number of the backup restored
   * @throws IllegalArgumentException if {@code dataDir} is not empty, or there is no such backup
   * @throws StoreException if RocksDB cannot restore it
   */
  public static int restore(Path backupDir, OptionalInt id, Path dataDir) {
    requireEmpty(dataDir);
    if (!Files.isDirectory(backupDir.resolve(META))) {
      throw new IllegalArgumentException(backupDir + " holds no backups");
    }
    try (RocksBackups backups = open(backupDir);
         RestoreOptions restore = new RestoreOptions(false)) {
      List<Backup> all = backups.list();
      if (all.isEmpty()) {
        throw new IllegalArgumentException(backupDir + " holds no backups");
      }
      int chosen = id.orElse(all.get(all.size() - 1).id());
      if (all.stream().noneMatch(b -> b.id() == chosen)) {
        throw new IllegalArgumentException(backupDir + " holds no backup " + chosen + "; it holds "
            + all.stream().map(b -> Integer.toString(b.id())).toList());
      }
      backups.engine.restoreDbFromBackup(chosen, dataDir.toString(), dataDir.toString(), restore);
      return chosen;
    } catch (RocksDBException e) {
      throw new StoreException("cannot restore from " + backupDir + " into " + dataDir + ": " + e.getMessage(), e);
    }
  }

  private static void requireEmpty(Path dataDir) {
    if (!Files.exists(dataDir)) {
      return;
    }
    try (Stream<Path> files = Files.list(dataDir)) {
      if (files.findAny().isPresent()) {
        throw new IllegalArgumentException("a backup is restored into a new data directory; " + dataDir
            + " is not empty");
      }
    } catch (IOException e) {
      throw new StoreException("cannot read " + dataDir + ": " + e.getMessage(), e);
    }
  }

  private static long sizeOf(Path file) {
    try {
      return Files.size(file);
    } catch (NoSuchFileException e) {
      return 0;
    } catch (IOException e) {
      throw new StoreException("cannot read the size of " + file + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    engine.close();
    options.close();
  }
}
