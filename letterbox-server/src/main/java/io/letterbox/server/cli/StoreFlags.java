package io.letterbox.server.cli;

import io.letterbox.server.config.ServerConfig;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The flags that say where the data is, shared by the commands that open the store. Settings come
 * from the defaults, then the {@code --config} file, then these flags; a flag's help is its
 * setting's ({@link SettingsHelp}).
 */
final class StoreFlags {
  @Option(names = "--config", paramLabel = "FILE", description = "properties file with dashed keys, e.g. port=8080")
  Path config;

  @Option(names = "--data-dir", paramLabel = "DIR")
  Path dataDir;

  @Option(names = "--store", paramLabel = "KIND")
  String store;

  @Option(names = "--hbase-quorum", paramLabel = "HOST:PORT[,HOST:PORT]")
  String hbaseQuorum;

  /** @return the settings of the file, then of these flags, still to be built */
  ServerConfig.Builder settings() {
    ServerConfig.Builder b = ServerConfig.builder();
    if (config != null) {
      b.load(config);
    }
    if (dataDir != null) {
      b.dataDir(dataDir);
    }
    if (store != null) {
      b.set("store", store);
    }
    if (hbaseQuorum != null) {
      b.set("hbase-quorum", hbaseQuorum);
    }
    return b;
  }
}
