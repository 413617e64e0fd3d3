package io.letterbox.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.server.http.access.ConnectionLimit;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServerOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One listener, a server per event loop: every loop serves connections, and max-connections stays exact across them. */
class EventLoopServersTest {
  private static final int LOOPS = 4;
  private final Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(LOOPS));
  private final List<Socket> sockets = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    for (Socket s : sockets) {
      s.close();
    }
    vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  @Test
  void connectionsToOnePortAreServedByEveryEventLoop() throws Exception {
    EventLoopServers servers = listen(server -> server.requestHandler(
        request -> request.response().end(Thread.currentThread().getName())));
    Set<String> threads = new HashSet<>();
    for (int i = 0; i < 2 * LOOPS; i++) {
      List<String> answer = get(servers.actualPort());
      assertThat(answer.get(0)).isEqualTo("HTTP/1.1 200 OK");
      threads.add(answer.get(answer.size() - 1));
    }
    assertThat(servers.count()).isEqualTo(LOOPS);
    assertThat(threads).hasSize(LOOPS).allMatch(t -> t.startsWith("vert.x-eventloop-thread-"));
  }

  @Test
  void maxConnectionsCountsTheConnectionsOfEveryEventLoopTogether() throws Exception {
    int max = 8;
    ConnectionLimit limit = new ConnectionLimit(vertx, max);
    EventLoopServers servers = listen(server -> {
      server.connectionHandler(limit);
      server.requestHandler(limit.guard(request -> request.response().end("served")));
    });
    List<String> statuses = new ArrayList<>();
    // Each connection stays open: the first max are served, the next (within a quarter more) refused.
    for (int i = 0; i < max + max / 4; i++) {
      statuses.add(get(servers.actualPort()).get(0));
    }
    assertThat(statuses.subList(0, max)).allMatch(s -> s.equals("HTTP/1.1 200 OK"));
    assertThat(statuses.subList(max, statuses.size())).allMatch(s -> s.startsWith("HTTP/1.1 429"));
    // The refused ones are closed after their answer; the served ones stay counted.
    Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> limit.open() == max);
  }

  private EventLoopServers listen(java.util.function.Consumer<io.vertx.core.http.HttpServer> handlers) throws Exception {
    return EventLoopServers.listen(vertx, LOOPS, new HttpServerOptions(), "127.0.0.1", 0, handlers)
        .toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  /** @return the status line, headers and body lines of a GET / on a new connection, which stays open */
  private List<String> get(int port) throws IOException {
    Socket socket = new Socket("127.0.0.1", port);
    sockets.add(socket);
    socket.setSoTimeout(30_000);
    socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
    List<String> lines = new ArrayList<>();
    int length = -1;
    for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
      lines.add(line);
      if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(line.indexOf(':') + 1).trim());
      }
    }
    char[] body = new char[Math.max(0, length)];
    int read = 0;
    while (read < body.length) {
      int n = in.read(body, read, body.length - read);
      if (n < 0) {
        break;
      }
      read += n;
    }
    lines.add(new String(body, 0, read));
    return lines;
  }
}
