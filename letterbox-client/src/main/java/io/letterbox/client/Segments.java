package io.letterbox.client;

import static io.letterbox.client.internal.Route.ADD_SEGMENT_MEMBERS;
import static io.letterbox.client.internal.Route.REPLACE_SEGMENT;

import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Spec;
import io.letterbox.client.internal.Transport;
import java.util.List;
import java.util.Map;

/** Named sets of uids, audiences of broadcasts. */
public final class Segments extends Resource {
  Segments(Transport transport) {
    super(transport);
  }

  /** Makes {@code name} exactly {@code uids} (created if new). */
  @Maps(REPLACE_SEGMENT)
  public Call<Void> replace(String name, List<Long> uids) {
    return call(Spec.of(REPLACE_SEGMENT, name).json(Map.of("uids", uids)));
  }

  /** Adds {@code uids} to {@code name} (created if new). */
  @Maps(ADD_SEGMENT_MEMBERS)
  public Call<Void> add(String name, List<Long> uids) {
    return call(Spec.of(ADD_SEGMENT_MEMBERS, name).json(Map.of("uids", uids)));
  }
}
