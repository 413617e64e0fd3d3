package io.letterbox.engine.follow;

import java.util.List;

/**
 * Events of one partition in feed order, from the mark {@code from} up to {@code upTo}: once the
 * consumer has them, its position becomes {@code upTo}. {@code time} is the time of the newest
 * action they come from (epoch milliseconds).
 */
public record FeedBatch(int partition, FeedMark from, FeedMark upTo, List<FeedEvent> events, long time) {
  public boolean isEmpty() {
    return events.isEmpty();
  }
}
