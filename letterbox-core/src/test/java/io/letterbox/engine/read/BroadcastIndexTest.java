package io.letterbox.engine.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.store.MemoryStore;
import org.junit.jupiter.api.Test;

/** The record of recent publications that keeps cached conversation lists up to date. */
class BroadcastIndexTest {
  private final BroadcastIndex index = new BroadcastIndex(new MemoryStore(io.letterbox.engine.Letterbox.SPACES), 1 << 20, 1 << 20, true);

  @Test
  void givesThePublicationsSinceAPositionOldestFirst() {
    long from = index.position();
    index.published(7, 100);
    index.fannedOut(7, 100);
    index.published(8, 101);

    BroadcastIndex.Recent recent = index.since(from);
    assertThat(recent.senders()).containsExactly(7, 7, 8);
    assertThat(recent.ids()).containsExactly(100, 100, 101);
    assertThat(index.since(recent.position()).senders()).isEmpty();
  }

  @Test
  void saysItNoLongerKnowsWhenMorePublicationsCameThanItKeeps() {
    long from = index.position();
    for (int i = 0; i < BroadcastIndex.RECENT; i++) {
      index.published(7, 100 + i);
    }
    assertThat(index.since(from).ids()).hasSize(BroadcastIndex.RECENT).endsWith(100 + BroadcastIndex.RECENT - 1);
    index.published(7, 1_000_000);
    assertThat(index.since(from)).isNull();
  }

  @Test
  void saysItNoLongerKnowsAfterItForgotEverySender() {
    long from = index.position();
    index.published(7, 100);
    index.forgetAll();
    assertThat(index.since(from)).isNull();
    assertThat(index.since(index.position()).senders()).isEmpty();
  }
}
