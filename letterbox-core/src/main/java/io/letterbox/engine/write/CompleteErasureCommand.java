package io.letterbox.engine.write;

import io.letterbox.engine.apply.ErasureCompleted;
import io.letterbox.rows.ErasureRow;

/**
 * Marks the erasure {@code id} of user {@code uid} done (decision 0044), decided by the user's
 * partition once the erasure's job found nothing more to do. Its result is the row as it is then.
 */
public final class CompleteErasureCommand extends Command<ErasureRow> {
  private final long id;
  private final long uid;

  public CompleteErasureCommand(long id, long uid) {
    this.id = id;
    this.uid = uid;
  }

  @Override
  Decision<ErasureRow> decide(EngineContext context) {
    ErasureRow row = context.state().lifecycle().erasure(uid);
    if (row == null || row.id() != id || row.done()) {
      return Decision.nothing(row);
    }
    long at = context.config().clock().millis();
    return Decision.of(context.ids().next(), new ErasureCompleted(id, uid, at), row.completed(at));
  }
}
