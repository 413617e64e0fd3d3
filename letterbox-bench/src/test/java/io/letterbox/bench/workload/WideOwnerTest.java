package io.letterbox.bench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WideOwnerTest {
  @Test
  void peersAreDistinctUidsBelowTheOwnerAndMessagesAlternateDirectionAtRisingTimes() {
    WideOwner owner = new WideOwner(WideOwner.owner(0), 42, 100_000, 1_000_000_000_000L, 3);
    Set<Long> peers = new HashSet<>();
    List<HistoryMessage> messages = new ArrayList<>();
    owner.forEach(30_000, messages::addAll);

    assertThat(messages).hasSize(100_000);
    for (int i = 0; i < messages.size(); i++) {
      HistoryMessage m = messages.get(i);
      long peer = i % 2 == 0 ? m.from() : m.to();
      assertThat(i % 2 == 0 ? m.to() : m.from()).isEqualTo(owner.uid());
      assertThat(peer).isBetween(Uids.MIN, owner.uid() - 1);
      assertThat(m.epochMillis()).isEqualTo(1_000_000_000_000L + 3L * i);
      peers.add(peer);
    }
    assertThat(peers).hasSize(100_000);
    assertThat(owner.endMillis()).isEqualTo(1_000_000_000_000L + 300_000L);
  }
}
