package io.letterbox.bench.targets;

import io.letterbox.bench.workload.HistoryMessage;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.model.ImportedMessage;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.SendRequest;
import io.letterbox.rocksdb.RocksStore;
import io.letterbox.rocksdb.RocksStoreOptions;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Letterbox embedded on RocksDB, with its default configuration but for the block cache (sized
 * like the baselines' caches), driven through its Java facade.
 */
public final class LetterboxTarget implements DmTarget {
  public static final String NAME = "letterbox";
  private static final String DEVICE = "mobile";

  /** RocksDB's block cache when the run does not size it: the store's default. */
  public static final long DEFAULT_CACHE_BYTES = RocksStoreOptions.defaults().blockCacheBytes();

  private final Path dir;
  private final RocksStoreOptions options;
  private final LetterboxConfig config = LetterboxConfig.builder().build();
  private RocksStore store;
  private Letterbox engine;

  public LetterboxTarget(Path dir, long cacheBytes) {
    this.dir = dir;
    this.options = RocksStoreOptions.builder().blockCacheBytes(cacheBytes).build();
    open();
  }

  private void open() {
    store = RocksStore.open(dir, Letterbox.SPACES, options);
    engine = Letterbox.open(store, config);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String note() {
    return "durable: a send completes after the group-committed WAL sync";
  }

  @Override
  public CompletableFuture<Long> send(long from, long to, String text) {
    return engine.send(new SendRequest(from, to, text, null)).thenApply(r -> r.message().id());
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
      imports.add(engine.importMessages(chunk));
    }
    imports.forEach(CompletableFuture::join);
  }

  @Override
  public HistoryPage history(long owner, long peer, Object cursor, int limit) {
    Page<Message> page = engine.history(owner, peer, (String) cursor, limit);
    return new HistoryPage(page.items().size(), page.next());
  }

  @Override
  public int conversations(long owner, int limit) {
    return engine.conversations(owner, null, limit).items().size();
  }

  @Override
  public long unread(long owner) {
    return engine.unread(owner, DEVICE).total();
  }

  @Override
  public CompletableFuture<Void> delete(long owner, long peer, long id) {
    return engine.deleteMessage(owner, id);
  }

  @Override
  public Broadcaster broadcaster() {
    return new LetterboxBroadcaster(() -> engine);
  }

  @Override
  public void compact() {
    store.compact();
  }

  @Override
  public long diskBytes() {
    return store.diskBytes();
  }

  @Override
  public void restart() {
    close();
    open();
  }

  @Override
  public void close() {
    engine.close();
    store.close();
  }
}
