package io.letterbox.bench.baseline.mariadb;

/**
 * The seed's MySQL design on one server: an index table {@code uid, otheruid, dmid, time} (a
 * row per party of a one-to-one message and per receiver of a broadcast) and a content table
 * (a row per message). The seed shards both by uid hash and time over 32 databases × 512
 * tables; on one server the shards would share the same disk and buffer pool, so one table each.
 * The conversation list is seed 003's conversation table: a row per (uid, peer) with its mtime and
 * last message, upserted on every message, indexed on (uid, mtime) and paged by (mtime, peer).
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
      "CREATE TABLE IF NOT EXISTS " + DATABASE + ".conversation ("
          + "uid BIGINT NOT NULL, peer BIGINT NOT NULL, mtime BIGINT NOT NULL, last_id BIGINT NOT NULL,"
          + " PRIMARY KEY (uid, peer),"
          // the list, newest first (InnoDB appends the primary key: uid, mtime, peer)
          + " KEY recent (uid, mtime)) ENGINE=InnoDB",
  };

  static final String HISTORY = "SELECT c.dmid, c.content FROM dm_index i JOIN dm_content c ON c.dmid = i.dmid"
      + " WHERE i.uid = ? AND i.otheruid = ? AND i.dmid < ? ORDER BY i.dmid DESC LIMIT ?";

  /**
   * A page of the conversation list after (mtime, peer) — Long.MAX_VALUE twice for the first —
   * with each conversation's last message: a keyset page on (uid, mtime).
   */
  static final String CONVERSATIONS = "SELECT v.peer, v.mtime, c.content FROM conversation v"
      + " JOIN dm_content c ON c.dmid = v.last_id"
      + " WHERE v.uid = ? AND v.mtime <= ? AND (v.mtime < ? OR v.peer < ?)"
      + " ORDER BY v.mtime DESC, v.peer DESC LIMIT ?";

  static final String DELETE = "DELETE FROM dm_index WHERE uid = ? AND otheruid = ? AND dmid = ?";

  /** After a delete: if the deleted message was the conversation's last, the newest one left takes its place. */
  static final String DELETED_LAST = "UPDATE conversation v JOIN (SELECT dmid, time FROM dm_index"
      + " WHERE uid = ? AND otheruid = ? ORDER BY dmid DESC LIMIT 1) n SET v.last_id = n.dmid, v.mtime = n.time"
      + " WHERE v.uid = ? AND v.peer = ? AND v.last_id = ?";

  /** After a delete and {@link #DELETED_LAST}: if no message was left, the conversation leaves the list. */
  static final String DELETED_ONLY = "DELETE FROM conversation WHERE uid = ? AND peer = ? AND last_id = ?";

  static final String SIZE = "SELECT SUM(data_length + index_length) FROM information_schema.tables"
      + " WHERE table_schema = '" + DATABASE + "'";

  private MariaDbSchema() {}

  /**
   * Upserts {@code rows} conversation rows (uid, peer, mtime, last_id): a newer message moves the
   * conversation up, an older one (history imported out of order) leaves it.
   */
  static String upsertConversations(int rows) {
    return insert("conversation", 4, rows) + MOVE_UP;
  }

  /** {@link #upsertConversations} of every row of {@code table} (uid, peer, mtime, last_id). */
  static String upsertConversationsFrom(String table) {
    return "INSERT INTO conversation SELECT i.uid, i.peer, i.mtime, i.last_id FROM " + table + " i" + MOVE_UP;
  }

  private static final String MOVE_UP = " ON DUPLICATE KEY UPDATE"
      + " mtime = IF(VALUES(last_id) > conversation.last_id, VALUES(mtime), conversation.mtime),"
      + " last_id = GREATEST(conversation.last_id, VALUES(last_id))";

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
