package io.letterbox.server.push;

import io.letterbox.model.Message;

/** A push owed to {@code uid} about {@code message}, its newest message since its last push. */
record PushNotice(long uid, Message message) {
  /** The newer of this and {@code other} (ids grow with time). */
  PushNotice newer(PushNotice other) {
    return other.message.id() > message.id() ? other : this;
  }
}
