package io.letterbox.engine;

import io.letterbox.blob.Blobs;
import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.engine.read.ConversationState;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.write.DeleteGroupMessageCommand;
import io.letterbox.engine.write.DeleteMessageCommand;
import io.letterbox.engine.write.ImportCommand;
import io.letterbox.engine.write.RecallGroupMessageCommand;
import io.letterbox.engine.write.ReviseCommand;
import io.letterbox.engine.write.SendCommand;
import io.letterbox.id.Ids;
import io.letterbox.model.Extras;
import io.letterbox.model.ImportedMessage;
import io.letterbox.model.Message;
import io.letterbox.model.SendRequest;
import io.letterbox.model.SendResult;
import io.letterbox.model.Vetted;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * One message at a time: sending one-to-one, reading one by id, recalling, editing and deleting
 * it, and importing history from an older system. Group posts are in {@link Groups}, broadcasts in
 * {@link Broadcasts}; a recall or a delete by id serves all three kinds.
 */
public final class Messages {
  private final LetterboxConfig config;
  private final PartitionCommands commands;
  private final StateReader state;
  private final VisibleMessages visible;
  private final MessageReferences references;
  private final BlobAccess blobs;
  private final Peers peers;
  private final Executor replies;

  Messages(LetterboxConfig config, PartitionCommands commands, StateReader state, VisibleMessages visible,
      MessageReferences references, BlobAccess blobs, Peers peers, Executor replies) {
    this.config = config;
    this.commands = commands;
    this.state = state;
    this.visible = visible;
    this.references = references;
    this.blobs = blobs;
    this.peers = peers;
    this.replies = replies;
  }

  /** Sends a one-to-one message for a service, which may attach any blob. */
  public CompletableFuture<SendResult> send(SendRequest request) {
    return send(request, Blobs.SERVICE);
  }

  /**
   * Sends a one-to-one message. The future completes once it is durable and the receiver's
   * partition applied it (or after delivery-wait: it is durable either way).
   *
   * @param attacher who asks: the sender acting for itself, whose attachments must be blobs it
   *     may read, or {@link Blobs#SERVICE}
   */
  public CompletableFuture<SendResult> send(SendRequest request, long attacher) {
    return send(Vetted.asAsked(request), attacher);
  }

  /**
   * Sends a one-to-one message whose content the platform's before-send hook may have replaced:
   * {@code request.stored()} is stored, its idempotency key stands for {@code request.asked()}.
   */
  public CompletableFuture<SendResult> send(Vetted<SendRequest> request, long attacher) {
    SendRequest asked = checked(request.asked(), attacher);
    SendRequest stored = request.unchanged() ? asked : checked(request.stored(), attacher);
    int home = commands.partitioning().of(stored.from());
    // The receiver's partition normally applies it within milliseconds: waiting lets the sender's
    // next read show it at once.
    return references.answered(stored.extras(), commands.afterDelivery(home,
        commands.submitTo(home, new SendCommand(stored, asked, config.requestsFolder())),
        r -> r.created() ? r.message().id() : 0L));
  }

  SendRequest checked(SendRequest request, long attacher) {
    Validate.uid("from", request.from());
    Validate.uid("to", request.to());
    Validate.distinct("from", request.from(), "to", request.to());
    MessageReferences.Content content = references.content(request.from(), request.text(), request.extras(),
        request.forwardOf());
    Extras extras = Validate.extras(content.extras(), id -> blobs.readable(attacher, id));
    String text = Validate.text(content.text(), extras.type(), config.maxTextLength());
    references.requireReplyInConversation(request.from(), request.to(), extras);
    Validate.idempotencyKey(request.idempotencyKey());
    return new SendRequest(request.from(), request.to(), text, request.idempotencyKey(), extras);
  }

  /**
   * Whether {@code from}'s idempotency key already stands for a stored send or broadcast (one key
   * space serves both): a retry the engine answers from what it stored. False for no key. Refused
   * with NOT_OWNER where the sender's partition is not hosted, like the send itself.
   */
  public boolean idempotencyKeyUsed(long from, String idempotencyKey) {
    Validate.uid("from", from);
    Validate.idempotencyKey(idempotencyKey);
    commands.requireHosted(from);
    return idempotencyKey != null && state.senders().idempotency(from, idempotencyKey) != null;
  }

