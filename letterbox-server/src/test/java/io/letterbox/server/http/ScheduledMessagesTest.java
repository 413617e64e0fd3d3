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
 * when it came due, it is listed as failed. A group post with {@code sendAt} likewise, listed with
 * its group and mentions.
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

  /** Checks that {@code r} scheduled one at {@code at}, the only one {@code from} lists. @return its list item */
  private static JsonNode onlyListed(Reply r, long from, Instant at) {
    assertThat(r.status()).as("%s", r).isEqualTo(202);
    assertThat(Instant.parse(r.json().get("sendAt").asText())).isEqualTo(at);
    JsonNode listed = scheduled(from);
    assertThat(listed).hasSize(1);
    assertThat(listed.get(0).get("id").asText()).isEqualTo(r.json().get("scheduled").asText());
    return listed.get(0);
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
    String id = r.json().get("scheduled").asText();
    JsonNode listed = onlyListed(r, alice, at);
    assertThat(listed.get("to").asText()).isEqualTo("" + bob);
    assertThat(listed.get("status").asText()).isEqualTo("pending");
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

  /** @return the id of a group {@code owner} made of {@code members} */
  private static String group(long owner, long... members) {
    StringBuilder uids = new StringBuilder();
    for (long m : members) {
      uids.append(uids.isEmpty() ? "" : ",").append('"').append(m).append('"');
    }
    Reply group = api.post("/v1/groups", "{\"by\":\"" + owner + "\",\"name\":\"team\",\"members\":[" + uids + "]}");
    assertThat(group.status()).as("%s", group).isEqualTo(201);
    return group.json().get("id").asText();
  }

  private static Reply schedulePost(String gid, long from, String text, String sendAt, long... mentions) {
    return api.post("/v1/groups/" + gid + "/messages", json(java.util.Map.of("from", "" + from, "text", text,
        "sendAt", sendAt, "mentions", java.util.Arrays.stream(mentions).mapToObj(m -> "" + m).toList())));
  }

  private static JsonNode posts(long member, String gid) {
    return api.get("/v1/users/" + member + "/groups/" + gid + "/messages").json().get("items");
  }

  @Test
  void aGroupPostWithSendAtIsAcceptedListedWithItsGroupAndPostedOnceAtItsTimeByItsSender() {
    long alice = user();
    long bob = user();
    String gid = group(alice, bob);
    Instant at = inSeconds(2);
    Reply r = schedulePost(gid, alice, "to the team", at.toString(), bob);
    String id = r.json().get("scheduled").asText();
    JsonNode listed = onlyListed(r, alice, at);
    assertThat(listed.get("group").asText()).isEqualTo(gid);
    assertThat(listed.get("mentions").get(0).asText()).isEqualTo("" + bob);
    assertThat(listed.has("to")).isFalse();
    assertThat(listed.get("status").asText()).isEqualTo("pending");
    assertThat(posts(bob, gid)).as("before its time").isEmpty();

    Awaitility.await("posted").atMost(Duration.ofSeconds(30)).until(() -> posts(bob, gid).size() == 1);
    JsonNode message = posts(bob, gid).get(0);
    assertThat(message.get("from").asText()).isEqualTo("" + alice);
    assertThat(message.get("text").asText()).isEqualTo("to the team");
    assertThat(Instant.parse(message.get("createdAt").asText())).isBetween(at, at.plusSeconds(5));
    assertThat(scheduled(alice)).isEmpty();
    assertThat(api.delete("/v1/users/" + alice + "/scheduled/" + id).status()).isEqualTo(404);
    assertThat(posts(alice, gid)).hasSize(1);
  }

  @Test
  void aCancelledGroupPostIsNeverPosted() {
    long alice = user();
    long bob = user();
    String gid = group(alice, bob);
    Instant at = inSeconds(2);
    Reply r = schedulePost(gid, alice, "cancelled", at.toString());
    assertThat(r.status()).as("%s", r).isEqualTo(202);

    assertThat(api.delete("/v1/users/" + alice + "/scheduled/" + r.json().get("scheduled").asText()).status())
        .isEqualTo(204);
    assertThat(scheduled(alice)).isEmpty();
    assertThat(schedulePost(gid, alice, "a later one", at.plusSeconds(1).toString()).status()).isEqualTo(202);
    Awaitility.await("the later one posted").atMost(Duration.ofSeconds(30)).until(() -> posts(bob, gid).size() == 1);
    assertThat(posts(bob, gid).get(0).get("text").asText()).isEqualTo("a later one");
  }

  @Test
  void aGroupPostWithSendAtNotAheadNoTimeOrByANonMemberIsRefusedAsALivePostIsWithNothingScheduled() {
    long alice = user();
    long bob = user();
    long carol = user();
    String gid = group(alice, bob);

    Reply past = schedulePost(gid, alice, "x", Instant.now().minusSeconds(60).toString());
    assertThat(past.status()).as("%s", past).isEqualTo(400);
    assertThat(past.errorCode()).isEqualTo("INVALID_ARGUMENT");
    Reply noTime = schedulePost(gid, alice, "x", "tomorrow");
    assertThat(noTime.status()).as("%s", noTime).isEqualTo(400);
    assertThat(noTime.errorCode()).isEqualTo("INVALID_ARGUMENT");
    Reply live = api.post("/v1/groups/" + gid + "/messages", json(java.util.Map.of("from", "" + carol, "text", "x")));
    Reply stranger = schedulePost(gid, carol, "x", inSeconds(60).toString());
    assertThat(stranger.status()).as("%s", stranger).isEqualTo(live.status()).isEqualTo(403);
    assertThat(stranger.errorCode()).isEqualTo(live.errorCode()).isEqualTo("NOT_MEMBER");

    assertThat(scheduled(alice)).isEmpty();
    assertThat(scheduled(carol)).isEmpty();
    assertThat(posts(bob, gid)).isEmpty();
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

  @Test
  void theJavaClientSchedulesAGroupPostListsItWithItsGroupAndMentionsAndCancelsIt() {
    long alice = user();
    long bob = user();
    long gid = client.groups().create(io.letterbox.client.CreateGroup.of(alice, "team", List.of(bob))).execute().id();
    Instant at = inSeconds(3600);
    Scheduled s = client.groups().schedule(gid, io.letterbox.client.GroupPost.text(alice, "in an hour")
        .withMentions(List.of(bob)), at).execute();
    assertThat(s.sendAt()).isEqualTo(at);

    List<ScheduledMessage> listed = client.messages().scheduled(alice).stream().toList();
    assertThat(listed).extracting(ScheduledMessage::id).containsExactly(s.scheduled());
    assertThat(listed.get(0).group()).isEqualTo(gid);
    assertThat(listed.get(0).to()).isZero();
    assertThat(listed.get(0).mentions()).containsExactly(bob);
    client.messages().cancelScheduled(alice, s.scheduled()).execute();
    assertThat(client.messages().scheduled(alice).stream().toList()).isEmpty();
  }
}
