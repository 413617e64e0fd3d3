package io.letterbox.server.cli;

import io.letterbox.server.LetterboxServer;
import io.letterbox.server.config.ServerConfig;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code letterbox serve}: runs the server until SIGTERM or Ctrl-C, then stops it gracefully.
 * Settings come from the defaults, then the {@code --config} file, then these flags.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, modelTransformer = SettingsHelp.class,
    description = "Serve the HTTP API. Settings: defaults < --config file < flags.")
public final class ServeCommand implements Callable<Integer> {
  @Mixin
  StoreFlags where;

  @Option(names = "--port", paramLabel = "N")
  Integer port;

  @Option(names = "--host", paramLabel = "H")
  String host;

  @Override
  public Integer call() throws InterruptedException {
    ServerConfig.Builder b = where.settings();
    if (port != null) {
      b.set("port", port.toString());
    }
    if (host != null) {
      b.host(host);
    }
    LetterboxServer server = LetterboxServer.start(b.build());
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      stopped.countDown();
    }, "letterbox-shutdown"));
    stopped.await();
    return 0;
  }
}
