package io.letterbox.client.internal;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One request as the client means it, before it is aimed at a node: the route with its path filled
 * in, query, headers and body. Immutable once built; each attempt makes its {@link HttpRequest} from it.
 */
public final class Spec {
  final Route route;
  final String path;
  private final Map<String, String> query;
  private final Map<String, String> headers;
  private final Supplier<BodyPublisher> body;
  final boolean retrySafe;
  private final boolean timed;

  private Spec(Builder b) {
    this.route = b.route;
    this.path = b.path;
    this.query = Collections.unmodifiableMap(new LinkedHashMap<>(b.query));
    this.headers = Map.copyOf(b.headers);
    this.body = b.body;
    this.retrySafe = b.route.retrySafe && b.replayable;
    this.timed = b.timed;
  }

  /** @param pathArgs the values of the template's {placeholders}, in order */
  public static Builder of(Route route, Object... pathArgs) {
    return new Builder(route, expand(route.template, pathArgs));
  }

  HttpRequest toRequest(URI node, String bearer, Duration readTimeout) {
    StringBuilder uri = new StringBuilder(node.toString()).append(path);
    char sep = '?';
    for (Map.Entry<String, String> e : query.entrySet()) {
      uri.append(sep).append(encode(e.getKey())).append('=').append(encode(e.getValue()));
      sep = '&';
    }
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(uri.toString()))
        .method(route.method, body == null ? BodyPublishers.noBody() : body.get());
    if (timed) {
      b.timeout(readTimeout);
    }
    headers.forEach(b::header);
    if (bearer != null) {
      b.header("Authorization", "Bearer " + bearer);
    }
    return b.build();
  }

  @Override
  public String toString() {
    return route.method + " " + path;
  }

  private static String expand(String template, Object[] args) {
    StringBuilder out = new StringBuilder();
    int arg = 0;
    int from = 0;
    for (int open = template.indexOf('{'); open >= 0; open = template.indexOf('{', from)) {
      if (arg == args.length) {
        throw new IllegalArgumentException(template + " needs more than " + args.length + " values");
      }
      out.append(template, from, open).append(encode(String.valueOf(args[arg++])));
      from = template.indexOf('}', open) + 1;
    }
    if (arg != args.length) {
      throw new IllegalArgumentException(template + " takes " + arg + " values, not " + args.length);
    }
    return out.append(template.substring(from)).toString();
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** Builds a {@link Spec}. */
  public static final class Builder {
    private final Route route;
    private final String path;
    private final Map<String, String> query = new LinkedHashMap<>();
    private final Map<String, String> headers = new LinkedHashMap<>();
    private Supplier<BodyPublisher> body;
    private boolean replayable = true;
    private boolean timed = true;

    private Builder(Route route, String path) {
      this.route = route;
      this.path = path;
    }

    /** A query parameter; null leaves it out. */
    public Builder query(String name, Object value) {
      if (value != null) {
        query.put(name, String.valueOf(value));
      }
      return this;
    }

    /** A header; null leaves it out. */
    public Builder header(String name, String value) {
      if (value != null) {
        headers.put(name, value);
      }
      return this;
    }

    /** {@code value} as the JSON body. */
    public Builder json(Object value) {
      byte[] bytes;
      try {
        bytes = Json.MAPPER.writeValueAsBytes(value);
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new IllegalArgumentException("cannot write " + value + " as JSON", e);
      }
      header("Content-Type", "application/json");
      body = () -> BodyPublishers.ofByteArray(bytes);
      return this;
    }

    /**
     * A raw body.
     *
     * @param replayable whether {@code body} gives the same bytes each time it is asked (else the
     *     request is sent again only when it never reached a node)
     */
    public Builder body(Supplier<BodyPublisher> body, String contentType, boolean replayable) {
      header("Content-Type", contentType);
      this.body = body;
      this.replayable = replayable;
      return this;
    }

    /** No read timeout: a stream that stays open as long as its reader wants. */
    public Builder untimed() {
      this.timed = false;
      return this;
    }

    public Spec build() {
      return new Spec(this);
    }
  }
}
