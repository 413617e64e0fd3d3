package io.letterbox.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.model.ConversationRef;
import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.hbase.HBaseStore;
import io.letterbox.hbase.MiniHBase;
import io.letterbox.hbase.MiniHBaseExtension;
import io.letterbox.model.Message;
import io.letterbox.model.SendRequest;
import io.letterbox.rocksdb.RocksStore;
import io.letterbox.server.LetterboxServer;
import io.letterbox.server.Main;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.support.Api;
import io.letterbox.server.support.Reply;
import io.letterbox.store.KeyValueStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The commands that reach an HBase cluster, against a mini cluster in this JVM. */
@ExtendWith(MiniHBaseExtension.class)
class HBaseCommandsTest {
  private static final long ALICE = 1_000_000_001L;
  private static final long BOB = 1_000_000_002L;

  final StringWriter out = new StringWriter();
  final StringWriter err = new StringWriter();

  @TempDir
  Path dir;

  int run(String... args) {
    CommandLine cl = Main.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  @Test
  void migrateCopiesARocksDbStoreIntoHBaseVerifiesItAndResumesToNothingLeft(MiniHBase hbase) {
    Path rocks = dir.resolve("rocks");
    List<String> before;
    try (KeyValueStore store = RocksStore.open(rocks, Letterbox.SPACES);
         Letterbox box = Letterbox.open(store, LetterboxConfig.builder().build())) {
      for (int i = 0; i < 30; i++) {
        box.messages().send(new SendRequest(i % 2 == 0 ? ALICE : BOB, i % 2 == 0 ? BOB : ALICE, "m" + i, null)).join();
      }
      box.conversations().markRead(BOB, ConversationRef.peer(ALICE), "pc", null).join();
      before = texts(box, BOB, ALICE);
    }
    // The namespace of the other tests: a new one costs the mini cluster 35 tables of 16 regions.
    hbase.emptyStore("cli", Letterbox.SPACES).close();
    String to = "hbase:" + hbase.quorum() + "/cli";

    assertThat(run("migrate", "--from", "rocksdb:" + rocks, "--to", to)).as(err.toString()).isZero();
    assertThat(out.toString()).contains("replayed 31 actions").contains("log").doesNotContain("DIFFERS");
    assertThat(err.toString()).contains("migrate [##############################] 100%");

    assertThat(run("migrate", "--from", "rocksdb:" + rocks, "--to", to)).as(err.toString()).isZero();
    assertThat(out.toString()).contains("replayed 0 actions");

    try (HBaseStore store = HBaseStore.open(hbase.options("cli").build(), Letterbox.SPACES);
         Letterbox box = Letterbox.open(store, LetterboxConfig.builder().build())) {
      assertThat(texts(box, BOB, ALICE)).isEqualTo(before).hasSize(30);
      assertThat(box.conversations().unread(BOB, "pc").total()).isZero();
      assertThat(box.conversations().unread(BOB, "mobile").total()).isEqualTo(15);
    }
  }

  @Test
  void rebuildOnHBaseDerivesTheIndexesAgainFromTheLog(MiniHBase hbase) {
    try (HBaseStore store = hbase.emptyStore("cli", Letterbox.SPACES);
         Letterbox box = Letterbox.open(store, LetterboxConfig.builder().build())) {
      box.messages().send(new SendRequest(ALICE, BOB, "hello", null)).join();
      box.messages().send(new SendRequest(BOB, ALICE, "hi", null)).join();
    }

    assertThat(run("rebuild", "--store", "hbase", "--hbase-quorum", hbase.quorum(), "--config", namespaceFile("cli")))
        .as(err.toString()).isZero();
    assertThat(out.toString()).contains("from 2 logged actions");

    try (HBaseStore store = HBaseStore.open(hbase.options("cli").build(), Letterbox.SPACES);
         Letterbox box = Letterbox.open(store, LetterboxConfig.builder().build())) {
      assertThat(texts(box, ALICE, BOB)).containsExactly("hi", "hello");
      assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(1);
    }
  }

  @Test
  void theServerServesFromHBaseWhenConfiguredSo(MiniHBase hbase) {
    hbase.emptyStore("cli", Letterbox.SPACES).close();
    ServerConfig config = ServerConfig.builder().port(0).workerThreads(4)
        .set("store", "hbase").set("hbase-quorum", hbase.quorum()).set("hbase-namespace", "cli").build();

    try (LetterboxServer server = LetterboxServer.start(config)) {
      Api api = new Api(server.port());
      Reply sent = api.post("/v1/messages", "{\"from\":\"" + ALICE + "\",\"to\":\"" + BOB + "\",\"text\":\"over hbase\"}");
      assertThat(sent.status()).as(sent.toString()).isEqualTo(201);
    }

    try (HBaseStore store = HBaseStore.open(hbase.options("cli").build(), Letterbox.SPACES);
         Letterbox box = Letterbox.open(store, LetterboxConfig.builder().build())) {
      assertThat(texts(box, BOB, ALICE)).containsExactly("over hbase");
    }
  }

  @Test
  void backupSnapshotsTheNamespaceAndRestoreClonesItIntoANewOneWithTheSameData(MiniHBase hbase) {
    List<String> before;
    try (HBaseStore store = hbase.emptyStore("cli", Letterbox.SPACES);
         Letterbox box = Letterbox.open(store, LetterboxConfig.builder().build())) {
      for (int i = 0; i < 10; i++) {
        box.messages().send(new SendRequest(ALICE, BOB, "kept " + i, null)).join();
      }
      before = texts(box, BOB, ALICE);
    }
    String[] cluster = {"--store", "hbase", "--hbase-quorum", hbase.quorum(), "--config", namespaceFile("cli")};

    assertThat(run(concat(new String[] {"backup"}, cluster))).as(err.toString()).isZero();
    String name = out.toString().replaceAll("(?s).*took backup (\\S+) .*", "$1");
    assertThat(run(concat(new String[] {"restore", "--id", name, "--to-namespace", "clirestored"}, cluster)))
        .as(err.toString()).isZero();
    assertThat(out.toString()).contains("cloned backup " + name + " into namespace clirestored");

    try (HBaseStore original = HBaseStore.open(hbase.options("cli").build(), Letterbox.SPACES);
         HBaseStore restored = HBaseStore.open(hbase.options("clirestored").build(), Letterbox.SPACES)) {
      assertThat(io.letterbox.engine.replay.Replayer.verify(original, restored))
          .allMatch(io.letterbox.engine.replay.Replayer.SpaceDigest::matches);
      try (Letterbox box = Letterbox.open(restored, LetterboxConfig.builder().build())) {
        assertThat(texts(box, BOB, ALICE)).isEqualTo(before).hasSize(10);
      }
    }
    assertThat(run(concat(new String[] {"restore", "--id", name, "--to-namespace", "clirestored"}, cluster)))
        .as("a clone goes into a new namespace only").isEqualTo(Main.EXIT_CONFIG);
  }

  private static String[] concat(String[] first, String[] second) {
    String[] all = java.util.Arrays.copyOf(first, first.length + second.length);
    System.arraycopy(second, 0, all, first.length, second.length);
    return all;
  }

  @Test
  void serveHelpListsTheStoreFlags() {
    assertThat(run("serve", "--help")).isZero();
    assertThat(out.toString()).contains("--store", "--hbase-quorum", "--data-dir", "--config");
  }

  private String namespaceFile(String namespace) {
    try {
      Path file = dir.resolve(namespace + ".properties");
      java.nio.file.Files.writeString(file, "hbase-namespace=" + namespace + "\n");
      return file.toString();
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  private static List<String> texts(Letterbox box, long owner, long peer) {
    return box.conversations().history(owner, ConversationRef.peer(peer), null, 100).items().stream().map(Message::text).toList();
  }
}
