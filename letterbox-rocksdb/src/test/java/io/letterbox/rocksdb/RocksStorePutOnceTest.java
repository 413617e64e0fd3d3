package io.letterbox.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.letterbox.model.ConversationRef;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.keys.Spaces;
import io.letterbox.model.SendRequest;
import io.letterbox.store.Bytes;
import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A space put once ({@link Space#putOnce}) deletes with RocksDB's SingleDelete: a delete and the
 * put it deletes vanish together as soon as a flush or a compaction meets them, where a plain
 * delete stays as a tombstone that every scan of its range steps over until it reaches the last
 * level. The conversation activity index is such a space: each message moves two entries.
 */
class RocksStorePutOnceTest {
  private static final Space PLAIN = Space.plain("plain", 8);
  private static final Space PUT_ONCE = Space.putOnce("put_once", 8);

  @TempDir
  Path dir;

  @Test
  void aDeleteThatMeetsItsPutInAFlushLeavesNeitherWhereAPlainDeleteLeavesItsTombstone() throws Exception {
    try (RocksStore store = RocksStore.open(dir, List.of(PLAIN, PUT_ONCE), TestStores.SMALL)) {
      for (Space space : List.of(PLAIN, PUT_ONCE)) {
        write(store, b -> {
          for (int i = 0; i < 100; i++) {
            b.put(space, key(1, i), Bytes.ofLong(i));
          }
        });
        write(store, b -> {
          for (int i = 0; i < 99; i++) {
            b.delete(space, key(1, i));
          }
        });
      }
      store.flush();

      assertThat(store.tableEntries(PUT_ONCE)).isEqualTo(new RocksStore.TableEntries(1, 0));
      assertThat(store.tableEntries(PLAIN)).isEqualTo(new RocksStore.TableEntries(100, 99));
      assertThat(store.scan(PUT_ONCE, io.letterbox.store.KeyRange.prefix(Bytes.ofLong(1)), false, 10))
          .singleElement().satisfies(e -> assertThat(e.key()).isEqualTo(key(1, 99)));
    }
  }

  @Test
  void aDeleteMeetsItsPutInACompactionWhenTheyWereFlushedApart() throws Exception {
    try (RocksStore store = RocksStore.open(dir, List.of(PLAIN, PUT_ONCE), TestStores.SMALL)) {
      write(store, b -> b.put(PUT_ONCE, key(1, 1), Bytes.ofLong(1)).put(PUT_ONCE, key(1, 2), Bytes.ofLong(2)));
      store.flush();
      // A rewrite in place and a move: each deletes the put flushed before it.
      write(store, b -> b.delete(PUT_ONCE, key(1, 1)).put(PUT_ONCE, key(1, 1), Bytes.ofLong(10))
          .delete(PUT_ONCE, key(1, 2)).put(PUT_ONCE, key(1, 3), Bytes.ofLong(3)));
      store.flush();
      assertThat(store.tableEntries(PUT_ONCE).deletes()).isEqualTo(2);

      store.compact();

      assertThat(store.tableEntries(PUT_ONCE)).isEqualTo(new RocksStore.TableEntries(2, 0));
      assertThat(store.get(PUT_ONCE, key(1, 1))).isEqualTo(Bytes.ofLong(10));
      assertThat(store.get(PUT_ONCE, key(1, 2))).isNull();
      assertThat(store.get(PUT_ONCE, key(1, 3))).isEqualTo(Bytes.ofLong(3));
    }
  }

  @Test
  void aScanThatStepsOverManyMovesInTheMemtableHasItFlushedAndThenStepsOverNone() throws Exception {
    try (RocksStore store = RocksStore.open(dir, List.of(PLAIN, PUT_ONCE), TestStores.SMALL)) {
      // One entry moved 3,000 times: its deletes and puts are all in the memtable, one entry live.
      write(store, b -> b.put(PUT_ONCE, key(1, 0), Bytes.ofLong(0)));
      for (int i = 1; i <= 3_000; i++) {
        int at = i;
        write(store, b -> b.delete(PUT_ONCE, key(1, at - 1)).put(PUT_ONCE, key(1, at), Bytes.ofLong(at)));
      }
      assertThat(store.tableEntries(PUT_ONCE)).isEqualTo(new RocksStore.TableEntries(0, 0));

      assertThat(store.scan(PUT_ONCE, io.letterbox.store.KeyRange.prefix(Bytes.ofLong(1)), false, 10)).hasSize(1);
      // The scan marks the memtable; RocksDB schedules its flush at the space's next write and
      // starts it at the one after, whose put goes into the next memtable.
      write(store, b -> b.put(PUT_ONCE, key(2, 0), Bytes.ofLong(0)));
      write(store, b -> b.put(PUT_ONCE, key(3, 0), Bytes.ofLong(0)));

      // The flush drops every pair of a delete and its put.
      await().atMost(Duration.ofSeconds(60)).until(() -> store.tableEntries(PUT_ONCE).entries() > 0);
      assertThat(store.tableEntries(PUT_ONCE)).isEqualTo(new RocksStore.TableEntries(2, 0));
      assertThat(store.tableEntries(PLAIN)).isEqualTo(new RocksStore.TableEntries(0, 0));
    }
  }

  /**
   * A single delete removes one put: over two versions of a key it would uncover the older one
   * whenever it met the newer in a compaction that left the older out (the older in a lower
   * level). So a space that was written before it was put once holds one version of each key, and
   * no delete, before any single delete is written.
   */
  @Test
  void aSpaceWrittenBeforeItWasPutOnceIsCompactedToOneVersionOfEachKeyWhenFirstOpened() throws Exception {
    Space before = Space.plain("moving", 8);
    Space after = Space.putOnce("moving", 8);
    try (RocksStore store = RocksStore.open(dir, List.of(before), TestStores.SMALL)) {
      // An older Letterbox rewrote an entry in place with a second put: two versions in two files.
      write(store, b -> b.put(before, key(1, 1), Bytes.ofLong(1)));
      store.flush();
      write(store, b -> b.put(before, key(1, 1), Bytes.ofLong(2)));
      store.flush();
    }
    try (RocksStore store = RocksStore.open(dir, List.of(after), TestStores.SMALL)) {
      assertThat(store.tableEntries(after)).isEqualTo(new RocksStore.TableEntries(1, 0));
      // The mark that records it is flushed: in a memtable never flushed again it would keep every
      // log file of the store from then on.
      assertThat(store.defaultFamilyMemtableEntries()).isZero();

      write(store, b -> b.delete(after, key(1, 1)));
      store.compact();

      assertThat(store.get(after, key(1, 1))).isNull();
    }
    try (RocksStore store = RocksStore.open(dir, List.of(after), TestStores.SMALL)) {
      assertThat(store.get(after, key(1, 1))).isNull();
    }
  }

  @Test
  void aChattyOwnersMessagesLeaveNoDeleteInItsFlushedActivityIndex() throws Exception {
    long owner = 1;
    int peers = 3;
    try (RocksStore store = RocksStore.open(dir, Letterbox.SPACES, TestStores.SMALL);
         Letterbox box = Letterbox.open(store, LetterboxConfig.builder().build())) {
      List<CompletableFuture<?>> sent = new ArrayList<>();
      for (int i = 0; i < 600; i++) {
        long peer = 2 + i % peers;
        sent.add(i % 2 == 0 ? box.messages().send(new SendRequest(owner, peer, "to " + i, null))
            : box.messages().send(new SendRequest(peer, owner, "from " + i, null)));
      }
      CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).join();
      for (long peer = 2; peer < 2 + peers; peer++) {
        box.conversations().markRead(owner, ConversationRef.peer(peer), "pc", null).join();
      }
      store.flush();

      // Each entry moved on every message and was rewritten by the read marks: one entry is left
      // per side of each conversation, and no delete.
      assertThat(store.tableEntries(Spaces.ACTIVITY)).isEqualTo(new RocksStore.TableEntries(2L * peers, 0));
      assertThat(box.conversations().list(owner, null, 20).items()).hasSize(peers);
    }
  }

  private static void write(RocksStore store, Consumer<WriteBatch> mutations) {
    WriteBatch batch = store.newBatch();
    mutations.accept(batch);
    store.write(batch).join();
  }

  private static byte[] key(long prefix, long id) {
    byte[] key = new byte[16];
    Bytes.putLong(key, 0, prefix);
    Bytes.putLong(key, 8, id);
    return key;
  }
}
