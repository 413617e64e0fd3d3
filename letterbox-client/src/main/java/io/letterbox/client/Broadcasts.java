package io.letterbox.client;

import static io.letterbox.client.internal.Route.GET_BROADCAST;
import static io.letterbox.client.internal.Route.LIST_SENT_BROADCASTS;
import static io.letterbox.client.internal.Route.RECALL_BROADCAST;
import static io.letterbox.client.internal.Route.RESUME_BROADCAST;
import static io.letterbox.client.internal.Route.SEND_BROADCAST;

import com.fasterxml.jackson.core.type.TypeReference;
import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Spec;
import io.letterbox.client.internal.Transport;
import java.util.Map;

/** Broadcasts: one message to an audience, stored once. */
public final class Broadcasts extends Resource {
  private static final TypeReference<Page<Broadcast>> PAGE = new TypeReference<>() {};

  Broadcasts(Transport transport) {
    super(transport);
  }

  /** Accepts a broadcast (202); its fan-out goes on after the answer. */
  @Maps(SEND_BROADCAST)
  public Call<Broadcast> send(SendBroadcast broadcast) {
    return call(Spec.of(SEND_BROADCAST).json(broadcast.withIdempotencyKey(keyOr(broadcast.idempotencyKey()))),
        Broadcast.class);
  }

  @Maps(GET_BROADCAST)
  public Call<Broadcast> get(long id) {
    return call(Spec.of(GET_BROADCAST, id), Broadcast.class);
  }

  /** Runs a failed fan-out again (an operator's command). */
  @Maps(RESUME_BROADCAST)
  public Call<Broadcast> resume(long id) {
    return call(Spec.of(RESUME_BROADCAST, id), Broadcast.class);
  }

  /** Recalls a broadcast for every receiver; {@code by} must be its sender. */
  @Maps(RECALL_BROADCAST)
  public Call<Broadcast> recall(long id, long by) {
    return call(Spec.of(RECALL_BROADCAST, id).json(Map.of("by", by)), Broadcast.class);
  }

  /** The broadcasts {@code uid} sent, newest first. */
  @Maps(LIST_SENT_BROADCASTS)
  public Listing<Broadcast> sent(long uid) {
    return listing(() -> Spec.of(LIST_SENT_BROADCASTS, uid), PAGE);
  }
}
