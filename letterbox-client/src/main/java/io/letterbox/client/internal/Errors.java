package io.letterbox.client.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.client.LetterboxException;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Every failure turned into the one {@link LetterboxException}, in one place. */
public final class Errors {
  private Errors() {}

  /** The refusal a response carries ({@code {"error":{"code","message"}}}), its body read and closed. */
  static LetterboxException refusal(Spec spec, HttpResponse<InputStream> response) {
    String body;
    try (InputStream in = response.body()) {
      body = in == null ? "" : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      body = "";
    }
    String code = "HTTP_" + response.statusCode();
    String message = body;
    try {
      JsonNode error = Json.MAPPER.readTree(body).path("error");
      if (error.hasNonNull("code")) {
        code = error.get("code").asText();
        message = error.path("message").asText();
      }
    } catch (IOException | RuntimeException notJson) {
      // a proxy's page, or no body (HEAD): the status says what there is to say
    }
    return new LetterboxException(code, response.statusCode(), spec + ": " + message, null);
  }

  static LetterboxException unreachable(Spec spec, int attempts, Throwable cause) {
    return new LetterboxException(LetterboxException.UNREACHABLE, 0,
        spec + ": no answer after " + attempts + " attempt(s): " + cause, cause);
  }

  /** @return {@code failure} without the wrappers of futures */
  public static Throwable unwrap(Throwable failure) {
    Throwable t = failure;
    while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  /** Rethrows what a future failed with as the client's exception. */
  public static RuntimeException rethrow(Throwable failure) {
    Throwable t = unwrap(failure);
    if (t instanceof RuntimeException r) {
      return r;
    }
    if (t instanceof Error e) {
      throw e;
    }
    return new LetterboxException("CLIENT_ERROR", 0, String.valueOf(t), t);
  }
}
