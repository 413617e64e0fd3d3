package io.letterbox.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.ByteSearch;
import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Erasure;
import io.letterbox.model.Extras;
import io.letterbox.model.GroupPost;
import io.letterbox.model.SendRequest;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Erasure of a user on HBase (decision 0044): after the erasure and a major compaction of the
 * namespace, no table file of it holds the user's texts, read raw, and no row read through the
 * store does; nor does its pending scheduled message's (decision 0052).
 */
@ExtendWith(MiniHBaseExtension.class)
class HBaseErasureOnDiskTest {
  private static final String NAMESPACE = "erasureondisk";
  private final MiniHBase hbase;

  HBaseErasureOnDiskTest(MiniHBase hbase) {
    this.hbase = hbase;
  }

  @Test
  void afterTheErasureAndAMajorCompactionNoTableFileOfTheNamespaceHoldsTheUsersTexts() {
    String single = "zqx" + UUID.randomUUID().toString().replace("-", "");
    String post = "zqx" + UUID.randomUUID().toString().replace("-", "");
    String cast = "zqx" + UUID.randomUUID().toString().replace("-", "");
    String later = "zqx" + UUID.randomUUID().toString().replace("-", "");
    long alice = 5_000_000_001L;
    long bob = 5_000_000_002L;
    long carol = 5_000_000_003L;
    // Two salt buckets rather than sixteen: the texts still spread over several regions, and the
    // namespace's tables are made in a fifth of the time.
    try (HBaseStore store = hbase.emptyStore(hbase.options(NAMESPACE).saltBuckets(2).build(), Letterbox.SPACES);
        Letterbox box = Letterbox.open(store, LetterboxConfig.builder().erasureGrace(Duration.ofDays(1)).build())) {
      box.messages().send(new SendRequest(alice, bob, single, null)).join();
      box.schedules().schedule(new SendRequest(alice, bob, later, null), java.time.Instant.now().plus(Duration.ofDays(1)),
          io.letterbox.blob.Blobs.SERVICE).join();
      long gid = box.groups().create(alice, "team", new long[] {bob, carol}, false).join().group().id();
      box.groups().post(new GroupPost(gid, alice, post, List.of(), null, Extras.TEXT)).join();
      Broadcast b = box.broadcasts().send(new BroadcastRequest(alice, cast, new Audience.Uids(new long[] {bob, carol}),
          BroadcastRequest.Priority.NORMAL, null)).join();
      Awaitility.await().atMost(Duration.ofMinutes(2)).until(() -> box.broadcasts().find(b.id()).orElseThrow().status()
          == Broadcast.Status.DONE);
      store.compact();
      Awaitility.await("the texts in table files once flushed").atMost(Duration.ofMinutes(3))
          .pollInterval(Duration.ofMillis(500)).until(() -> !hbase.tableFilesHolding(NAMESPACE, single).isEmpty());

      Erasure started = box.erasures().erase(alice).join();
      Awaitility.await("the erasure").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(50))
          .until(() -> box.erasures().find(started.id()).orElseThrow().done());
      assertThat(box.schedules().list(alice, null, 10).items()).as("its pending schedule").isEmpty();
      store.compact();

      Awaitility.await("the major compaction").atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofSeconds(1))
          .until(() -> hbase.tableFilesHolding(NAMESPACE, single, post, cast, later).isEmpty());
      assertThat(ByteSearch.spacesHolding(store, "zqx")).as("rows read through the store").isEmpty();
    }
  }
}
