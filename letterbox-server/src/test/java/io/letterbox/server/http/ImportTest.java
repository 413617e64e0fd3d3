package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ImportTest extends ApiTestBase {

  @Test
  void importedHistoryKeepsItsOriginalTimesAndAnswersTheIdsInOrder() {
    long a = user();
    long b = user();
    Reply r = api.post("/v1/import/messages", json(Map.of("messages", List.of(
        Map.of("from", "" + a, "to", "" + b, "text", "2009", "createdAt", "2009-06-01T08:00:00.250Z"),
        Map.of("from", b, "to", a, "text", "2012", "createdAt", "2012-01-01T10:00:00+02:00")))));

    assertThat(r.status()).as("%s", r).isEqualTo(200);
    JsonNode ids = r.json().get("ids");
    assertThat(ids).hasSize(2);
    JsonNode items = api.get("/v1/users/" + a + "/conversations/" + b + "/messages").json().get("items");
    assertThat(items).hasSize(2);
    assertThat(items.get(0).get("id")).isEqualTo(ids.get(1));
    assertThat(items.get(0).get("createdAt").asText()).isEqualTo("2012-01-01T08:00:00.000Z");
    assertThat(items.get(1).get("id")).isEqualTo(ids.get(0));
    assertThat(items.get(1).get("createdAt").asText()).isEqualTo("2009-06-01T08:00:00.250Z");
    assertThat(items.get(1).get("text").asText()).isEqualTo("2009");
  }

  @Test
  void importedMessagesSortBeforeLiveOnes() {
    long a = user();
    long b = user();
    JsonNode live = send(a, b, "live");
    api.post("/v1/import/messages", json(Map.of("messages", List.of(
        Map.of("from", "" + a, "to", "" + b, "text", "old", "createdAt", "2015-03-03T03:03:03.003Z")))));

    JsonNode items = api.get("/v1/users/" + b + "/conversations/" + a + "/messages").json().get("items");

    assertThat(items.get(0)).isEqualTo(live);
    assertThat(items.get(1).get("text").asText()).isEqualTo("old");
  }
}
