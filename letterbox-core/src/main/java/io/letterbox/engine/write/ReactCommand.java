package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.ReactionSet;
import io.letterbox.model.Message;
import io.letterbox.rows.ReactionsRow;

/**
 * User {@code uid} reacts to message {@code m}, which it can see (checked when the request was
 * taken), with {@code emoji} ({@code add}) or takes that reaction back (decision 0049). Decided by
 * the user's partition, which holds its own reactions: a change that changes nothing logs
 * nothing, and a 21st different emoji is refused with TOO_MANY_REACTIONS.
 */
public final class ReactCommand extends Command<Void> {
  /** API.md: at most this many different emojis per user and message. */
  public static final int MAX_PER_USER = 20;

  private final long uid;
  private final Message m;
  private final String emoji;
  private final boolean add;

  public ReactCommand(long uid, Message m, String emoji, boolean add) {
    this.uid = uid;
    this.m = m;
    this.emoji = emoji;
    this.add = add;
  }

  @Override
  Decision<Void> decide(EngineContext context) {
    ReactionsRow own = context.state().reactions().own(m.id(), uid);
    if (own.has(emoji) == add) {
      return Decision.nothing(null);
    }
    if (add && own.counts().size() >= MAX_PER_USER) {
      throw new LetterboxException(ErrorCode.TOO_MANY_REACTIONS, String.format(
          "user %d already reacted to message %d with %d different emojis, the most there may be", uid, m.id(),
          MAX_PER_USER));
    }
    return Decision.of(context.ids().next(), new ReactionSet(m.id(), uid, emoji, add, m.from(), tell(), broadcast()),
        null);
  }

  private boolean broadcast() {
    return m.kind() == Message.Kind.BROADCAST;
  }

  /** Who is told: a one-to-one message's other party, a broadcast's sender; 0 for a group's message. */
  private long tell() {
    return switch (m.kind()) {
      case SINGLE -> m.from() == uid ? m.to() : m.from();
      case BROADCAST -> m.from() == uid ? 0 : m.from();
      case GROUP -> 0;
    };
  }
}
