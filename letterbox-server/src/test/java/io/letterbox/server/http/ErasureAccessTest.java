package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import io.letterbox.server.support.UsersAndServices;
import org.junit.jupiter.api.Test;

/**
 * Erasure and legal hold are for services (API.md, Lifecycle): a user token is 403 for them, its
 * own uid's included, and an erasure revokes the user's tokens.
 */
class ErasureAccessTest extends UsersAndServices {
  @Test
  void aUserTokenMayNeitherEraseNorHoldNorReadAnErasureItsOwnIncluded() {
    long alice = TestServers.freshUid();
    long bob = TestServers.freshUid();
    Reply sent = service.post("/v1/messages", "{\"from\":\"" + alice + "\",\"to\":\"" + bob + "\",\"text\":\"hi\"}");
    assertThat(sent.status()).isEqualTo(201);

    for (Reply r : new Reply[] {as(alice).delete("/v1/users/" + alice), as(alice).put("/v1/users/" + alice + "/hold", ""),
        as(alice).delete("/v1/users/" + alice + "/hold"), as(alice).get("/v1/erasures/1")}) {
      assertThat(r.status()).as("%s", r).isEqualTo(403);
      assertThat(r.json().get("error").get("code").asText()).isEqualTo("FORBIDDEN");
    }
    assertThat(service.get("/v1/users/" + alice + "/conversations").json().get("items")).as("nothing erased").hasSize(1);
  }

  @Test
  void anErasureRevokesTheUsersTokens() {
    long alice = TestServers.freshUid();
    long bob = TestServers.freshUid();
    service.post("/v1/messages", "{\"from\":\"" + alice + "\",\"to\":\"" + bob + "\",\"text\":\"hi\"}");
    var token = as(alice);
    assertThat(token.get("/v1/users/" + alice + "/conversations").status()).isEqualTo(200);

    assertThat(service.delete("/v1/users/" + alice).status()).isEqualTo(202);

    assertThat(token.get("/v1/users/" + alice + "/conversations").status()).isEqualTo(401);
  }
}
