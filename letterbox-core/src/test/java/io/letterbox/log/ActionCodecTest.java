package io.letterbox.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ActionCodecTest {
  @Test
  void everyActionSurvivesARoundTrip() {
    List<Action> actions = List.of(
        new Action.Sent(1L << 40, 1, Long.MAX_VALUE, "你好, world", "key-1", -42),
        new Action.Sent(7, 1, 2, "no key", null, 0),
        new Action.Imported(List.of(new Action.Imported.Entry(9, 3, 4, ""),
            new Action.Imported.Entry(10, 4, 3, "旧消息"))),
        new Action.Imported(List.of()),
        new Action.ReadMarked(1, 2, "mobile", 99),
        new Action.MessageDeleted(1, 2, 3),
        new Action.ConversationDeleted(1, 2, 3),
        new Action.AllDeleted(1, 3),
        new Action.CapSet(5, 2, 86_400_000));
    for (Action a : actions) {
      assertThat(ActionCodec.decode(ActionCodec.encode(a))).isEqualTo(a);
    }
  }

  @Test
  void aTruncatedRecordIsAnErrorNotGarbage() {
    byte[] full = ActionCodec.encode(new Action.Sent(1, 2, 3, "text", "k", 0));
    byte[] cut = java.util.Arrays.copyOf(full, full.length - 3);
    assertThatThrownBy(() -> ActionCodec.decode(cut)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aMessageIsReadFromTheHeadOfItsEntryWithoutTheAudience() {
    long[] uids = java.util.stream.LongStream.rangeClosed(1, 100_000).toArray();
    byte[] broadcast = ActionCodec.encode(new Action.BroadcastAccepted(77, 5, "通知", new io.letterbox.model.Audience.Uids(uids),
        io.letterbox.model.BroadcastRequest.Priority.HIGH, "k", 1));

    assertThat(ActionCodec.message(broadcast))
        .isEqualTo(new io.letterbox.model.Message(77, io.letterbox.model.Message.Kind.BROADCAST, 5, 0, "通知"));
    assertThat(ActionCodec.message(ActionCodec.encode(new Action.Sent(8, 1, 2, "hi", null, 0))))
        .isEqualTo(new io.letterbox.model.Message(8, io.letterbox.model.Message.Kind.SINGLE, 1, 2, "hi"));
    assertThat(ActionCodec.message(ActionCodec.encode(new Action.Followed(1, 2)))).isNull();
  }
}
