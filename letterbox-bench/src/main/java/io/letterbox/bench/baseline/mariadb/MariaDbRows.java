package io.letterbox.bench.baseline.mariadb;

import io.letterbox.bench.baseline.BatchingWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Writes a group of changes as one transaction: multi-row inserts for sends and their
 * conversation rows, then the deletes. Conversation rows are upserted in key order, so that
 * writers lock them in the same order; a deadlock InnoDB still reports is retried, as an
 * application on MySQL does.
 */
final class MariaDbRows implements BatchingWriter.Sink<MariaDbRows.Change> {
  sealed interface Change permits Send, Delete {}

  record Send(long id, long from, long to, String text, long millis) implements Change {}

  record Delete(long owner, long peer, long id) implements Change {}

  private static final int ATTEMPTS = 5;
  private static final String DEADLOCK = "40001";
  private static final Comparator<long[]> BY_KEY = Comparator.<long[]>comparingLong(r -> r[0])
      .thenComparingLong(r -> r[1]).thenComparingLong(r -> r[3]);

  private final Connection connection;

  MariaDbRows(Connection connection) {
    this.connection = connection;
    try {
      connection.setAutoCommit(false);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void write(List<Change> changes) throws SQLException {
    List<Send> sends = new ArrayList<>();
    List<Delete> deletes = new ArrayList<>();
    for (Change c : changes) {
      if (c instanceof Send s) {
        sends.add(s);
      } else {
        deletes.add((Delete) c);
      }
    }
    for (int attempt = 1; ; attempt++) {
      try {
        insert(sends);
        delete(deletes);
        connection.commit();
        return;
      } catch (SQLException e) {
        connection.rollback();
        if (!DEADLOCK.equals(e.getSQLState()) || attempt == ATTEMPTS) {
          throw e;
        }
      }
    }
  }

  private void insert(List<Send> sends) throws SQLException {
    if (sends.isEmpty()) {
      return;
    }
    List<long[]> conversations = new ArrayList<>(2 * sends.size());
    try (PreparedStatement content = connection.prepareStatement(MariaDbSchema.insert("dm_content", 5, sends.size()));
         PreparedStatement index = connection.prepareStatement(MariaDbSchema.insert("dm_index", 4, 2 * sends.size()));
         PreparedStatement lists = connection.prepareStatement(MariaDbSchema.upsertConversations(2 * sends.size()))) {
      int c = 1;
      int i = 1;
      for (Send s : sends) {
        content.setLong(c++, s.id());
        content.setLong(c++, s.from());
        content.setLong(c++, s.to());
        content.setString(c++, s.text());
        content.setLong(c++, s.millis());
        i = indexRow(index, i, s.from(), s.to(), s.id(), s.millis());
        i = indexRow(index, i, s.to(), s.from(), s.id(), s.millis());
        conversations.add(new long[] {s.from(), s.to(), s.millis(), s.id()});
        conversations.add(new long[] {s.to(), s.from(), s.millis(), s.id()});
      }
      conversations.sort(BY_KEY);
      int v = 1;
      for (long[] row : conversations) {
        v = conversationRow(lists, v, row[0], row[1], row[2], row[3]);
      }
      content.executeUpdate();
      index.executeUpdate();
      lists.executeUpdate();
    }
  }

  /** Binds one conversation row (uid, peer, mtime, last_id) from parameter {@code at}; @return the next parameter. */
  static int conversationRow(PreparedStatement s, int at, long uid, long peer, long mtime, long lastId)
      throws SQLException {
    return bind(s, at, uid, peer, mtime, lastId);
  }

  /** Binds {@code values} to the parameters from {@code at} on; @return the next parameter. */
  private static int bind(PreparedStatement s, int at, long... values) throws SQLException {
    for (long v : values) {
      s.setLong(at++, v);
    }
    return at;
  }

  /** Binds one index row from parameter {@code at}; @return the next parameter. */
  static int indexRow(PreparedStatement s, int at, long uid, long other, long id, long millis) throws SQLException {
    return bind(s, at, uid, other, id, millis);
  }

  private void delete(List<Delete> deletes) throws SQLException {
    if (deletes.isEmpty()) {
      return;
    }
    try (PreparedStatement s = connection.prepareStatement(MariaDbSchema.DELETE);
         PreparedStatement last = connection.prepareStatement(MariaDbSchema.DELETED_LAST);
         PreparedStatement only = connection.prepareStatement(MariaDbSchema.DELETED_ONLY)) {
      for (Delete d : deletes) {
        bind(s, 1, d.owner(), d.peer(), d.id());
        s.addBatch();
        bind(last, 1, d.owner(), d.peer(), d.owner(), d.peer(), d.id());
        last.addBatch();
        bind(only, 1, d.owner(), d.peer(), d.id());
        only.addBatch();
      }
      s.executeBatch();
      last.executeBatch();
      only.executeBatch();
    }
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
