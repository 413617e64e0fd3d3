package io.letterbox.server.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.ThreadLocalRandom;

/**
 * An event stream (SSE, {@code …/events}) or socket (WebSocket, {@code …/socket}) opened over a
 * plain TCP socket, so that a test controls the exact moment it goes away: right after the request
 * is written, after the answer's head, after the first event, or in the middle of the backlog.
 */
public final class RawStream implements AutoCloseable {
  private final Socket socket;
  private final InputStream in;

  private RawStream(Socket socket) throws IOException {
    this.socket = socket;
    this.in = socket.getInputStream();
  }

  /** Opens {@code GET path} as SSE, with {@code Authorization: Bearer credential} unless it is null. */
  public static RawStream sse(int port, String path, String credential) {
    return open(port, "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n", credential);
  }

  /** Opens {@code GET path} as a WebSocket handshake. */
  public static RawStream socket(int port, String path, String credential) {
    byte[] nonce = new byte[16];
    ThreadLocalRandom.current().nextBytes(nonce);
    return open(port, "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: " + Base64.getEncoder().encodeToString(nonce) + "\r\nSec-WebSocket-Version: 13\r\n",
        credential);
  }

  /**
   * Sends {@code head} (request line and headers, without the blank line), the credential, and
   * the first {@code bodyStart} bytes of a body: a request whose body is still on its way.
   */
  public static RawStream started(int port, String head, String credential, byte[] bodyStart) {
    RawStream s = open(port, head, credential);
    s.write(bodyStart);
    return s;
  }

  /** Sends more bytes of the request. */
  public void write(byte[] bytes) {
    try {
      socket.getOutputStream().write(bytes);
      socket.getOutputStream().flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static RawStream open(int port, String head, String credential) {
    try {
      Socket s = new Socket();
      // Small, before connecting: a client that stops reading leaves the server holding what it sent.
      s.setReceiveBufferSize(4096);
      s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
      s.setSoTimeout(15_000);
      String request = head + (credential == null ? "" : "Authorization: Bearer " + credential + "\r\n") + "\r\n";
      s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
      s.getOutputStream().flush();
      return new RawStream(s);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads the answer's head (status line and headers). @return its status */
  public int status() {
    return Integer.parseInt(head().substring(9, 12));
  }

  /** @return the answer's head (status line and headers), read */
  public String head() {
    return readUntil("\r\n\r\n");
  }

  /** Reads until {@code marker} has come (or the stream ended). @return what was read */
  public String readUntil(String marker) {
    ByteArrayOutputStream got = new ByteArrayOutputStream();
    byte[] m = marker.getBytes(StandardCharsets.ISO_8859_1);
    try {
      int b;
      int matched = 0;
      while (matched < m.length && (b = in.read()) >= 0) {
        got.write(b);
        matched = b == m[matched] ? matched + 1 : (b == m[0] ? 1 : 0);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return got.toString(StandardCharsets.ISO_8859_1);
  }

  /** Reads {@code n} bytes, or fewer if the stream ends. */
  public void skip(int n) {
    try {
      in.readNBytes(n);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads one WebSocket frame the server sent (its head and payload). */
  public void readFrame() {
    try {
      in.read();
      int len = in.read() & 0x7F;
      long length = len == 126 ? ((in.read() << 8) | in.read()) : len == 127 ? readLong() : len;
      in.readNBytes((int) length);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private long readLong() throws IOException {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | in.read();
    }
    return v;
  }

  /** Closes the connection at once, with a reset rather than a polite close when {@code abruptly}. */
  public void close(boolean abruptly) {
    try {
      if (abruptly) {
        socket.setSoLinger(true, 0);
      }
      socket.close();
    } catch (IOException ignored) {
      // gone already
    }
  }

  @Override
  public void close() {
    close(false);
  }
}
