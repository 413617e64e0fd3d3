package io.letterbox.engine;

import io.letterbox.engine.read.ConversationState;
import io.letterbox.model.Extras;
import io.letterbox.model.Forwarded;
import io.letterbox.model.Message;
import java.util.Optional;

/**
 * Checks what a new message refers to (decision 0048): the message a reply replies to, which its
 * sender must see in the same conversation, and the message a forward copies, which its sender
 * must see anywhere.
 */
final class MessageReferences {
  private final VisibleMessages visible;
  private final io.letterbox.engine.read.StateReader state;
  private final java.util.concurrent.Executor replies;

  /** @param replies runs the reads that follow a write, off the writers' threads */
  MessageReferences(VisibleMessages visible, io.letterbox.engine.read.StateReader state,
      java.util.concurrent.Executor replies) {
    this.visible = visible;
    this.state = state;
    this.replies = replies;
  }

  /**
   * The answer to a send or post with {@code extras}: a reply's message with its quote, read once
   * the send is done; any other as it is.
   */
  java.util.concurrent.CompletableFuture<io.letterbox.model.SendResult> answered(Extras extras,
      java.util.concurrent.CompletableFuture<io.letterbox.model.SendResult> sent) {
    if (extras.replyTo() == 0) {
      return sent;
    }
    return sent.thenApplyAsync(r -> new io.letterbox.model.SendResult(state.quoted(r.message()), r.created()), replies);
  }

  /**
   * The content of a new message from {@code from}: as given, or, forwarding message
   * {@code forwardOf}, that message's type, text, payload and attachments with its origin.
   *
   * @return the text and extras to send
   * @throws LetterboxException INVALID_ARGUMENT for a forward that gives content of its own or of
   *     a recalled or removed message; NOT_FOUND for a forward of a message {@code from} cannot see
   */
  Content content(long from, String text, Extras extras, long forwardOf) {
    Extras asked = extras == null ? Extras.TEXT : extras.withForwarded(null);
    if (forwardOf == 0) {
      return new Content(text, asked);
    }
    Validate.messageId(forwardOf);
    if (text != null || !asked.withReplyTo(0).isPlainText()) {
      throw LetterboxException.invalid("forwardOf copies the message it names: no text, type, payload or attachments with it");
    }
    Message original = visible.find(from, forwardOf).orElseThrow(
        () -> LetterboxException.notFound("user %d has no message %d", from, forwardOf));
    if (original.recalled()) {
      throw LetterboxException.invalid("message %d was %s: there is nothing to forward", forwardOf, original.status().json());
    }
    Extras e = original.extras();
    return new Content(original.text(),
        new Extras(e.type(), e.payload(), e.attachments()).withReplyTo(asked.replyTo()).withForwarded(Forwarded.of(original)));
  }

  /**
   * Refuses a one-to-one message from {@code from} to {@code to} replying to a message {@code from}
   * cannot see in that conversation (its own messages, the peer's, and the peer's broadcasts it got).
   */
  void requireReplyInConversation(long from, long to, Extras extras) {
    if (extras.replyTo() == 0) {
      return;
    }
    Optional<Message> original = visible.find(from, checked(extras.replyTo()));
    if (original.isEmpty() || original.get().kind() == Message.Kind.GROUP
        || ConversationState.peerOf(from, original.get()) != to) {
      throw notHere(extras.replyTo());
    }
  }

  /** Refuses a post of {@code from} to group {@code gid} replying to a message {@code from} cannot see in that group. */
  void requireReplyInGroup(long from, long gid, Extras extras) {
    if (extras.replyTo() == 0) {
      return;
    }
    Optional<Message> original = visible.find(from, checked(extras.replyTo()));
    if (original.isEmpty() || original.get().kind() != Message.Kind.GROUP || original.get().to() != gid) {
      throw notHere(extras.replyTo());
    }
  }

  private static long checked(long replyTo) {
    if (replyTo <= 0) {
      throw LetterboxException.invalid("replyTo must be a message id: %d", replyTo);
    }
    return replyTo;
  }

  private static LetterboxException notHere(long replyTo) {
    return LetterboxException.invalid("replyTo must name a message of this conversation that the sender can see: %d",
        replyTo);
  }

  /** A new message's text and extras. */
  record Content(String text, Extras extras) {}
}
