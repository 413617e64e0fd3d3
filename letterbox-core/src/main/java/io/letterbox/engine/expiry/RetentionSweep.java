package io.letterbox.engine.expiry;

import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.id.Ids;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.model.Message;
import io.letterbox.rows.ImportedRow;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValue;
import io.letterbox.store.KeyValueStore;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * Removes the messages older than the retention for everyone (decision 0045): walks the action
 * log by id, from each hosted partition's durable position up to the id of {@code now - retention},
 * and asks for the removal (reason {@code retention}, decision 0042) of every message whose log
 * entry that partition owns and that is not redacted already. A page of removals at a time, each
 * page waited for before the next, so the partitions' other writes keep their turn. A message a
 * user on {@link Holds hold} is party to is kept, and the partition's position stops before it, so
 * it goes once the hold is lifted.
 */
public final class RetentionSweep {
  /** Log entries read, and removals asked for at most, at a time. */
  static final int PAGE = 128;

  private final KeyValueStore store;
  private final Partitioning partitioning;
  private final Supplier<Set<Integer>> hosted;
  private final LongFunction<CompletableFuture<?>> remove;
  private final Clock clock;
  private final Duration retention;
  /** What the positions' keys start with: a partition's number follows, or {@code imported}. */
  private static final String POSITION = "sweep/retention/";
  private final Holds holds;
  private SweepThread thread;

  /**
   * @param hosted the partitions this node hosts now
   * @param remove removes message {@code id}'s content for retention
   * @param retention null: messages are kept forever and a sweep does nothing
   * @param holds who is on legal hold: consulted for each message before it is removed
   */
  public RetentionSweep(KeyValueStore store, Partitioning partitioning, Supplier<Set<Integer>> hosted,
      LongFunction<CompletableFuture<?>> remove, Clock clock, Duration retention, Holds holds) {
    this.store = store;
    this.partitioning = partitioning;
    this.hosted = hosted;
    this.remove = remove;
    this.clock = clock;
    this.retention = retention;
    this.holds = holds;
  }

  /**
   * Sweeps every {@code every} on a thread of its own, until {@link #close}; nothing when
   * messages are kept forever.
   */
  public synchronized void start(Duration every) {
    if (retention != null && thread == null) {
      thread = new SweepThread("retention", every, this::sweep);
    }
  }

  public synchronized void close() {
    if (thread != null) {
      thread.close();
    }
  }

  /**
   * Removes every message of the hosted partitions past the retention, and returns once each
   * removal is written.
   *
   * @return how many removals it asked for
   */
  public synchronized int sweep() {
    long now = clock.millis();
    if (retention == null || retention.compareTo(Duration.ofMillis(now - Ids.EPOCH)) >= 0) {
      return 0; // kept forever, or for longer than ids go back
    }
    long horizon = Ids.firstIdAt(now - retention.toMillis());
    Map<Integer, Long> positions = new HashMap<>();
    long from = Long.MAX_VALUE;
    for (int p : hosted.get()) {
      long at = position(p);
      positions.put(p, at);
      from = Math.min(from, at);
    }
    int removed = 0;
    Map<Integer, Long> firstHeld = new HashMap<>();
    while (from < horizon) {
      List<KeyValue> page = store.scan(Spaces.LOG, new KeyRange(LogKey.of(from), LogKey.of(horizon)), false, PAGE);
      long next = page.size() < PAGE ? horizon : LogKey.id(page.get(page.size() - 1).key()) + 1;
      List<CompletableFuture<?>> asked = new ArrayList<>();
      for (KeyValue kv : page) {
        long id = LogKey.id(kv.key());
        if (ActionCodec.isRedacted(kv.value())) {
          continue;
        }
        Message m = ActionCodec.message(kv.value());
        if (m == null) {
          continue;
        }
        int p = partitioning.of(m.kind() == Message.Kind.GROUP ? m.to() : m.from());
        Long at = positions.get(p);
        if (at == null || id < at) {
          continue;
        }
        if (held(m)) {
          firstHeld.putIfAbsent(p, id);
          continue;
        }
        asked.add(ask(id));
      }
      CompletableFuture.allOf(asked.toArray(CompletableFuture[]::new)).join();
      removed += asked.size();
      for (Map.Entry<Integer, Long> e : positions.entrySet()) {
        long to = Math.max(e.getValue(), firstHeld.getOrDefault(e.getKey(), next));
        if (to != e.getValue()) {
          store(e.getKey(), to);
          e.setValue(to);
        }
      }
      from = next;
    }
    return removed + sweepImported(horizon);
  }

  /**
   * Imported history past the retention: it has no log entry at its id, so its content rows are
   * walked by id, by the node hosting the imports' partition, which logs their removals.
   */
  private int sweepImported(long horizon) {
    if (!hosted.get().contains(Partitioning.IMPORTS)) {
      return 0;
    }
    byte[] key = StateKey.meta(POSITION + "imported");
    long from = position(key);
    long kept = Long.MAX_VALUE;
    int removed = 0;
    while (from < horizon) {
      List<KeyValue> page = store.scan(Spaces.IMPORTED, new KeyRange(LogKey.of(from), LogKey.of(horizon)), false, PAGE);
      long next = page.size() < PAGE ? horizon : LogKey.id(page.get(page.size() - 1).key()) + 1;
      List<CompletableFuture<?>> asked = new ArrayList<>();
      for (KeyValue kv : page) {
        long id = LogKey.id(kv.key());
        if (ImportedRow.removed(kv.value())) {
          continue;
        }
        if (held(ImportedRow.decode(id, kv.value()))) {
          kept = Math.min(kept, id);
          continue;
        }
        asked.add(ask(id));
      }
      CompletableFuture.allOf(asked.toArray(CompletableFuture[]::new)).join();
      removed += asked.size();
      store(key, Math.min(kept, next));
      from = next;
    }
    return removed;
  }

  private CompletableFuture<?> ask(long id) {
    try {
      return remove.apply(id);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /**
   * Whether a party to {@code m} is on hold: for a one-to-one message its sender or receiver, for
   * a group post its poster, for a broadcast its sender. The one place retention consults holds.
   */
  private boolean held(Message m) {
    return holds.onHold(m.from()) || m.kind() == Message.Kind.SINGLE && holds.onHold(m.to());
  }

  /** The key of partition {@code p}'s position: the id below which its messages were swept. */
  static byte[] key(int p) {
    return StateKey.meta(POSITION + p);
  }

  /**
   * Whether {@code stateKey} is a partition's sweep position: how far the log was swept, which
   * the redacted log does not say, so {@code rebuild} and {@code migrate} keep it.
   */
  public static boolean isPosition(byte[] stateKey) {
    byte[] prefix = StateKey.meta(POSITION);
    return stateKey.length > prefix.length
        && java.util.Arrays.equals(stateKey, 0, prefix.length, prefix, 0, prefix.length);
  }

  private long position(int p) {
    return position(key(p));
  }

  private long position(byte[] key) {
    byte[] v = store.get(Spaces.STATE, key);
    return v == null ? 0 : Bytes.getLong(v, 0);
  }

  private void store(int p, long position) {
    store(key(p), position);
  }

  private void store(byte[] key, long position) {
    store.write(store.newBatch().put(Spaces.STATE, key, Bytes.ofLong(position))).join();
  }
}
