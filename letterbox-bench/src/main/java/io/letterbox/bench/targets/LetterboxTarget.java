package io.letterbox.bench.targets;

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
import java.util.concurrent.CompletableFuture;

/**
 * Letterbox with its default configuration, driven through its Java facade, on the storage the
 * run chose: embedded RocksDB (its block cache sized like the baselines' caches) or an HBase
 * cluster.
 */
public final class LetterboxTarget implements DmTarget {
  public static final String NAME = "letterbox";
  private static final String DEVICE = "mobile";

  private final LetterboxStorage storage;
  private final LetterboxConfig config = LetterboxConfig.builder().build();
  private KeyValueStore store;
  private Letterbox engine;

  public LetterboxTarget(LetterboxStorage storage) {
    this.storage = storage;
    open();
  }

  private void open() {
    store = storage.open();
    engine = Letterbox.open(store, config);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String note() {
    return storage.note();
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
    storage.compact(store);
  }

  @Override
  public long diskBytes() {
    return storage.diskBytes(store);
  }

  @Override
  public void restart() {
    shut();
    open();
  }

  @Override
  public void close() {
    shut();
    storage.close();
  }

  private void shut() {
    engine.close();
    store.close();
  }
}
