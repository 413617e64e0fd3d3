package io.letterbox.engine;

import io.letterbox.engine.read.ConversationState;
import io.letterbox.engine.read.StateReader;
import io.letterbox.model.Extras;
import io.letterbox.model.Forwarded;
import io.letterbox.model.Message;
import io.letterbox.model.SendResult;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Predicate;

/**
 * Checks what a new message refers to (decision 0048): the message a reply replies to, which its
 * sender must see in the same conversation, and the message a forward copies, which its sender
 * must see anywhere.
 */
final class MessageReferences {
  private final VisibleMessages visible;
  private final StateReader state;
  private final Executor replies;

  /** @param replies runs the reads that follow a write, off the writers' threads */
  MessageReferences(VisibleMessages visible, StateReader state, Executor replies) {
    this.visible = visible;
    this.state = state;
    this.replies = replies;
  }

  /**
   * The answer to a send or post with {@code extras}: a reply's message with its quote, read once
   * the send is done; any other as it is.
   */
  CompletableFuture<SendResult> answered(Extras extras, CompletableFuture<SendResult> sent) {
    if (extras.replyTo() == 0) {
      return sent;
    }
    return sent.thenApplyAsync(r -> new SendResult(state.quoted(r.message()), r.created()), replies);
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
    requireReply(from, extras, m -> m.kind() != Message.Kind.GROUP && ConversationState.peerOf(from, m) == to);
  }

  /** Refuses a post of {@code from} to group {@code gid} replying to a message {@code from} cannot see in that group. */
  void requireReplyInGroup(long from, long gid, Extras extras) {
    requireReply(from, extras, m -> m.kind() == Message.Kind.GROUP && m.to() == gid);
  }

  /** Refuses a message replying to one {@code from} cannot see, or one not {@code here}. */
  private void requireReply(long from, Extras extras, Predicate<Message> here) {
    if (extras.replyTo() == 0) {
      return;
    }
    Optional<Message> original = visible.find(from, checked(extras.replyTo()));
    if (original.isEmpty() || !here.test(original.get())) {
      throw LetterboxException.invalid(
          "replyTo must name a message of this conversation that the sender can see: %d", extras.replyTo());
    }
  }

  private static long checked(long replyTo) {
    if (replyTo <= 0) {
      throw LetterboxException.invalid("replyTo must be a message id: %d", replyTo);
    }
    return replyTo;
  }

  /** A new message's text and extras. */
  record Content(String text, Extras extras) {}
}
