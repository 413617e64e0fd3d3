package io.letterbox.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.EngineFixture;
import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.Letterbox;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.rows.ConversationRow;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.Space;
import java.time.Duration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.AsyncAdmin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A send whose batch really stops half-way on HBase: one of the tables it writes is disabled, so
 * the store's step that writes it fails, after the steps before it (and the step's calls to other
 * tables) have landed. Reopening the engine must complete the send exactly once. The engine suite
 * shows the same with a store wrapper that cuts batches; this is the cluster itself refusing.
 */
@ExtendWith(MiniHBaseExtension.class)
class HBaseRecoveryTest extends EngineFixture {
  private static final String NAMESPACE = "recovery";

  private final MiniHBase hbase;

  HBaseRecoveryTest(MiniHBase hbase) {
    this.hbase = hbase;
  }

  @Override
  protected KeyValueStore openStore() {
    // Two regions a table, so that disabling and enabling one is quick; a short timeout, so that
    // a write to a disabled table fails quickly.
    return hbase.emptyStore(hbase.options(NAMESPACE).saltBuckets(2).operationTimeout(Duration.ofSeconds(2)).build(),
        Letterbox.SPACES);
  }

  @Test
  void aSendCutOffBeforeItsConversationRowsIsCompletedExactlyOnceOnRestart() {
    send(BOB, ALICE, "first");

    // The timeline rows are sent in the same step as the log row and the conversation rows with their unread counts.
    cutOffAt(Spaces.CONVERSATION, () ->
        assertThat(refusal(() -> send(BOB, ALICE, "second"))).isEqualTo(ErrorCode.NOT_READY));
    assertThat(logRows()).as("the log row of the second send landed").isEqualTo(2);
    assertThat(incoming(ALICE, BOB)).as("so did the receiver's conversation row, counting it").isEqualTo(2);
    assertThat(timelineRows()).as("its timeline rows did not").isEqualTo(2);
    reopen(config());

    assertThat(history(ALICE, BOB)).containsExactly("second", "first");
    assertThat(history(BOB, ALICE)).containsExactly("second", "first");
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(2);
    send(BOB, ALICE, "third");
    assertThat(box.conversations().unread(ALICE, "mobile").total()).isEqualTo(3);
  }

  @Test
  void aSendWhoseProgressMarkerDidNotLandIsNotCountedTwice() {
    send(BOB, ALICE, "first");

    // The marker, in the state table, is the batch's last mutation: everything else landed.
    cutOffAt(Spaces.STATE, () ->
        assertThat(refusal(() -> send(BOB, ALICE, "second"))).isEqualTo(ErrorCode.NOT_READY));
    assertThat(incoming(ALICE, BOB)).as("its count landed").isEqualTo(2);
    reopen(config());

    assertThat(history(ALICE, BOB)).containsExactly("second", "first");
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(2);
  }

  private long logRows() {
    return store.scan(Spaces.LOG, new KeyRange(new byte[0], null), false, 100).size();
  }

  private long timelineRows() {
    return store.scan(Spaces.CONVERSATION, new KeyRange(new byte[0], null), false, 100).size();
  }

  private long incoming(long owner, long peer) {
    return ConversationRow.decode(store.get(Spaces.CONVERSATIONS, PairKey.of(owner, peer))).incoming();
  }

  /** Runs {@code action} while the table of {@code space} is disabled. */
  private void cutOffAt(Space space, Runnable action) {
    AsyncAdmin admin = hbase.connection().getAdmin();
    TableName table = TableName.valueOf(NAMESPACE, space.name());
    admin.disableTable(table).join();
    try {
      action.run();
    } finally {
      admin.enableTable(table).join();
    }
  }
}
