package io.letterbox.model;

import java.util.Locale;

/**
 * A user's report of a message it could see: {@code by} reported {@code message} for
 * {@code reason}, with an optional {@code note}, at {@code createdAt} (epoch milliseconds). The
 * message as it is now (null if it is gone from the store).
 */
public record Report(long id, long by, Message message, Reason reason, String note, long createdAt) {
  /** Why a message is reported. */
  public enum Reason {
    SPAM, ABUSE, OTHER;

    /** @return the reason as API.md spells it */
    public String wire() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** @return the reason spelled {@code wire}, or null if there is none */
    public static Reason ofWire(String wire) {
      for (Reason r : values()) {
        if (r.wire().equals(wire)) {
          return r;
        }
      }
      return null;
    }
  }
}
