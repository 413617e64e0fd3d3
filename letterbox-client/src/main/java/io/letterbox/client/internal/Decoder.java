package io.letterbox.client.internal;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JavaType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;

/** Reads a successful answer into what the call returns. */
@FunctionalInterface
public interface Decoder<T> {
  T decode(HttpResponse<InputStream> response) throws IOException;

  /** The body as JSON of {@code type}. */
  static <T> Decoder<T> json(Class<T> type) {
    return json(Json.MAPPER.constructType(type));
  }

  static <T> Decoder<T> json(TypeReference<T> type) {
    return json(Json.MAPPER.constructType(type));
  }

  private static <T> Decoder<T> json(JavaType type) {
    return response -> {
      try (InputStream in = response.body()) {
        return Json.MAPPER.readValue(in, type);
      }
    };
  }

  /** No body of interest (204): the body is closed. */
  static Decoder<Void> none() {
    return response -> {
      response.body().close();
      return null;
    };
  }

  /** The body as UTF-8 text. */
  static Decoder<String> text() {
    return response -> {
      try (InputStream in = response.body()) {
        return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      }
    };
  }

  /** Wraps I/O failures of a decoder for a future's stage. */
  static <T> T apply(Decoder<T> decoder, HttpResponse<InputStream> response) {
    try {
      return decoder.decode(response);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
