package io.letterbox.soak;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The soak's client of one server life: a request either gets an answer (status and JSON body)
 * or throws {@link Unanswered} (the connection failed or was cut: the server was killed, and the
 * write may or may not have happened).
 */
final class SoakHttp {
  static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient client;
  private final String base;

  /** Writes and their answers go to its trace. */
  private final Tally trace;

  SoakHttp(int port, Tally trace) {
    this.trace = trace;
    this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5)).build();
    this.base = "http://127.0.0.1:" + port;
  }

  /** A request that got no answer: whether it took effect is unknown. */
  static final class Unanswered extends Exception {
    Unanswered(String what, Throwable cause) {
      super(what + " got no answer: " + cause, cause);
    }
  }

  /** An answer: its status and its JSON body (missing when it had none). */
  record Answer(int status, JsonNode body) {
    boolean ok() {
      return status / 100 == 2;
    }

    String id() {
      return body.path("id").asText();
    }

    @Override
    public String toString() {
      return status + " " + body;
    }
  }

  Answer get(String path) throws Unanswered {
    return call("GET", path, null);
  }

  Answer post(String path, String json) throws Unanswered {
    return call("POST", path, json);
  }

  Answer put(String path, String json) throws Unanswered {
    return call("PUT", path, json);
  }

  Answer delete(String path) throws Unanswered {
    return call("DELETE", path, null);
  }

  private Answer call(String method, String path, String json) throws Unanswered {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
    if (json != null) {
      request.header("Content-Type", "application/json");
    }
    request.method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
    try {
      boolean write = !method.equals("GET");
      if (write) {
        trace.trace(Thread.currentThread().getName() + " " + method + " " + path + (json == null ? "" : " " + json));
      }
      HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
      String body = response.body();
      Answer answer = new Answer(response.statusCode(), body == null || body.isEmpty() ? MissingNode.getInstance()
          : JSON.readTree(body));
      if (write) {
        trace.trace(Thread.currentThread().getName() + "   -> " + answer);
      }
      return answer;
    } catch (IOException e) {
      throw new Unanswered(method + " " + path, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Unanswered(method + " " + path, e);
    }
  }

  /** {@code {"k":"v",…}} from pairs, values as JSON strings (ids are strings in the API). */
  static String object(Object... pairs) {
    var node = JSON.createObjectNode();
    for (int i = 0; i < pairs.length; i += 2) {
      Object v = pairs[i + 1];
      if (v instanceof JsonNode n) {
        node.set((String) pairs[i], n);
      } else if (v instanceof Integer n) {
        node.put((String) pairs[i], n);
      } else {
        node.put((String) pairs[i], String.valueOf(v));
      }
    }
    return node.toString();
  }
}
