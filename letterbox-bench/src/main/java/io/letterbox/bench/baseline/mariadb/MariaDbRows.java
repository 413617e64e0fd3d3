package io.letterbox.bench.baseline.mariadb;

import io.letterbox.bench.baseline.BatchingWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Writes a group of changes as one transaction: multi-row inserts for sends, then the deletes. */
final class MariaDbRows implements BatchingWriter.Sink<MariaDbRows.Change> {
  sealed interface Change permits Send, Delete {}

  record Send(long id, long from, long to, String text, long millis) implements Change {}

  record Delete(long owner, long peer, long id) implements Change {}

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
    try {
      insert(sends);
      delete(deletes);
      connection.commit();
    } catch (SQLException e) {
      connection.rollback();
      throw e;
    }
  }

  private void insert(List<Send> sends) throws SQLException {
    if (sends.isEmpty()) {
      return;
    }
    try (PreparedStatement content = connection.prepareStatement(MariaDbSchema.insert("dm_content", 5, sends.size()));
         PreparedStatement index = connection.prepareStatement(MariaDbSchema.insert("dm_index", 4, 2 * sends.size()))) {
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
      }
      content.executeUpdate();
      index.executeUpdate();
    }
  }

  /** Binds one index row from parameter {@code at}; @return the next parameter. */
  static int indexRow(PreparedStatement s, int at, long uid, long other, long id, long millis) throws SQLException {
    s.setLong(at, uid);
    s.setLong(at + 1, other);
    s.setLong(at + 2, id);
    s.setLong(at + 3, millis);
    return at + 4;
  }

  private void delete(List<Delete> deletes) throws SQLException {
    if (deletes.isEmpty()) {
      return;
    }
    try (PreparedStatement s = connection.prepareStatement(MariaDbSchema.DELETE)) {
      for (Delete d : deletes) {
        s.setLong(1, d.owner());
        s.setLong(2, d.peer());
        s.setLong(3, d.id());
        s.addBatch();
      }
      s.executeBatch();
    }
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
