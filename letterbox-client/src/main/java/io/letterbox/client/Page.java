package io.letterbox.client;

import java.util.List;

/**
 * One page of a list: its items and the cursor of the next page, null on the last.
 *
 * @param requests only on the default conversation list of a server with {@code requests-folder=true}
 */
public record Page<T>(List<T> items, String next, RequestsFolder requests) {
  public Page {
    items = items == null ? List.of() : List.copyOf(items);
  }

  public boolean hasNext() {
    return next != null && !next.isEmpty();
  }

  /** The requests folder's unread messages, as the default conversation list reports them. */
  public record RequestsFolder(int unread) {}
}
