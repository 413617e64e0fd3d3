package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.client.Blob;
import io.letterbox.client.BlobContent;
import io.letterbox.client.BlobHeaders;
import io.letterbox.client.Event;
import io.letterbox.client.EventSubscription;
import io.letterbox.client.GroupPost;
import io.letterbox.client.LetterboxClient;
import io.letterbox.client.Message;
import io.letterbox.client.RetryPolicy;
import io.letterbox.client.SendMessage;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.LosingProxy;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The Java client against a real server where a network fails it: the server stores a send and its
 * answer is lost on the way (the retry stores nothing more); an event stream breaks (the listener
 * resumes and misses nothing).
 */
class JavaClientTest extends ApiTestBase {
  private static LetterboxClient through(LosingProxy proxy) {
    return LetterboxClient.builder().baseUrls("http://127.0.0.1:" + proxy.port())
        .retryPolicy(RetryPolicy.builder().initialBackoff(Duration.ZERO).build()).build();
  }

  @Test
  void aSendWhoseAnswerIsLostIsStoredOnceAndTheRetryGetsTheSameMessage() throws Exception {
    long a = user();
    long b = user();
    try (LosingProxy proxy = new LosingProxy(api.port())) {
      Message sent = through(proxy).messages().send(SendMessage.text(a, b, "only once")).execute();

      assertThat(proxy.connections()).as("the first answer was lost, the retry passed").isEqualTo(2);
      List<Message> history = client.messages().history(b, a).stream().toList();
      assertThat(history).extracting(Message::id).containsExactly(sent.id());
    }
  }

  @Test
  void aGroupPostWhoseAnswerIsLostIsStoredOnce() throws Exception {
    long owner = user();
    long member = user();
    long gid = client.groups().create(io.letterbox.client.CreateGroup.of(owner, "g", List.of(member))).execute().id();
    try (LosingProxy proxy = new LosingProxy(api.port())) {
      Message posted = through(proxy).groups().post(gid, GroupPost.text(member, "once")).execute();

      assertThat(proxy.connections()).isEqualTo(2);
      assertThat(client.groups().history(owner, gid).stream().toList()).extracting(Message::id)
          .containsExactly(posted.id());
    }
  }

  @Test
  void aReplyAndAForwardCarryTheirQuoteAndOriginBothInOneToOneAndInAGroup() throws Exception {
    long a = user();
    long b = user();
    long gid = client.groups().create(io.letterbox.client.CreateGroup.of(a, "g", List.of(b))).execute().id();
    Message original = client.messages().send(SendMessage.text(a, b, "the plan")).execute();

    Message reply = client.messages().send(SendMessage.text(b, a, "agreed").replyingTo(original.id())).execute();
    Message forward = client.groups().post(gid, GroupPost.forwarding(b, original.id())).execute();
    Message answer = client.groups().post(gid, GroupPost.text(a, "noted").replyingTo(forward.id())).execute();

    assertThat(reply.replyTo().id()).isEqualTo(original.id());
    assertThat(reply.replyTo().text()).isEqualTo("the plan");
    assertThat(forward.text()).isEqualTo("the plan");
    assertThat(forward.forwarded()).isEqualTo(new Message.Forwarded(a, original.createdAt()));
    assertThat(answer.replyTo().id()).isEqualTo(forward.id());
    assertThat(client.messages().send(SendMessage.forwarding(a, user(), reply.id())).execute().forwarded().from())
        .isEqualTo(b);
  }

  @Test
  void aListenerGetsEveryEventAfterItsPositionOnceThoughItsFirstConnectionBreaks() throws Exception {
    long a = user();
    long b = user();
    String since = client.events().now(b).execute().next();
    client.messages().send(SendMessage.text(a, b, "before listening")).execute();
    List<Event> events = new CopyOnWriteArrayList<>();
    try (LosingProxy proxy = new LosingProxy(api.port());
        EventSubscription live = through(proxy).events().listen(b, since, events::add)) {
      client.messages().send(SendMessage.text(a, b, "while listening")).execute();

      Awaitility.await().atMost(Duration.ofMinutes(1)).until(() -> events.size() >= 2);
      assertThat(events).extracting(e -> e.message().text()).containsExactly("before listening", "while listening");
      assertThat(proxy.connections()).as("the first connection broke").isEqualTo(2);
      assertThat(live.position()).isEqualTo(events.get(1).position());
    }
  }

  @Test
  void aBlobGoesUpFromAStreamAndComesBackWholeOrByRange() throws Exception {
    byte[] bytes = ("a picture of a cat " + user()).getBytes(StandardCharsets.UTF_8);

    Blob blob = client.blobs().upload(() -> new ByteArrayInputStream(bytes), "image/png").execute();
    BlobHeaders head = client.blobs().headers(blob.id()).execute();

    assertThat(blob.size()).isEqualTo(bytes.length);
    assertThat(head.contentType()).isEqualTo("image/png");
    assertThat(head.length()).isEqualTo(bytes.length);
    try (BlobContent whole = client.blobs().download(blob.id()).execute()) {
      assertThat(whole.readAllBytes()).isEqualTo(bytes);
    }
    try (BlobContent range = client.blobs().download(blob.id(), "bytes=2-8").execute()) {
      assertThat(range.headers().status()).isEqualTo(206);
      assertThat(new String(range.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("picture");
    }
  }
}
