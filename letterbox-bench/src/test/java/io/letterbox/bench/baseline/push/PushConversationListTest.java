package io.letterbox.bench.baseline.push;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.bench.targets.ListPage;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The push baseline's conversation list: a moving entry per pair, paged by cursor, kept by deletes. */
class PushConversationListTest {
  private static final long OWNER = 5_000_000_001L;

  @TempDir
  Path dir;

  private PushRocksTarget push;

  @BeforeEach
  void open() throws Exception {
    push = new PushRocksTarget(dir, 8L << 20);
  }

  @AfterEach
  void close() {
    push.close();
  }

  @Test
  void aNewMessageMovesItsConversationFirstAndTheListHasOneEntryPerPeer() {
    for (long peer = 1; peer <= 5; peer++) {
      push.send(peer + 1_000_000_000L, OWNER, "hi").join();
    }
    push.send(OWNER, 1_000_000_001L, "back to the first").join();

    assertThat(push.conversationsPage(OWNER, null, 20)).isEqualTo(new ListPage(5, null, 1_000_000_001L));
    ListPage first = push.conversationsPage(OWNER, null, 1);
    assertThat(first.count()).isEqualTo(1);
    assertThat(PushKeys.at((byte[]) first.next(), 16)).isEqualTo(1_000_000_001L);
  }

  @Test
  void cursorsWalkEveryConversationOnce() {
    for (long peer = 1; peer <= 45; peer++) {
      push.send(OWNER, peer + 1_000_000_000L, "hello").join();
    }
    ListPage page = push.conversationsPage(OWNER, null, 20);
    int seen = page.count();
    int pages = 1;
    while (page.next() != null) {
      page = push.conversationsPage(OWNER, page.next(), 20);
      seen += page.count();
      pages++;
    }
    assertThat(seen).isEqualTo(45);
    assertThat(pages).isEqualTo(3);
  }

  @Test
  void deletingTheLastMessageFallsBackToTheOneBeforeOrEmptiesTheEntry() {
    long peer = 1_000_000_001L;
    long older = push.send(peer, OWNER, "first").join();
    long newer = push.send(OWNER, peer, "second").join();

    push.delete(OWNER, peer, newer).join();
    assertThat(push.conversationsPage(OWNER, null, 20).count()).isEqualTo(1);
    push.delete(OWNER, peer, older).join();

    assertThat(push.conversationsPage(OWNER, null, 20)).isEqualTo(new ListPage(0, null, 0));
    assertThat(push.conversationsPage(peer, null, 20).count()).isEqualTo(1);
  }
}
