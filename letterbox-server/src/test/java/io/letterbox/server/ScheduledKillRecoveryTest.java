package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.ChildServerTestBase;
import io.letterbox.server.support.Reply;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Scheduled messages and group posts outlive the server (decision 0052): those that come due while
 * the server is SIGKILLed are each sent exactly once after the restart on the same directory, and
 * those due later still wait for their time.
 */
class ScheduledKillRecoveryTest extends ChildServerTestBase {
  static final long ALICE = 81;
  static final long BOB = 82;
  private static final Duration WAIT = Duration.ofMinutes(2);

  /** Where ALICE's scheduled messages go, and what BOB then has of them. */
  private interface Target {
    /** The body of a send or post of {@code text}, less its time. */
    String body(String text);

    /** The path the body is sent to. */
    String path();

    /** The path of what BOB has of them. */
    String history();
  }

  private static final Target TO_BOB = new Target() {
    @Override
    public String body(String text) {
      return "{\"from\":\"" + ALICE + "\",\"to\":\"" + BOB + "\",\"text\":\"" + text + "\"";
    }

    @Override
    public String path() {
      return "/v1/messages";
    }

    @Override
    public String history() {
      return "/v1/users/" + BOB + "/conversations/" + ALICE + "/messages?limit=100";
    }
  };

  /** The posts of a group of ALICE's that BOB is a member of. */
  private static Target groupOf(Api api) {
    Reply group = api.post("/v1/groups", "{\"by\":\"" + ALICE + "\",\"name\":\"team\",\"members\":[\"" + BOB + "\"]}");
    assertThat(group.status()).as("%s", group).isEqualTo(201);
    String gid = group.json().get("id").asText();
    return new Target() {
      @Override
      public String body(String text) {
        return "{\"from\":\"" + ALICE + "\",\"text\":\"" + text + "\"";
      }

      @Override
      public String path() {
        return "/v1/groups/" + gid + "/messages";
      }

      @Override
      public String history() {
        return "/v1/users/" + BOB + "/groups/" + gid + "/messages?limit=100";
      }
    };
  }

  @Test
  void messagesThatCameDueWhileTheServerWasKilledAreSentOnceAfterTheRestart() throws Exception {
    sentOnceAfterTheRestart(api -> TO_BOB);
  }

  @Test
  void groupPostsThatCameDueWhileTheServerWasKilledArePostedOnceAfterTheRestart() throws Exception {
    sentOnceAfterTheRestart(ScheduledKillRecoveryTest::groupOf);
  }

  private void sentOnceAfterTheRestart(Function<Api, Target> target) throws Exception {
    Api api = server.start("first");
    Target to = target.apply(api);
    Instant due = Instant.now().plusSeconds(3).truncatedTo(ChronoUnit.MILLIS);
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      texts.add("due while killed " + i);
      schedule(api, to, texts.get(i), due.plusMillis(10L * i));
    }
    schedule(api, to, "due in an hour", Instant.now().plus(Duration.ofHours(1)));
    server.kill();
    await("their time passed while the server is down").atMost(WAIT).until(() -> Instant.now().isAfter(due.plusSeconds(1)));

    Api restarted = server.start("second");
    // Due after the others: once it is sent, the sweep has passed them all.
    schedule(restarted, to, "after the restart", Instant.now().plusSeconds(1));
    await("sent after the restart").atMost(WAIT).until(() -> history(restarted, to).contains("after the restart"));

    List<String> history = history(restarted, to);
    for (String text : texts) {
      assertThat(history).as(text).containsOnlyOnce(text);
    }
    assertThat(history).hasSize(texts.size() + 1).doesNotContain("due in an hour");
    JsonNode pending = restarted.get("/v1/users/" + ALICE + "/scheduled").json().get("items");
    assertThat(pending).hasSize(1);
    assertThat(pending.get(0).get("text").asText()).isEqualTo("due in an hour");
  }

  private static void schedule(Api api, Target to, String text, Instant sendAt) {
    Reply r = api.post(to.path(), to.body(text) + ",\"sendAt\":\"" + sendAt + "\"}");
    assertThat(r.status()).as("schedule %s", r).isEqualTo(202);
  }

  private static List<String> history(Api api, Target to) {
    List<String> out = new ArrayList<>();
    api.get(to.history()).json().get("items").forEach(m -> out.add(m.get("text").asText()));
    return out;
  }
}
