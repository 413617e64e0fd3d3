package io.letterbox.engine;

import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.write.ReactCommand;
import io.letterbox.model.Message;
import java.util.concurrent.CompletableFuture;

/**
 * Reactions to messages (decision 0049): a user reacts to a message it can see (one-to-one, a
 * group's, a broadcast it received) with an emoji or takes the reaction back. Readers see them
 * joined onto the messages ({@link io.letterbox.engine.read.ReactionState}).
 */
public final class Reactions {
  private final PartitionCommands commands;
  private final VisibleMessages visible;
  private final io.letterbox.engine.read.StateReader state;

  Reactions(PartitionCommands commands, VisibleMessages visible, io.letterbox.engine.read.StateReader state) {
    this.commands = commands;
    this.visible = visible;
    this.state = state;
  }

  /**
   * {@code uid} reacts to message {@code messageId} with {@code emoji}; again is no change.
   *
   * @return done once durable; fails with NOT_FOUND if {@code uid} cannot see the message,
   *     TOO_MANY_REACTIONS for a 21st different emoji
   * @throws LetterboxException INVALID_ARGUMENT for a bad emoji
   */
  public CompletableFuture<Void> react(long uid, long messageId, String emoji) {
    return set(uid, messageId, emoji, true);
  }

  /** {@code uid} takes back its reaction {@code emoji} to message {@code messageId}; none is no change. */
  public CompletableFuture<Void> unreact(long uid, long messageId, String emoji) {
    return set(uid, messageId, emoji, false);
  }

  /**
   * Takes back every reaction of {@code uid}, to messages it can see or not any more: what the
   * erasure of a user does (decision 0044). Run on the node hosting {@code uid}'s partition.
   */
  CompletableFuture<Void> withdrawAll(long uid) {
    java.util.List<CompletableFuture<Void>> done = new java.util.ArrayList<>();
    state.reactions().ownedBy(uid).forEach((messageId, row) -> {
      Message m = state.message(messageId);
      if (m != null) {
        for (String emoji : row.counts().keySet()) {
          done.add(commands.submit(uid, new ReactCommand(uid, m, emoji, false)));
        }
      }
    });
    return CompletableFuture.allOf(done.toArray(CompletableFuture[]::new));
  }

  private CompletableFuture<Void> set(long uid, long messageId, String emoji, boolean add) {
    Validate.uid("uid", uid);
    Validate.messageId(messageId);
    String checked = Emojis.check(emoji);
    commands.requireHosted(uid);
    Message m = visible.find(uid, messageId)
        .orElseThrow(() -> LetterboxException.notFound("no message %d for user %d", messageId, uid));
    return commands.submit(uid, new ReactCommand(uid, m, checked, add));
  }
}
