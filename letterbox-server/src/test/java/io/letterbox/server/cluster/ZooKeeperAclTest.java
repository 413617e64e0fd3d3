package io.letterbox.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * With {@code zookeeper-auth}, the cluster's znodes are the nodes' own: a ZooKeeper client without
 * the credentials can read them but can neither register a member, nor remove or rewrite one, even
 * where the path was created open before the nodes came.
 */
class ZooKeeperAclTest {
  static final String AUTH = "digest:letterbox:the-zookeeper-password";
  static final int PARTITIONS = 16;

  TestingServer zooKeeper;
  CuratorFramework stranger;
  final List<Membership> started = new ArrayList<>();

  @BeforeEach
  void start() throws Exception {
    zooKeeper = new TestingServer(new InstanceSpec(null, -1, -1, -1, true, -1, 250, -1), true);
    stranger = CuratorFrameworkFactory.newClient(zooKeeper.getConnectString(), new ExponentialBackoffRetry(100, 3));
    stranger.start();
  }

  @AfterEach
  void stop() throws Exception {
    started.forEach(Membership::close);
    stranger.close();
    zooKeeper.close();
  }

  Membership join(String id) {
    Membership m = Membership.start(MembershipConfig.builder()
        .connectString(zooKeeper.getConnectString())
        .namespace("acl")
        .partitions(PARTITIONS)
        .nodeId(id)
        .internalUrl(URI.create("http://" + id + ".internal:8081"))
        .sessionTimeout(Duration.ofSeconds(4))
        .secret("acl-test-cluster-secret")
        .zookeeperAuth(AUTH)
        .build(), new RecordingListener());
    started.add(m);
    return m;
  }

  @Test
  void aClientWithoutTheCredentialsCannotRegisterRemoveOrRewriteMembers() throws Exception {
    String members = "/letterbox/acl/members";
    // Made open beforehand, as by an earlier version or another client.
    stranger.create().creatingParentsIfNeeded().forPath(members);

    Membership a = join("a");
    Membership b = join("b");
    await().atMost(Duration.ofSeconds(30)).until(() -> a.view().members().size() == 2
        && b.view().members().size() == 2 && a.view().owned().size() + b.view().owned().size() == PARTITIONS);

    byte[] rogue = "{\"id\":\"rogue\",\"url\":\"http://127.0.0.1:1\"}".getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> stranger.create().withMode(CreateMode.EPHEMERAL).forPath(members + "/rogue", rogue))
        .isInstanceOf(KeeperException.NoAuthException.class);
    assertThatThrownBy(() -> stranger.delete().forPath(members + "/a"))
        .isInstanceOf(KeeperException.NoAuthException.class);
    assertThatThrownBy(() -> stranger.setData().forPath(members + "/a", rogue))
        .isInstanceOf(KeeperException.NoAuthException.class);
    assertThatThrownBy(() -> stranger.delete().forPath("/letterbox/acl"))
        .isInstanceOf(KeeperException.class);
    assertThat(new String(stranger.getData().forPath(members + "/a"), StandardCharsets.UTF_8))
        .as("readable by all").contains("\"id\":\"a\"");
    assertThat(a.view().members()).containsOnlyKeys("a", "b");
  }
}
