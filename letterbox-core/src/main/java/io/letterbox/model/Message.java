package io.letterbox.model;

import io.letterbox.id.Ids;
import java.time.Instant;

/**
 * A message as its owner sees it.
 *
 * @param to the receiver of a one-to-one message, the group of a group message; 0 for a broadcast
 * @param text its text; empty for a message of another type without a caption
 * @param extras its type, payload and attachments
 * @param recalled whether its sender recalled it: then its text, payload and attachments are gone
 * @param editedAt when its sender last edited its text (epoch milliseconds); 0 for never
 */
public record Message(long id, Kind kind, long from, long to, String text, Extras extras, boolean recalled,
    long editedAt) {
  public enum Kind { SINGLE, BROADCAST, GROUP }

  /** A plain text message as sent. */
  public Message(long id, Kind kind, long from, long to, String text) {
    this(id, kind, from, to, text, Extras.TEXT);
  }

  /** A message as sent. */
  public Message(long id, Kind kind, long from, long to, String text, Extras extras) {
    this(id, kind, from, to, text, extras, false, 0);
  }

  /** This message recalled: its type stays, its text, payload and attachments are gone. */
  public Message recall() {
    return new Message(id, kind, from, to, "", new Extras(extras.type(), null, java.util.List.of()), true, editedAt);
  }

  /** This message with its text edited at {@code at} (epoch milliseconds). */
  public Message edit(String newText, long at) {
    return new Message(id, kind, from, to, newText, extras, recalled, at);
  }

  public Instant createdAt() {
    return Ids.createdAt(id);
  }

  /** @return the other party of this message from {@code owner}'s side. */
  public long peerOf(long owner) {
    return owner == from ? to : from;
  }
}
