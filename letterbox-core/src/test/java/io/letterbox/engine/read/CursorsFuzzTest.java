package io.letterbox.engine.read;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;

/**
 * A cursor comes back from a client as any string: it reads as the position it was issued with for
 * its list, and anything else (forged, changed, made for another list or owner) is refused with
 * INVALID_ARGUMENT, never another exception.
 */
class CursorsFuzzTest {
  private static final Cursors CURSORS = new Cursors("a secret of the deployment, 32+ bytes".getBytes());

  @FuzzTest(maxDuration = "5m")
  void onlyACursorIssuedForTheListReadsAndEverythingElseIsInvalid(FuzzedDataProvider data) {
    char kind = data.consumeChar();
    long owner = data.consumeLong();
    long peer = data.consumeLong();
    long[] position = data.consumeLongs(3);
    String issued = CURSORS.encode(kind, owner, peer, position);
    assertThat(CURSORS.decodeAny(issued, kind, owner, peer)).containsExactly(position);

    boolean otherList = data.consumeBoolean();
    long otherOwner = otherList ? owner + 1 : owner;
    String given = data.consumeRemainingAsString();
    long[] read;
    try {
      read = CURSORS.decodeAny(given, kind, otherOwner, peer);
    } catch (LetterboxException refused) {
      assertThat(refused.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
      return;
    }
    // Read: only the issued cursor itself (or a spelling of its bytes), for its own list.
    assertThat(otherList).isFalse();
    assertThat(read).containsExactly(position);
  }
}
