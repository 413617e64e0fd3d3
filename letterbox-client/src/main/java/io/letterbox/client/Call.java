package io.letterbox.client;

import java.util.concurrent.CompletableFuture;

/**
 * One request, ready to be sent, either waiting for its answer or not. Executing the same call
 * again sends the same request (for a send, with the same idempotency key), so it is a retry, not
 * a second message.
 *
 * @param <T> what the answer is read as
 */
public interface Call<T> {
  /**
   * Sends the request, retrying as the client's {@link RetryPolicy} allows, and waits for its answer.
   *
   * @throws LetterboxException for a refusal or when no node answered
   */
  T execute();

  /** @return the answer, or a future failed with a {@link LetterboxException} */
  CompletableFuture<T> executeAsync();
}
