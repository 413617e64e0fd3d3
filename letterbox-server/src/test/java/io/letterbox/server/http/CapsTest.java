package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CapsTest extends ApiTestBase {

  @Test
  void aSenderWithoutCapAndWithoutDefaultHasNone() {
    Reply r = api.get("/v1/senders/" + user() + "/cap");

    assertThat(r.status()).isEqualTo(404);
    assertThat(r.errorCode()).isEqualTo("NOT_FOUND");
  }

  @Test
  void aCapThatWasSetIsReturned() {
    long sender = user();

    assertThat(api.put("/v1/senders/" + sender + "/cap", json(Map.of("messages", 3, "period", "PT12H"))).status())
        .isEqualTo(204);
    assertThat(api.get("/v1/senders/" + sender + "/cap").json()).isEqualTo(node(Map.of("messages", 3, "period", "PT12H")));
  }

  @Test
  void aPeriodOfWholeDaysIsAnsweredInDays() {
    long sender = user();
    api.put("/v1/senders/" + sender + "/cap", json(Map.of("messages", 1, "period", "P1D")));

    assertThat(api.get("/v1/senders/" + sender + "/cap").json().get("period").asText()).isEqualTo("P1D");
  }

  @Test
  void aMessageBeyondTheCapIs429FrequencyCappedAndNotStored() {
    long sender = user();
    long receiver = user();
    api.put("/v1/senders/" + sender + "/cap", json(Map.of("messages", 1, "period", "P1D")));
    send(sender, receiver, "first");

    Reply r = api.post("/v1/messages", json(Map.of("from", "" + sender, "to", "" + receiver, "text", "second")));

    assertThat(r.status()).isEqualTo(429);
    assertThat(r.errorCode()).isEqualTo("FREQUENCY_CAPPED");
    assertThat(api.get("/v1/users/" + receiver + "/conversations/" + sender + "/messages").json().get("items"))
        .hasSize(1);
    // The cap counts per receiver: someone else still gets one.
    send(sender, user(), "other receiver");
  }
}
