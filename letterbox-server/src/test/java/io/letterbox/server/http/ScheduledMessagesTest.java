package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.client.Scheduled;
import io.letterbox.client.ScheduledMessage;
import io.letterbox.client.SendMessage;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Scheduled messages over HTTP (API.md, Conversations, richer; decision 0052): a send with
 * {@code sendAt} answers 202 and is listed; it is sent once within a second after its time;
 * cancelled before, it never is; cancelling it once sent is 404 with nothing changed; refused
 * when it came due, it is listed as failed.
 */
class ScheduledMessagesTest extends ApiTestBase {
  private static Reply schedule(long from, long to, String text, Instant sendAt) {
    return api.post("/v1/messages", json(java.util.Map.of("from", "" + from, "to", "" + to, "text", text,
        "sendAt", sendAt.toString())));
  }

  /** @return the schedule's id */
  private static String scheduledId(long from, long to, String text, Instant sendAt) {
    Reply r = schedule(from, to, text, sendAt);
    assertThat(r.status()).as("%s", r).isEqualTo(202);
    return r.json().get("scheduled").asText();
  }

  private static Instant inSeconds(int seconds) {
    return Instant.now().plusSeconds(seconds).truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
  }

  private static JsonNode scheduled(long uid) {
    return api.get("/v1/users/" + uid + "/scheduled").json().get("items");
  }

  private static int history(long owner, long peer) {
    return api.get("/v1/users/" + owner + "/conversations/" + peer + "/messages").json().get("items").size();
  }

  @Test
  void aScheduledMessageIsAcceptedListedAndSentOnceAtItsTimeAfterWhichCancellingItIsNotFound() {
    long alice = user();
    long bob = user();
    Instant at = inSeconds(2);
    Reply r = schedule(alice, bob, "in two seconds", at);
    assertThat(r.status()).as("%s", r).isEqualTo(202);
    String id = r.json().get("scheduled").asText();
    assertThat(Instant.parse(r.json().get("sendAt").asText())).isEqualTo(at);
    JsonNode listed = scheduled(alice);
    assertThat(listed).hasSize(1);
    assertThat(listed.get(0).get("id").asText()).isEqualTo(id);
    assertThat(listed.get(0).get("to").asText()).isEqualTo("" + bob);
    assertThat(listed.get(0).get("status").asText()).isEqualTo("pending");
    assertThat(history(bob, alice)).as("before its time").isZero();

    Awaitility.await("sent").atMost(Duration.ofSeconds(30)).until(() -> history(bob, alice) == 1);
    JsonNode message = api.get("/v1/users/" + bob + "/conversations/" + alice + "/messages").json().get("items").get(0);
    assertThat(message.get("text").asText()).isEqualTo("in two seconds");
    assertThat(Instant.parse(message.get("createdAt").asText())).isBetween(at, at.plusSeconds(5));
    assertThat(scheduled(alice)).isEmpty();

    Reply cancel = api.delete("/v1/users/" + alice + "/scheduled/" + id);
    assertThat(cancel.status()).as("%s", cancel).isEqualTo(404);
    assertThat(cancel.errorCode()).isEqualTo("NOT_FOUND");
    assertThat(history(bob, alice)).isEqualTo(1);
    assertThat(history(alice, bob)).isEqualTo(1);
  }

  @Test
  void aCancelledMessageIsNeverSent() {
    long alice = user();
    long bob = user();
    Instant at = inSeconds(2);
    String id = scheduledId(alice, bob, "cancelled", at);

    assertThat(api.delete("/v1/users/" + alice + "/scheduled/" + id).status()).isEqualTo(204);
    assertThat(scheduled(alice)).isEmpty();
    String later = scheduledId(alice, bob, "a later one", at.plusSeconds(1));
    Awaitility.await("the later one sent").atMost(Duration.ofSeconds(30)).until(() -> history(bob, alice) == 1);

    assertThat(api.get("/v1/users/" + bob + "/conversations/" + alice + "/messages").json().get("items").get(0)
        .get("text").asText()).isEqualTo("a later one");
    assertThat(api.delete("/v1/users/" + alice + "/scheduled/" + later).status()).isEqualTo(404);
  }

  @Test
  void oneRefusedWhenItComesDueIsListedAsFailedWithItsCodeUntilDismissed() {
    long alice = user();
    long bob = user();
    Instant at = inSeconds(5);
    String id = scheduledId(alice, bob, "unwelcome", at);
    assertThat(api.put("/v1/users/" + bob + "/blocks/" + alice, null).status()).isEqualTo(204);
    assertThat(Instant.now()).as("the block set before the message is due").isBefore(at);

    Awaitility.await("decided").atMost(Duration.ofSeconds(30))
        .until(() -> scheduled(alice).get(0).get("status").asText().equals("failed"));
    assertThat(scheduled(alice).get(0).get("error").asText()).isEqualTo("BLOCKED");
    assertThat(history(bob, alice)).isZero();
    assertThat(api.delete("/v1/users/" + alice + "/scheduled/" + id).status()).isEqualTo(204);
    assertThat(scheduled(alice)).isEmpty();
  }

  @Test
  void aGroupPostWithSendAtIs400SayingGroupPostsCannotBeScheduledAndNothingIsPostedOrListed() {
    long alice = user();
    long bob = user();
    Reply group = api.post("/v1/groups", "{\"by\":\"" + alice + "\",\"name\":\"team\",\"members\":[\"" + bob + "\"]}");
    assertThat(group.status()).as("%s", group).isEqualTo(201);
    String gid = group.json().get("id").asText();

    Reply r = api.post("/v1/groups/" + gid + "/messages", json(java.util.Map.of("from", "" + alice, "text", "later",
        "sendAt", inSeconds(60).toString())));

    assertThat(r.status()).as("%s", r).isEqualTo(400);
    assertThat(r.json().get("error").get("code").asText()).isEqualTo("INVALID_ARGUMENT");
    assertThat(r.json().get("error").get("message").asText()).contains("group posts cannot be scheduled");
    assertThat(scheduled(alice)).isEmpty();
    assertThat(api.get("/v1/users/" + bob + "/groups/" + gid + "/messages").json().get("items")).isEmpty();
  }

  @Test
  void theJavaClientSchedulesListsAndCancels() {
    long alice = user();
    long bob = user();
    Instant at = inSeconds(3600);
    Scheduled s = client.messages().schedule(SendMessage.text(alice, bob, "in an hour"), at).execute();
    assertThat(s.sendAt()).isEqualTo(at);

    List<ScheduledMessage> listed = client.messages().scheduled(alice).stream().toList();
    assertThat(listed).extracting(ScheduledMessage::id).containsExactly(s.scheduled());
    assertThat(listed.get(0).status()).isEqualTo("pending");
    assertThat(listed.get(0).text()).isEqualTo("in an hour");
    client.messages().cancelScheduled(alice, s.scheduled()).execute();
    assertThat(client.messages().scheduled(alice).stream().toList()).isEmpty();
  }
}
