package io.letterbox.bench.baseline.mariadb;

import io.letterbox.bench.measure.Progress;
import io.letterbox.bench.targets.Broadcaster;
import io.letterbox.id.IdGenerator;
import io.letterbox.id.Ids;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * A broadcast in the seed's MySQL design: the content once, then an index row per receiver,
 * batch-inserted {@value #ROWS} rows a statement by {@value #THREADS} connections (the seed's
 * per-cell index updaters), each committing every {@value #ROWS_PER_COMMIT} rows, and each
 * receiver's conversation row with the sender upserted the same way.
 */
final class MariaDbFanout implements Broadcaster {
  private static final int ROWS = 1000;
  private static final int ROWS_PER_COMMIT = 20_000;
  private static final int THREADS = 2;

  private final Supplier<Connection> connections;
  private final IdGenerator ids;

  MariaDbFanout(Supplier<Connection> connections, IdGenerator ids) {
    this.connections = connections;
    this.ids = ids;
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
          } catch (SQLException | RuntimeException e) {
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
      throws SQLException {
    try (Connection c = connections.get()) {
      c.setAutoCommit(false);
      PreparedStatement full = c.prepareStatement(MariaDbSchema.insert("dm_index", 4, ROWS));
      PreparedStatement fullLists = c.prepareStatement(MariaDbSchema.upsertConversations(ROWS));
      int sinceCommit = 0;
      for (int start = from; start < to; start += ROWS) {
        int n = Math.min(ROWS, to - start);
        PreparedStatement s = n == ROWS ? full : c.prepareStatement(MariaDbSchema.insert("dm_index", 4, n));
        PreparedStatement lists = n == ROWS ? fullLists : c.prepareStatement(MariaDbSchema.upsertConversations(n));
        int at = 1;
        int v = 1;
        for (int i = start; i < start + n; i++) {
          at = MariaDbRows.indexRow(s, at, receivers[i], sender, id, millis);
          v = MariaDbRows.conversationRow(lists, v, receivers[i], sender, millis, id);
        }
        s.executeUpdate();
        lists.executeUpdate();
        sinceCommit += n;
        if (sinceCommit >= ROWS_PER_COMMIT) {
          c.commit();
          sinceCommit = 0;
        }
        progress.advance(n);
      }
      c.commit();
      full.close();
      fullLists.close();
    }
  }
}
