package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.letterbox.server.support.Api;
import io.letterbox.server.support.ChildServerTestBase;
import io.letterbox.server.support.Reply;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * File descriptors run out when connections take them all: every connection is one, and so is
 * every file of the store. A server with an open-file limit of 1,024 and max-connections 300 (about
 * 200 descriptors are its own) is flooded with silent connections, more than its limit and the
 * refused ones it lets wait together: it keeps descriptors for its store, answers a connection past
 * its limit with 429 and a reason, says so in its log once (never "Too many open files"), and once
 * the flood's connections close it serves again with nothing lost.
 */
class FileDescriptorsTest extends ChildServerTestBase {
  private static final int OPEN_FILE_LIMIT = 1024;
  private static final int MAX_CONNECTIONS = 300;
  private static final long A = 1;
  private static final long B = 2;

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void connectionsPastTheLimitAreRefusedWith429AndTheServerServesAgainOnceTheyClose() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/prlimit")), "needs prlimit (util-linux) to limit the child");
    Path config = Files.writeString(dir.resolve("limited.properties"), "max-connections=" + MAX_CONNECTIONS + "\n");
    Api api = server.startUnder(List.of("/usr/bin/prlimit", "--nofile=" + OPEN_FILE_LIMIT + ":" + OPEN_FILE_LIMIT, "--"),
        "limited", "--config", config.toString());
    List<String> acknowledged = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      acknowledged.add(send(api, "before " + i).json().get("id").asText());
    }

    // More connections than the limit and the refused ones it lets wait (a quarter more); a burst
    // of more than the descriptors left is beyond any counting of connections (decision 0014).
    List<Socket> flood = new ArrayList<>();
    try {
      for (int i = 0; i < MAX_CONNECTIONS * 3 / 2; i++) {
        flood.add(new Socket("127.0.0.1", server.port()));
      }
      // Polled: refused connections past the allowance are closed unanswered until the ones
      // waiting for a request time out (ConnectionLimit.GRACE_MILLIS).
      Reply refused = await("a request past max-connections answered").atMost(Duration.ofMinutes(1))
          .pollInterval(Duration.ofMillis(200))
          .until(() -> probe(api), r -> r != null && r.status() == 429);
      assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
      assertThat(refused.json().at("/error/code").asText()).isEqualTo("OVERLOADED");
      assertThat(refused.json().at("/error/message").asText()).contains("max-connections " + MAX_CONNECTIONS);
    } finally {
      for (Socket s : flood) {
        s.close();
      }
    }

    Reply after = await("a send served again").atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(200))
        .until(() -> trySend(api, "after the flood"), r -> r != null && r.status() == 201);
    acknowledged.add(after.json().get("id").asText());
    assertThat(api.messageIds(B, A)).containsExactlyInAnyOrderElementsOf(acknowledged);

    String log = Files.readString(server.log("limited"));
    assertThat(log).as("the server's log").doesNotContainIgnoringCase("too many open files")
        .containsOnlyOnce("max-connections (" + MAX_CONNECTIONS + ") reached");
  }

  private static Reply send(Api api, String text) {
    Reply r = trySend(api, text);
    assertThat(r).isNotNull();
    assertThat(r.status()).as("%s", r).isEqualTo(201);
    return r;
  }

  /** @return the answer, or null when the connection was closed or reset unanswered */
  private static Reply trySend(Api api, String text) {
    try {
      return api.post("/v1/messages", "{\"from\":\"" + A + "\",\"to\":\"" + B + "\",\"text\":\"" + text + "\"}");
    } catch (AssertionError closedUnanswered) {
      return null;
    }
  }

  /** A request on a connection of its own; null when it was closed or reset unanswered. */
  private static Reply probe(Api api) {
    try {
      return api.raw("GET /health HTTP/1.1\r\nHost: localhost", (byte[]) null);
    } catch (AssertionError closedUnanswered) {
      return null;
    }
  }
}
