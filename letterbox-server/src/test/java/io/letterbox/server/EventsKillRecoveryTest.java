package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.ChildServerTestBase;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.SseClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A device's event position outlives the server: after a SIGKILL (no shutdown hook, no flush) and
 * a restart on the same directory, resuming with {@code Last-Event-ID} gives exactly the
 * acknowledged messages it had not seen, in order, then new ones live.
 */
class EventsKillRecoveryTest extends ChildServerTestBase {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  static final long SENDER = 81;
  static final long RECEIVER = 82;


  @Test
  void anSseStreamResumesAcrossAKillWithExactlyTheAcknowledgedMessagesItMissed() throws Exception {
    Api api = server.start("first");
    List<String> expected = new ArrayList<>();
    String lastSeen;
    try (SseClient sse = new SseClient(server.port(), RECEIVER, null)) {
      sse.awaitConnected();
      for (int i = 0; i < 5; i++) {
        send(api, "live " + i);
      }
      List<String[]> seen = sse.await(5);
      assertThat(seen).extracting(e -> text(e[2])).containsExactly("live 0", "live 1", "live 2", "live 3", "live 4");
      // The device kept the third event's id when it went away.
      lastSeen = seen.get(2)[0];
      expected.addAll(List.of("live 3", "live 4"));
    }
    for (int i = 0; i < 5; i++) {
      send(api, "missed " + i);
      expected.add("missed " + i);
    }
    server.kill();

    Api restarted = server.start("second");
    try (SseClient resumed = new SseClient(server.port(), RECEIVER, lastSeen)) {
      resumed.await(expected.size());
      send(restarted, "after restart");
      expected.add("after restart");
      // The live one comes after the catch-up: anything lost or repeated shows before it.
      List<String[]> got = resumed.await(expected.size());
      assertThat(got).extracting(e -> text(e[2])).containsExactlyElementsOf(expected);
      assertThat(got).extracting(e -> e[1]).containsOnly("message");
    }
  }

  private static void send(Api api, String text) {
    Reply r = api.post("/v1/messages", "{\"from\":\"" + SENDER + "\",\"to\":\"" + RECEIVER + "\",\"text\":\"" + text + "\"}");
    assertThat(r.status()).as("send %s", r).isEqualTo(201);
  }

  private static String text(String data) {
    try {
      return MAPPER.readTree(data).get("message").get("text").asText();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
