package io.letterbox.server.kafka;

import java.util.Objects;

/**
 * One feed event to produce.
 *
 * @param owner    the uid whose feed holds it: the record's key (its decimal string)
 * @param position the event's position, opaque to the sink: kept as the resume point once committed
 * @param json     the event as {@code /sync} gives it: the record's value
 */
public record ChangeEvent(long owner, String position, String json) {
  public ChangeEvent {
    Objects.requireNonNull(position, "position");
    Objects.requireNonNull(json, "json");
  }
}
