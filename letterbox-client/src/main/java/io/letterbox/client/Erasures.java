package io.letterbox.client;

import static io.letterbox.client.internal.Route.ERASE_USER;
import static io.letterbox.client.internal.Route.GET_ERASURE;
import static io.letterbox.client.internal.Route.RELEASE_HOLD;
import static io.letterbox.client.internal.Route.SET_HOLD;

import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Spec;
import io.letterbox.client.internal.Transport;

/** Erasure of users and legal hold (services only). */
public final class Erasures extends Resource {
  Erasures(Transport transport) {
    super(transport);
  }

  /**
   * Starts erasing user {@code uid} and revokes its tokens: once done, what it sent reads removed
   * for every party and its own data is gone. Asking again while it runs answers the same erasure.
   */
  @Maps(ERASE_USER)
  public Call<Erasure> erase(long uid) {
    return call(Spec.of(ERASE_USER, uid), Erasure.class);
  }

  /** Erasure {@code id} as it is now. */
  @Maps(GET_ERASURE)
  public Call<Erasure> get(long id) {
    return call(Spec.of(GET_ERASURE, id), Erasure.class);
  }

  /** Puts user {@code uid} on legal hold: it is not erased, and retention removes nothing of its conversations. */
  @Maps(SET_HOLD)
  public Call<Void> hold(long uid) {
    return call(Spec.of(SET_HOLD, uid));
  }

  /** Releases user {@code uid}'s legal hold. */
  @Maps(RELEASE_HOLD)
  public Call<Void> release(long uid) {
    return call(Spec.of(RELEASE_HOLD, uid));
  }
}
