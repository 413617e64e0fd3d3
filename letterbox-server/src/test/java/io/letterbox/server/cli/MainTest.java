package io.letterbox.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.LetterboxConfig;
import io.letterbox.engine.replay.Replayer;
import io.letterbox.model.SendRequest;
import io.letterbox.rocksdb.RocksStore;
import io.letterbox.server.Main;
import io.letterbox.server.config.ServerSettings;
import io.letterbox.server.config.Setting;
import io.letterbox.store.KeyValueStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class MainTest {
  final StringWriter out = new StringWriter();
  final StringWriter err = new StringWriter();

  int run(String... args) {
    CommandLine cl = Main.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  @Test
  void helpNamesTheServeCommand() {
    assertThat(run("--help")).isZero();
    assertThat(out.toString()).contains("serve").contains("--version");
  }

  @Test
  void serveHelpListsItsFlags() {
    assertThat(run("serve", "--help")).isZero();
    assertThat(out.toString()).contains("--data-dir", "--port", "--host", "--config");
  }

  @Test
  void serveHelpDescribesEachFlagAndListsEverySettingWithItsDefaultFromTheDeclarations() {
    assertThat(run("serve", "--help")).isZero();

    String help = out.toString().replaceAll("\\s+", " ");
    assertThat(help).contains("TCP port; 0 picks a free one (default: 8080)");
    for (Setting<?> setting : ServerSettings.all()) {
      String shown = setting.shownDefault();
      assertThat(help).contains(" " + setting.key() + (shown.isEmpty() ? "" : " = " + shown) + " ");
    }
  }

  @Test
  void versionPrintsTheProjectVersion() {
    assertThat(run("--version")).isZero();
    assertThat(out.toString()).startsWith("letterbox ").doesNotContain("${");
  }

  @Test
  void noCommandIsAUsageErrorWithExitCode2() {
    assertThat(run()).isEqualTo(2);
  }

  @Test
  void anUnknownConfigurationKeyRefusesToStartWithExitCode2(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("c.properties");
    Files.writeString(file, "colour=blue\n");

    assertThat(run("serve", "--config", file.toString(), "--data-dir", dir.resolve("d").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("colour");
    assertThat(dir.resolve("d")).doesNotExist();
  }

  @Test
  void aPublicHostWithoutApiKeysRefusesToStartWithExitCode2(@TempDir Path dir) {
    assertThat(run("serve", "--host", "0.0.0.0", "--data-dir", dir.resolve("d").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("api-keys");
    assertThat(dir.resolve("d")).doesNotExist();
  }

  @Test
  void restoreNeedsABackupDirectoryWithBackupsAndANewDataDirectoryElseExitCode2(@TempDir Path dir) throws Exception {
    assertThat(run("restore", "--data-dir", dir.resolve("d").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--from is required");
    assertThat(run("restore", "--from", dir.resolve("b").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--data-dir is required");
    assertThat(run("restore", "--from", dir.resolve("b").toString(), "--data-dir", dir.resolve("d").toString()))
        .isEqualTo(2);
    assertThat(err.toString()).contains("holds no backups");
    assertThat(run("restore", "--from", dir.resolve("b").toString(), "--id", "one", "--data-dir",
        dir.resolve("d").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--id must be a backup's number");
    assertThat(dir.resolve("d")).doesNotExist();
  }

  @Test
  void backupWithTheServerStoppedThenRestoreGivesTheStoreBackInANewDirectory(@TempDir Path dir) {
    Path data = dir.resolve("data");
    try (KeyValueStore store = RocksStore.open(data, Letterbox.SPACES);
         Letterbox box = Letterbox.open(store, LetterboxConfig.builder().build())) {
      box.messages().send(new SendRequest(1, 2, "backed up", null)).join();
    }

    assertThat(run("backup", "--data-dir", data.toString(), "--to", dir.resolve("b").toString())).as(err.toString())
        .isZero();
    assertThat(out.toString()).contains("took backup 1 of rocksdb:" + data);
    assertThat(run("restore", "--from", dir.resolve("b").toString(), "--data-dir", dir.resolve("r").toString()))
        .as(err.toString()).isZero();
    assertThat(out.toString()).contains("restored backup 1 of " + dir.resolve("b"));

    try (KeyValueStore restored = RocksStore.open(dir.resolve("r"), Letterbox.SPACES);
         KeyValueStore original = RocksStore.open(data, Letterbox.SPACES)) {
      assertThat(Replayer.verify(original, restored)).allMatch(Replayer.SpaceDigest::matches);
    }
  }
}
