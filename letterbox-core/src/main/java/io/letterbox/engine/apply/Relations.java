package io.letterbox.engine.apply;

import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;

/** What the relation actions share. */
final class Relations {
  static final byte[] EMPTY = new byte[0];

  private Relations() {}

  /**
   * What a user received never changes when relations change: if {@code sender} ever reached
   * {@code uid}, the receiver keeps finding it through a reached record.
   */
  static void keepReachedSender(Applying to, long uid, long sender) {
    if (to.state().broadcasts().everReached(sender, uid)) {
      to.batch().put(Spaces.REACHED, PairKey.of(uid, sender), EMPTY);
    }
  }
}
