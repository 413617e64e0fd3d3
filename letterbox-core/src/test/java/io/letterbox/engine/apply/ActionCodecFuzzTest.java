package io.letterbox.engine.apply;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * The log is kept forever and read back by every replay and delivery: whatever bytes it holds,
 * decoding either gives an action whose encoding decodes to the same bytes again, or refuses them
 * as a corrupt record (an {@link IllegalStateException}) — never another exception, and never an
 * allocation the record's own size does not justify. The committed inputs (one or two real
 * records of every kind, from a replay sequence, and what fuzzing found) are replayed by every
 * test run; {@code JAZZER_FUZZ=1} fuzzes from them (docs/fuzzing.md).
 */
class ActionCodecFuzzTest {
  @FuzzTest(maxDuration = "10m")
  void anyBytesDecodeToAnActionThatEncodesTheSameOrAreRefusedAsCorrupt(byte[] bytes) {
    Action action;
    try {
      action = ActionCodec.decode(bytes);
    } catch (IllegalStateException refused) {
      assertThat(refused.getMessage()).startsWith("corrupt action record: ");
      return;
    }
    byte[] canonical = ActionCodec.encode(action);
    assertThat(ActionCodec.encode(ActionCodec.decode(canonical))).isEqualTo(canonical);
    // The head a history read takes from a log entry, without the rest of it.
    var message = ActionCodec.message(bytes); // may refuse only as decode would have
    if (message != null) {
      assertThat(message).isEqualTo(ActionCodec.message(canonical));
    }
  }
}
