package io.letterbox.server.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** What an owner's {@code /sync} gives: what the feed's consumers are checked against. */
public final class Synced {
  private Synced() {}

  /** Every event of {@code owner}'s feed after position {@code since}, page after page. */
  public static List<JsonNode> events(Api api, long owner, String since) {
    List<JsonNode> out = new ArrayList<>();
    String position = since;
    boolean more = true;
    while (more) {
      Reply page = api.get("/v1/users/" + owner + "/sync?limit=100&since=" + URLEncoder.encode(position, StandardCharsets.UTF_8));
      assertThat(page.status()).as("%s", page).isEqualTo(200);
      page.json().get("events").forEach(out::add);
      position = page.json().get("next").asText();
      more = page.json().get("more").asBoolean();
    }
    return out;
  }
}
