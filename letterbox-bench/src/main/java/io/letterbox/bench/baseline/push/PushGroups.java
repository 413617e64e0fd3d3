package io.letterbox.bench.baseline.push;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.letterbox.bench.baseline.BatchingWriter;
import io.letterbox.bench.targets.Groups;
import io.letterbox.id.IdGenerator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * Groups by write diffusion, as systems built for small groups keep them: a post's content is
 * stored once and a copy of its id goes into every member's timeline ({@code member gid id}), and
 * every member but the poster gets its unread counter of the group incremented (RocksDB's
 * {@code uint64add} merge, no read); the poster's counter is set to 0 (its own post is read). A
 * member's unread total is the sum of its counters; its conversation list is the newest timeline
 * row of each of its groups, ordered by id: no list row is moved per post and member (that would
 * cost a read and two writes more per member). One counter per member and group: no per-device
 * positions. The member lists are cached in memory (read back from their rows on a miss).
 * Writes are grouped like the other baselines' ({@link BatchingWriter}); a group's writes go in
 * unsynced chunks of {@value #CHUNK} entries, the last one synced, so a post is durable when
 * its group's last write returns.
 */
final class PushGroups implements Groups, AutoCloseable {
  private static final int CHUNK = 50_000;
  private static final int WRITERS = 4;
  private static final byte[] EMPTY = new byte[0];
  private static final byte[] ONE = counter(1);
  private static final byte[] ZERO = counter(0);

  /** One group-committed change. */
  private interface Change {
    void addTo(Chunks batch) throws RocksDBException;
  }

  private final PushRocksDb db;
  private final IdGenerator ids;
  private final WriteOptions synced;
  private final WriteOptions unsynced;
  /** gid → its members, sorted. */
  private final Map<Long, long[]> members = new ConcurrentHashMap<>();
  private final BatchingWriter<Change> writer;

  PushGroups(PushRocksDb db, IdGenerator ids, WriteOptions synced, WriteOptions unsynced) {
    this.db = db;
    this.ids = ids;
    this.synced = synced;
    this.unsynced = unsynced;
    this.writer = new BatchingWriter<>(PushRocksTarget.NAME + "-groups", WRITERS, 1024, () -> items -> {
      try (Chunks batch = new Chunks()) {
        for (Change c : items) {
          c.addTo(batch);
        }
        batch.commit();
      }
    });
  }

  @Override
  public CompletableFuture<Long> create(long owner, long[] others) {
    long gid = ids.next();
    long[] all = Arrays.copyOf(others, others.length + 1);
    all[others.length] = owner;
    Arrays.sort(all);
    return writer.submit(b -> join(b, gid, all)).thenApply(v -> {
      members.put(gid, all);
      return gid;
    });
  }

  @Override
  public CompletableFuture<Void> addMembers(long gid, long by, long[] uids) {
    long[] now = membersOf(gid);
    if (Arrays.binarySearch(now, by) < 0) {
      return CompletableFuture.failedFuture(new IllegalArgumentException("user " + by + " is not a member of " + gid));
    }
    long[] added = uids.clone();
    Arrays.sort(added);
    return writer.submit(b -> join(b, gid, added)).thenRun(() -> members.compute(gid, (g, old) -> {
      long[] merged = Arrays.copyOf(old, old.length + added.length);
      System.arraycopy(added, 0, merged, old.length, added.length);
      Arrays.sort(merged);
      return merged;
    }));
  }

  /** Member rows, and each new member's counter of the group at 0 (it lists the member's groups). */
  private void join(Chunks b, long gid, long[] uids) throws RocksDBException {
    for (long uid : uids) {
      b.put(db.groupMember, PushKeys.pair(gid, uid), EMPTY);
      b.put(db.groupUnread, PushKeys.pair(uid, gid), ZERO);
    }
  }

  @Override
  public long members(long gid) {
    return membersOf(gid).length;
  }

  @Override
  public CompletableFuture<?> post(long gid, long from, String text) {
    long[] audience = membersOf(gid);
    if (Arrays.binarySearch(audience, from) < 0) {
      return CompletableFuture.failedFuture(new IllegalArgumentException("user " + from + " is not a member of " + gid));
    }
    long id = ids.next();
    byte[] t = text.getBytes(UTF_8);
    byte[] content = ByteBuffer.allocate(16 + t.length).putLong(from).putLong(gid).put(t).array();
    return writer.submit(b -> {
      b.put(db.content, PushKeys.content(id), content);
      for (long member : audience) {
        b.put(db.groupTimeline, PushKeys.conversation(member, gid, id), EMPTY);
        if (member == from) {
          b.put(db.groupUnread, PushKeys.pair(member, gid), ZERO);
        } else {
          b.merge(db.groupUnread, PushKeys.pair(member, gid), ONE);
        }
      }
    }).thenApply(v -> id);
  }

  @Override
  public CompletableFuture<Void> markRead(long uid, long gid) {
    return writer.submit(b -> b.put(db.groupUnread, PushKeys.pair(uid, gid), ZERO));
  }

  @Override
  public int firstPageGroups(long uid, int limit) {
    // The member's groups (and their unread counts) from its counter rows, then each group's newest copy.
    List<long[]> heads = new ArrayList<>();
    forEach(db.groupUnread, PushKeys.owner(uid), (key, value) -> {
      long gid = PushKeys.at(key, 8);
      byte[] pair = PushKeys.pair(uid, gid);
      List<byte[]> newest = PushScans.reverse(db.db, db.groupTimeline, pair, PushKeys.after(pair), 1);
      if (!newest.isEmpty()) {
        heads.add(new long[] {PushKeys.at(newest.get(0), 16), gid, decode(value)});
      }
    });
    heads.sort((a, b) -> Long.compare(b[0], a[0]));
    List<byte[]> page = new ArrayList<>();
    for (long[] head : heads.subList(0, Math.min(limit, heads.size()))) {
      page.add(PushKeys.content(head[0]));
    }
    if (page.isEmpty()) {
      return 0;
    }
    try {
      List<byte[]> contents = db.db.multiGetAsList(Collections.nCopies(page.size(), db.content), page);
      return (int) contents.stream().filter(v -> v != null).count();
    } catch (RocksDBException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public long unread(long uid) {
    long[] total = {0};
    forEach(db.groupUnread, PushKeys.owner(uid), (key, value) -> total[0] += decode(value));
    return total[0];
  }

  @Override
  public String note() {
    return "write diffusion: a post's id copied into every member's timeline, an unread counter per member and"
        + " group incremented by merge (no per-device positions); a page reads each of the member's groups' newest"
        + " copy (no list row moved per post)";
  }

  private long[] membersOf(long gid) {
    return members.computeIfAbsent(gid, g -> {
      List<Long> found = new ArrayList<>();
      forEach(db.groupMember, PushKeys.owner(g), (key, value) -> found.add(PushKeys.at(key, 8)));
      if (found.isEmpty()) {
        throw new IllegalArgumentException("no group " + g);
      }
      return found.stream().mapToLong(Long::longValue).toArray();
    });
  }

  private interface Visitor {
    void visit(byte[] key, byte[] value);
  }

  private void forEach(ColumnFamilyHandle family, byte[] prefix, Visitor visitor) {
    try (Slice lower = new Slice(prefix); Slice upper = new Slice(PushKeys.after(prefix));
        ReadOptions read = new ReadOptions()) {
      read.setIterateLowerBound(lower).setIterateUpperBound(upper).setAutoPrefixMode(true);
      try (RocksIterator it = db.db.newIterator(family, read)) {
        for (it.seekToFirst(); it.isValid(); it.next()) {
          visitor.visit(it.key(), it.value());
        }
        it.status();
      }
    } catch (RocksDBException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] counter(long n) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(n).array();
  }

  private static long decode(byte[] value) {
    return value.length == 8 ? ByteBuffer.wrap(value).order(ByteOrder.LITTLE_ENDIAN).getLong() : 0;
  }

  /** A write batch written unsynced every {@value #CHUNK} entries, and synced at the end. */
  private final class Chunks implements AutoCloseable {
    private final WriteBatch batch = new WriteBatch();

    void put(ColumnFamilyHandle family, byte[] key, byte[] value) throws RocksDBException {
      batch.put(family, key, value);
      spill();
    }

    void merge(ColumnFamilyHandle family, byte[] key, byte[] value) throws RocksDBException {
      batch.merge(family, key, value);
      spill();
    }

    private void spill() throws RocksDBException {
      if (batch.count() >= CHUNK) {
        db.db.write(unsynced, batch);
        batch.clear();
      }
    }

    /** Writes what is left with a WAL sync: every chunk written before is durable with it. */
    void commit() throws RocksDBException {
      db.db.write(synced, batch);
      batch.clear();
    }

    @Override
    public void close() {
      batch.close();
    }
  }

  @Override
  public void close() {
    writer.close();
  }
}
