package io.letterbox.model;

/**
 * A send, group post or broadcast as its sender asked for it and as it is to be stored, which
 * differ when the platform's before-send hook replaced its text or payload. Its idempotency key
 * stands for the request as asked: a retry of the same request finds the stored message, whatever
 * the hook made of it, and a different request with the same key is a conflict.
 *
 * @param asked  the request as its sender made it
 * @param stored the same request with the content to store (the same sender, receivers and key)
 */
public record Vetted<R>(R asked, R stored) {
  /** A request stored as asked. */
  public static <R> Vetted<R> asAsked(R request) {
    return new Vetted<>(request, request);
  }

  /** Whether the content to store is the content asked for. */
  public boolean unchanged() {
    return asked == stored;
  }
}
