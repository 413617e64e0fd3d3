package io.letterbox.model;

import io.letterbox.id.Ids;
import java.time.Instant;

/**
 * A message as its owner sees it.
 *
 * @param to the receiver of a one-to-one message; 0 for a broadcast
 * @param text its text; empty for a message of another type without a caption
 * @param extras its type, payload and attachments
 */
public record Message(long id, Kind kind, long from, long to, String text, Extras extras) {
  public enum Kind { SINGLE, BROADCAST }

  /** A plain text message. */
  public Message(long id, Kind kind, long from, long to, String text) {
    this(id, kind, from, to, text, Extras.TEXT);
  }

  public Instant createdAt() {
    return Ids.createdAt(id);
  }

  /** @return the other party of this message from {@code owner}'s side. */
  public long peerOf(long owner) {
    return owner == from ? to : from;
  }
}
