package io.letterbox.client;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A JDK HttpServer standing in for Letterbox: each request is recorded, then answered by the test's
 * handler, which may also drop the answer (a server killed mid-request) with {@link #dropAnswer}.
 */
final class FakeServer implements AutoCloseable {
  /** A request as the server received it. */
  record Received(String method, String uri, Map<String, List<String>> headers, String body) {
    String header(String name) {
      return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name)).findFirst()
          .map(e -> e.getValue().get(0)).orElse(null);
    }
  }

  /** Answers one request. */
  interface Handler {
    void handle(Received request, HttpExchange exchange, int index) throws IOException;
  }

  final List<Received> received = new CopyOnWriteArrayList<>();
  private final HttpServer server;

  FakeServer(Handler handler) {
    try {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/", exchange -> {
      Received r = new Received(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
          Map.copyOf(exchange.getRequestHeaders()),
          new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      received.add(r);
      handler.handle(r, exchange, received.size() - 1);
    });
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Answers {@code status} with a JSON body (none for 204). */
  static void json(HttpExchange exchange, int status, String body, String... headers) throws IOException {
    for (int i = 0; i < headers.length; i += 2) {
      exchange.getResponseHeaders().add(headers[i], headers[i + 1]);
    }
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(status, status == 204 ? -1 : bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** The request was read and, maybe, applied; its answer never leaves: the connection just closes. */
  static void dropAnswer(HttpExchange exchange) {
    throw new IllegalStateException("answer dropped on purpose");
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
