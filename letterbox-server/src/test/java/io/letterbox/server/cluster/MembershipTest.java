package io.letterbox.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.KillSession;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Membership against a real ZooKeeper server (Curator's TestingServer) in this process. */
class MembershipTest {
  static final int PARTITIONS = 64;
  static final String SECRET = "membership-test-secret";
  // The server's tick bounds the session timeouts it grants to 2-20 ticks: 0.5-5 s here.
  static final int TICK_MS = 250;
  static final Duration SESSION_TIMEOUT = Duration.ofSeconds(4);
  // Generous: the machine may be busy; the conditions, not the clock, decide.
  static final Duration PATIENCE = Duration.ofSeconds(60);

  TestingServer zooKeeper;
  final List<Membership> started = new ArrayList<>();
  final Map<String, RecordingListener> listeners = new HashMap<>();

  @BeforeEach
  void startZooKeeper() throws Exception {
    zooKeeper = new TestingServer(new InstanceSpec(null, -1, -1, -1, true, -1, TICK_MS, -1), true);
  }

  @AfterEach
  void stopEverything() throws Exception {
    started.forEach(Membership::close);
    zooKeeper.close();
  }

  @Test
  void threeMembersSeeEachOtherAndOwnEveryPartitionOnce() {
    Membership a = join("a");
    Membership b = join("b");
    Membership c = join("c");

    awaitOwners(List.of(a, b, c));
    for (Membership m : List.of(a, b, c)) {
      assertThat(m.view().members()).containsOnlyKeys("a", "b", "c");
      assertThat(m.view().members().get("b").url()).isEqualTo(url("b"));
      assertThat(m.view().owned()).hasSizeBetween(PARTITIONS / 3, PARTITIONS / 3 + 1);
      assertThat(m.view().ownerOf(0)).isEqualTo(a.view().ownerOf(0));
    }
    assertThat(listeners.values()).allSatisfy(listener ->
        assertThat(listener.calls()).extracting(RecordingListener.Call::thread)
            .containsOnly("letterbox-membership"));
  }

  @Test
  void aZnodeWithoutAValidProofIsNoMemberAndOwnsNothing() throws Exception {
    try (org.apache.curator.framework.CuratorFramework stranger = org.apache.curator.framework.CuratorFrameworkFactory
        .newClient(zooKeeper.getConnectString(), new org.apache.curator.retry.ExponentialBackoffRetry(100, 3))) {
      stranger.start();
      String members = config("x").membersPath();
      stranger.create().creatingParentContainersIfNeeded().withMode(org.apache.zookeeper.CreateMode.EPHEMERAL)
          .forPath(members + "/rogue", MemberJson.write(new Member("rogue", url("rogue"), "bWFkZS11cA")));
      stranger.create().withMode(org.apache.zookeeper.CreateMode.EPHEMERAL)
          .forPath(members + "/unproven", MemberJson.write(new Member("unproven", url("unproven"))));
      MembershipConfig otherSecret = config("other").newBuilder().secret("another-cluster-secret").build();
      Membership other = Membership.start(otherSecret, new RecordingListener());
      started.add(other);

      Membership a = join("a");
      Membership b = join("b");

      awaitOwners(List.of(a, b));
      assertThat(a.view().members()).containsOnlyKeys("a", "b");
      assertThat(b.view().members()).containsOnlyKeys("a", "b");
    }
  }

  @Test
  void aMemberLeavingGracefullyStopsFirstAndHandsItsPartitionsToTheOthers() {
    Membership a = join("a");
    Membership b = join("b");
    Membership c = join("c");
    awaitOwners(List.of(a, b, c));
    SortedSet<Integer> cHad = c.view().owned();
    AtomicBoolean othersStillSawCWhenItStopped = new AtomicBoolean();
    listeners.get("c").onLost(lost -> othersStillSawCWhenItStopped.set(
        a.view().members().containsKey("c") && b.view().members().containsKey("c")));

    c.close();

    assertThat(listeners.get("c").lastCall()).isEqualTo(
        new RecordingListener.Call(false, cHad, "letterbox-membership"));
    assertThat(c.view().owned()).isEmpty();
    assertThat(othersStillSawCWhenItStopped).isTrue();
    awaitOwners(List.of(a, b));
    assertThat(union(a, b)).containsAll(cHad);
  }

  @Test
  void aMemberRejoiningUnderItsIdGetsItsPartitionsBackAndNothingElseMovesForGood() {
    Membership a = join("a");
    Membership b = join("b");
    Membership c = join("c");
    awaitOwners(List.of(a, b, c));
    Map<String, SortedSet<Integer>> before = owned(a, b, c);
    c.close();
    awaitOwners(List.of(a, b));
    Assignment without = a.view().assignment();

    Membership c2 = join("c");

    awaitOwners(List.of(a, b, c2));
    assertThat(owned(a, b, c2)).isEqualTo(before);
    int moves = AssignmentTest.moves(without, c2.view().assignment());
    assertThat(moves).isLessThanOrEqualTo(AssignmentTest.bound(PARTITIONS, 3));
  }

  @Test
  void anExpiredSessionLosesEverythingAtOnceAndTheOthersTakeOverWithinTheSessionTimeout()
      throws Exception {
    Membership a = join("a");
    Membership b = join("b");
    Membership c = join("c");
    awaitOwners(List.of(a, b, c));
    Map<String, SortedSet<Integer>> before = owned(a, b, c);
    int callsBefore = listeners.get("c").calls().size();

    // As when c was cut off for longer than its session: its client declares the session
    // expired, while the server expires it one session timeout later.
    long killedAt = System.nanoTime();
    KillSession.kill(zooKeeperOf(c));

    await().atMost(PATIENCE).until(() -> listeners.get("c").calls().size() > callsBefore);
    assertThat(listeners.get("c").calls().get(callsBefore)).isEqualTo(
        new RecordingListener.Call(false, before.get("c"), "letterbox-membership"));
    await().atMost(PATIENCE).until(() -> {
      Set<Integer> takenOver = new HashSet<>(listeners.get("a").everGained());
      takenOver.addAll(listeners.get("b").everGained());
      return takenOver.containsAll(before.get("c"));
    });
    Duration takeover = Duration.ofNanos(System.nanoTime() - killedAt);
    assertThat(takeover).as("a and b took c's partitions after %s", takeover)
        .isLessThan(SESSION_TIMEOUT.multipliedBy(3));

    // c joins again with a new session, and the owners are those from before.
    awaitOwners(List.of(a, b, c));
    assertThat(owned(a, b, c)).isEqualTo(before);
  }

  @Test
  void losingTheConnectionDropsEveryPartitionUntilItIsBack() throws Exception {
    Membership a = join("a");
    Membership b = join("b");
    awaitOwners(List.of(a, b));

    zooKeeper.stop();

    await().atMost(PATIENCE).untilAsserted(() -> {
      assertThat(a.view().owned()).isEmpty();
      assertThat(b.view().owned()).isEmpty();
      assertThat(listeners.get("a").owned()).isEmpty();
      assertThat(listeners.get("b").owned()).isEmpty();
    });

    zooKeeper.restart();

    awaitOwners(List.of(a, b));
  }

  @Test
  void aMemberWhoseZnodeIsRemovedByHandStopsAndRegistersAgain() throws Exception {
    Membership a = join("a");
    Membership b = join("b");
    awaitOwners(List.of(a, b));
    Map<String, SortedSet<Integer>> before = owned(a, b);
    int callsBefore = listeners.get("b").calls().size();

    try (CuratorFramework admin = CuratorFrameworkFactory.newClient(
        zooKeeper.getConnectString(), new RetryOneTime(100))) {
      admin.start();
      admin.delete().forPath(config("b").memberPath());
    }

    await().atMost(PATIENCE).until(() -> listeners.get("b").calls().size() > callsBefore);
    assertThat(listeners.get("b").calls().get(callsBefore)).isEqualTo(
        new RecordingListener.Call(false, before.get("b"), "letterbox-membership"));
    awaitOwners(List.of(a, b));
    assertThat(owned(a, b)).isEqualTo(before);
  }

  @Test
  void aSecondNodeWithTheSameIdOwnsNothingUntilTheFirstHasLeft() {
    Membership first = join("a");
    awaitOwners(List.of(first));
    RecordingListener secondListener = new RecordingListener();
    Membership second = Membership.start(config("a"), secondListener);
    started.add(second);

    assertThat(second.view().members()).containsOnlyKeys("a");
    assertThat(second.view().owned()).isEmpty();
    assertThat(first.view().owned()).hasSize(PARTITIONS);

    first.close();

    await().atMost(PATIENCE).until(() -> secondListener.owned().size() == PARTITIONS);
  }

  @Test
  void startFailsWhenZooKeeperCannotBeReached() throws Exception {
    zooKeeper.stop();
    MembershipConfig config = config("a").newBuilder()
        .connectionTimeout(Duration.ofSeconds(1)).build();

    assertThatThrownBy(() -> Membership.start(config, new RecordingListener()))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("did not answer");
  }

  Membership join(String id) {
    RecordingListener listener = new RecordingListener();
    Membership membership = Membership.start(config(id), listener);
    started.add(membership);
    listeners.put(id, listener);
    return membership;
  }

  MembershipConfig config(String id) {
    return MembershipConfig.builder()
        .connectString(zooKeeper.getConnectString())
        .namespace("test")
        .partitions(PARTITIONS)
        .nodeId(id)
        .internalUrl(url(id))
        .sessionTimeout(SESSION_TIMEOUT)
        .secret(SECRET)
        .build();
  }

  static URI url(String id) {
    return URI.create("http://" + id + ".internal:8081");
  }

  /**
   * Waits until the members see exactly each other, agree on the owners, and each one's listener
   * was told it owns its share: together every partition, once.
   */
  void awaitOwners(List<Membership> members) {
    await().atMost(PATIENCE).untilAsserted(() -> {
      Set<String> ids = new HashSet<>();
      members.forEach(m -> ids.add(m.view().self()));
      Assignment expected = Assignment.of(ids, PARTITIONS);
      int total = 0;
      for (Membership m : members) {
        String self = m.view().self();
        assertThat(m.view().members().keySet()).as(self).isEqualTo(ids);
        assertThat(m.view().assignment()).isEqualTo(expected);
        assertThat(m.view().owned()).isEqualTo(expected.partitionsOf(self));
        assertThat(listeners.get(self).owned()).isEqualTo(expected.partitionsOf(self));
        total += m.view().owned().size();
      }
      assertThat(total).isEqualTo(PARTITIONS);
    });
  }

  static Map<String, SortedSet<Integer>> owned(Membership... members) {
    Map<String, SortedSet<Integer>> owned = new HashMap<>();
    for (Membership m : members) {
      owned.put(m.view().self(), m.view().owned());
    }
    return owned;
  }

  static Set<Integer> union(Membership... members) {
    Set<Integer> all = new HashSet<>();
    for (Membership m : members) {
      all.addAll(m.view().owned());
    }
    return all;
  }

  static org.apache.zookeeper.ZooKeeper zooKeeperOf(Membership membership) throws Exception {
    return membership.curator().getZookeeperClient().getZooKeeper();
  }
}
