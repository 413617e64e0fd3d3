package io.letterbox.rows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ConversationRowTest {
  private static final ConversationRow ROW = ConversationRow.NONE
      .withLast(7_403_170_127_155_200_001L, 2, "你好, hello")
      .withPeerReadUpTo(5)
      .withSettings(true, true, false)
      .withRequest(true)
      .withWrote()
      .withIncoming(12)
      .withPosition("pc", new ReadPosition(9, 3))
      .withPosition("mobile", new ReadPosition(11, 4));

  @Test
  void aRowWithItsTextReadsBackWhole() {
    assertThat(ConversationRow.decode(ROW.encodeWithText())).isEqualTo(ROW);
  }

  @Test
  void aRowWhoseLastMessageHasAnotherTypeKeepsTheTypeWithTheText() {
    ConversationRow image = ROW.withLast(ROW.lastId(), 2, "", "custom:vote.v2");

    assertThat(ConversationRow.decode(image.encodeWithText())).isEqualTo(image);
    assertThat(image.lastMessage(1, 2).extras().type()).isEqualTo("custom:vote.v2");
    assertThat(ConversationRow.decode(image.encode()).lastType()).as("the stored row has neither").isNull();
    assertThat(ROW.withLast(ROW.lastId(), 2, "x", "text").lastType()).isNull();
  }

  @Test
  void aRowKeepsItsLastMessagesRecallOrEditWithTheText() {
    io.letterbox.model.Message m = new io.letterbox.model.Message(ROW.lastId(), io.letterbox.model.Message.Kind.SINGLE, 2,
        1, "edited", io.letterbox.model.Extras.TEXT);
    ConversationRow edited = ROW.withLast(m.edit("edited", 1_795_000_000_123L));
    ConversationRow recalled = ROW.withLast(m.edit("edited", 1_795_000_000_123L).recall());

    assertThat(ConversationRow.decode(edited.encodeWithText())).isEqualTo(edited);
    assertThat(ConversationRow.decode(recalled.encodeWithText())).isEqualTo(recalled);
    assertThat(recalled.lastMessage(1, 2)).isEqualTo(m.edit("edited", 1_795_000_000_123L).recall());
    assertThat(ConversationRow.decode(recalled.encode()).lastRecalled()).as("the stored row has no text").isFalse();
  }

  @Test
  void aRowOfVersionTwoReadsWithItsTextAndNoRevision() {
    // Written by the row encoder's version 2: the text follows the positions directly.
    byte[] v2 = java.util.HexFormat.of().parseHex("0241000000000000000700000000000000020000000000000005000000000000000c006869");
    ConversationRow read = ConversationRow.decode(v2);
    assertThat(read.lastText()).isEqualTo("hi");
    assertThat(read.lastRecalled()).isFalse();
    assertThat(read.lastEditedAt()).isZero();
  }

  @Test
  void aRowAsStoredKeepsEverythingButTheText() {
    ConversationRow read = ConversationRow.decode(ROW.encode());
    assertThat(read.lastText()).isNull();
    assertThat(read.withLast(read.lastId(), read.lastFrom(), "你好, hello")).isEqualTo(ROW);
    assertThat(read.position("pc")).isEqualTo(new ReadPosition(9, 3));
    assertThat(read.position("tablet")).isEqualTo(ReadPosition.NONE);
  }

  @Test
  void aRowKeepsItsDeliveryReceiptWithAndWithoutTheText() {
    ConversationRow delivered = ROW.withPeerDeliveredUpTo(ROW.lastId());

    assertThat(ConversationRow.decode(delivered.encodeWithText())).isEqualTo(delivered);
    assertThat(ConversationRow.decode(delivered.encode()).peerDeliveredUpTo()).isEqualTo(ROW.lastId());
    assertThat(delivered.withLast(0, 0, null).withPeerReadUpTo(6).withSettings(false, false, true).withRequest(false)
        .withBlocked(true).withWrote().withIncoming(13).withPosition("pc", new ReadPosition(10, 4)).peerDeliveredUpTo())
        .as("every change keeps it").isEqualTo(ROW.lastId());
  }

  @Test
  void aRowOfVersionThreeReadsWithNoDeliveryReceipt() {
    // Written by the row encoder's version 3: the positions follow the incoming count directly.
    byte[] v3 = java.util.HexFormat.of().parseHex(
        "03410000000000000007000000000000000200000000000000050000000000000003010270630000000000000009000000000000000300"
        + "6869");
    ConversationRow read = ConversationRow.decode(v3);
    assertThat(read.peerDeliveredUpTo()).isZero();
    assertThat(read.lastId()).isEqualTo(7);
    assertThat(read.peerReadUpTo()).isEqualTo(5);
    assertThat(read.incoming()).isEqualTo(3);
    assertThat(read.position("pc")).isEqualTo(new ReadPosition(9, 3));
    assertThat(read.lastText()).isEqualTo("hi");
  }

  @Test
  void aRowWithAMessageButNoTextCannotBeWrittenAsAnActivityEntry() {
    ConversationRow read = ConversationRow.decode(ROW.encode());
    assertThatThrownBy(read::encodeWithText).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aRowOfTheFirstVersionReadsWithNoCountsOrPositions() {
    byte[] v1 = new byte[18];
    v1[0] = 1;
    v1[1] = 1 | 32;
    io.letterbox.store.Bytes.putLong(v1, 2, 42);
    io.letterbox.store.Bytes.putLong(v1, 10, 40);
    ConversationRow read = ConversationRow.decode(v1);
    assertThat(ConversationRow.isVersion1(v1)).isTrue();
    assertThat(read).isEqualTo(new ConversationRow(42, 0, null, null, io.letterbox.model.Message.Status.NORMAL, 0, 40, true, false, false, false, false, true, 0,
        new TreeMap<>()));
  }
}
