package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import io.letterbox.store.SmallDisk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full disk is the store's trouble, not a bug and not the caller's: writes are refused with 503
 * and the reason, reads go on, and once the disk has room again writes are taken again, without a
 * restart; every write acknowledged before is there exactly once, then and after a restart. The
 * data directory is a small tmpfs of its own, so the test needs root (it is skipped otherwise).
 */
class DiskFullTest {
  @TempDir
  Path dir;
  SmallDisk disk;

  @BeforeEach
  void mountASmallDisk() throws Exception {
    disk = SmallDisk.mount(dir.resolve("disk"), "24m");
  }

  @AfterEach
  void unmount() throws Exception {
    if (disk != null) {
      disk.close();
    }
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void writesAreRefusedWith503WhileTheDiskIsFullReadsGoOnAndWritesResumeWithoutARestartOnceThereIsRoom()
      throws Exception {
    long a = TestServers.freshUid();
    long b = TestServers.freshUid();
    Path data = disk.path().resolve("data");
    List<String> acknowledged = Collections.synchronizedList(new ArrayList<>());
    LetterboxServer server = TestServers.start(data, s -> s.rocksdbBlockCacheBytes(8 << 20));
    try {
      Api api = new Api(server.port());
      for (int i = 0; i < 20; i++) {
        acknowledged.add(send(api, a, b, "before " + i).get("id").asText());
      }

      Path filler = disk.fill();
      // Sends from 8 clients until sends are refused: large texts, since RocksDB preallocated its
      // log file and the room in it lasts thousands of them. Not a wait: each attempt is a write.
      List<Reply> refusals = Collections.synchronizedList(new ArrayList<>());
      AtomicInteger attempt = new AtomicInteger();
      ExecutorService clients = Executors.newFixedThreadPool(8);
      for (int c = 0; c < 8; c++) {
        clients.execute(() -> {
          while (refusals.isEmpty() && attempt.get() < 100_000) {
            Reply r = trySend(api, a, b, attempt.incrementAndGet() + " while full " + "x".repeat(3_900));
            if (r.status() == 201) {
              acknowledged.add(r.json().get("id").asText());
            } else {
              refusals.add(r);
            }
          }
        });
      }
      clients.shutdown();
      assertThat(clients.awaitTermination(5, TimeUnit.MINUTES)).isTrue();
      assertThat(refusals).as("refused sends").isNotEmpty().allSatisfy(r -> {
        assertThat(r.status()).as("%s", r).isEqualTo(503);
        assertThat(r.headers().firstValue("Retry-After")).isPresent();
      });
      assertThat(refusals).as("a refusal that names the cause").anySatisfy(r ->
          assertThat(r.json().at("/error/message").asText()).containsIgnoringCase("no space left"));
      // A refused send may have passed its commit point and be read too.
      assertThat(api.messageIds(b, a)).as("reads while the disk is full").containsAll(acknowledged);

      Files.delete(filler);
      // RocksDB stays read-only after its log hit ENOSPC (facebook/rocksdb#11643, #12998): the
      // store reopens it under its readers. Each poll is a send; a refused one may take effect.
      List<Reply> meanwhile = new ArrayList<>();
      Reply resumed = await("a send taken again").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200))
          .until(() -> trySend(api, a, b, "after room returned"), r -> r.status() == 201 || !meanwhile.add(r));
      assertThat(meanwhile).as("refusals until then").allSatisfy(r -> {
        assertThat(r.status()).as("%s", r).isEqualTo(503);
        assertThat(r.json().at("/error/code").asText()).as("%s", r).isEqualTo("NOT_READY");
      });
      acknowledged.add(resumed.json().get("id").asText());
      List<String> kept = api.messageIds(b, a);
      assertThat(kept).containsAll(acknowledged).doesNotHaveDuplicates();
      String next = send(api, a, b, "and the next").get("id").asText();
      assertThat(api.messageIds(b, a)).startsWith(next).hasSize(kept.size() + 1);
      acknowledged.add(next);
    } finally {
      server.close();
    }

    // What the reopened store acknowledged is durable: a restart finds it, once.
    LetterboxServer restarted = TestServers.start(data);
    try {
      Api api = new Api(restarted.port());
      List<String> kept = api.messageIds(b, a);
      // A refused send may have passed its commit point (it may or may not take effect), so more
      // may be kept than was acknowledged; never less, and nothing twice.
      assertThat(kept).containsAll(acknowledged).doesNotHaveDuplicates();
      String after = send(api, a, b, "after").get("id").asText();
      assertThat(api.messageIds(b, a)).startsWith(after).hasSize(kept.size() + 1);
    } finally {
      restarted.close();
    }
  }

  private static JsonNode send(Api api, long from, long to, String text) {
    Reply r = trySend(api, from, to, text);
    assertThat(r.status()).as("%s", r).isEqualTo(201);
    return r.json();
  }

  private static Reply trySend(Api api, long from, long to, String text) {
    return api.post("/v1/messages", "{\"from\":\"" + from + "\",\"to\":\"" + to + "\",\"text\":\"" + text + "\"}");
  }
}
