package io.letterbox.server.cli;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.replay.Replayer;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.store.KeyValueStore;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code letterbox rebuild}: empties every index of the configured store and derives them again
 * from its action log. The server must be stopped (RocksDB refuses a second opener; HBase does
 * not, so on HBase make sure yourself).
 */
@Command(name = "rebuild", mixinStandardHelpOptions = true, modelTransformer = SettingsHelp.class,
    description = "Replay the action log into emptied indexes of the store. Stop the server first.")
public final class RebuildCommand implements Callable<Integer> {
  @Mixin
  StoreFlags where;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    ServerConfig config = where.settings().build();
    try (KeyValueStore store = config.store().open(Letterbox.SPACES)) {
      ProgressBar bar = new ProgressBar(spec.commandLine().getErr(), "rebuild", LoggedActions.count(store));
      long replayed = Replayer.rebuild(store, config.engineConfig(), bar);
      bar.finish(replayed);
      spec.commandLine().getOut().printf("rebuilt the indexes of %s from %,d logged actions%n", config.store(), replayed);
    }
    return 0;
  }
}
