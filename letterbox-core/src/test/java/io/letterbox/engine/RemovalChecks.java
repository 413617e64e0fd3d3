package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.model.Message;
import io.letterbox.store.KeyRange;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.List;

/** What the removal tests check of a message whose content was removed, and of the rows that held it. */
public final class RemovalChecks {
  private RemovalChecks() {}

  /** {@code m} is message {@code id}, removed: no text, payload or attachments. */
  public static void assertRemoved(Message m, long id) {
    assertThat(m).as("message %d", id).isNotNull();
    assertThat(m.id()).isEqualTo(id);
    assertThat(m.status()).isEqualTo(Message.Status.REMOVED);
    assertThat(m.text()).isEmpty();
    assertThat(m.extras().payload()).isNull();
    assertThat(m.extras().attachments()).isEmpty();
  }

  /** @return the spaces of {@code store} with a key or value holding {@code text} */
  public static List<String> spacesHolding(StoreReads store, String text) {
    byte[] needle = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    List<String> found = new ArrayList<>();
    for (io.letterbox.store.Space space : Letterbox.SPACES) {
      store.scan(space, new KeyRange(new byte[0], null), false, (k, v) -> {
        if (ByteSearch.holds(k, needle) || ByteSearch.holds(v, needle)) {
          found.add(space.name());
          return false;
        }
        return true;
      });
    }
    return found;
  }

  /** @return the ids of the first messages a search of {@code owner}'s for {@code q} finds */
  public static List<Long> found(Letterbox box, long owner, String q) {
    return box.search().find(owner, io.letterbox.engine.search.SearchQuery.of(q, 0, 0, null, null), null, 10).join()
        .items().stream().map(Message::id).toList();
  }

  /** Waits for the search index to find message {@code id} in {@code owner}'s search for {@code q}. */
  public static void indexed(Letterbox box, long owner, String q, long id) {
    org.awaitility.Awaitility.await(q).atMost(java.time.Duration.ofMinutes(1)).pollInterval(java.time.Duration.ofMillis(10))
        .until(() -> found(box, owner, q), ids -> ids.contains(id));
  }
}
