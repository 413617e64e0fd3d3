package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.model.SendRequest;
import io.letterbox.model.SendResult;
import io.letterbox.store.FaultyStore;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.MemoryStore;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class MemoryFeedTest extends FeedContract {
  private FaultyStore faulty;

  @Override
  protected KeyValueStore openStore() {
    faulty = new FaultyStore(new MemoryStore(Letterbox.SPACES));
    return faulty;
  }

  @Test
  void anEventIsNotServedBeforeItsBatchIsDurable() {
    String bob = box.events().sync(BOB, null, 10).next();
    CompletableFuture<Void> durable = new CompletableFuture<>();
    faulty.holdNextDurability(durable);

    CompletableFuture<SendResult> sent = box.messages().send(new SendRequest(ALICE, BOB, "written, not yet durable", null));
    Awaitility.await().atMost(Duration.ofMinutes(1)).until(() -> !history(BOB, ALICE).isEmpty());

    assertThat(box.events().sync(BOB, bob, 10).events()).as("visible to reads, not yet durable").isEmpty();
    durable.complete(null);
    sent.join();
    assertThat(box.events().sync(BOB, bob, 10).events()).hasSize(1);
  }
}
