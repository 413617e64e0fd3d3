package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.SseClient;
import io.letterbox.server.support.TestServers;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** peerDeliveredUpTo (API.md, Delivery receipts; decision 0051): what the peer's devices received. */
class DeliveryReceiptsTest extends ApiTestBase {
  private static final Duration WAIT = Duration.ofMinutes(1);

  private static String sent(long from, long to, String text) {
    return send(from, to, text).get("id").asText();
  }

  private static JsonNode item(long owner, long peer) {
    Reply r = api.get("/v1/users/" + owner + "/conversations/" + peer);
    assertThat(r.status()).as("%s", r).isEqualTo(200);
    return r.json();
  }

  private static String delivered(long owner, long peer) {
    JsonNode d = item(owner, peer).get("peerDeliveredUpTo");
    return d == null || d.isNull() ? null : d.asText();
  }

  @Test
  void theSenderSeesWhatThePeersStreamReceived() {
    long alice = TestServers.freshUid();
    long bob = TestServers.freshUid();
    String unseen = sent(alice, bob, "before any device");
    assertThat(delivered(alice, bob)).as("no device received it").isNull();

    try (SseClient sse = new SseClient(api.port(), bob, null)) {
      sse.awaitConnected();
      String id = sent(alice, bob, "live");
      sse.await(1);

      Awaitility.await().atMost(WAIT).until(() -> id.equals(delivered(alice, bob)));
    }
    assertThat(unseen).isNotNull();
    assertThat(delivered(bob, alice)).as("the receiver's own item").isNull();
    JsonNode listed = api.get("/v1/users/" + alice + "/conversations").json().get("items").get(0);
    assertThat(listed.get("peerDeliveredUpTo").asText()).isEqualTo(delivered(alice, bob));
  }

  @Test
  void theSenderSeesWhatThePeersSyncGave() {
    long alice = TestServers.freshUid();
    long bob = TestServers.freshUid();
    String since = api.get("/v1/users/" + bob + "/sync").json().get("next").asText();
    send(alice, bob, "one");
    String last = sent(alice, bob, "two");
    assertThat(delivered(alice, bob)).isNull();

    Reply synced = api.get("/v1/users/" + bob + "/sync?since=" + since);
    assertThat(synced.json().get("events")).hasSize(2);

    Awaitility.await().atMost(WAIT).until(() -> last.equals(delivered(alice, bob)));
  }
}
