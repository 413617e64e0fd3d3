package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.client.GroupPost;
import io.letterbox.client.LetterboxClient;
import io.letterbox.client.Message;
import io.letterbox.client.RetryPolicy;
import io.letterbox.client.SendMessage;
import io.letterbox.server.support.ApiTestBase;
import io.letterbox.server.support.LosingProxy;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** End to end: the server stores a send, its answer is lost on the way, the client's retry stores nothing more. */
class ClientRetryTest extends ApiTestBase {
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
}
