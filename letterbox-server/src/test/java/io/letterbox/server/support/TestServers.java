package io.letterbox.server.support;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.config.ServerConfig;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/** Real servers for tests: RocksDB in a temporary directory, a free loopback port. */
public final class TestServers {
  // Distinct uids across the test classes of one run, so that no test sees another's messages.
  private static final AtomicLong NEXT_UID = new AtomicLong(System.nanoTime() % 1_000_000_000L * 1000 + 1);

  private TestServers() {}

  public static LetterboxServer start(Path dataDir) {
    return start(dataDir, b -> b);
  }

  /** @param settings changes to the test defaults */
  public static LetterboxServer start(Path dataDir, UnaryOperator<ServerConfig.Builder> settings) {
    ServerConfig.Builder b = ServerConfig.builder().host("127.0.0.1").port(0).dataDir(dataDir).workerThreads(8);
    return LetterboxServer.start(settings.apply(b).build());
  }

  /** @return a uid no other test uses */
  public static long freshUid() {
    return NEXT_UID.getAndIncrement();
  }
}
