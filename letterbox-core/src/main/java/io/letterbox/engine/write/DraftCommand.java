package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.DraftSet;
import io.letterbox.rows.MembershipRow;

/**
 * Saves an owner's draft of a one-to-one conversation, or of a group's conversation for a member
 * (decision 0050); empty text clears it. Saving the draft that is saved changes nothing; a draft
 * kept from a membership that ended may still be cleared.
 */
public final class DraftCommand extends Command<Void> {
  private final long owner;
  private final long peer;
  private final long group;
  private final String text;

  public DraftCommand(long owner, long peer, String text) {
    this(owner, peer, 0, text);
  }

  private DraftCommand(long owner, long peer, long group, String text) {
    this.owner = owner;
    this.peer = peer;
    this.group = group;
    this.text = text;
  }

  /** The owner's draft of group {@code gid}'s conversation: NOT_MEMBER unless it is a member. */
  public static DraftCommand group(long owner, long gid, String text) {
    return new DraftCommand(owner, 0, gid, text);
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    var conversations = context.state().conversations();
    String saved = group != 0 ? conversations.groupDraft(owner, group) : conversations.draft(owner, peer);
    if (saved.equals(text)) {
      return Decision.nothing(null);
    }
    if (group == 0) {
      return Decision.of(context.ids().next(), new DraftSet(owner, peer, text), null);
    }
    if (!(text.isEmpty() || member(context))) {
      if (context.state().groups().header(group) == null) {
        throw LetterboxException.notFound("no group %d", group);
      }
      throw new LetterboxException(ErrorCode.NOT_MEMBER, String.format("user %d is not a member of group %d", owner, group));
    }
    return Decision.of(context.ids().next(), DraftSet.group(owner, group, text), null);
  }

  private boolean member(EngineContext context) {
    MembershipRow row = context.state().groups().membership(owner, group);
    return row != null && row.member();
  }
}
