package io.letterbox.bench.targets;

import io.letterbox.bench.targets.Unavailable;
import io.letterbox.bench.workload.HistoryMessage;
import io.letterbox.client.Call;
import io.letterbox.client.Credentials;
import io.letterbox.client.ImportedMessage;
import io.letterbox.client.LetterboxClient;
import io.letterbox.client.LetterboxException;
import io.letterbox.client.Listing;
import io.letterbox.client.Message;
import io.letterbox.client.Page;
import io.letterbox.client.RetryPolicy;
import io.letterbox.client.SendMessage;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * A running Letterbox server (for instance {@code ./letterbox serve}) driven over its HTTP API
 * through the Java client (letterbox-client): the HTTP variant of the mixed scenario, load generated
 * by a separate process on loopback. Only what the mixed scenario needs, and conversation list pages,
 * is here. Sends carry the client's idempotency keys, as every Java caller's do.
 */
public final class HttpTarget implements DmTarget {
  public static final String NAME = "letterbox-http";
  private static final int IMPORT_BATCH = 1000;

  private final URI base;
  /**
   * Requests in flight at once. Java's client opens a connection per concurrent request without
   * limit; a burst of thousands would be refused at connect, so more wait here (their latency
   * still counts from when they were due).
   */
  private final Semaphore connections;
  private final LetterboxClient client;

  /**
   * @param key         the API key, or null when the server runs without keys (loopback only)
   * @param connections most requests in flight at once
   */
  public HttpTarget(URI base, String key, int connections) throws Unavailable {
    this.base = base;
    this.connections = new Semaphore(connections);
    // No retries: a failure is a measurement, not something to hide.
    this.client = LetterboxClient.builder().baseUrls(base.toString())
        .credentials(key == null ? Credentials.NONE : Credentials.serviceKey(key))
        .readTimeout(Duration.ofSeconds(30)).retryPolicy(RetryPolicy.NONE).build();
    try {
      client.operations().health().execute();
    } catch (LetterboxException e) {
      throw new Unavailable("no ready Letterbox server at " + base + ": " + e.getMessage(), e);
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String note() {
    return "the server at " + base + ", over HTTP/1.1 JSON from the bench process through letterbox-client"
        + " (durable as the server is)";
  }

  @Override
  public CompletableFuture<Long> send(long from, long to, String text) {
    return async(() -> client.messages().send(SendMessage.text(from, to, text))).thenApply(Message::id);
  }

  @Override
  public void load(List<HistoryMessage> messages) {
    for (int i = 0; i < messages.size(); i += IMPORT_BATCH) {
      List<ImportedMessage> batch = messages.subList(i, Math.min(messages.size(), i + IMPORT_BATCH)).stream()
          .map(m -> new ImportedMessage(m.from(), m.to(), m.text(), Instant.ofEpochMilli(m.epochMillis()))).toList();
      client.messages().importHistory(batch).execute();
    }
  }

  @Override
  public HistoryPage history(long owner, long peer, Object cursor, int limit) {
    return page(history(owner, peer, limit).page((String) cursor).execute());
  }

  /** Over the asynchronous client: the bench's reader threads are no limit on requests in flight. */
  @Override
  public CompletableFuture<HistoryPage> historyAsync(long owner, long peer, Object cursor, int limit, Executor readers) {
    return async(() -> history(owner, peer, limit).page((String) cursor)).thenApply(HttpTarget::page);
  }

  private Listing<Message> history(long owner, long peer, int limit) {
    return client.messages().history(owner, peer).limit(limit);
  }

  private static HistoryPage page(Page<Message> page) {
    return new HistoryPage(page.items().size(), page.next());
  }

  @Override
  public ListPage conversationsPage(long owner, Object cursor, int limit) {
    var page = client.conversations().list(owner).limit(limit).page((String) cursor).execute();
    Long peer = page.items().isEmpty() ? null : page.items().get(0).peer();
    return new ListPage(page.items().size(), page.next(), peer == null ? 0 : peer);
  }

  @Override
  public long unread(long owner) {
    return client.conversations().unread(owner, "mobile").execute().total();
  }

  @Override
  public CompletableFuture<Void> delete(long owner, long peer, long id) {
    return async(() -> client.messages().delete(owner, id));
  }

  @Override
  public Broadcaster broadcaster() {
    throw new Unsupported("over HTTP the bench runs the mixed scenario only");
  }

  @Override
  public void compact() {
    // the server's store is the server's
  }

  @Override
  public long diskBytes() {
    throw new Unsupported("the server's disk is not the bench's to measure");
  }

  @Override
  public void restart() {
    // the server runs on its own
  }

  @Override
  public void coldRestart(Runnable whileStopped) {
    throw new Unsupported("the server runs on its own: the bench cannot restart it");
  }

  @Override
  public void close() {
    // nothing held: the client's connections close when it is collected
  }

  /** Waits for a free connection slot (blocking the caller), then sends without blocking. */
  private <T> CompletableFuture<T> async(Supplier<Call<T>> call) {
    try {
      connections.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return CompletableFuture.failedFuture(e);
    }
    return call.get().executeAsync().whenComplete((r, e) -> connections.release());
  }
}
