package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.LetterboxServer;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.TestServers;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequestsFolderTest {

  @Test
  void withRequestsFolderAStrangersConversationIsListedUnderRequestsWithItsUnreadInTheDefaultList(@TempDir Path dir) {
    try (LetterboxServer server = TestServers.start(dir, b -> b.requestsFolder(true))) {
      Api api = new Api(server.port());
      long me = TestServers.freshUid();
      long stranger = TestServers.freshUid();
      long friend = TestServers.freshUid();
      assertThat(api.put("/v1/users/" + me + "/following/" + friend, null).status()).isEqualTo(204);
      send(api, stranger, me, "hello?");
      send(api, stranger, me, "hello!!");
      send(api, friend, me, "hi");

      JsonNode list = api.get("/v1/users/" + me + "/conversations").json();
      assertThat(list.get("items")).extracting(i -> i.get("peer").asText()).containsExactly("" + friend);
      assertThat(list.get("requests").get("unread").asLong()).isEqualTo(2);
      JsonNode requests = api.get("/v1/users/" + me + "/conversations?folder=requests").json();
      assertThat(requests.get("items")).extracting(i -> i.get("peer").asText()).containsExactly("" + stranger);
      assertThat(requests.has("requests")).as("only the default list carries the summary").isFalse();

      send(api, me, stranger, "who are you?");
      list = api.get("/v1/users/" + me + "/conversations").json();
      assertThat(list.get("items")).extracting(i -> i.get("peer").asText()).containsExactly("" + stranger, "" + friend);
      assertThat(list.get("requests").get("unread").asLong()).isZero();
    }
  }

  private static void send(Api api, long from, long to, String text) {
    assertThat(api.post("/v1/messages", "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"" + text + "\"}")
        .status()).isEqualTo(201);
  }
}
