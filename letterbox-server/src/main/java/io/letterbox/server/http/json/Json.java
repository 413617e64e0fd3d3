package io.letterbox.server.http.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.letterbox.server.http.ApiException;
import java.io.IOException;
import java.io.UncheckedIOException;

/** The server's one Jackson mapper, strict on input. */
public final class Json {
  private static final ObjectMapper MAPPER = JsonMapper.builder()
      // {"a":1,"a":2} is ambiguous: refuse it rather than pick one.
      .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
      // "{...} garbage" is malformed, not a document followed by noise.
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .build();

  private Json() {}

  public static byte[] write(Object value) {
    try {
      return MAPPER.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** @throws ApiException INVALID_JSON when {@code bytes} is not one JSON document */
  public static JsonNode read(byte[] bytes) {
    try {
      JsonNode node = MAPPER.readTree(bytes);
      if (node == null || node.isMissingNode()) {
        throw ApiException.invalidJson("the request body is empty; a JSON object is required");
      }
      return node;
    } catch (JsonProcessingException e) {
      throw ApiException.invalidJson("malformed JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
