package io.letterbox.client.internal;

import io.letterbox.client.Credentials;
import io.letterbox.client.RetryPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sends {@link Spec}s to the nodes in turn: the node that answered last is tried first, and each
 * retry goes to the next one. Answers with a status of 400 or more become {@code
 * LetterboxException}s; any other is handed on with its body unread.
 */
public final class Transport {
  private final HttpClient http;
  private final List<URI> nodes;
  private final Credentials credentials;
  private final Duration readTimeout;
  private final Retries retries;
  private final AtomicInteger preferred = new AtomicInteger();

  public Transport(HttpClient http, List<URI> nodes, Credentials credentials, Duration readTimeout, RetryPolicy policy) {
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("no base URL");
    }
    this.http = http;
    this.nodes = List.copyOf(nodes);
    this.credentials = credentials;
    this.readTimeout = readTimeout;
    this.retries = new Retries(policy);
  }

  /** @return the answer, its body to be read (and closed) by the caller */
  public CompletableFuture<HttpResponse<InputStream>> send(Spec spec) {
    CompletableFuture<HttpResponse<InputStream>> result = new CompletableFuture<>();
    attempt(spec, 1, preferred.get(), result);
    return result;
  }

  private void attempt(Spec spec, int attempt, int node, CompletableFuture<HttpResponse<InputStream>> result) {
    if (result.isDone()) {
      return; // cancelled by the caller
    }
    CompletableFuture<HttpResponse<InputStream>> sent;
    try {
      sent = http.sendAsync(spec.toRequest(nodes.get(node), credentials.bearer(), readTimeout), BodyHandlers.ofInputStream());
    } catch (RuntimeException e) {
      result.completeExceptionally(e);
      return;
    }
    sent.whenComplete((response, failure) -> {
      if (failure != null) {
        Throwable cause = Errors.unwrap(failure);
        Optional<Duration> wait = retries.afterFailure(spec, attempt, cause);
        if (wait.isPresent()) {
          retry(spec, attempt, node, wait.get(), result);
        } else {
          result.completeExceptionally(Errors.unreachable(spec, attempt, cause));
        }
      } else if (response.statusCode() < 400) {
        preferred.set(node);
        result.complete(response);
      } else {
        Optional<Duration> wait = retries.afterAnswer(spec, attempt, response);
        if (wait.isPresent()) {
          close(response);
          retry(spec, attempt, node, wait.get(), result);
        } else {
          result.completeExceptionally(Errors.refusal(spec, response));
        }
      }
    });
  }

  private void retry(Spec spec, int attempt, int node, Duration wait,
      CompletableFuture<HttpResponse<InputStream>> result) {
    int next = (node + 1) % nodes.size();
    CompletableFuture.runAsync(() -> attempt(spec, attempt + 1, next, result),
        CompletableFuture.delayedExecutor(wait.toMillis(), TimeUnit.MILLISECONDS));
  }

  private static void close(HttpResponse<InputStream> response) {
    try {
      response.body().close();
    } catch (IOException ignored) {
      // the connection is dropped either way
    }
  }
}
