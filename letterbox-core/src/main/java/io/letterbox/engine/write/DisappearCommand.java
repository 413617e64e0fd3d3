package io.letterbox.engine.write;

import io.letterbox.engine.apply.DisappearSet;
import io.letterbox.model.GroupRole;

/**
 * Sets how long after it is sent a message of a conversation disappears (decision 0045): a
 * one-to-one conversation's for both parties, decided by {@code by}'s partition; a group's by its
 * owner or an admin, decided by the group's partition. Setting what is set changes nothing.
 */
public final class DisappearCommand extends Command<Void> {
  private final long by;
  private final long peer;
  private final long gid;
  private final long after;

  private DisappearCommand(long by, long peer, long gid, long after) {
    this.by = by;
    this.peer = peer;
    this.gid = gid;
    this.after = after;
  }

  /** {@code owner}'s conversation with {@code peer}; {@code after} in milliseconds, 0 for never. */
  public static DisappearCommand conversation(long owner, long peer, long after) {
    return new DisappearCommand(owner, peer, 0, after);
  }

  /** Group {@code gid}'s, set by member {@code by}; {@code after} in milliseconds, 0 for never. */
  public static DisappearCommand group(long gid, long by, long after) {
    return new DisappearCommand(by, 0, gid, after);
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    long owner = gid != 0 ? gid : by;
    if (gid != 0) {
      var groups = context.state().groups();
      GroupAdmin.header(groups, gid);
      GroupAdmin.atLeast(groups, gid, by, GroupRole.ADMIN, "set its disappearing messages");
    }
    if (context.state().conversations().disappearAfter(owner, peer) == after) {
      return Decision.nothing(null);
    }
    return Decision.of(context.ids().next(), new DisappearSet(owner, peer, after), null);
  }
}
