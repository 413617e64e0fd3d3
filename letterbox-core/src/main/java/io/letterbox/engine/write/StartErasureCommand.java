package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.ErasureStarted;
import io.letterbox.rows.ErasureRow;

/**
 * Starts the erasure of user {@code uid} (decision 0044), decided by the user's partition. A user
 * on legal hold is refused (ON_HOLD). While one runs, asking again answers it. A user erased
 * before gets a new erasure only if it has data from after that one's start; otherwise the done
 * erasure answers. A user Letterbox does not know (no conversation, membership, broadcast,
 * relation, block or settings) is NOT_FOUND. Its result is the erasure's row.
 */
public final class StartErasureCommand extends Command<ErasureRow> {
  private final long uid;

  public StartErasureCommand(long uid) {
    this.uid = uid;
  }

  @Override
  Decision<ErasureRow> decide(EngineContext context) {
    var lifecycle = context.state().lifecycle();
    if (lifecycle.onHold(uid)) {
      throw new LetterboxException(ErrorCode.ON_HOLD, "user " + uid + " is on legal hold");
    }
    ErasureRow last = lifecycle.erasure(uid);
    if (last != null && !last.done()) {
      return Decision.nothing(last);
    }
    if (!lifecycle.known(uid, last == null ? 0 : last.id())) {
      if (last != null) {
        return Decision.nothing(last);
      }
      throw LetterboxException.notFound("no user %d", uid);
    }
    long id = context.ids().next();
    long at = context.config().clock().millis();
    return Decision.of(id, new ErasureStarted(id, uid, at), new ErasureRow(id, uid, at, 0));
  }
}
