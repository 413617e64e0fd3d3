package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.model.Message;

/** What the removal tests check of a message whose content was removed. */
public final class RemovalChecks {
  private RemovalChecks() {}

  /** {@code m} is message {@code id}, removed: no text, payload or attachments. */
  public static void assertRemoved(Message m, long id) {
    assertThat(m).as("message %d", id).isNotNull();
    assertThat(m.id()).isEqualTo(id);
    assertThat(m.status()).isEqualTo(Message.Status.REMOVED);
    assertThat(m.text()).isEmpty();
    assertThat(m.extras().payload()).isNull();
    assertThat(m.extras().attachments()).isEmpty();
  }
}
