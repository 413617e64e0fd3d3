package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.MessageRevised;
import io.letterbox.engine.read.StateReader;
import io.letterbox.id.Ids;
import io.letterbox.model.Extras;
import io.letterbox.model.Message;

/**
 * Recalls ({@code text} null) or edits a message for its sender, within the window (decision
 * 0009). Decided by the sender's partition, the only one whose actions revise its messages:
 * {@code sender} is who asks, refused unless it sent the message.
 * Recalling a recalled message changes nothing; a recalled message cannot be edited.
 */
public final class ReviseCommand extends Command<Message> {
  private final long sender;
  private final long messageId;
  private final String text;

  public ReviseCommand(long sender, long messageId, String text) {
    this.sender = sender;
    this.messageId = messageId;
    this.text = text;
  }

  @Override
  Decision<Message> decide(EngineContext context) {
    StateReader state = context.state();
    Message m = state.message(messageId);
    // A sender may revise what it sent (a broadcast too, which is in no history of its own);
    // anyone else learns only whether the message is theirs to see.
    if (m == null || (m.from() != sender && !seenBy(state, sender, m))) {
      throw LetterboxException.notFound("user %d has no message %d", sender, messageId);
    }
    if (m.from() != sender) {
      throw new LetterboxException(ErrorCode.NOT_SENDER,
          String.format("only the sender of message %d (user %d) may recall or edit it", messageId, m.from()));
    }
    long now = context.config().clock().millis();
    long age = now - Ids.epochMillis(messageId);
    if (text == null) {
      if (m.recalled()) {
        return Decision.nothing(m);
      }
      if (age > context.config().recallWindow().toMillis()) {
        throw new LetterboxException(ErrorCode.RECALL_WINDOW_PASSED, String.format(
            "message %d was sent more than recall-window (%s) ago", messageId, context.config().recallWindow()));
      }
      return Decision.of(context.ids().next(), new MessageRevised(messageId, sender, peerOf(m), null, now), m.recall());
    }
    if (m.recalled()) {
      throw LetterboxException.invalid("message %d was recalled: it cannot be edited", messageId);
    }
    if (!Extras.TEXT_TYPE.equals(m.extras().type())) {
      throw LetterboxException.invalid("only text messages can be edited; message %d is of type %s", messageId,
          m.extras().type());
    }
    if (age > context.config().editWindow().toMillis()) {
      throw new LetterboxException(ErrorCode.EDIT_WINDOW_PASSED, String.format(
          "message %d was sent more than edit-window (%s) ago", messageId, context.config().editWindow()));
    }
    return Decision.of(context.ids().next(), new MessageRevised(messageId, sender, peerOf(m), text, now),
        m.edit(text, now));
  }

  private static boolean seenBy(StateReader state, long uid, Message m) {
    long peer = io.letterbox.engine.read.ConversationState.peerOf(uid, m);
    return peer != 0 && state.conversations().visible(uid, peer, m);
  }

  /** The receiver of a one-to-one message, whose row may show it; 0 for a broadcast. */
  private static long peerOf(Message m) {
    return m.kind() == Message.Kind.SINGLE ? m.to() : 0;
  }
}
