package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.letterbox.client.Conversation;
import io.letterbox.client.LetterboxException;
import io.letterbox.client.Message;
import io.letterbox.client.SendMessage;
import io.letterbox.server.support.ApiTestBase;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeletingTest extends ApiTestBase {

  @Test
  void deletingAMessageHidesItFromTheOwnerOnly() {
    long a = user();
    long b = user();
    Message kept = sent(a, b, "kept");
    Message gone = sent(a, b, "gone");

    client.messages().delete(b, gone.id()).execute();

    assertThat(history(b, a)).containsExactly(kept);
    assertThat(history(a, b)).containsExactly(gone, kept);
    assertThatThrownBy(() -> client.messages().get(b, gone.id()).execute())
        .isInstanceOfSatisfying(LetterboxException.class, e -> assertThat(e.status()).isEqualTo(404));
  }

  @Test
  void deletingAMessageTheOwnerCannotSeeIs404() {
    long a = user();
    long b = user();
    Message m = sent(a, b, "theirs");

    assertThatThrownBy(() -> client.messages().delete(user(), m.id()).execute())
        .isInstanceOfSatisfying(LetterboxException.class, e -> {
          assertThat(e.status()).isEqualTo(404);
          assertThat(e.code()).isEqualTo("NOT_FOUND");
        });
    assertThat(history(b, a)).containsExactly(m);
  }

  @Test
  void deletingAConversationEmptiesItAndRemovesItFromTheListUntilANewMessageArrives() {
    long a = user();
    long b = user();
    Message old = sent(a, b, "old");

    client.conversations().delete(b, a).execute();
    assertThat(history(b, a)).isEmpty();
    assertThat(conversations(b)).isEmpty();
    assertThat(history(a, b)).containsExactly(old);

    Message fresh = sent(a, b, "new");
    assertThat(history(b, a)).containsExactly(fresh);
    assertThat(conversations(b)).hasSize(1);
  }

  @Test
  void deletingEverythingEmptiesEveryConversationOfTheOwnerOnly() {
    long me = user();
    long ann = user();
    long bob = user();
    sent(ann, me, "1");
    sent(me, bob, "2");

    client.messages().deleteAll(me).execute();

    assertThat(conversations(me)).isEmpty();
    assertThat(history(me, ann)).isEmpty();
    assertThat(history(ann, me)).hasSize(1);
    assertThat(history(bob, me)).hasSize(1);
    assertThat(client.conversations().unread(me, "pc").execute().total()).isZero();
  }

  private static Message sent(long from, long to, String text) {
    return client.messages().send(SendMessage.text(from, to, text)).execute();
  }

  private static List<Message> history(long owner, long peer) {
    return client.messages().history(owner, peer).stream().toList();
  }

  private static List<Conversation> conversations(long owner) {
    return client.conversations().list(owner).stream().toList();
  }
}
