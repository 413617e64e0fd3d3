package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.letterbox.model.ConversationRef;
import io.letterbox.id.Ids;
import io.letterbox.model.Broadcast;
import io.letterbox.model.Conversation;
import io.letterbox.model.FrequencyCap;
import io.letterbox.model.ImportedMessage;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.SendRequest;
import io.letterbox.model.SendResult;
import io.letterbox.store.KeyValueStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import io.letterbox.store.FaultyStore;

/**
 * An engine on a fresh store for each test, with a clock the test moves. The engine's contract
 * suites extend it; a backend module extends those and opens its stores in {@link #openStore()}.
 */
public abstract class EngineFixture {
  protected static final long ALICE = 1_000_000_001L;
  protected static final long BOB = 1_000_000_002L;
  protected static final long CAROL = 1_000_000_003L;
  protected static final long DAVE = 1_000_000_004L;
  protected static final long NEWS = 2_000_000_000L;

  protected TestClock clock;
  protected KeyValueStore store;
  protected Letterbox box;

  private final List<KeyValueStore> opened = new ArrayList<>();

  /**
   * @return a new, empty store opened with {@link Letterbox#SPACES}; every call a different one
   *     (a test may need two). The suite closes them.
   */
  protected abstract KeyValueStore openStore() throws Exception;

  @BeforeEach
  void openEngine() throws Exception {
    clock = new TestClock(Instant.parse("2026-11-22T10:00:00Z"));
    store = newStore();
    box = Letterbox.open(store, config().build());
  }

  protected KeyValueStore newStore() throws Exception {
    KeyValueStore s = openStore();
    opened.add(s);
    return s;
  }

  protected LetterboxConfig.Builder config() {
    return LetterboxConfig.builder().clock(clock);
  }

  @AfterEach
  void closeEngine() {
    box.close();
    opened.forEach(KeyValueStore::close);
  }

  protected void reopen(LetterboxConfig.Builder config) {
    reopen(store, config);
  }

  /** Restarts the engine on {@code on}, as a new process would. */
  protected void reopen(KeyValueStore on, LetterboxConfig.Builder config) {
    box.close();
    box = Letterbox.open(on, config.build());
  }

  protected Message send(long from, long to, String text) {
    return box.messages().send(new SendRequest(from, to, text, null)).join().message();
  }

  protected List<String> texts(Page<Message> page) {
    return page.items().stream().map(Message::text).toList();
  }

  /** Schedules a one-to-one message {@code ahead} of the clock (decision 0052). */
  protected io.letterbox.model.ScheduledMessage schedule(long from, long to, String text, Duration ahead) {
    return box.schedules().schedule(new SendRequest(from, to, text, null), clock.instant().plus(ahead),
        io.letterbox.blob.Blobs.SERVICE).join();
  }

  /** The first hundred schedules of {@code uid}, pending and failed. */
  protected List<io.letterbox.model.ScheduledMessage> scheduled(long uid) {
    return box.schedules().list(uid, null, 100).items();
  }

  protected List<String> history(long owner, long peer) {
    return texts(box.conversations().history(owner, ConversationRef.peer(peer), null, 100));
  }

  /** What {@code member} sees of group {@code gid}, newest first. */
  protected List<String> groupHistory(long member, long gid) {
    return texts(box.conversations().history(member, ConversationRef.group(gid), null, 100));
  }

  /** {@code member}'s unread count of group {@code gid} on each device, as its conversation item has it. */
  protected Map<String, Long> groupUnread(long member, long gid) {
    return box.conversations().get(member, ConversationRef.group(gid)).unread();
  }

  /** A post of {@code from} to group {@code gid}. */
  protected Message post(long gid, long from, String text) {
    return box.groups().post(new io.letterbox.model.GroupPost(gid, from, text, List.of(), null,
        io.letterbox.model.Extras.TEXT)).join().message();
  }

  protected List<Long> peers(long owner) {
    return box.conversations().list(owner, null, 100).items().stream().map(Conversation::peer).toList();
  }

  protected static ErrorCode codeOf(Throwable t) {
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    assertThat(t).isInstanceOf(LetterboxException.class);
    return ((LetterboxException) t).code();
  }

  protected static ErrorCode refusal(Runnable r) {
    Throwable t = catchThrowable(r::run);
    assertThat(t).as("expected a refusal").isNotNull();
    return codeOf(t);
  }

  /** The ids of the messages {@code owner}'s search for {@code q} finds, newest first (a first page of 10). */
  protected List<Long> foundIds(long owner, String q) {
    return box.search().find(owner, io.letterbox.engine.search.SearchQuery.of(q, 0, 0, null, null), null, 10).join()
        .items().stream().map(Message::id).toList();
  }

  /** Waits for the search index to find message {@code id} for {@code owner} by {@code q}: it runs behind the writes. */
  protected void awaitIndexed(long owner, String q, long id) {
    Awaitility.await(q).atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(10))
        .until(() -> foundIds(owner, q), ids -> ids.contains(id));
  }

  /** Waits for a broadcast's fan-out, which runs in the background; generous for a busy machine. */
  protected Broadcast done(Broadcast b) {
    return Awaitility.await("fan-out of broadcast " + b.id()).atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofMillis(10))
        .until(() -> box.broadcasts().find(b.id()).orElseThrow(), now -> now.status() == Broadcast.Status.DONE);
  }

  /** Every entry of every space of {@code store}, as text: what two stores must agree on row by row. */
  protected static Map<String, List<String>> contents(KeyValueStore store) {
    Map<String, List<String>> out = new java.util.LinkedHashMap<>();
    for (io.letterbox.store.Space space : Letterbox.SPACES) {
      List<String> rows = new ArrayList<>();
      store.scan(space, new io.letterbox.store.KeyRange(new byte[0], null), false, (k, v) ->
          rows.add(java.util.HexFormat.of().formatHex(k) + "=" + java.util.HexFormat.of().formatHex(v)));
      out.put(space.name(), rows);
    }
    return out;
  }

  /** A stream's sink that keeps what it is given in {@code events}. */
  protected static io.letterbox.engine.feed.EventStreams.Sink collecting(java.util.List<io.letterbox.model.Event> events) {
    return new io.letterbox.engine.feed.EventStreams.Sink() {
      @Override
      public boolean accept(io.letterbox.model.Event event) {
        events.add(event);
        return true;
      }

      @Override
      public void ended(String reason) {}
    };
  }
}
