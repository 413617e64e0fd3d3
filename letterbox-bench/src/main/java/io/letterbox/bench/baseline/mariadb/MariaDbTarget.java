package io.letterbox.bench.baseline.mariadb;

import io.letterbox.bench.baseline.BatchingWriter;
import io.letterbox.bench.targets.Broadcaster;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.HistoryPage;
import io.letterbox.bench.targets.ListPage;
import io.letterbox.bench.targets.Unavailable;
import io.letterbox.bench.targets.Unsupported;
import io.letterbox.bench.workload.HistoryMessage;
import io.letterbox.id.IdGenerator;
import io.letterbox.id.Ids;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The seed's MySQL design ({@link MariaDbSchema}) on a MariaDB server the bench starts. Writes
 * are grouped as Letterbox's are: each group is one transaction of multi-row inserts, committed
 * durably. Readers use one connection per thread.
 */
public final class MariaDbTarget implements DmTarget {
  public static final String NAME = "mariadb";
  private static final int WRITERS = 4;

  private final MariaDbServer server;
  private final IdGenerator ids = new IdGenerator(Clock.systemUTC(), 2, 0);
  private final Path workDir;
  private final String bufferPool;
  private final List<Connection> opened = new CopyOnWriteArrayList<>();
  /** Both replaced by a restart, whose connections are new. */
  private volatile BatchingWriter<MariaDbRows.Change> writer;
  private volatile ThreadLocal<Connection> readers;

  /** @param bufferPoolBytes InnoDB's buffer pool */
  public MariaDbTarget(Path workDir, long bufferPoolBytes) throws Unavailable {
    this.workDir = workDir;
    this.bufferPool = (bufferPoolBytes >> 20) + "M";
    this.server = MariaDbServer.start(workDir, bufferPool);
    try (Connection c = DriverManager.getConnection(server.url("")); Statement s = c.createStatement()) {
      for (String sql : MariaDbSchema.CREATE) {
        s.execute(sql);
      }
    } catch (SQLException e) {
      server.close();
      // Not the machine's lack (its programs not installed): the baseline itself is broken, and the run must say so.
      throw new IllegalStateException("cannot create the schema: " + e.getMessage(), e);
    }
    connectAll();
  }

  private void connectAll() {
    readers = ThreadLocal.withInitial(this::connect);
    writer = new BatchingWriter<>(NAME, WRITERS, 1024, () -> new MariaDbRows(connect()));
  }

  private Connection connect() {
    try {
      Connection c = DriverManager.getConnection(server.url(MariaDbSchema.DATABASE));
      opened.add(c);
      return c;
    } catch (SQLException e) {
      throw new IllegalStateException("cannot connect to MariaDB: " + e.getMessage(), e);
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String note() {
    return "durable: grouped multi-row inserts, one transaction per group, redo log synced at commit;"
        + " broadcasts by LOAD DATA, a transaction per 100k receivers;"
        + " buffer pool " + bufferPool + ", stays warm across the read phase (a cold restart restarts"
        + " mariadbd with it empty)";
  }

  @Override
  public CompletableFuture<Long> send(long from, long to, String text) {
    long id = ids.next();
    return writer.submit(new MariaDbRows.Send(id, from, to, text, Ids.epochMillis(id))).thenApply(v -> id);
  }

  @Override
  public void load(List<HistoryMessage> messages) {
    List<CompletableFuture<Void>> done = new ArrayList<>(messages.size());
    for (HistoryMessage m : messages) {
      long id = Ids.firstIdAt(m.epochMillis()) | Ids.IMPORTED;
      done.add(writer.submit(new MariaDbRows.Send(id, m.from(), m.to(), m.text(), m.epochMillis())));
    }
    done.forEach(CompletableFuture::join);
  }

  @Override
  public HistoryPage history(long owner, long peer, Object cursor, int limit) {
    long before = cursor == null ? Long.MAX_VALUE : (Long) cursor;
    try (PreparedStatement s = readers.get().prepareStatement(MariaDbSchema.HISTORY)) {
      s.setLong(1, owner);
      s.setLong(2, peer);
      s.setLong(3, before);
      s.setInt(4, limit + 1);
      List<Long> shown = new ArrayList<>(limit + 1);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          shown.add(r.getLong(1));
          r.getString(2);
        }
      }
      boolean more = shown.size() > limit;
      return new HistoryPage(Math.min(limit, shown.size()), more ? shown.get(limit - 1) : null);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** @param cursor null, or the (mtime, peer) of the previous page's last conversation */
  @Override
  public ListPage conversationsPage(long owner, Object cursor, int limit) {
    long[] after = cursor == null ? new long[] {Long.MAX_VALUE, Long.MAX_VALUE} : (long[]) cursor;
    try (PreparedStatement s = readers.get().prepareStatement(MariaDbSchema.CONVERSATIONS)) {
      s.setLong(1, owner);
      s.setLong(2, after[0]);
      s.setLong(3, after[0]);
      s.setLong(4, after[1]);
      s.setInt(5, limit + 1);
      int rows = 0;
      long[] last = null;
      long first = 0;
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          if (++rows == 1) {
            first = r.getLong(1);
          }
          if (rows <= limit) {
            last = new long[] {r.getLong(2), r.getLong(1)};
            r.getString(3);
          }
        }
      }
      return new ListPage(Math.min(rows, limit), rows > limit ? last : null, first);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public long unread(long owner) {
    throw new Unsupported("the seed design keeps no read positions (its counters live in a separate cache)");
  }

  @Override
  public CompletableFuture<Void> delete(long owner, long peer, long id) {
    return writer.submit(new MariaDbRows.Delete(owner, peer, id));
  }

  @Override
  public Broadcaster broadcaster() {
    return new MariaDbFanout(this::connect, ids, workDir.resolve("fan-out"));
  }

  /** OPTIMIZE rebuilds the tables with full pages, as a compaction leaves RocksDB's files. */
  @Override
  public void compact() {
    try (Statement s = readers.get().createStatement()) {
      s.execute("OPTIMIZE TABLE dm_index, dm_content, conversation");
      s.execute("ANALYZE TABLE dm_index, dm_content, conversation");
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Data and index bytes of the tables as InnoDB reports them (pages in use). */
  @Override
  public long diskBytes() {
    try (Statement s = readers.get().createStatement(); ResultSet r = s.executeQuery(MariaDbSchema.SIZE)) {
      r.next();
      return r.getLong(1);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void restart() {
    // The buffer pool stays: restarting mariadbd would also empty the OS cache's share of it.
  }

  /** Restarts mariadbd itself, with an empty buffer pool; every connection is a new one afterwards. */
  @Override
  public void coldRestart(Runnable whileStopped) {
    disconnect();
    try {
      server.restart(whileStopped);
    } catch (Unavailable e) {
      throw new IllegalStateException("MariaDB did not start again: " + e.getMessage(), e);
    }
    connectAll();
  }

  @Override
  public void close() {
    disconnect();
    server.close();
  }

  private void disconnect() {
    writer.close();
    for (Connection c : opened) {
      try {
        c.close();
      } catch (SQLException e) {
        // closing anyway
      }
    }
    opened.clear();
  }
}
