package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OperationsTest extends ApiTestBase {

  @Test
  void healthAnswers200WhenReady() {
    Reply r = api.get("/health");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.json().get("status").asText()).isEqualTo("up");
  }

  @Test
  void metricsCountRequestsPerRouteTemplateAndStatusAndIncludeTheJvm() {
    send(user(), user(), "counted");
    api.get("/v1/users/" + user() + "/conversations?limit=0");

    Reply r = api.get("/metrics");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
    assertThat(r.body())
        .contains("letterbox_http_requests_seconds_count{method=\"POST\",route=\"/v1/messages\",status=\"201\"}")
        .contains("route=\"/v1/users/:uid/conversations\",status=\"400\"")
        .contains("jvm_memory_used_bytes")
        .contains("letterbox_store_disk_bytes")
        .contains("letterbox_store_space_bytes{space=\"log\"}")
        .contains("letterbox_store_space_bytes{space=\"activity\"}")
        .contains("letterbox_cache_bytes{cache=\"messages\"}")
        .contains("letterbox_cache_bytes{cache=\"conversation-heads\"}");
  }

  @Test
  void theOpenApiDocumentDescribesEveryRouteOfTheServer() {
    Reply r = api.get("/openapi.json");

    assertThat(r.status()).isEqualTo(200);
    JsonNode paths = r.json().get("paths");
    List<String> names = new ArrayList<>();
    paths.fieldNames().forEachRemaining(names::add);
    assertThat(r.json().get("openapi").asText()).startsWith("3.");
    assertThat(names).contains("/v1/messages", "/v1/users/{uid}/conversations",
        "/v1/users/{uid}/conversations/{peer}/messages", "/v1/users/{uid}/conversations/{peer}/read",
        "/v1/users/{uid}/unread", "/v1/users/{uid}/messages/{id}", "/v1/users/{uid}/conversations/{peer}",
        "/v1/users/{uid}/messages", "/v1/import/messages", "/v1/senders/{uid}/cap", "/health", "/metrics");
  }

  @Test
  void anUnknownRouteIs404WithTheErrorShape() {
    Reply r = api.get("/v1/nowhere/1");

    assertThat(r.status()).isEqualTo(404);
    assertThat(r.errorCode()).isEqualTo("NOT_FOUND");
    assertThat(r.json().get("error").get("message").asText()).isNotBlank();
  }

  @Test
  void aKnownRouteWithAnotherMethodIs405WithTheErrorShape() {
    Reply r = api.send("PATCH", "/v1/messages", "{}", "application/json");

    assertThat(r.status()).isEqualTo(405);
    assertThat(r.errorCode()).isEqualTo("METHOD_NOT_ALLOWED");
  }
}