  /** @return the message if {@code owner} can see it. */
  public Optional<Message> find(long owner, long id) {
    Validate.uid("uid", owner);
    Validate.messageId(id);
    commands.requireHosted(owner);
    return visible.find(owner, id).map(m -> state.reactions().join(owner, m));
  }

  /**
   * Recalls message {@code id} for its sender {@code uid} (decision 0009): every party then sees
   * it recalled. Recalling it again answers the same. A group's admin may recall another member's
   * message of the group.
   *
   * @return the message as recalled; fails with NOT_FOUND if {@code uid} cannot see it, NOT_SENDER
   *     if {@code uid} did not send it, RECALL_WINDOW_PASSED if it is older than recall-window
   */
  public CompletableFuture<Message> recall(long uid, long id) {
    return revise(uid, id, null);
  }

  /**
   * Edits the text of text message {@code id} for its sender {@code uid}.
   *
   * @return the message as edited; fails with NOT_FOUND, NOT_SENDER, EDIT_WINDOW_PASSED, or
   *     INVALID_ARGUMENT for a message of another type or a recalled one
   * @throws LetterboxException INVALID_ARGUMENT for a bad text
   */
  public CompletableFuture<Message> edit(long uid, long id, String text) {
    return revise(uid, id, Validate.text(text, config.maxTextLength()));
  }

  private CompletableFuture<Message> revise(long uid, long id, String text) {
    Validate.uid("uid", uid);
    Validate.messageId(id);
    Message m = state.message(id);
    boolean group = m != null && m.kind() == Message.Kind.GROUP;
    CompletableFuture<Message> revised;
    if (text == null && group && m.from() != uid) {
      // Another member's group message: its group's admins may recall it (decided where roles are).
      int home = commands.partitioning().of(m.to());
      revised = commands.afterDelivery(home, commands.submitTo(home, new RecallGroupMessageCommand(uid, m)), Long::longValue)
          .thenApplyAsync(done -> state.message(id), replies);
    } else {
      revised = commands.submit(uid, new ReviseCommand(uid, id, text));
    }
    if (!group || text != null) {
      return revised;
    }
    return revised.thenApply(recalled -> {
      // The group's members connected here were told as it became durable; those elsewhere are told now.
      peers.published(recalled.to(), recalled.id());
      return recalled;
    });
  }

  /** Deletes one message from the owner's view; NOT_FOUND if the owner cannot see it. */
  public CompletableFuture<Void> delete(long owner, long id) {
    Validate.uid("uid", owner);
    Validate.messageId(id);
    Message m = state.message(id);
    if (m != null && m.kind() == Message.Kind.GROUP) {
      return commands.submit(owner, new DeleteGroupMessageCommand(owner, m));
    }
    long peer = m == null ? 0 : ConversationState.peerOf(owner, m);
    if (peer == 0) {
      return CompletableFuture.failedFuture(LetterboxException.notFound("user %d has no message %d", owner, id));
    }
    return commands.submit(owner, new DeleteMessageCommand(owner, peer, m));
  }

  /** Stores history from an older system with its original times. @return the ids, in order. */
  public CompletableFuture<List<Long>> importHistory(List<ImportedMessage> messages) {
    if (messages == null || messages.isEmpty()) {
      throw LetterboxException.invalid("messages must not be empty");
    }
    if (messages.size() > config.maxImportBatch()) {
      throw LetterboxException.invalid("at most %d messages per import: %d", config.maxImportBatch(), messages.size());
    }
    Instant now = config.clock().instant();
    for (int i = 0; i < messages.size(); i++) {
      ImportedMessage m = messages.get(i);
      if (m == null) {
        throw LetterboxException.invalid("messages[%d] must not be null", i);
      }
      Validate.uid("messages[" + i + "].from", m.from());
      Validate.uid("messages[" + i + "].to", m.to());
      Validate.distinct("messages[" + i + "].from", m.from(), "to", m.to());
      Validate.text(m.text(), config.maxTextLength());
      if (m.createdAt() == null || m.createdAt().isAfter(now)
          || m.createdAt().toEpochMilli() < Ids.EPOCH) {
        throw LetterboxException.invalid("messages[%d].createdAt must be between %s and now: %s",
            i, Instant.ofEpochMilli(Ids.EPOCH), m.createdAt());
      }
    }
    return commands.submitTo(Partitioning.IMPORTS, new ImportCommand(List.copyOf(messages)));
  }
}
