package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import io.letterbox.model.ConversationRef;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.SendRequest;
import io.letterbox.store.FaultyStore;
import io.letterbox.store.KeyValueStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Several engines on one store, each hosting some partitions (decision 0007): what every backend
 * must give them. Nodes here are engines in one JVM, joined by {@link InJvmPeers}; the server's
 * cluster tests run them as processes.
 */
public abstract class ClusterContract {
  private static final int PARTITIONS = 8;
  private static final Duration WAIT = Duration.ofSeconds(60);

  protected abstract KeyValueStore openStore();

  protected KeyValueStore store;
  private final List<Letterbox> nodes = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final InJvmPeers peers = new InJvmPeers();
  private Partitioning partitioning;

  @BeforeEach
  void startThreeNodes() {
    store = openStore();
    for (int i = 0; i < 3; i++) {
      nodes.add(Letterbox.openNode(store, config(Duration.ofSeconds(30)), peers));
    }
    partitioning = nodes.get(0).partitions().partitioning();
    for (int p = 0; p < PARTITIONS; p++) {
      nodes.get(p % 3).partitions().take(p);
    }
  }

  @AfterEach
  void stopNodes() {
    nodes.forEach(Letterbox::close);
    store.close();
  }

  private static LetterboxConfig config(Duration deliveryWait) {
    return LetterboxConfig.builder().partitions(PARTITIONS).deliveryWait(deliveryWait).build();
  }

  @Test
  void theStoreRecordsItsPartitionCount() {
    assertThat(partitioning.count()).isEqualTo(PARTITIONS);
    Throwable refused = catchThrowable(() -> Letterbox.openNode(store,
        LetterboxConfig.builder().partitions(PARTITIONS * 2).build(), peers));
    assertThat(refused).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("8 partitions");
  }

