package io.letterbox.client;

/** A running {@link Events#listen} subscription. */
public interface EventSubscription extends AutoCloseable {
  /** @return the position after the last event handed to the listener: where a new subscription resumes */
  String position();

  /** @return false once closed or stopped at an error */
  boolean isOpen();

  /** Stops listening; no event is handed over after this returns. */
  @Override
  void close();
}
