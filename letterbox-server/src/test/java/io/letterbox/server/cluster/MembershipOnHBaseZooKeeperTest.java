package io.letterbox.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.letterbox.hbase.MiniHBase;
import io.letterbox.hbase.MiniHBaseExtension;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Curator's client against the ZooKeeper that HBase runs (its mini cluster's, HBase's version). */
@ExtendWith(MiniHBaseExtension.class)
class MembershipOnHBaseZooKeeperTest {

  @Test
  void twoNodesShareThePartitionsThroughHBasesZooKeeper(MiniHBase hbase) {
    RecordingListener aListener = new RecordingListener();
    RecordingListener bListener = new RecordingListener();
    try (Membership a = Membership.start(config(hbase, "a"), aListener);
         Membership b = Membership.start(config(hbase, "b"), bListener)) {
      Assignment expected = Assignment.of(List.of("a", "b"), 512);
      await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
        assertThat(aListener.owned()).isEqualTo(expected.partitionsOf("a"));
        assertThat(bListener.owned()).isEqualTo(expected.partitionsOf("b"));
      });
      assertThat(a.view().members()).containsOnlyKeys("a", "b");
    }
    assertThat(aListener.owned()).isEmpty();
    assertThat(bListener.owned()).isEmpty();
  }

  static MembershipConfig config(MiniHBase hbase, String id) {
    return MembershipConfig.builder()
        .connectString(hbase.quorum())
        .namespace("membership-on-hbase")
        .partitions(512)
        .nodeId(id)
        .internalUrl(URI.create("http://" + id + ".internal:8081"))
        .secret("membership-test-secret")
        .build();
  }
}
