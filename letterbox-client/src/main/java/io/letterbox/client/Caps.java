package io.letterbox.client;

import static io.letterbox.client.internal.Route.GET_CAP;
import static io.letterbox.client.internal.Route.SET_CAP;

import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Spec;
import io.letterbox.client.internal.Transport;

/** Senders' frequency caps. */
public final class Caps extends Resource {
  Caps(Transport transport) {
    super(transport);
  }

  @Maps(SET_CAP)
  public Call<Void> set(long sender, Cap cap) {
    return call(Spec.of(SET_CAP, sender).json(cap));
  }

  /** The cap in force: the sender's own, else the configured default (404 if neither). */
  @Maps(GET_CAP)
  public Call<Cap> get(long sender) {
    return call(Spec.of(GET_CAP, sender), Cap.class);
  }
}
