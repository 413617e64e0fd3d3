package io.letterbox.bench.baseline.mariadb;

/**
 * The seed's MySQL design on one server: an index table {@code uid, otheruid, dmid, time} (a
 * row per party of a one-to-one message and per receiver of a broadcast) and a content table
 * (a row per message). The seed shards both by uid hash and time over 32 databases × 512
 * tables; on one server the shards would share the same disk and buffer pool, so one table each.
 */
final class MariaDbSchema {
  static final String DATABASE = "dm";

  static final String[] CREATE = {
      "CREATE DATABASE IF NOT EXISTS " + DATABASE + " CHARACTER SET utf8mb4",
      "CREATE TABLE IF NOT EXISTS " + DATABASE + ".dm_index ("
          + "uid BIGINT NOT NULL, otheruid BIGINT NOT NULL, dmid BIGINT NOT NULL, time BIGINT NOT NULL,"
          // one conversation, newest first
          + " PRIMARY KEY (uid, otheruid, dmid),"
          // the inbox by time, for the conversation list
          + " KEY inbox (uid, dmid)) ENGINE=InnoDB",
      "CREATE TABLE IF NOT EXISTS " + DATABASE + ".dm_content ("
          + "dmid BIGINT NOT NULL PRIMARY KEY, fromuid BIGINT NOT NULL, touid BIGINT NOT NULL,"
          + " content VARCHAR(4000) NOT NULL, time BIGINT NOT NULL) ENGINE=InnoDB",
  };

  static final String HISTORY = "SELECT c.dmid, c.content FROM dm_index i JOIN dm_content c ON c.dmid = i.dmid"
      + " WHERE i.uid = ? AND i.otheruid = ? AND i.dmid < ? ORDER BY i.dmid DESC LIMIT ?";

  /** The latest message per peer, then the newest peers: the conversation list of this design. */
  static final String CONVERSATIONS = "SELECT c.dmid, c.content FROM (SELECT otheruid, MAX(dmid) AS last"
      + " FROM dm_index WHERE uid = ? GROUP BY otheruid ORDER BY last DESC LIMIT ?) t"
      + " JOIN dm_content c ON c.dmid = t.last";

  static final String DELETE = "DELETE FROM dm_index WHERE uid = ? AND otheruid = ? AND dmid = ?";

  static final String SIZE = "SELECT SUM(data_length + index_length) FROM information_schema.tables"
      + " WHERE table_schema = '" + DATABASE + "'";

  private MariaDbSchema() {}

  /** {@code INSERT INTO table VALUES (?,..),(?,..)...}: one statement for {@code rows} rows. */
  static String insert(String table, int columns, int rows) {
    String row = "(" + "?,".repeat(columns - 1) + "?)";
    StringBuilder sql = new StringBuilder(32 + rows * (row.length() + 1)).append("INSERT INTO ").append(table).append(" VALUES ");
    for (int i = 0; i < rows; i++) {
      sql.append(i == 0 ? "" : ",").append(row);
    }
    return sql.toString();
  }
}
