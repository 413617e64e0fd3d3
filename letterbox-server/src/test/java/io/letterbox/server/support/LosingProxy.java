package io.letterbox.server.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy in front of a server that loses the answer on its first connection: the request is
 * forwarded and the server starts answering (so it has done the work), then both connections are
 * closed before a byte reaches the client, as when a node dies mid-answer. Later connections pass.
 */
public final class LosingProxy implements AutoCloseable {
  private final ServerSocket listener;
  private final int target;
  private final AtomicInteger connections = new AtomicInteger();

  public LosingProxy(int target) {
    this.target = target;
    try {
      listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    daemon(this::accept);
  }

  public int port() {
    return listener.getLocalPort();
  }

  /** @return the connections clients opened so far */
  public int connections() {
    return connections.get();
  }

  private void accept() {
    try {
      while (true) {
        Socket client = listener.accept();
        Socket server = new Socket(InetAddress.getLoopbackAddress(), target);
        boolean lose = connections.getAndIncrement() == 0;
        daemon(() -> pump(client, server));
        daemon(() -> {
          if (lose) {
            loseAnswer(server, client);
          } else {
            pump(server, client);
          }
        });
      }
    } catch (IOException closed) {
      // the proxy was closed
    }
  }

  private static void loseAnswer(Socket server, Socket client) {
    try (server; client) {
      server.getInputStream().read(); // the answer's first byte: the server has done the work
    } catch (IOException ignored) {
      // closing either way
    }
  }

  private static void pump(Socket from, Socket to) {
    try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
      in.transferTo(out);
    } catch (IOException ignored) {
      // one side closed
    } finally {
      closeQuietly(from);
      closeQuietly(to);
    }
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // already closed
    }
  }

  private static void daemon(Runnable r) {
    Thread t = new Thread(r, "losing-proxy");
    t.setDaemon(true);
    t.start();
  }

  @Override
  public void close() throws IOException {
    listener.close();
  }
}
