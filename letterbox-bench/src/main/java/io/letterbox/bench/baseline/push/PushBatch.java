package io.letterbox.bench.baseline.push;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.letterbox.id.Ids;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * One write batch of the push design. Each receipt (a party of a one-to-one message, a receiver
 * of a broadcast) writes its two index rows and moves the pair's conversation-list entry: it reads
 * the pair's "latest" row, deletes the old "recent" row and puts the new one, as a push design
 * updates its conversation table on every message. Those reads see the batch's own earlier moves;
 * two batches written at once by different writers may both move one pair, which leaves a stale
 * "recent" row that the list skips ({@link PushScans#page}).
 */
final class PushBatch implements AutoCloseable {
  private record Pair(long owner, long other) {}

  private final PushRocksDb db;
  private final WriteBatch batch = new WriteBatch();
  /** The last dmid of each pair this batch moved; 0: the pair has no entry any more. */
  private final Map<Pair, Long> moved = new HashMap<>();

  PushBatch(PushRocksDb db) {
    this.db = db;
  }

  /** A one-to-one message: its content and both parties' receipts. */
  void message(long id, long from, long to, String text) throws RocksDBException {
    content(id, from, to, text);
    receipt(from, to, id);
    receipt(to, from, id);
  }

  /** The content of message {@code id}, stored once; {@code to} is 0 for a broadcast. */
  void content(long id, long from, long to, String text) throws RocksDBException {
    byte[] t = text.getBytes(UTF_8);
    batch.put(db.content, PushKeys.content(id), ByteBuffer.allocate(16 + t.length).putLong(from).putLong(to).put(t).array());
  }

  /** Message {@code id} in {@code owner}'s conversation with {@code other}. */
  void receipt(long owner, long other, long id) throws RocksDBException {
    batch.put(db.conversation, PushKeys.conversation(owner, other, id), new byte[0]);
    batch.put(db.inbox, PushKeys.inbox(owner, id, other), new byte[0]);
    long last = last(owner, other);
    if (id > last) {
      move(owner, other, last, id);
    }
  }

  /** Removes message {@code id} from the owner's view; if it was the pair's last, the newest one left takes its place. */
  void delete(long owner, long other, long id) throws RocksDBException {
    batch.delete(db.conversation, PushKeys.conversation(owner, other, id));
    batch.delete(db.inbox, PushKeys.inbox(owner, id, other));
    if (last(owner, other) != id) {
      return;
    }
    List<byte[]> older = PushScans.reverse(db.db, db.conversation, PushKeys.pair(owner, other),
        PushKeys.conversation(owner, other, id), 1);
    move(owner, other, id, older.isEmpty() ? 0 : PushKeys.at(older.get(0), 16));
  }

  /** Writes the batch with {@code options}; it can be filled and written again. */
  void write(WriteOptions options) throws RocksDBException {
    db.db.write(options, batch);
    batch.clear();
    moved.clear();
  }

  /** The pair's last dmid, as this batch left it; 0 if it has none. */
  private long last(long owner, long other) throws RocksDBException {
    Long mine = moved.get(new Pair(owner, other));
    if (mine != null) {
      return mine;
    }
    byte[] stored = db.db.get(db.latest, PushKeys.latest(owner, other));
    return stored == null ? 0 : PushKeys.at(stored, 0);
  }

  /** Moves the pair's list entry from dmid {@code from} (0: none) to {@code to} (0: none). */
  private void move(long owner, long other, long from, long to) throws RocksDBException {
    if (from != 0) {
      batch.delete(db.recent, PushKeys.recent(owner, Ids.epochMillis(from), other));
    }
    if (to != 0) {
      batch.put(db.recent, PushKeys.recent(owner, Ids.epochMillis(to), other), PushKeys.id(to));
      batch.put(db.latest, PushKeys.latest(owner, other), PushKeys.id(to));
    } else {
      batch.delete(db.latest, PushKeys.latest(owner, other));
    }
    moved.put(new Pair(owner, other), to);
  }

  @Override
  public void close() {
    batch.close();
  }
}
