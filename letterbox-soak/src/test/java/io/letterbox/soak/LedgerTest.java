package io.letterbox.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The soak's model of what the server must hold: views, deletes and unread counts as the API defines them. */
class LedgerTest {
  private static final long ALICE = 1;
  private static final long BOB = 2;
  private static final long NEWS = 9;

  private final Ledger ledger = new Ledger();

  private void send(long id, long from, long to) {
    ledger.add(new Ledger.Message(id, from, Set.of(to), false, "k" + id, "{}", 1));
  }

  @Test
  void unreadCountsIncomingMessagesAfterTheDevicesPositionWhichNeverMovesBack() {
    send(10, ALICE, BOB);
    send(11, BOB, ALICE);
    send(12, ALICE, BOB);
    send(13, ALICE, BOB);
    Ledger.View bobsView = new Ledger.View(BOB, ALICE);
    ledger.markRead(bobsView, "pc", 12);
    ledger.markRead(bobsView, "pc", 10);
    assertThat(ledger.unread(BOB, "pc")).isEqualTo(Map.of(ALICE, 1L));
    assertThat(ledger.unread(BOB, "mobile")).isEqualTo(Map.of(ALICE, 3L));
    assertThat(ledger.unread(ALICE, "pc")).isEqualTo(Map.of(BOB, 1L));
  }

  @Test
  void aDeleteHidesTheMessageFromItsOwnerOnly() {
    send(10, ALICE, BOB);
    ledger.delete(BOB, 10);
    assertThat(ledger.visible(new Ledger.View(BOB, ALICE))).isEmpty();
    assertThat(ledger.visible(new Ledger.View(ALICE, BOB))).containsExactly(10L);
    assertThat(ledger.unread(BOB, "pc")).isEmpty();
    assertThat(ledger.sees(ALICE, ledger.message(10))).isTrue();
    assertThat(ledger.sees(BOB, ledger.message(10))).isFalse();
  }

  @Test
  void aBroadcastIsInItsReceiversViewsAndNotInItsSenders() {
    ledger.add(new Ledger.Message(20, NEWS, Set.of(ALICE, BOB), true, "b", "{}", 1));
    assertThat(ledger.visible(new Ledger.View(ALICE, NEWS))).containsExactly(20L);
    assertThat(ledger.visible(new Ledger.View(NEWS, ALICE))).isEmpty();
    assertThat(ledger.sees(NEWS, ledger.message(20))).isFalse();
    assertThat(ledger.unread(BOB, "mobile")).isEqualTo(Map.of(NEWS, 1L));
  }
}
