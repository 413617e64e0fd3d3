package io.letterbox.bench.baseline.redis;

import io.letterbox.bench.baseline.BatchingWriter;
import io.letterbox.bench.measure.Progress;
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
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.Pipeline;

/**
 * The seed's active-user cache: per user a sorted set of its newest 100 index entries, written
 * with ZADD then trimmed with ZREMRANGEBYRANK, pipelined per group. It holds indexes only (the
 * contents live in the seed's database). It persists as a Redis cache is run when its loss
 * matters: an append-only file synced once a second ({@code appendfsync everysec}), so a crash
 * can lose the last second of acknowledged writes, which Letterbox's group commit never does.
 * A broadcast reaches only the
 * receivers that are in the cache: the active quarter of them, as in the seed.
 */
public final class RedisRecentTarget implements DmTarget, Broadcaster {
  public static final String NAME = "redis-recent100";
  private static final int WRITERS = 2;
  private static final int ACTIVE_SHARE = 4;

  private final RedisServer server;
  private final JedisPool pool;
  private final IdGenerator ids = new IdGenerator(Clock.systemUTC(), 3, 0);
  private final BatchingWriter<Entry> writer;

  /** One user's new index entry, or its removal. */
  private record Entry(long owner, long dmid, long other, boolean remove) {}

  public RedisRecentTarget(Path workDir) throws Unavailable {
    this.server = RedisServer.start(workDir);
    this.pool = new JedisPool("127.0.0.1", server.port());
    this.writer = new BatchingWriter<>(NAME, WRITERS, 1024, () -> new PipelineSink(pool.getResource()));
  }

  /** Writes a group as one pipeline on its own connection. */
  private static final class PipelineSink implements BatchingWriter.Sink<Entry> {
    private final Jedis jedis;

    PipelineSink(Jedis jedis) {
      this.jedis = jedis;
    }

    @Override
    public void write(List<Entry> entries) {
      Pipeline p = jedis.pipelined();
      entries.forEach(e -> add(p, e));
      p.sync();
    }

    @Override
    public void close() {
      jedis.close();
    }
  }

  private static void add(Pipeline p, Entry e) {
    byte[] key = RecentKeys.user(e.owner());
    byte[] member = RecentKeys.member(e.dmid(), e.other());
    if (e.remove()) {
      p.zrem(key, member);
    } else {
      p.zadd(key, (double) e.dmid(), member);
      p.zremrangeByRank(key, 0, -RecentKeys.KEEP - 1);
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String note() {
    return "durable to within a second only (AOF, appendfsync everysec: a crash may lose the last second's"
        + " acknowledged writes); indexes only, no contents; holds each user's newest 100 only;"
        + " broadcasts reach the active quarter of receivers only (the rest read the database);"
        + " disk figures are its memory";
  }

  @Override
  public CompletableFuture<Long> send(long from, long to, String text) {
    long id = ids.next();
    CompletableFuture<Void> a = writer.submit(new Entry(to, id, from, false));
    CompletableFuture<Void> b = writer.submit(new Entry(from, id, to, false));
    return CompletableFuture.allOf(a, b).thenApply(v -> id);
  }

  @Override
  public void load(List<HistoryMessage> messages) {
    try (Jedis jedis = pool.getResource()) {
      Pipeline p = jedis.pipelined();
      for (HistoryMessage m : messages) {
        long id = Ids.firstIdAt(m.epochMillis()) | Ids.IMPORTED;
        add(p, new Entry(m.to(), id, m.from(), false));
        add(p, new Entry(m.from(), id, m.to(), false));
      }
      p.sync();
    }
  }

  /** The newest page only, filtered from the owner's newest 100: older pages are the database's. */
  @Override
  public HistoryPage history(long owner, long peer, Object cursor, int limit) {
    if (cursor != null) {
      throw new Unsupported("the cache holds each user's newest 100 entries; older pages come from the database");
    }
    int n = 0;
    for (byte[] member : newest(owner)) {
      if (RecentKeys.other(member) == peer && n < limit) {
        n++;
      }
    }
    // A full page may have older ones: asking for them is asking the database.
    return new HistoryPage(n, n == limit ? Boolean.TRUE : null);
  }

  /** The first page only, the distinct peers of the owner's newest 100: older pages are the database's. */
  @Override
  public ListPage conversationsPage(long owner, Object cursor, int limit) {
    if (cursor != null) {
      throw new Unsupported("the cache holds each user's newest 100 entries; older pages come from the database");
    }
    Set<Long> peers = new LinkedHashSet<>();
    for (byte[] member : newest(owner)) {
      if (peers.size() < limit) {
        peers.add(RecentKeys.other(member));
      }
    }
    // A full page may have older ones: asking for them is asking the database.
    return new ListPage(peers.size(), peers.size() == limit ? Boolean.TRUE : null,
        peers.isEmpty() ? 0 : peers.iterator().next());
  }

  private List<byte[]> newest(long owner) {
    try (Jedis jedis = pool.getResource()) {
      return jedis.zrevrange(RecentKeys.user(owner), 0, RecentKeys.KEEP - 1);
    }
  }

  @Override
  public long unread(long owner) {
    throw new Unsupported("the seed's cache keeps no read positions");
  }

  @Override
  public CompletableFuture<Void> delete(long owner, long peer, long id) {
    return writer.submit(new Entry(owner, id, peer, true));
  }

  @Override
  public Broadcaster broadcaster() {
    return this;
  }

  @Override
  public long broadcast(long sender, String text, long[] receivers, Audience audience) {
    long id = ids.next();
    try (Jedis jedis = pool.getResource(); Progress progress = Progress.start(NAME + " fan-out", receivers.length)) {
      Pipeline p = jedis.pipelined();
      for (int i = 0; i < receivers.length; i++) {
        if (active(receivers[i])) {
          add(p, new Entry(receivers[i], id, sender, false));
        }
        if ((i + 1) % 10_000 == 0 || i == receivers.length - 1) {
          p.sync();
          progress.advance((i % 10_000) + 1);
        }
      }
    }
    return id;
  }

  /** Whether the seed's cache would hold this receiver: one in {@value #ACTIVE_SHARE}, by uid. */
  static boolean active(long uid) {
    return Math.floorMod(Long.hashCode(uid * 0x9E3779B97F4A7C15L), ACTIVE_SHARE) == 0;
  }

  @Override
  public void compact() {
    // nothing to compact in memory
  }

  /** The memory redis uses for the data (used_memory minus its empty footprint is not subtracted). */
  @Override
  public long diskBytes() {
    try (Jedis jedis = pool.getResource()) {
      for (String line : jedis.info("memory").split("\r?\n")) {
        if (line.startsWith("used_memory:")) {
          return Long.parseLong(line.substring("used_memory:".length()).trim());
        }
      }
    }
    throw new IllegalStateException("redis INFO memory has no used_memory");
  }

  @Override
  public void restart() {
    // it is the cache: it stays warm
  }

  @Override
  public void coldRestart(Runnable whileStopped) {
    throw new Unsupported("a cache without persistence: a restart would lose its data");
  }

  @Override
  public void close() {
    writer.close();
    pool.close();
    server.close();
  }
}
