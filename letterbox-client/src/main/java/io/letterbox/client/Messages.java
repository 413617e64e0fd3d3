package io.letterbox.client;

import static io.letterbox.client.internal.Route.DELETE_ALL_MESSAGES;
import static io.letterbox.client.internal.Route.DELETE_MESSAGE;
import static io.letterbox.client.internal.Route.EDIT_MESSAGE;
import static io.letterbox.client.internal.Route.GET_MESSAGE;
import static io.letterbox.client.internal.Route.IMPORT_MESSAGES;
import static io.letterbox.client.internal.Route.LIST_MESSAGES;
import static io.letterbox.client.internal.Route.REACT;
import static io.letterbox.client.internal.Route.RECALL_MESSAGE;
import static io.letterbox.client.internal.Route.SEND_MESSAGE;
import static io.letterbox.client.internal.Route.UNREACT;
import static io.letterbox.client.internal.Route.CANCEL_SCHEDULED;
import static io.letterbox.client.internal.Route.LIST_SCHEDULED;

import io.letterbox.client.internal.Decoder;
import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Spec;
import io.letterbox.client.internal.Transport;
import java.util.List;
import java.util.Map;

/** One-to-one messages: send, read, recall, edit, react, delete, import. */
public final class Messages extends Resource {
  Messages(Transport transport) {
    super(transport);
  }

  /** Sends a message (201, or 200 with the first message when its idempotency key was used before). */
  @Maps(SEND_MESSAGE)
  public Call<Message> send(SendMessage message) {
    return call(Spec.of(SEND_MESSAGE).json(message.withIdempotencyKey(keyOr(message.idempotencyKey()))),
        Message.class);
  }

  /**
   * Schedules a message to be sent at {@code sendAt} (202): in the future and within the server's
   * max-schedule-ahead. Its frequency cap, blocks and the platform's hook are decided when it is
   * sent; a retry of the call finds the schedule it made.
   */
  @Maps(SEND_MESSAGE)
  public Call<Scheduled> schedule(SendMessage message, java.time.Instant sendAt) {
    return call(Spec.of(SEND_MESSAGE).json(new Scheduling(message.withIdempotencyKey(keyOr(message.idempotencyKey())),
        sendAt.toString())), Scheduled.class);
  }

  /** The scheduled messages of sender {@code uid}: pending, and failed until cancelled. */
  @Maps(LIST_SCHEDULED)
  public Listing<ScheduledMessage> scheduled(long uid) {
    return listing(() -> Spec.of(LIST_SCHEDULED, uid), SCHEDULED);
  }

  /** Cancels a pending scheduled message, or dismisses a failed one (404 once it was sent). */
  @Maps(CANCEL_SCHEDULED)
  public Call<Void> cancelScheduled(long uid, long id) {
    return call(Spec.of(CANCEL_SCHEDULED, uid, id));
  }

  /** A send with the time to send it at. */
  private record Scheduling(@com.fasterxml.jackson.annotation.JsonUnwrapped SendMessage message, String sendAt) {}

  private static final com.fasterxml.jackson.core.type.TypeReference<Page<ScheduledMessage>> SCHEDULED =
      new com.fasterxml.jackson.core.type.TypeReference<>() {};

  /** A message as {@code uid} sees it (404 if it cannot). */
  @Maps(GET_MESSAGE)
  public Call<Message> get(long uid, long id) {
    return call(Spec.of(GET_MESSAGE, uid, id), Message.class);
  }

  /** The history of {@code uid} with {@code peer}, newest first. */
  @Maps(LIST_MESSAGES)
  public Listing<Message> history(long uid, long peer) {
    return messages(LIST_MESSAGES, uid, peer);
  }

  /** Recalls a message for every party (its sender, within recall-window); twice is fine. */
  @Maps(RECALL_MESSAGE)
  public Call<Message> recall(long uid, long id) {
    return call(Spec.of(RECALL_MESSAGE, uid, id), Message.class);
  }

  /** Edits a text message's text (its sender, within edit-window). */
  @Maps(EDIT_MESSAGE)
  public Call<Message> edit(long uid, long id, String text) {
    return call(Spec.of(EDIT_MESSAGE, uid, id).json(Map.of("text", text)), Message.class);
  }

  /**
   * {@code uid} reacts to message {@code id} with {@code emoji} (one emoji, or {@code custom:<name>});
   * again is fine. At most 20 different per user and message (409 TOO_MANY_REACTIONS).
   */
  @Maps(REACT)
  public Call<Void> react(long uid, long id, String emoji) {
    return call(Spec.of(REACT, uid, id, emoji));
  }

  /** {@code uid} takes back its reaction {@code emoji} to message {@code id}; one it does not have is fine. */
  @Maps(UNREACT)
  public Call<Void> unreact(long uid, long id, String emoji) {
    return call(Spec.of(UNREACT, uid, id, emoji));
  }

  /** Deletes a message from {@code uid}'s view only. */
  @Maps(DELETE_MESSAGE)
  public Call<Void> delete(long uid, long id) {
    return call(Spec.of(DELETE_MESSAGE, uid, id));
  }

  /** Empties every conversation of {@code uid}, for {@code uid} only. */
  @Maps(DELETE_ALL_MESSAGES)
  public Call<Void> deleteAll(long uid) {
    return call(Spec.of(DELETE_ALL_MESSAGES, uid));
  }

  /**
   * Imports history with its original times. Not retried once sent: an import has no idempotency
   * key, so a lost answer is the caller's to check.
   *
   * @return the new messages' ids, in order
   */
  @Maps(IMPORT_MESSAGES)
  public Call<List<Long>> importHistory(List<ImportedMessage> messages) {
    Decoder<Ids> ids = Decoder.json(Ids.class);
    return call(Spec.of(IMPORT_MESSAGES).json(Map.of("messages", messages)), r -> ids.decode(r).ids());
  }

  private record Ids(List<Long> ids) {}
}
