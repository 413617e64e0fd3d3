package io.letterbox.bench.baseline.mariadb;

import io.letterbox.bench.measure.Progress;
import io.letterbox.bench.targets.Broadcaster;
import io.letterbox.id.IdGenerator;
import io.letterbox.id.Ids;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * A broadcast in the seed's MySQL design at its fastest: the content once, then an index row
 * per receiver and each receiver's conversation row with the sender, bulk-loaded with
 * {@code LOAD DATA LOCAL INFILE} (MySQL's fastest way in, several times multi-row inserts) by
 * {@value #THREADS} connections (the seed's per-cell index updaters), one transaction and one
 * redo-log sync per {@value #ROWS_PER_COMMIT} receivers. The conversation rows go through a
 * temporary table and one {@code INSERT … SELECT … ON DUPLICATE KEY UPDATE}, since a
 * receiver may already have a conversation with the sender.
 */
final class MariaDbFanout implements Broadcaster {
  private static final int ROWS_PER_COMMIT = 100_000;
  private static final int THREADS = 2;

  private final Supplier<Connection> connections;
  private final IdGenerator ids;
  private final Path files;

  /** @param files where the rows to load are written, then deleted */
  MariaDbFanout(Supplier<Connection> connections, IdGenerator ids, Path files) {
    this.connections = connections;
    this.ids = ids;
    this.files = files;
  }

  @Override
  public long broadcast(long sender, String text, long[] receivers, Audience audience) {
    long id = ids.next();
    long millis = Ids.epochMillis(id);
    try (Progress progress = Progress.start("mariadb fan-out", receivers.length)) {
      try (Connection c = connections.get();
           PreparedStatement s = c.prepareStatement(MariaDbSchema.insert("dm_content", 5, 1))) {
        s.setLong(1, id);
        s.setLong(2, sender);
        s.setLong(3, 0);
        s.setString(4, text);
        s.setLong(5, millis);
        s.executeUpdate();
      }
      List<Thread> threads = new ArrayList<>();
      List<Throwable> failures = new ArrayList<>();
      int slice = (receivers.length + THREADS - 1) / THREADS;
      for (int t = 0; t < THREADS; t++) {
        int from = t * slice;
        int to = Math.min(receivers.length, from + slice);
        Thread thread = new Thread(() -> {
          try {
            insert(receivers, from, to, sender, id, millis, progress);
          } catch (SQLException | IOException | RuntimeException e) {
            synchronized (failures) {
              failures.add(e);
            }
          }
        }, "mariadb-fanout-" + t);
        threads.add(thread);
        thread.start();
      }
      for (Thread t : threads) {
        t.join();
      }
      if (!failures.isEmpty()) {
        throw new IllegalStateException("fan-out failed: " + failures.get(0).getMessage(), failures.get(0));
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return id;
  }

  private void insert(long[] receivers, int from, int to, long sender, long id, long millis, Progress progress)
      throws SQLException, IOException {
    Files.createDirectories(files);
    Path index = Files.createTempFile(files, "index-", ".tsv");
    Path lists = Files.createTempFile(files, "conversations-", ".tsv");
    try (Connection c = connections.get(); Statement s = c.createStatement()) {
      s.execute("CREATE TEMPORARY TABLE IF NOT EXISTS conversation_in"
          + " (uid BIGINT NOT NULL, peer BIGINT NOT NULL, mtime BIGINT NOT NULL, last_id BIGINT NOT NULL)");
      c.setAutoCommit(false);
      for (int start = from; start < to; start += ROWS_PER_COMMIT) {
        int end = Math.min(to, start + ROWS_PER_COMMIT);
        try (Writer i = Files.newBufferedWriter(index); Writer l = Files.newBufferedWriter(lists)) {
          for (int r = start; r < end; r++) {
            i.write(receivers[r] + "\t" + sender + "\t" + id + "\t" + millis + "\n");
            l.write(receivers[r] + "\t" + sender + "\t" + millis + "\t" + id + "\n");
          }
        }
        s.execute("LOAD DATA LOCAL INFILE '" + index + "' INTO TABLE dm_index");
        s.execute("LOAD DATA LOCAL INFILE '" + lists + "' INTO TABLE conversation_in");
        s.execute(MariaDbSchema.upsertConversationsFrom("conversation_in"));
        s.execute("DELETE FROM conversation_in");
        c.commit();
        progress.advance(end - start);
      }
    } finally {
      Files.deleteIfExists(index);
      Files.deleteIfExists(lists);
    }
  }
}
