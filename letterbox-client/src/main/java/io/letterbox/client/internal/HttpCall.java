package io.letterbox.client.internal;

import io.letterbox.client.Call;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** A {@link Call} over the {@link Transport}: the synchronous form waits for the asynchronous one. */
public final class HttpCall<T> implements Call<T> {
  private final Transport transport;
  private final Spec spec;
  private final Decoder<T> decoder;

  public HttpCall(Transport transport, Spec spec, Decoder<T> decoder) {
    this.transport = transport;
    this.spec = spec;
    this.decoder = decoder;
  }

  @Override
  public T execute() {
    CompletableFuture<T> future = executeAsync();
    try {
      return future.get();
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      throw Errors.rethrow(e);
    } catch (ExecutionException e) {
      throw Errors.rethrow(e);
    }
  }

  @Override
  public CompletableFuture<T> executeAsync() {
    return transport.send(spec).thenApply(response -> Decoder.apply(decoder, response));
  }

  @Override
  public String toString() {
    return spec.toString();
  }
}
