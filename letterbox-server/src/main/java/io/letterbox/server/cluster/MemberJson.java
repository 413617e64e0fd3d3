package io.letterbox.server.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;

/** The codec of a member znode's data: {@code {"id":"…","url":"http://…","proof":"…"}}. */
final class MemberJson {
  // Unknown fields are allowed so that a later version can add some during a rolling upgrade.
  private static final ObjectMapper MAPPER = JsonMapper.builder()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .serializationInclusion(JsonInclude.Include.NON_NULL)
      .build();

  private MemberJson() {}

  static byte[] write(Member member) {
    try {
      return MAPPER.writeValueAsBytes(member);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** @return the member, or empty if {@code data} is not a member's JSON */
  static Optional<Member> read(byte[] data) {
    if (data == null) {
      return Optional.empty();
    }
    try {
      return Optional.ofNullable(MAPPER.readValue(data, Member.class));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
