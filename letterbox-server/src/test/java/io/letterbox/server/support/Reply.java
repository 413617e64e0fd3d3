package io.letterbox.server.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpHeaders;

/** An HTTP answer as tests look at it: status, headers, raw body and the body as JSON. */
public record Reply(int status, HttpHeaders headers, String body) {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  public JsonNode json() {
    try {
      return MAPPER.readTree(body);
    } catch (Exception e) {
      throw new AssertionError("not JSON (status " + status + "): " + body, e);
    }
  }

  /** @return the error code of an error answer */
  public String errorCode() {
    return json().path("error").path("code").asText(null);
  }

  @Override
  public String toString() {
    return status + " " + body;
  }
}
