package io.letterbox.client.internal;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/** The one ObjectMapper of the client: ids as decimal strings, times as RFC 3339, unknown fields ignored. */
public final class Json {
  public static final ObjectMapper MAPPER = new ObjectMapper()
      .registerModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
      // A newer server may answer fields this client does not know yet.
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .setSerializationInclusion(JsonInclude.Include.NON_NULL);

  static {
    // Every long on the wire is an id, a decimal string (API.md); the few counts that are longs
    // (a blob's size) say @JsonFormat(shape = NUMBER) where they are declared.
    MAPPER.configOverride(long.class).setFormat(JsonFormat.Value.forShape(JsonFormat.Shape.STRING));
    MAPPER.configOverride(Long.class).setFormat(JsonFormat.Value.forShape(JsonFormat.Shape.STRING));
  }

  private Json() {}
}
