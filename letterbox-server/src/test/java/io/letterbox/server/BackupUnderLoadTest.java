package io.letterbox.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.replay.Replayer;
import io.letterbox.rocksdb.RocksStore;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.ChildServerTestBase;
import io.letterbox.server.support.Reply;
import io.letterbox.server.support.TestServers;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A backup taken while 200 clients send, then the server killed with SIGKILL: the backup, restored
 * into a new directory with {@code letterbox restore}, holds every send acknowledged before the
 * backup was asked for, each once, and {@code rebuild} of the restored store derives what it holds.
 */
class BackupUnderLoadTest extends ChildServerTestBase {
  private static final int CLIENTS = 200;

  /** A send the server acknowledged, and when its answer arrived. */
  private record Acked(long sender, long receiver, String id, String text, long answeredAt) {}

  @Test
  void aBackupTakenUnderLoadHoldsEveryAcknowledgedSendOnceAndRebuildsToTheSameDigests() throws Exception {
    Path backups = dir.resolve("backups");
    Path config = dir.resolve("letterbox.properties");
    Files.writeString(config, "backup-dir=" + backups + "\n");
    Api api = server.start("serving", "--config", config.toString());
    long base = TestServers.freshUid() * 1_000;

    Queue<Acked> acked = new ConcurrentLinkedQueue<>();
    AtomicInteger lost = new AtomicInteger();
    ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
    long askedAt;
    try {
      for (int c = 0; c < CLIENTS; c++) {
        long sender = base + 2L * c;
        clients.submit(() -> send(api, sender, sender + 1, acked, lost));
      }
      await("sends before the backup").atMost(Duration.ofMinutes(2)).until(() -> acked.size() >= 3_000);

      askedAt = System.nanoTime();
      Reply started = api.post("/v1/admin/backups", "");
      assertThat(started.status()).as("%s", started).isEqualTo(202);
      String id = started.json().get("id").asText();
      int atBackup = acked.size();
      JsonNode done = await("the backup").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(100))
          .until(() -> backup(api, id), b -> b != null && !b.get("status").asText().equals("running"));
      assertThat(done.get("status").asText()).isEqualTo("done");
      await("sends after the backup").atMost(Duration.ofMinutes(2)).until(() -> acked.size() >= atBackup + 1_000);
      server.kill();
    } finally {
      clients.shutdownNow();
      clients.awaitTermination(30, TimeUnit.SECONDS);
    }

    Path restored = dir.resolve("restored");
    assertThat(Main.commandLine().execute("restore", "--from", backups.toString(), "--data-dir", restored.toString()))
        .isZero();

    Map<Long, List<Acked>> before = new HashMap<>();
    acked.stream().filter(a -> a.answeredAt() - askedAt < 0)
        .forEach(a -> before.computeIfAbsent(a.sender(), s -> new ArrayList<>()).add(a));
    assertThat(before).hasSize(CLIENTS);
    try (LetterboxServer reopened = TestServers.start(restored)) {
      Api restoredApi = new Api(reopened.port());
      for (long sender : before.keySet()) {
        List<String[]> history = history(restoredApi, sender + 1, sender);
        assertThat(history.stream().map(m -> m[0])).as("ids of %s", sender).doesNotHaveDuplicates();
        assertThat(history.stream().map(m -> m[1])).as("texts of %s", sender).doesNotHaveDuplicates();
        assertThat(history.stream().map(m -> m[0]))
            .containsAll(before.get(sender).stream().map(Acked::id).toList());
      }
      await("search caught up").atMost(Duration.ofMinutes(1))
          .until(() -> restoredApi.get("/metrics").body().lines()
              .filter(l -> l.startsWith("letterbox_search_lag_entries")).allMatch(l -> l.endsWith(" 0.0")));
    }

    Path rebuilt = dir.resolve("rebuilt");
    copy(restored, rebuilt);
    assertThat(Main.commandLine().execute("rebuild", "--data-dir", rebuilt.toString())).isZero();
    try (RocksStore restoredStore = RocksStore.open(restored, Letterbox.SPACES);
         RocksStore rebuiltStore = RocksStore.open(rebuilt, Letterbox.SPACES)) {
      assertThat(Replayer.verify(restoredStore, rebuiltStore)).allMatch(Replayer.SpaceDigest::matches);
    }
  }

  /** One client: sends until its connection goes, noting each acknowledged send. */
  private static void send(Api api, long sender, long receiver, Queue<Acked> acked, AtomicInteger lost) {
    for (int n = 0; !Thread.currentThread().isInterrupted(); n++) {
      String text = "from " + sender + " number " + n;
      Reply r;
      try {
        r = api.post("/v1/messages", "{\"from\":\"" + sender + "\",\"to\":\"" + receiver + "\",\"text\":\"" + text
            + "\",\"idempotencyKey\":\"k" + n + "\"}");
      } catch (AssertionError connectionLost) {
        lost.incrementAndGet();
        return;
      }
      if (r.status() == 201) {
        acked.add(new Acked(sender, receiver, r.json().get("id").asText(), text, System.nanoTime()));
      }
    }
  }

  private static JsonNode backup(Api api, String id) {
    for (JsonNode b : api.get("/v1/admin/backups").json().get("items")) {
      if (b.get("id").asText().equals(id)) {
        return b;
      }
    }
    return null;
  }

  /** @return {id, text} of each message {@code owner} sees with {@code peer} */
  private static List<String[]> history(Api api, long owner, long peer) {
    List<String[]> messages = new ArrayList<>();
    String cursor = null;
    do {
      String q = cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8);
      Reply r = api.get("/v1/users/" + owner + "/conversations/" + peer + "/messages?limit=100" + q);
      assertThat(r.status()).as("%s", r).isEqualTo(200);
      r.json().get("items").forEach(m -> messages.add(new String[] {m.get("id").asText(), m.get("text").asText()}));
      cursor = r.json().get("next").isNull() ? null : r.json().get("next").asText();
    } while (cursor != null);
    return messages;
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Path target = to.resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target);
        }
      }
    }
  }
}
