package io.letterbox.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class MembershipConfigTest {
  static MembershipConfig.Builder valid() {
    return MembershipConfig.builder()
        .connectString("zk1:2181,zk2:2181")
        .partitions(512)
        .internalUrl(URI.create("http://10.0.0.7:8081"))
        .secret("the-cluster-secret");
  }

  @Test
  void defaultsToATenSecondSessionAndOneNodeIdPerProcess() {
    MembershipConfig config = valid().build();
    assertThat(config.sessionTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(config.namespace()).isEqualTo("default");
    assertThat(config.nodeId()).matches("[A-Za-z0-9._-]+-[0-9a-f]{6}")
        .isEqualTo(MembershipConfig.builder().connectString("zk").partitions(1)
            .internalUrl(URI.create("http://h:1")).secret("s").build().nodeId());
    assertThat(config.memberPath()).isEqualTo("/letterbox/default/members/" + config.nodeId());
  }

  @Test
  void newBuilderChangesOneValueAndKeepsTheRest() {
    MembershipConfig config = valid().nodeId("n1").build();
    MembershipConfig changed = config.newBuilder().namespace("other").build();
    assertThat(changed).isEqualTo(new MembershipConfig(config.connectString(), "other",
        config.partitions(), "n1", config.internalUrl(), config.sessionTimeout(),
        config.connectionTimeout(), config.secret(), config.zookeeperAuth()));
  }

  @Test
  void refusesValuesThatCannotWork() {
    assertThatThrownBy(() -> valid().partitions(513).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("513");
    assertThatThrownBy(() -> valid().nodeId("a/b").build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a/b");
    assertThatThrownBy(() -> valid().namespace("..").build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("namespace");
    assertThatThrownBy(() -> valid().internalUrl(URI.create("/relative")).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("absolute");
    assertThatThrownBy(() -> valid().sessionTimeout(Duration.ZERO).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("session timeout");
    assertThatThrownBy(() -> valid().connectString(" ").build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("quorum");
  }

  @Test
  void aMembersJsonRoundTripsAndOddDataIsNoMember() {
    Member member = new Member("n1", URI.create("http://10.0.0.7:8081"));
    assertThat(new String(MemberJson.write(member)))
        .isEqualTo("{\"id\":\"n1\",\"url\":\"http://10.0.0.7:8081\"}");
    assertThat(MemberJson.read(MemberJson.write(member))).contains(member);
    assertThat(MemberJson.read("{\"id\":\"n1\",\"url\":\"http://h:1\",\"later\":1}".getBytes()))
        .isPresent();
    assertThat(MemberJson.read("not json".getBytes())).isEmpty();
    assertThat(MemberJson.read("{\"id\":\"n1\"}".getBytes())).isEmpty();
    assertThat(MemberJson.read(null)).isEmpty();
  }
}
