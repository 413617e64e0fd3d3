package io.letterbox.engine.partition;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.Peers;
import io.letterbox.engine.apply.CapSet;
import io.letterbox.engine.feed.FeedEntry;
import io.letterbox.engine.replay.Replayer;
import io.letterbox.engine.write.Decision;
import io.letterbox.engine.write.SetCapCommand;
import io.letterbox.model.FrequencyCap;
import io.letterbox.store.FaultyStore;
import io.letterbox.store.MemoryStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A node's partitions spread over several sequencers (decision 0030). */
class PartitionHostSequencersTest {
  private static final int PARTITIONS = 4;
  private static final int SEQUENCERS = 2;

  private final FaultyStore store = new FaultyStore(new MemoryStore(Letterbox.SPACES));
  private final LetterboxConfig config = LetterboxConfig.builder().partitions(PARTITIONS).sequencers(SEQUENCERS).build();
  private final Partitioning partitioning = Replayer.prepare(store, config, PARTITIONS);
  /** The threads each partition's actions became visible on, and the senders of its caps in that order. */
  private final Map<Integer, Set<String>> threads = new ConcurrentHashMap<>();
  private final Map<Integer, List<Long>> capsInOrder = new ConcurrentHashMap<>();
  private PartitionHost host;

  @AfterEach
  void close() {
    if (host != null) {
      host.close();
    }
  }

  @Test
  void aNodeRunsASequencerPerCoreAndNoMoreThanItsPartitions() {
    assertThat(PartitionHost.sequencerCount(64, 8)).isEqualTo(8);
    assertThat(PartitionHost.sequencerCount(2, 8)).isEqualTo(2);
    assertThat(PartitionHost.sequencerCount(1, 16)).isEqualTo(1);
    assertThat(PartitionHost.sequencerCount(8, 1)).isEqualTo(1);
  }

  @Test
  void aNewStoreOfOneNodeGetsAPartitionPerTwoCores() {
    assertThat(Partitioning.forCores(1)).isEqualTo(1);
    assertThat(Partitioning.forCores(2)).isEqualTo(1);
    assertThat(Partitioning.forCores(8)).isEqualTo(4);
    assertThat(Partitioning.forCores(64)).isEqualTo(32);
    assertThat(Partitioning.forCores(4096)).isEqualTo(Partitioning.MAX);
  }

  @Test
  void partitionsAreSpreadOverTheSequencersAndEachPartitionsCommandsStayInOrderOnOneThread() {
    start();
    List<CompletableFuture<Void>> writes = new ArrayList<>();
    for (long sender = 1; sender <= 400; sender++) {
      writes.add(host.commands().submit(sender, new SetCapCommand(sender, new FrequencyCap(5, Duration.ofMinutes(1)))));
    }
    CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).join();

    assertThat(threads).hasSize(PARTITIONS);
    threads.values().forEach(names -> assertThat(names).as("one partition's threads").hasSize(1));
    assertThat(threads.values().stream().flatMap(Set::stream).distinct()).as("the node's sequencers").hasSize(SEQUENCERS);
    capsInOrder.values().forEach(senders -> assertThat(senders).as("a partition's commands in order").isSorted());
  }

  @Test
  void aSequencerHeldUpInItsWriteHoldsUpNoPartitionOfAnother() throws Exception {
    start();
    long held = senderOf(0);
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch paused = store.pauseNextCommit(release);
    CompletableFuture<Void> waiting = host.commands().submit(held, new SetCapCommand(held, new FrequencyCap(5, Duration.ofMinutes(1))));
    assertThat(paused.await(10, TimeUnit.SECONDS)).isTrue();
    try {
      for (int p = 1; p < PARTITIONS; p++) {
        long sender = senderOf(p);
        if (host.sequencerOfPartition(p) != host.sequencerOfPartition(0)) {
          host.commands().submit(sender, new SetCapCommand(sender, new FrequencyCap(5, Duration.ofMinutes(1))))
              .get(10, TimeUnit.SECONDS);
          assertThat(waiting).isNotDone();
          return;
        }
      }
      throw new AssertionError("every partition is on the held partition's sequencer");
    } finally {
      release.countDown();
      waiting.get(10, TimeUnit.SECONDS);
    }
  }

  private long senderOf(int partition) {
    long sender = 1;
    while (partitioning.of(sender) != partition) {
      sender++;
    }
    return sender;
  }

  private void start() {
    host = new PartitionHost(store, config, partitioning, Peers.NONE, true);
    host.start(new PartitionHost.Listener() {
      @Override
      public void visible(Decision.Logged logged) {
        if (logged.action() instanceof CapSet cap) {
          int p = partitioning.of(cap.sender());
          threads.computeIfAbsent(p, k -> ConcurrentHashMap.newKeySet()).add(Thread.currentThread().getName());
          capsInOrder.computeIfAbsent(p, k -> java.util.Collections.synchronizedList(new ArrayList<>())).add(cap.sender());
        }
      }

      @Override
      public void durable(int partition, List<Decision.Logged> logged, List<FeedEntry> events) {}

      @Override
      public void taken(int p) {}

      @Override
      public void released(int p) {}

      @Override
      public void published(long sender, long id) {}

      @Override
      public void fannedOut(long sender, long id) {}

      @Override
      public void closing() {}
    });
  }
}
