package io.letterbox.server.cli;

import io.letterbox.rocksdb.RocksBackups;
import io.letterbox.server.backup.HBaseBackups;
import io.letterbox.server.config.ConfigException;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.config.StoreLocation;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code letterbox restore --from BACKUP_DIR [--id N] --data-dir NEW_DIR}: restores one backup of the
 * embedded store (the latest by default) into a new data directory, which the server then opens
 * (decision 0047). On HBase ({@code --store hbase}), clones the snapshots {@code letterbox backup}
 * took into the tables of a new namespace ({@code --to-namespace}).
 */
@Command(name = "restore", mixinStandardHelpOptions = true, modelTransformer = SettingsHelp.class,
    description = {"Restore a backup into a new data directory (rocksdb), or clone a snapshot backup into a new "
        + "namespace (hbase). Stop the server first.",
        "rocksdb: letterbox restore --from BACKUP_DIR [--id N] --data-dir NEW_DIR",
        "hbase:   letterbox restore --store hbase --hbase-quorum Q [--id NAME] --to-namespace NEW"})
public final class RestoreCommand implements Callable<Integer> {
  @Mixin
  StoreFlags where;

  @Option(names = "--from", paramLabel = "DIR", description = "rocksdb: the backup directory (default: backup-dir)")
  Path from;

  @Option(names = "--id", paramLabel = "ID",
      description = "the backup: its number (rocksdb) or name (hbase, as letterbox backup printed it); default: the latest")
  String id;

  @Option(names = "--to-namespace", paramLabel = "NAMESPACE", description = "hbase: the new namespace to clone into")
  String toNamespace;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    ServerConfig.Builder settings = where.settings();
    ServerConfig config = settings.build();
    if (config.store() instanceof StoreLocation.RocksDb rocks) {
      return restoreBackup(config, rocks.dir());
    }
    if (toNamespace == null) {
      throw new ConfigException("--to-namespace is required: the snapshots are cloned into a new namespace");
    }
    String restored;
    try {
      restored = HBaseBackups.restore(settings.hbaseOptions(), id, toNamespace);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
    spec.commandLine().getOut().printf("cloned backup %s into namespace %s; serve it with hbase-namespace=%s%n",
        restored, toNamespace, toNamespace);
    return 0;
  }

  private int restoreBackup(ServerConfig config, Path dataDir) {
    Path backups = from != null ? from : config.backupDir();
    if (backups == null) {
      throw new ConfigException("--from is required: the backup directory to restore from");
    }
    if (where.dataDir == null) {
      throw new ConfigException("--data-dir is required: the new directory to restore into");
    }
    OptionalInt chosen;
    try {
      chosen = id == null ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(id));
    } catch (NumberFormatException e) {
      throw new ConfigException("--id must be a backup's number: '" + id + "'");
    }
    int restored;
    try {
      restored = RocksBackups.restore(backups, chosen, dataDir);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
    spec.commandLine().getOut().printf("restored backup %d of %s into %s; serve it with --data-dir %s%n", restored,
        backups, dataDir, dataDir);
    return 0;
  }
}
