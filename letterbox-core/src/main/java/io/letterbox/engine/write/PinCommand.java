package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.GroupPinSet;
import io.letterbox.engine.apply.PinSet;
import io.letterbox.engine.read.PinState;
import io.letterbox.model.GroupRole;
import io.letterbox.rows.PinRow;
import java.util.List;

/**
 * Pins or unpins a message of a conversation (decision 0050): of a one-to-one conversation for
 * either party, decided by {@code by}'s partition; of a group by its owner or an admin, decided
 * by the group's partition. At most {@link #MAX_PINS} per conversation; pinning what is pinned or
 * unpinning what is not changes nothing. Its result is the id of the action logged, 0 for none. Whether {@code by} can see the message is checked before.
 */
public final class PinCommand extends Command<Long> {
  /** The most messages a conversation has pinned. */
  public static final int MAX_PINS = 50;

  private final long by;
  private final long peer;
  private final long gid;
  private final long messageId;
  private final boolean pinned;

  private PinCommand(long by, long peer, long gid, long messageId, boolean pinned) {
    this.by = by;
    this.peer = peer;
    this.gid = gid;
    this.messageId = messageId;
    this.pinned = pinned;
  }

  /** {@code by}'s one-to-one conversation with {@code peer}. */
  public static PinCommand conversation(long by, long peer, long messageId, boolean pinned) {
    return new PinCommand(by, peer, 0, messageId, pinned);
  }

  /** Group {@code gid}'s, by its owner or an admin {@code by}. */
  public static PinCommand group(long gid, long by, long messageId, boolean pinned) {
    return new PinCommand(by, 0, gid, messageId, pinned);
  }

  @Override
  Decision<Long> decide(EngineContext context) {
    PinState pins = context.state().pins();
    if (gid != 0) {
      var groups = context.state().groups();
      GroupAdmin.header(groups, gid);
      GroupAdmin.atLeast(groups, gid, by, GroupRole.ADMIN, pinned ? "pin its messages" : "unpin its messages");
    }
    PinRow row = gid != 0 ? pins.groupRow(gid, messageId) : pins.pairRow(by, peer, messageId);
    if ((row != null && row.pinned()) == pinned) {
      return Decision.nothing(0L);
    }
    if (pinned) {
      List<PinState.Pin> all = gid != 0 ? pins.ofGroup(gid) : pins.ofPair(by, peer);
      if (all.size() >= MAX_PINS) {
        throw new LetterboxException(ErrorCode.TOO_MANY_PINS, String.format(
            "a conversation has at most %d pinned messages; unpin one first", MAX_PINS));
      }
    }
    long id = context.ids().next();
    long version = row == null ? 1 : row.version() + 1;
    return Decision.of(id, gid != 0 ? new GroupPinSet(gid, by, messageId, pinned, version)
        : new PinSet(by, peer, messageId, pinned, version), id);
  }
}
