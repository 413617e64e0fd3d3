package io.letterbox.model;

import io.letterbox.id.Ids;
import java.time.Instant;

/**
 * A message as its owner sees it.
 *
 * @param to the receiver of a one-to-one message, the group of a group message; 0 for a broadcast
 * @param text its text; empty for a message of another type without a caption
 * @param extras its type, payload and attachments
 * @param status normal, recalled by its sender, or removed (decision 0042): recalled or removed,
 *     its text, payload and attachments are gone
 * @param editedAt when its sender last edited its text (epoch milliseconds); 0 for never
 * @param replyTo what it shows of the message it replies to, joined when read; null for none
 * @param reactions the reactions to it as its reader sees them, joined when read; empty for none
 */
public record Message(long id, Kind kind, long from, long to, String text, Extras extras, Status status,
    long editedAt, Quote replyTo, java.util.List<Reaction> reactions) {
  public enum Kind { SINGLE, BROADCAST, GROUP }

  /** What became of a message; {@link #json} is its {@code status} in the API. */
  public enum Status {
    NORMAL("normal"), RECALLED("recalled"), REMOVED("removed");

    private final String json;

    Status(String json) {
      this.json = json;
    }

    public String json() {
      return json;
    }
  }

  public Message {
    reactions = java.util.List.copyOf(reactions);
  }

  /** A message as stored: neither a quote nor reactions joined. */
  public Message(long id, Kind kind, long from, long to, String text, Extras extras, Status status, long editedAt) {
    this(id, kind, from, to, text, extras, status, editedAt, null, java.util.List.of());
  }

  /** This message showing {@code quote} of the message it replies to. */
  public Message withReplyTo(Quote quote) {
    return new Message(id, kind, from, to, text, extras, status, editedAt, quote, reactions);
  }

  /** This message with {@code joined} as its reactions. */
  public Message withReactions(java.util.List<Reaction> joined) {
    return new Message(id, kind, from, to, text, extras, status, editedAt, replyTo, joined);
  }

  /** A plain text message as sent. */
  public Message(long id, Kind kind, long from, long to, String text) {
    this(id, kind, from, to, text, Extras.TEXT);
  }

  /** A message as sent. */
  public Message(long id, Kind kind, long from, long to, String text, Extras extras) {
    this(id, kind, from, to, text, extras, Status.NORMAL, 0);
  }

  /** Whether its content is gone: recalled by its sender, or removed. */
  public boolean recalled() {
    return status != Status.NORMAL;
  }

  public boolean removed() {
    return status == Status.REMOVED;
  }

  /** This message recalled: its type stays, its text, payload and attachments are gone. A removed one stays removed. */
  public Message recall() {
    return gone(removed() ? Status.REMOVED : Status.RECALLED, editedAt);
  }

  /** This message removed (decision 0042): its type stays, its text, payload, attachments and edits are gone. */
  public Message remove() {
    return gone(Status.REMOVED, 0);
  }

  private Message gone(Status now, long edited) {
    return new Message(id, kind, from, to, "", new Extras(extras.type(), null, java.util.List.of()), now, edited,
        replyTo, reactions);
  }

  /** This message with its text edited at {@code at} (epoch milliseconds); a removed one stays as it is. */
  public Message edit(String newText, long at) {
    return removed() ? this : new Message(id, kind, from, to, newText, extras, status, at, replyTo, reactions);
  }

  public Instant createdAt() {
    return Ids.createdAt(id);
  }

  /** @return the other party of this message from {@code owner}'s side. */
  public long peerOf(long owner) {
    return owner == from ? to : from;
  }
}
