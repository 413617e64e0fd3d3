package io.letterbox.model;

import java.util.List;

/**
 * Events from a position, oldest first: {@code next} resumes after them; {@code more} says
 * whether more were waiting beyond the page's limit.
 */
public record SyncPage(List<Event> events, String next, boolean more) {
  public SyncPage {
    events = List.copyOf(events);
  }
}
