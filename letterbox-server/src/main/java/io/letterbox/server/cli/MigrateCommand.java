package io.letterbox.server.cli;

import io.letterbox.engine.Letterbox;
import io.letterbox.engine.replay.Replayer;
import io.letterbox.hbase.HBaseStoreOptions;
import io.letterbox.server.config.ConfigException;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.config.StoreLocation;
import io.letterbox.store.KeyValueStore;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code letterbox migrate --from rocksdb:DIR --to hbase:QUORUM}: copies the action log of one
 * store into another and derives every index there, by the same replay as {@code rebuild}. An
 * interrupted migration resumes where it stopped when run again. At the end the entries of every
 * space are counted on both sides; the exit code is 1 if any count differs.
 */
@Command(name = "migrate", mixinStandardHelpOptions = true,
    description = {"Copy the action log of one store into another and replay it there; resumable.",
        "Stores: rocksdb:DIR or hbase:HOST:PORT[,HOST:PORT...][/NAMESPACE]. Stop the server first."})
public final class MigrateCommand implements Callable<Integer> {
  @Option(names = "--from", required = true, paramLabel = "STORE", description = "the store to copy")
  String from;

  @Option(names = "--to", required = true, paramLabel = "STORE", description = "the store to fill")
  String to;

  @Option(names = "--config", paramLabel = "FILE",
      description = "the server's properties file: engine settings, and hbase-* settings for an hbase store")
  Path config;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    ServerConfig.Builder settings = ServerConfig.builder();
    if (config != null) {
      settings.load(config);
    }
    ServerConfig server = settings.build();
    HBaseStoreOptions hbase = settings.hbaseOptions();
    StoreLocation source = StoreLocation.parse(from, hbase);
    StoreLocation target = StoreLocation.parse(to, hbase);
    if (source.equals(target)) {
      throw new ConfigException("--from and --to are the same store: " + source);
    }
    PrintWriter out = spec.commandLine().getOut();
    try (KeyValueStore sourceStore = source.open(Letterbox.SPACES);
         KeyValueStore targetStore = target.open(Letterbox.SPACES)) {
      // The target holds the log entries an earlier run copied: about that many are left out.
      long expected = Math.max(0, LoggedActions.count(sourceStore) - LoggedActions.count(targetStore));
      ProgressBar bar = new ProgressBar(spec.commandLine().getErr(), "migrate", expected);
      long replayed = Replayer.migrate(sourceStore, targetStore, server.engineConfig(), bar);
      bar.finish(replayed);
      out.printf("replayed %,d actions from %s into %s%n", replayed, source, target);
      return verified(Replayer.verify(sourceStore, targetStore), out) ? 0 : 1;
    }
  }

  /** Prints the entries and content digest of every space on both sides; @return whether they all match */
  private boolean verified(List<Replayer.SpaceDigest> digests, PrintWriter out) {
    out.printf("%-16s %14s %14s  %-16s %-16s%n", "space", "source", "target", "source sha-256", "target sha-256");
    boolean all = true;
    for (Replayer.SpaceDigest c : digests) {
      out.printf("%-16s %,14d %,14d  %.16s %.16s%s%n", c.space(), c.source(), c.target(), c.sourceHash(),
          c.targetHash(), c.matches() ? "" : "  DIFFERS");
      all &= c.matches();
    }
    if (!all) {
      spec.commandLine().getErr().println("letterbox: the stores differ after the migration; run it again to resume");
    }
    return all;
  }
}
