package io.letterbox.model;

/**
 * Why and when a message's content was removed (decision 0042): the mark its redacted log entries
 * carry, and what its {@code ContentRemoved} action says.
 *
 * @param at epoch milliseconds
 */
public record Removal(Reason reason, long at) {
  /** Who asked. Stored by position: new reasons go at the end, none is ever renumbered. */
  public enum Reason {
    TAKEDOWN, ERASURE, RETENTION, DISAPPEARING;

    /**
     * Whether the message vanishes from its parties' views (API.md, Lifecycle: history, lists and
     * unread counts as if it had never been sent) rather than reading {@code removed}: retention
     * and disappearing messages (decision 0045).
     */
    public boolean vanishes() {
      return this == RETENTION || this == DISAPPEARING;
    }
  }

  public Removal {
    if (reason == null) {
      throw new IllegalArgumentException("a removal has a reason");
    }
  }
}
