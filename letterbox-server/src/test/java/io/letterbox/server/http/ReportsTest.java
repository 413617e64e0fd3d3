package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** POST /v1/users/{uid}/reports and GET /v1/reports (API.md, Moderation and platform hooks). */
class ReportsTest extends ApiTestBase {

  /** Every report on the server, oldest first, paged two at a time. */
  private static List<JsonNode> allReports() {
    List<JsonNode> all = new ArrayList<>();
    String cursor = null;
    do {
      Reply page = api.get("/v1/reports?limit=2" + (cursor == null ? "" : "&cursor=" + cursor));
      assertThat(page.status()).as("%s", page).isEqualTo(200);
      page.json().get("items").forEach(all::add);
      JsonNode next = page.json().get("next");
      cursor = next.isNull() ? null : next.asText();
    } while (cursor != null);
    return all;
  }

  private static List<JsonNode> reportsBy(long uid) {
    return allReports().stream().filter(r -> r.get("by").asText().equals(Long.toString(uid))).toList();
  }

  @Test
  void aUserReportsAMessageItCanSeeAndServicesPageTheReportsOldestFirstWithTheMessage() {
    long alice = user();
    long bob = user();
    JsonNode first = send(alice, bob, "win a prize, send your password");
    JsonNode second = send(alice, bob, "last warning");

    Reply spam = api.post("/v1/users/" + bob + "/reports", json(Map.of("message", first.get("id").asText(),
        "reason", "spam", "note", "phishing")));
    Reply abuse = api.post("/v1/users/" + bob + "/reports", json(Map.of("message", second.get("id").asText(),
        "reason", "abuse")));

    assertThat(spam.status()).as("%s", spam).isEqualTo(201);
    assertThat(abuse.status()).as("%s", abuse).isEqualTo(201);
    List<JsonNode> reports = reportsBy(bob);
    assertThat(reports).extracting(r -> r.get("id").asText())
        .containsExactly(spam.json().get("id").asText(), abuse.json().get("id").asText());
    assertThat(reports.get(0).get("message")).isEqualTo(first);
    assertThat(reports.get(0).get("reason").asText()).isEqualTo("spam");
    assertThat(reports.get(0).get("note").asText()).isEqualTo("phishing");
    assertThat(reports.get(0).get("createdAt").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
    assertThat(reports.get(1).get("message")).isEqualTo(second);
    assertThat(reports.get(1).get("reason").asText()).isEqualTo("abuse");
    assertThat(reports.get(1).has("note")).isFalse();
  }

  @Test
  void theJavaClientReportsAndPagesReports() {
    long alice = user();
    long bob = user();
    long message = Long.parseLong(send(alice, bob, "spam spam spam").get("id").asText());

    long id = client.moderation().report(bob, message, "spam", null).execute();

    List<io.letterbox.client.Report> reports = client.moderation().reports().limit(3).stream()
        .filter(r -> r.by() == bob).toList();
    assertThat(reports).extracting(io.letterbox.client.Report::id).containsExactly(id);
    assertThat(reports.get(0).message().text()).isEqualTo("spam spam spam");
    assertThat(reports.get(0).reason()).isEqualTo("spam");
    assertThat(reports.get(0).note()).isNull();
  }

  @Test
  void aReportOfAMessageTheUserCannotSeeOrThatIsMalformedIsRefusedAndStoresNothing() {
    long alice = user();
    long bob = user();
    long carol = user();
    String id = send(alice, bob, "between us").get("id").asText();

    Map<String, Reply> refused = new java.util.LinkedHashMap<>();
    refused.put("a stranger's", api.post("/v1/users/" + carol + "/reports", json(Map.of("message", id, "reason", "spam"))));
    refused.put("no such message", api.post("/v1/users/" + carol + "/reports",
        json(Map.of("message", "123456789", "reason", "spam"))));
    refused.put("another reason", api.post("/v1/users/" + carol + "/reports", json(Map.of("message", id, "reason", "rude"))));
    refused.put("no reason", api.post("/v1/users/" + carol + "/reports", json(Map.of("message", id))));
    refused.put("no message", api.post("/v1/users/" + carol + "/reports", json(Map.of("reason", "spam"))));
    refused.put("an unknown field", api.post("/v1/users/" + carol + "/reports",
        json(Map.of("message", id, "reason", "spam", "severity", "high"))));
    refused.put("a note too long", api.post("/v1/users/" + carol + "/reports",
        json(Map.of("message", id, "reason", "spam", "note", "x".repeat(1_001)))));
    refused.put("a malformed id", api.post("/v1/users/" + carol + "/reports", json(Map.of("message", "abc", "reason", "spam"))));

    assertThat(refused.get("a stranger's").status()).isEqualTo(404);
    assertThat(refused.get("no such message").status()).isEqualTo(404);
    refused.forEach((what, reply) -> {
      if (!what.equals("a stranger's") && !what.equals("no such message")) {
        assertThat(reply.status()).as("%s: %s", what, reply).isEqualTo(400);
      }
    });
    assertThat(reportsBy(carol)).isEmpty();
    assertThat(api.get("/v1/reports?cursor=forged").status()).isEqualTo(400);
  }
}
