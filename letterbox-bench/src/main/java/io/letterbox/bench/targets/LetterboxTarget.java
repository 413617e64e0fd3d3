package io.letterbox.bench.targets;

import io.letterbox.model.ConversationRef;
import io.letterbox.bench.workload.HistoryMessage;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.model.ImportedMessage;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.SendRequest;
import io.letterbox.store.KeyValueStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Letterbox with its default configuration, driven through its Java facade, on the storage the
 * run chose: embedded RocksDB (its block cache sized like the baselines' caches) or an HBase
 * cluster.
 */
public final class LetterboxTarget implements DmTarget {
  public static final String NAME = "letterbox";
  private static final String DEVICE = "mobile";
  /** The longest {@link #compact} waits for the search index to catch up. */
  private static final java.time.Duration INDEX_WAIT = java.time.Duration.ofHours(1);

  private final LetterboxStorage storage;
  private final String name;
  private final int nodes;
  private final LetterboxConfig config;
  private KeyValueStore store;
  private Letterbox engine;
  /** With several nodes: node i hosts the partitions p with p % nodes == i. */
  private final List<Letterbox> engines = new java.util.concurrent.CopyOnWriteArrayList<>();
  private io.letterbox.engine.partition.Partitioning partitioning;

  /**
   * @param nodes engines in this process sharing the store, each the owner of a share of its
   *     partitions, delivering to each other in memory: a cluster's write path without its network
   * @param partitions the store's partition count
   * @param deliveryWait how long a send's reply waits for its delivery; null: Letterbox's default
   */
  public LetterboxTarget(LetterboxStorage storage, int nodes, int partitions, java.time.Duration deliveryWait) {
    this(name(nodes), storage, nodes, partitions, deliveryWait, b -> b);
  }

  /**
   * A Letterbox target under another name, with settings changed by {@code settings} (a
   * scenario's variant beside the default one, e.g. without search).
   */
  public LetterboxTarget(String name, LetterboxStorage storage, int nodes, int partitions,
      java.time.Duration deliveryWait, java.util.function.UnaryOperator<LetterboxConfig.Builder> settings) {
    this.storage = storage;
    this.name = name;
    this.nodes = nodes;
    LetterboxConfig.Builder builder = LetterboxConfig.builder().partitions(partitions);
    if (deliveryWait != null) {
      builder.deliveryWait(deliveryWait);
    }
    this.config = settings.apply(builder).build();
    open();
  }

  /** The target's name for {@code nodes} nodes. */
  public static String name(int nodes) {
    return nodes == 1 ? NAME : NAME + "-" + nodes + "-nodes";
  }

  private void open() {
    store = storage.open();
    engines.clear();
    if (nodes == 1) {
      // One engine hosting every partition: the embedded case, however many partitions.
      engine = Letterbox.open(store, config);
      engines.add(engine);
      partitioning = engine.partitions().partitioning();
      return;
    }
    io.letterbox.engine.Peers peers = new io.letterbox.engine.Peers() {
      @Override
      public CompletableFuture<Void> deliver(int partition, long[] origins) {
        return engines.get(partition % nodes).partitions().deliver(partition, origins);
      }

      @Override
      public CompletableFuture<Void> published(long sender, long id) {
        engines.forEach(e -> e.partitions().published(sender, id));
        return CompletableFuture.completedFuture(null);
      }

      @Override
      public CompletableFuture<Void> fannedOut(long sender, long id) {
        engines.forEach(e -> e.partitions().fannedOut(sender, id));
        return CompletableFuture.completedFuture(null);
      }
    };
    for (int i = 0; i < nodes; i++) {
      engines.add(Letterbox.openNode(store, config, peers));
    }
    partitioning = engines.get(0).partitions().partitioning();
    for (int p = 0; p < partitioning.count(); p++) {
      engines.get(p % nodes).partitions().take(p);
    }
    engine = engines.get(io.letterbox.engine.partition.Partitioning.IMPORTS % nodes);
  }

  /** The engine that hosts {@code owner}'s partition. */
  private Letterbox of(long owner) {
    return engines.get(partitioning.of(owner) % nodes);
  }

  @Override
  public String name() {
    return name;
  }

  /** Its store, for what a scenario counts there. */
  public KeyValueStore store() {
    return store;
  }

  /** The engine of a single-node target, for what a scenario measures beyond the common calls. */
  public Letterbox engine() {
    if (nodes != 1) {
      throw new IllegalStateException("a target of " + nodes + " nodes has no one engine");
    }
    return engine;
  }

  @Override
  public String note() {
    return storage.note() + (nodes == 1 ? "; one engine" : "; " + nodes + " engines (nodes) in this process")
        + " over " + partitioning.count() + " partition" + (partitioning.count() == 1 ? "" : "s")
        + (nodes == 1 && partitioning.count() == 1 ? "" : ", deliveries between partitions in memory"
            + (config.deliveryWait().isZero() ? "; a send's reply does not wait for its delivery"
                : "; a send's reply waits up to " + config.deliveryWait() + " for its delivery"))
        + (config.search()
            ? "; keyword search index on, as served by default (its postings in the disk figures; the baselines keep none)"
            : "; keyword search index off");
  }

  @Override
  public CompletableFuture<Long> send(long from, long to, String text) {
    return of(from).messages().send(new SendRequest(from, to, text, null)).thenApply(r -> r.message().id());
  }

  @Override
  public CompletableFuture<Long> reply(long from, long to, String text, long original) {
    return of(from).messages().send(new SendRequest(from, to, text, null,
        io.letterbox.model.Extras.TEXT.withReplyTo(original))).thenApply(r -> r.message().id());
  }

  @Override
  public CompletableFuture<Void> react(long uid, long id, String emoji) {
    return of(uid).reactions().react(uid, id, emoji);
  }

  @Override
  public void load(List<HistoryMessage> messages) {
    int max = config.maxImportBatch();
    List<CompletableFuture<List<Long>>> imports = new ArrayList<>();
    for (int i = 0; i < messages.size(); i += max) {
      List<ImportedMessage> chunk = new ArrayList<>(max);
      for (HistoryMessage m : messages.subList(i, Math.min(messages.size(), i + max))) {
        chunk.add(new ImportedMessage(m.from(), m.to(), m.text(), Instant.ofEpochMilli(m.epochMillis())));
      }
      imports.add(engine.messages().importHistory(chunk));
    }
    imports.forEach(CompletableFuture::join);
  }

  @Override
  public HistoryPage history(long owner, long peer, Object cursor, int limit) {
    Page<Message> page = of(owner).conversations().history(owner, ConversationRef.peer(peer), (String) cursor, limit);
    return new HistoryPage(page.items().size(), page.next());
  }

  @Override
  public ListPage conversationsPage(long owner, Object cursor, int limit) {
    Page<io.letterbox.model.Conversation> page = of(owner).conversations().list(owner, (String) cursor, limit);
    return new ListPage(page.items().size(), page.next(), page.items().isEmpty() ? 0 : page.items().get(0).peer());
  }

  @Override
  public long unread(long owner) {
    return of(owner).conversations().unread(owner, DEVICE).total();
  }

  @Override
  public CompletableFuture<Void> delete(long owner, long peer, long id) {
    return of(owner).messages().delete(owner, id);
  }

  @Override
  public Broadcaster broadcaster() {
    if (nodes > 1) {
      throw new Unsupported("broadcasts are measured on one node");
    }
    return new LetterboxBroadcaster(() -> engine);
  }

  @Override
  public Groups groups() {
    return new LetterboxGroups(this::of);
  }

  /**
   * Waits for the search index to take in everything written, then compacts: the data at rest is
   * all of it, and what a run measures next (pages after restarts) does not share the disk and the
   * cores with the index catching up (after a 20M import it ran on through the restarts).
   */
  @Override
  public void compact() {
    long deadline = System.nanoTime() + INDEX_WAIT.toNanos();
    while (engines.stream().mapToLong(e -> e.search().lag()).sum() > 0) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the search index did not catch up within " + INDEX_WAIT);
      }
      java.util.concurrent.locks.LockSupport.parkNanos(50_000_000L);
    }
    storage.compact(store);
  }

  @Override
  public long diskBytes() {
    return storage.diskBytes(store);
  }

  @Override
  public Map<String, Long> diskBytesBySpace() {
    return storage.diskBytesBySpace(store);
  }

  @Override
  public void coldRestart(Runnable whileStopped) {
    shut();
    whileStopped.run();
    open();
  }

  @Override
  public void close() {
    shut();
    storage.close();
  }

  private void shut() {
    engines.forEach(Letterbox::close);
    store.close();
  }
}
