package io.letterbox.server.cli;

import io.letterbox.engine.Letterbox;
import io.letterbox.rocksdb.RocksBackups;
import io.letterbox.rocksdb.RocksStore;
import io.letterbox.server.backup.HBaseBackups;
import io.letterbox.server.config.ConfigException;
import io.letterbox.server.config.ServerConfig;
import io.letterbox.server.config.StoreLocation;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code letterbox backup}: on HBase, snapshots every table of the namespace (decision 0047) and
 * prints the backup's name, which {@code letterbox restore --id} takes. On RocksDB, with the server
 * stopped, takes a backup of the data directory into the backup directory; a running server takes
 * them online ({@code POST /v1/admin/backups}).
 */
@Command(name = "backup", mixinStandardHelpOptions = true, modelTransformer = SettingsHelp.class,
    description = {"Back the store up: snapshots of the namespace's tables (hbase), or, with the server stopped, a "
        + "backup of data-dir into backup-dir (rocksdb; a running server takes them with POST /v1/admin/backups)."})
public final class BackupCommand implements Callable<Integer> {
  @Mixin
  StoreFlags where;

  @Option(names = "--to", paramLabel = "DIR", description = "rocksdb: the backup directory (default: backup-dir)")
  Path to;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    ServerConfig.Builder settings = where.settings();
    ServerConfig config = settings.build();
    if (!(config.store() instanceof StoreLocation.RocksDb)) {
      String name = HBaseBackups.take(settings.hbaseOptions(), Clock.systemUTC());
      spec.commandLine().getOut().printf("took backup %s of %s; restore it with letterbox restore --id %s "
          + "--to-namespace NEW%n", name, config.store(), name);
      return 0;
    }
    Path backups = to != null ? to : config.backupDir();
    if (backups == null) {
      throw new ConfigException("--to is required: the backup directory");
    }
    try (RocksStore store = (RocksStore) config.store().open(Letterbox.SPACES);
         RocksBackups into = RocksBackups.open(backups)) {
      RocksBackups.Backup made = into.create(store, "");
      spec.commandLine().getOut().printf("took backup %d of %s into %s: %,d bytes added%n", made.id(), config.store(),
          backups, made.bytes());
    }
    return 0;
  }
}
