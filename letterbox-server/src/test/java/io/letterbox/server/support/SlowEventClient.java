package io.letterbox.server.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.awaitility.Awaitility;

/** A client of an owner's event stream that reads nothing, so that the server's buffers for it fill. */
public final class SlowEventClient {
  private static final String BIG = "\uD83D\uDE00".repeat(4000); // 16 KB in UTF-8

  private SlowEventClient() {}

  /**
   * Opens {@code receiver}'s stream, reads nothing while {@code sender} sends it 16 KB messages until
   * the server closes the stream (asserted, within 5,000 messages), then reads what the server sent.
   *
   * @return the data line of the last event: the error the stream ended with
   */
  public static String lastEvent(Api api, long sender, long receiver) throws IOException {
    try (Socket socket = new Socket()) {
      socket.setReceiveBufferSize(4096); // before connecting, or the kernel's window is already large
      socket.connect(new InetSocketAddress("127.0.0.1", api.port()));
      OutputStream out = socket.getOutputStream();
      out.write(("GET /v1/users/" + receiver + "/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
      Awaitility.await().atMost(Duration.ofMinutes(1)).until(() -> streams(api) == 1);
      // The client reads nothing: the server's kernel buffers fill, then its own.
      int sent = 0;
      while (sent < 5_000 && streams(api) > 0) {
        for (int i = 0; i < 20; i++, sent++) {
          Reply r = api.post("/v1/messages",
              "{\"from\":\"" + sender + "\",\"to\":\"" + receiver + "\",\"text\":\"" + BIG + "\"}");
          assertThat(r.status()).as("send %s", r).isEqualTo(201);
        }
      }
      assertThat(streams(api)).as("the slow stream was closed").isZero();
      String line;
      String last = null;
      while ((line = in.readLine()) != null) {
        if (line.startsWith("data: ")) {
          last = line;
        }
        if (line.startsWith("event: error")) {
          return in.readLine();
        }
      }
      return last;
    }
  }

  /** @return the event streams open on the server, from its metrics */
  public static int streams(Api api) {
    String metrics = api.get("/metrics").body();
    return metrics.lines().filter(l -> l.startsWith("letterbox_event_streams "))
        .mapToInt(l -> (int) Double.parseDouble(l.substring(l.indexOf(' ') + 1))).findFirst().orElse(-1);
  }
}
