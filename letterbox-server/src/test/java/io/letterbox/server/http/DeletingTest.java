package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import org.junit.jupiter.api.Test;

class DeletingTest extends ApiTestBase {

  @Test
  void deletingAMessageHidesItFromTheOwnerOnlyAndAnswers204() {
    long a = user();
    long b = user();
    JsonNode kept = send(a, b, "kept");
    JsonNode gone = send(a, b, "gone");

    Reply r = api.delete("/v1/users/" + b + "/messages/" + gone.get("id").asText());

    assertThat(r.status()).isEqualTo(204);
    assertThat(history(b, a)).containsExactly(kept);
    assertThat(history(a, b)).containsExactly(gone, kept);
    assertThat(api.get("/v1/users/" + b + "/messages/" + gone.get("id").asText()).status()).isEqualTo(404);
  }

  @Test
  void deletingAMessageTheOwnerCannotSeeIs404() {
    long a = user();
    long b = user();
    JsonNode m = send(a, b, "theirs");

    Reply r = api.delete("/v1/users/" + user() + "/messages/" + m.get("id").asText());

    assertThat(r.status()).isEqualTo(404);
    assertThat(r.errorCode()).isEqualTo("NOT_FOUND");
    assertThat(history(b, a)).containsExactly(m);
  }

  @Test
  void deletingAConversationEmptiesItAndRemovesItFromTheListUntilANewMessageArrives() {
    long a = user();
    long b = user();
    JsonNode old = send(a, b, "old");

    assertThat(api.delete("/v1/users/" + b + "/conversations/" + a).status()).isEqualTo(204);
    assertThat(history(b, a)).isEmpty();
    assertThat(conversations(b)).isEmpty();
    assertThat(history(a, b)).containsExactly(old);

    JsonNode fresh = send(a, b, "new");
    assertThat(history(b, a)).containsExactly(fresh);
    assertThat(conversations(b)).hasSize(1);
  }

  @Test
  void deletingEverythingEmptiesEveryConversationOfTheOwnerOnly() {
    long me = user();
    long ann = user();
    long bob = user();
    send(ann, me, "1");
    send(me, bob, "2");

    assertThat(api.delete("/v1/users/" + me + "/messages").status()).isEqualTo(204);

    assertThat(conversations(me)).isEmpty();
    assertThat(history(me, ann)).isEmpty();
    assertThat(history(ann, me)).hasSize(1);
    assertThat(history(bob, me)).hasSize(1);
    assertThat(api.get("/v1/users/" + me + "/unread?device=pc").json().get("total").asLong()).isZero();
  }

  private static JsonNode history(long owner, long peer) {
    Reply r = api.get("/v1/users/" + owner + "/conversations/" + peer + "/messages");
    assertThat(r.status()).as("%s", r).isEqualTo(200);
    return r.json().get("items");
  }

  private static JsonNode conversations(long owner) {
    return api.get("/v1/users/" + owner + "/conversations").json().get("items");
  }
}