  @Test
  void everyAcknowledgedSendAcrossPartitionsIsOnceInBothHistoriesWithExactCounters() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    Map<List<Long>, Set<Long>> sent = new ConcurrentHashMap<>();
    try {
      List<Future<?>> work = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        Random random = new Random(t);
        work.add(pool.submit(() -> {
          for (int i = 0; i < 100; i++) {
            long from = 1 + random.nextInt(30);
            long to = 1 + random.nextInt(30);
            if (from == to) {
              continue;
            }
            long id = ownerOf(from).messages().send(new SendRequest(from, to, "m" + i, null)).join().message().id();
            sent.computeIfAbsent(List.of(from, to), k -> ConcurrentHashMap.newKeySet()).add(id);
          }
          return null;
        }));
      }
      for (Future<?> f : work) {
        f.get(WAIT.toSeconds(), TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    Map<Long, Long> received = new HashMap<>();
    for (Map.Entry<List<Long>, Set<Long>> e : sent.entrySet()) {
      long from = e.getKey().get(0);
      long to = e.getKey().get(1);
      received.merge(to, (long) e.getValue().size(), Long::sum);
      Set<Long> both = new HashSet<>(e.getValue());
      both.addAll(sent.getOrDefault(List.of(to, from), Set.of()));
      assertThat(historyIds(from, to)).as("%d's history with %d", from, to).containsExactlyInAnyOrderElementsOf(both);
      assertThat(historyIds(to, from)).as("%d's history with %d", to, from).containsExactlyInAnyOrderElementsOf(both);
    }
    for (Map.Entry<Long, Long> r : received.entrySet()) {
      assertThat(ownerOf(r.getKey()).conversations().unread(r.getKey(), "pc").total()).as("unread of %d", r.getKey()).isEqualTo(r.getValue());
    }
  }

  @Test
  void aSendIsReadableByItsReceiverWhenItIsAcknowledged() {
    long[] pair = usersInDifferentPartitions();
    Message m = ownerOf(pair[0]).messages().send(new SendRequest(pair[0], pair[1], "hello", null)).join().message();
    assertThat(historyIds(pair[1], pair[0])).containsExactly(m.id());
    assertThat(ownerOf(pair[1]).conversations().unread(pair[1], "mobile").total()).isEqualTo(1);
  }

  @Test
  void aWriterThatLostItsPartitionWritesNothingAfterwards() throws Exception {
    long[] pair = usersInDifferentPartitions();
    long sender = pair[0];
    int p = partitioning.of(sender);
    FaultyStore paused = new FaultyStore(store);
    Letterbox old = Letterbox.openNode(paused, config(Duration.ofSeconds(30)), peers);
    nodes.add(old);
    nodes.get(p % 3).partitions().release(p);
    old.partitions().take(p);
    Message before = old.messages().send(new SendRequest(sender, pair[1], "before", null)).join().message();

    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch waiting = paused.pauseNextCommit(release);
    CompletableFuture<?> late = old.messages().send(new SendRequest(sender, pair[1], "late", null));
    assertThat(waiting.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
    // The old writer is paused past its session: another node takes the partition.
    nodes.get(p % 3).partitions().take(p);
    release.countDown();

    Throwable refused = catchThrowable(late::join);
    assertThat(refused).isInstanceOf(CompletionException.class);
    assertThat(((LetterboxException) refused.getCause()).code()).isEqualTo(ErrorCode.NOT_OWNER);
    // Its membership tells it the partition is gone (until then it would take it back).
    old.partitions().release(p);
    await().atMost(WAIT).until(() -> nodes.get(p % 3).partitions().hosted().containsKey(p));
    assertThat(texts(sender, pair[1])).containsExactly("before");
    assertThat(texts(pair[1], sender)).containsExactly("before");
    Message after = ownerOf(sender).messages().send(new SendRequest(sender, pair[1], "after", null)).join().message();
    assertThat(after.id()).isGreaterThan(before.id());
    assertThat(texts(pair[1], sender)).containsExactly("after", "before");
    assertThat(ownerOf(pair[1]).conversations().unread(pair[1], "pc").total()).isEqualTo(2);
  }

  @Test
  void aPartitionTakenFromANodeFailsOnlyItsOwnWritesInTheBatchItSharedWithTheNodesOtherPartitions()
      throws Exception {
    long[] lost = usersOfOnePartition(-1);
    int p = partitioning.of(lost[0]);
    long[] kept = usersOfOnePartition(p);
    int q = partitioning.of(kept[0]);
    FaultyStore paused = new FaultyStore(store);
    // One sequencer: the node's two partitions share its batches.
    Letterbox node = Letterbox.openNode(paused, config(Duration.ofSeconds(30)).toBuilder().sequencers(1).build(), peers);
    nodes.add(node);
    for (int partition : new int[] {p, q}) {
      nodes.get(partition % 3).partitions().release(partition);
      node.partitions().take(partition);
    }

    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch waiting = paused.pauseNextCommit(release);
    CompletableFuture<?> first = node.messages().send(new SendRequest(kept[0], kept[1], "first", null));
    assertThat(waiting.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
    // Queued while the node's writer waits: decided together, written as one batch.
    CompletableFuture<?> fenced = node.messages().send(new SendRequest(lost[0], lost[1], "fenced", null));
    CompletableFuture<?> written = node.messages().send(new SendRequest(kept[0], kept[1], "written", null));
    nodes.get(p % 3).partitions().take(p);
    release.countDown();

    first.join();
    written.join();
    Throwable refused = catchThrowable(fenced::join);
    assertThat(refused).isInstanceOf(CompletionException.class);
    assertThat(((LetterboxException) refused.getCause()).code()).isEqualTo(ErrorCode.NOT_OWNER);
    node.partitions().release(p);
    assertThat(node.partitions().hosted()).containsKey(q).doesNotContainKey(p);
    assertThat(texts(kept[1], kept[0])).containsExactly("written", "first");
    assertThat(texts(lost[1], lost[0])).isEmpty();
  }

  @Test
  void aDeliveryMadeTwiceInOneGroupIsAppliedOnce() throws Exception {
    long[] pair = usersInDifferentPartitions();
    int away = partitioning.of(pair[1]);
    FaultyStore paused = new FaultyStore(store);
    Letterbox node = Letterbox.openNode(paused, config(Duration.ofSeconds(30)), peers);
    nodes.add(node);
    nodes.get(away % 3).partitions().release(away);
    node.partitions().take(away);
    peers.unreachable.add(away);
    CompletableFuture<?> sent = ownerOf(pair[0]).messages().send(new SendRequest(pair[0], pair[1], "twice", null));
    await().atMost(WAIT).until(() -> !historyIds(pair[0], pair[1]).isEmpty());
    long id = historyIds(pair[0], pair[1]).get(0);

    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch waiting = paused.pauseNextCommit(release);
    CompletableFuture<?> read = node.conversations().markRead(pair[1], ConversationRef.peer(pair[0]), "pc", null);
    assertThat(waiting.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
    // Both queued while the writer waits: decided in one group, the second after the first's pending writes.
    CompletableFuture<Void> first = node.partitions().deliver(away, new long[] {id});
    CompletableFuture<Void> second = node.partitions().deliver(away, new long[] {id});
    release.countDown();
    read.join();
    first.join();
    second.join();
    peers.unreachable.clear();
    sent.join();

    assertThat(historyIds(pair[1], pair[0])).containsExactly(id);
    assertThat(node.conversations().unread(pair[1], "pc").total()).isEqualTo(1);
  }

  @Test
  void aNodeThatHostedNothingForAWhileListsTheBroadcastsAnnouncedMeanwhile() {
    long[] pair = usersInDifferentPartitions();
    long sender = pair[0];
    long receiver = pair[1];
    int away = partitioning.of(receiver);
    Letterbox node = Letterbox.openNode(store, config(Duration.ofSeconds(30)), peers);
    nodes.add(node);
    nodes.get(away % 3).partitions().release(away);
    node.partitions().take(away);
    long first = broadcastTo(sender, receiver, "first");
    await().atMost(WAIT).untilAsserted(() -> assertThat(newestInList(node, receiver)).isEqualTo(first));

    // Out of the cluster for a while: the announcement of the next broadcast does not reach it.
    node.partitions().release(away);
    nodes.remove(node);
    long second = broadcastTo(sender, receiver, "second");
    nodes.add(node);
    node.partitions().take(away);

    await().atMost(WAIT).untilAsserted(() -> assertThat(newestInList(node, receiver)).isEqualTo(second));
  }

  /** The id of the newest message in {@code owner}'s conversation list, 0 if it is empty. */
  private static long newestInList(Letterbox node, long owner) {
    var items = node.conversations().list(owner, null, 10).items();
    return items.isEmpty() ? 0 : items.get(0).lastMessage().id();
  }

  private long broadcastTo(long sender, long receiver, String text) {
    return ownerOf(sender).broadcasts().send(new io.letterbox.model.BroadcastRequest(sender, text,
        new io.letterbox.model.Audience.Uids(new long[] {receiver}), io.letterbox.model.BroadcastRequest.Priority.NORMAL,
        null)).join().id();
  }

  @Test
  void aNodeWhosePartitionWasTakenBehindItsBackTakesItBackBeforeItsNextWrite() {
    long[] pair = usersInDifferentPartitions();
    int p = partitioning.of(pair[0]);
    Letterbox owner = nodes.get(p % 3);
    long epoch = owner.partitions().hosted().get(p);
    // Another node's view overlapped for a moment: it took the partition, and let it go.
    Letterbox other = nodes.get((p + 1) % 3);
    other.partitions().take(p);
    other.partitions().release(p);
    await().atMost(WAIT).until(() -> owner.partitions().hosted().getOrDefault(p, 0L) > epoch + 1);
    Message m = owner.messages().send(new SendRequest(pair[0], pair[1], "no refusal", null)).join().message();
    assertThat(historyIds(pair[1], pair[0])).containsExactly(m.id());
  }

  @Test
  void aDeliveryItsWriterNeverMadeIsMadeByThePartitionsNextOwner() {
    long[] pair = usersInDifferentPartitions();
    int home = partitioning.of(pair[0]);
    int away = partitioning.of(pair[1]);
    Letterbox first = nodes.get(home % 3);
    first.close(); // stops hosting everything; a fresh engine takes over below
    nodes.remove(first);
    Letterbox writer = Letterbox.openNode(store, config(Duration.ofMillis(100)), peers);
    nodes.add(writer);
    writer.partitions().take(home);
    peers.unreachable.add(away);
    Message m = writer.messages().send(new SendRequest(pair[0], pair[1], "in flight", null)).join().message();
    assertThat(store.get(io.letterbox.keys.Spaces.CONVERSATION, io.letterbox.keys.TimelineKey.of(pair[1], pair[0], m.id())))
        .as("not delivered yet").isNull();
    writer.close(); // dies with the delivery undone
    nodes.remove(writer);
    peers.unreachable.clear();

    Letterbox next = Letterbox.openNode(store, config(Duration.ofSeconds(30)), peers);
    nodes.add(next);
    for (int p = 0; p < PARTITIONS; p++) {
      if (p % 3 == home % 3) {
        next.partitions().take(p);
      }
    }
    await().atMost(WAIT).untilAsserted(() -> assertThat(historyIds(pair[1], pair[0])).containsExactly(m.id()));
    assertThat(ownerOf(pair[1]).conversations().unread(pair[1], "pc").total()).isEqualTo(1);

    // Taken once more (and so delivered once more): still once.
    next.partitions().release(home);
    next.partitions().take(home);
    ownerOf(pair[1]).partitions().deliver(away, new long[] {m.id()}).join();
    assertThat(historyIds(pair[1], pair[0])).containsExactly(m.id());
    assertThat(ownerOf(pair[1]).conversations().unread(pair[1], "pc").total()).isEqualTo(1);
  }

  @Test
  void writesAndReadsOfAnOwnerHostedElsewhereAreRefusedNamingItsPartition() {
    long uid = 1;
    int p = partitioning.of(uid);
    Letterbox other = nodes.get((p + 1) % 3);
    Throwable write = catchThrowable(() -> other.conversations().markRead(uid, ConversationRef.peer(2), "pc", null).join());
    assertThat(write.getCause()).isInstanceOf(NotOwnerException.class);
    assertThat(((NotOwnerException) write.getCause()).partition()).isEqualTo(p);
    Throwable read = catchThrowable(() -> other.conversations().unread(uid, "pc"));
    assertThat(read).isInstanceOf(NotOwnerException.class);
    assertThat(((NotOwnerException) read).partition()).isEqualTo(p);
  }

  @Test
  void aBlockMadeOnOneNodeRefusesSendsDecidedOnAnother() {
    long blocker = 1;
    long pest = 2;
    while (partitioning.of(pest) % 3 == partitioning.of(blocker) % 3) {
      pest++;
    }
    assertThat(ownerOf(pest)).isNotSameAs(ownerOf(blocker));
    ownerOf(pest).messages().send(new SendRequest(pest, blocker, "before", null)).join();
    ownerOf(blocker).relations().block(blocker, pest, true).join();
    long from = pest;
    Throwable refused = catchThrowable(() -> ownerOf(from).messages().send(new SendRequest(from, blocker, "after", null)).join());
    assertThat(refused).hasRootCauseInstanceOf(LetterboxException.class);
    assertThat(((LetterboxException) org.assertj.core.util.Throwables.getRootCause(refused)).code())
        .isEqualTo(ErrorCode.BLOCKED);
    assertThat(historyIds(blocker, pest)).hasSize(1);
  }

  @Test
  void aReadReceiptReachesThePeerOnAnotherNode() {
    long reader = 1;
    long writer = userOnAnotherNodeThan(reader);
    long id = ownerOf(writer).messages().send(new SendRequest(writer, reader, "read me", null)).join().message().id();
    ownerOf(reader).conversations().markRead(reader, ConversationRef.peer(writer), "mobile", id).join();
    await().atMost(WAIT).until(() -> ownerOf(writer).conversations().get(writer, ConversationRef.peer(reader)).peerReadUpTo() == id);
  }

  @Test
  void aRecallDecidedOnTheSendersNodeIsSeenOnTheReceiversNodeInHistoryAndList() {
    long receiver = 1;
    long sender = userOnAnotherNodeThan(receiver);
    long id = ownerOf(sender).messages().send(new SendRequest(sender, receiver, "recall me", null)).join().message().id();
    assertThat(ownerOf(receiver).conversations().history(receiver, ConversationRef.peer(sender), null, 1).items().get(0).recalled()).isFalse();

    ownerOf(sender).messages().recall(sender, id).join();

    await().atMost(WAIT).until(() -> ownerOf(receiver).conversations().list(receiver, null, 10).items().get(0)
        .lastMessage().recalled());
    assertThat(ownerOf(receiver).conversations().history(receiver, ConversationRef.peer(sender), null, 1).items().get(0).recalled()).isTrue();
    assertThat(ownerOf(sender).conversations().list(sender, null, 10).items().get(0).lastMessage().recalled()).isTrue();
  }

  /** Collects a stream's events and how it ended. */
  private static final class Collected implements io.letterbox.engine.feed.EventStreams.Sink {
    final List<io.letterbox.model.Event> events = new java.util.concurrent.CopyOnWriteArrayList<>();
    volatile String ended;

    @Override
    public boolean accept(io.letterbox.model.Event event) {
      events.add(event);
      return true;
    }

    @Override
    public void ended(String reason) {
      ended = reason;
    }
  }

  @Test
  void aStreamOnTheReceiversNodeGetsMessagesAndBroadcastsDecidedOnOtherNodes() {
    long receiver = 1;
    long sender = userOnAnotherNodeThan(receiver);
    Collected sink = new Collected();
    try (var stream = ownerOf(receiver).events().stream(receiver, null, sink)) {
      long sent = ownerOf(sender).messages().send(new SendRequest(sender, receiver, "across nodes", null)).join().message().id();
      long broadcast = broadcastTo(sender, receiver, "to you across nodes");

      await().atMost(WAIT).until(() -> sink.events.size() >= 2);
      assertThat(sink.events).extracting(e -> ((io.letterbox.model.Event.MessageArrived) e).message().id())
          .containsExactly(sent, broadcast);
    }
  }

  @Test
  void aStreamEndsWhenItsPartitionMovesAndResumesAtTheNewOwnerWithNothingLost() {
    long receiver = 1;
    long sender = userOnAnotherNodeThan(receiver);
    int p = partitioning.of(receiver);
    Letterbox before = ownerOf(receiver);
    Collected sink = new Collected();
    before.events().stream(receiver, null, sink);
    ownerOf(sender).messages().send(new SendRequest(sender, receiver, "before the move", null)).join();
    await().atMost(WAIT).until(() -> sink.events.size() == 1);

    before.partitions().release(p);
    await().atMost(WAIT).until(() -> sink.ended != null);
    Letterbox after = nodes.stream().filter(n -> n != before).findFirst().orElseThrow();
    after.partitions().take(p);
    ownerOf(sender).messages().send(new SendRequest(sender, receiver, "after the move", null)).join();

    Collected resumed = new Collected();
    try (var stream = after.events().stream(receiver, sink.events.get(0).position(), resumed)) {
      await().atMost(WAIT).until(() -> resumed.events.size() >= 1);
      assertThat(resumed.events).extracting(e -> ((io.letterbox.model.Event.MessageArrived) e).message().text())
          .containsExactly("after the move");
    }
  }

  @Test
  void aSearchFindsWhatOtherNodesIndexedAndKeepsFindingItWhereItsPartitionMoves() {
    long b = 1;
    long a = userOnAnotherNodeThan(b);
    long sender = userOnAnotherNodeThan(a);
    io.letterbox.engine.search.SearchQuery q = io.letterbox.engine.search.SearchQuery.of("lantern", 0, 0, null, null);
    ownerOf(a).messages().send(new SendRequest(a, b, "paper lantern", null)).join();
    broadcastTo(sender, b, "lantern festival");
    // The send was delivered to b's partition before it was acknowledged: b's search waits for
    // its own partition's index; the broadcast is indexed by its sender's node.
    await().atMost(WAIT).until(() -> searchTexts(ownerOf(b), b, q), t -> t.size() == 2);
    assertThat(searchTexts(ownerOf(b), b, q)).containsExactlyInAnyOrder("lantern festival", "paper lantern");
    assertThat(searchTexts(ownerOf(a), a, q)).containsExactly("paper lantern");
    Letterbox elsewhere = nodes.get((partitioning.of(b) + 1) % 3);
    Throwable refused = catchThrowable(() -> elsewhere.search().find(b, q, null, 10));
    assertThat(refused).isInstanceOf(NotOwnerException.class);

    int p = partitioning.of(b);
    nodes.get(p % 3).partitions().release(p);
    elsewhere.partitions().take(p);
    ownerOf(a).messages().send(new SendRequest(a, b, "lantern again", null)).join();

    List<String> found = searchTexts(elsewhere, b, q);
    assertThat(found).first().isEqualTo("lantern again");
    assertThat(found).containsExactlyInAnyOrder("lantern again", "lantern festival", "paper lantern");
  }

  private static List<String> searchTexts(Letterbox node, long owner, io.letterbox.engine.search.SearchQuery q) {
    return node.search().find(owner, q, null, 10).join().items().stream().map(Message::text).toList();
  }

  /** @return the smallest uid above {@code uid} whose partition another node hosts */
  private long userOnAnotherNodeThan(long uid) {
    long other = uid + 1;
    while (ownerOf(other) == ownerOf(uid)) {
      other++;
    }
    return other;
  }

  private Letterbox ownerOf(long uid) {
    int p = partitioning.of(uid);
    for (Letterbox n : nodes) {
      if (n.partitions().hosted().containsKey(p)) {
        return n;
      }
    }
    throw new AssertionError("no node hosts partition " + p);
  }

  private long[] usersInDifferentPartitions() {
    for (long a = 1; ; a++) {
      for (long b = a + 1; b < a + 50; b++) {
        if (partitioning.of(a) != partitioning.of(b)) {
          return new long[] {a, b};
        }
      }
    }
  }

  /** Two users of one partition, other than {@code not}. */
  private long[] usersOfOnePartition(int not) {
    for (long a = 1; ; a++) {
      if (partitioning.of(a) == not) {
        continue;
      }
      for (long b = a + 1; b < a + 200; b++) {
        if (partitioning.of(a) == partitioning.of(b)) {
          return new long[] {a, b};
        }
      }
    }
  }

  private List<Long> historyIds(long owner, long peer) {
    List<Long> out = new ArrayList<>();
    String cursor = null;
    do {
      Page<Message> page = ownerOf(owner).conversations().history(owner, ConversationRef.peer(peer), cursor, 100);
      page.items().forEach(m -> out.add(m.id()));
      cursor = page.next();
    } while (cursor != null);
    return out;
  }

  private List<String> texts(long owner, long peer) {
    return ownerOf(owner).conversations().history(owner, ConversationRef.peer(peer), null, 100).items().stream().map(Message::text).toList();
  }

  /** Nodes of one JVM reaching each other directly; deliveries to {@link #unreachable} fail. */
  private final class InJvmPeers implements Peers {
    final Set<Integer> unreachable = ConcurrentHashMap.newKeySet();

    @Override
    public CompletableFuture<Void> deliver(int partition, long[] origins) {
      if (!unreachable.contains(partition)) {
        for (Letterbox n : List.copyOf(nodes)) {
          if (n.partitions().hosted().containsKey(partition)) {
            return n.partitions().deliver(partition, origins);
          }
        }
      }
      return CompletableFuture.failedFuture(new LetterboxException(ErrorCode.NOT_OWNER, "unreachable: " + partition));
    }

    @Override
    public CompletableFuture<Void> published(long sender, long id) {
      for (Letterbox n : List.copyOf(nodes)) {
        n.partitions().published(sender, id);
      }
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Void> fannedOut(long sender, long id) {
      for (Letterbox n : List.copyOf(nodes)) {
        n.partitions().fannedOut(sender, id);
      }
      return CompletableFuture.completedFuture(null);
    }
  }
}
