package io.letterbox.hbase;

import io.letterbox.store.StoreException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/** Waits for the HBase client's futures and turns their failures into the SPI's exceptions. */
final class Futures {
  private Futures() {}

  /**
   * @return the future's value
   * @throws StoreException if it failed or the wait was interrupted; {@code what} says what failed
   */
  static <T> T await(CompletableFuture<T> future, Supplier<String> what) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreException(what.get() + ": interrupted", e);
    } catch (ExecutionException e) {
      throw failed(what.get(), e.getCause());
    }
  }

  /** The cause of a failed future as a StoreException, unless it is already the SPI's. */
  static RuntimeException failed(String what, Throwable cause) {
    while (cause instanceof CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof StoreException || cause instanceof IllegalArgumentException) {
      return (RuntimeException) cause;
    }
    return new StoreException(what + ": " + cause, cause);
  }
}
