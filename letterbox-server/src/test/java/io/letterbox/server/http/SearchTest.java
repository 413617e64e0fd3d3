package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.client.Listing;
import io.letterbox.client.Message;
import io.letterbox.client.Page;
import io.letterbox.client.SearchQuery;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchTest extends ApiTestBase {

  private static Reply search(long uid, String query) {
    return api.get("/v1/users/" + uid + "/search?" + query);
  }

  private static String q(String words) {
    return "q=" + URLEncoder.encode(words, StandardCharsets.UTF_8);
  }

  /** Every message {@code uid} finds for {@code query}, through the client's cursor loop. */
  private static List<String> texts(long uid, SearchQuery query) {
    return client.search().messages(uid, query).stream().map(Message::text).toList();
  }

  private static List<String> texts(Reply r) {
    assertThat(r.status()).as("%s", r).isEqualTo(200);
    List<String> out = new ArrayList<>();
    r.json().get("items").forEach(m -> out.add(m.get("text").asText()));
    return out;
  }

  @Test
  void aUserFindsTheMessagesItCanSeeThatHaveEveryWordNewestFirst() {
    long a = user();
    long b = user();
    long c = user();
    send(a, b, "明天下午三点在北京开会");
    send(b, a, "OK, see you in 北京 at the Café");
    send(a, c, "北京 is far");

    assertThat(texts(a, SearchQuery.of("北京"))).containsExactly("北京 is far", "OK, see you in 北京 at the Café",
        "明天下午三点在北京开会");
    assertThat(texts(b, SearchQuery.of("北京 开会"))).containsExactly("明天下午三点在北京开会");
    assertThat(texts(b, SearchQuery.of("cafe"))).containsExactly("OK, see you in 北京 at the Café");
    assertThat(texts(a, SearchQuery.of("北京").withPeer(c))).containsExactly("北京 is far");
    assertThat(texts(c, SearchQuery.of("开会"))).isEmpty();
    Message first = client.search().messages(a, SearchQuery.of("北京")).first().execute().items().get(0);
    assertThat(first.kind()).isEqualTo("single");
    assertThat(first.from()).isEqualTo(a);
  }

  @Test
  void theIndexLagIsAMetricThatComesBackToZero() {
    send(user(), user(), "metric");
    org.awaitility.Awaitility.await().atMost(java.time.Duration.ofMinutes(1)).until(() -> api.get("/metrics").body()
        .lines().anyMatch(l -> l.equals("letterbox_search_lag_entries 0.0")));
  }

  @Test
  void pagesAreFollowedWithTheirCursor() {
    long a = user();
    long b = user();
    for (int i = 0; i < 5; i++) {
      send(a, b, "invoice " + i);
    }
    Listing<Message> invoices = client.search().messages(b, SearchQuery.of("invoice")).limit(3);

    Page<Message> page1 = invoices.first().execute();
    Page<Message> page2 = invoices.page(page1.next()).execute();

    assertThat(page1.items()).extracting(Message::text).containsExactly("invoice 4", "invoice 3", "invoice 2");
    assertThat(page2.items()).extracting(Message::text).containsExactly("invoice 1", "invoice 0");
    assertThat(page2.next()).isNull();
  }

  @Test
  void badSearchesAre400AndAnUnknownGroup404() {
    long a = user();
    send(a, user(), "hello");
    String[] bad = {
        "", "q=", q("   "), q("?!…"), q("x".repeat(257)), q("a b c d e f g h i j k l m n o p q"),
        q("hello") + "&before=yesterday", q("hello") + "&after=2026-13-01T00:00:00Z",
        q("hello") + "&after=2026-11-02T00:00:00Z&before=2026-11-01T00:00:00Z", q("hello") + "&peer=abc",
        q("hello") + "&peer=" + a, q("hello") + "&limit=0", q("hello") + "&cursor=nope", q("hello") + "&" + q("again"),
        q("hello") + "&peer=1&group=2",
    };
    for (String query : bad) {
      Reply r = search(a, query);
      assertThat(r.status()).as("?%s: %s", query, r).isEqualTo(400);
      assertThat(r.errorCode()).as("?%s", query).isEqualTo("INVALID_ARGUMENT");
    }
    Reply unknown = search(a, q("hello") + "&group=987654321");
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(unknown.errorCode()).isEqualTo("NOT_FOUND");
    assertThat(texts(search(a, q("hello")))).containsExactly("hello");
  }
}
