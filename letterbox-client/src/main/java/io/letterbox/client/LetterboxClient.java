package io.letterbox.client;

import io.letterbox.client.internal.Transport;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The Letterbox HTTP API from Java: one object per application, shared by its threads. Calls are
 * grouped as the API's tags are ({@link #messages()}, {@link #conversations()}, …); each returns a
 * {@link Call} to {@link Call#execute() execute} or {@link Call#executeAsync() executeAsync}.
 *
 * <pre>{@code
 * LetterboxClient letterbox = LetterboxClient.builder()
 *     .baseUrls("http://node1:8080", "http://node2:8080")
 *     .credentials(Credentials.serviceKey(key))
 *     .build();
 * Message m = letterbox.messages().send(SendMessage.text(1, 2, "hello")).execute();
 * }</pre>
 *
 * Immutable: {@link #newBuilder()} makes a changed copy (e.g. another user's token), sharing nothing
 * but the settings.
 */
public final class LetterboxClient {
  private final Builder settings;
  private final Messages messages;
  private final Conversations conversations;
  private final Broadcasts broadcasts;
  private final Groups groups;
  private final Relations relations;
  private final Segments segments;
  private final Caps caps;
  private final Blobs blobs;
  private final Events events;
  private final Search search;
  private final Moderation moderation;
  private final Erasures erasures;
  private final Operations operations;

  private LetterboxClient(Builder b) {
    this.settings = b.copy();
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(b.connectTimeout)
        .build();
    Transport t = new Transport(http, b.baseUrls, b.credentials, b.readTimeout, b.retryPolicy);
    this.messages = new Messages(t);
    this.conversations = new Conversations(t);
    this.broadcasts = new Broadcasts(t);
    this.groups = new Groups(t);
    this.relations = new Relations(t);
    this.segments = new Segments(t);
    this.caps = new Caps(t);
    this.blobs = new Blobs(t);
    this.events = new Events(t, b.reconnectDelay, b.eventIdleTimeout);
    this.search = new Search(t);
    this.moderation = new Moderation(t);
    this.erasures = new Erasures(t);
    this.operations = new Operations(t);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** @return a builder holding this client's settings */
  public Builder newBuilder() {
    return settings.copy();
  }

  public Messages messages() {
    return messages;
  }

  public Conversations conversations() {
    return conversations;
  }

  public Broadcasts broadcasts() {
    return broadcasts;
  }

  public Groups groups() {
    return groups;
  }

  public Relations relations() {
    return relations;
  }

  public Segments segments() {
    return segments;
  }

  public Caps caps() {
    return caps;
  }

  public Blobs blobs() {
    return blobs;
  }

  public Events events() {
    return events;
  }

  public Search search() {
    return search;
  }

  public Moderation moderation() {
    return moderation;
  }

  /** Erasure of users and legal hold (services only). */
  public Erasures erasures() {
    return erasures;
  }

  public Operations operations() {
    return operations;
  }

  /** Builds a {@link LetterboxClient}; every setting has a default but the base URLs. */
  public static final class Builder {
    private List<URI> baseUrls = List.of();
    private Credentials credentials = Credentials.NONE;
    private Duration connectTimeout = Duration.ofSeconds(5);
    private Duration readTimeout = Duration.ofSeconds(30);
    private Duration reconnectDelay = Duration.ofSeconds(1);
    private Duration eventIdleTimeout = Duration.ofSeconds(45);
    private RetryPolicy retryPolicy = RetryPolicy.DEFAULT;

    private Builder() {}

    /** The nodes of one deployment (any node answers any request), tried in turn when one fails. */
    public Builder baseUrls(String... urls) {
      List<URI> uris = new ArrayList<>();
      for (String url : urls) {
        uris.add(URI.create(url.replaceAll("/+$", "")));
      }
      return baseUrls(uris);
    }

    public Builder baseUrls(List<URI> urls) {
      if (urls.isEmpty()) {
        throw new IllegalArgumentException("at least one base URL");
      }
      this.baseUrls = List.copyOf(urls);
      return this;
    }

    public Builder credentials(Credentials credentials) {
      this.credentials = Objects.requireNonNull(credentials, "credentials");
      return this;
    }

    /** How long a connection may take to open (5 s). */
    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = positive(timeout, "connectTimeout");
      return this;
    }

    /** How long an answer may take to start once the request is sent (30 s); event streams have none. */
    public Builder readTimeout(Duration timeout) {
      this.readTimeout = positive(timeout, "readTimeout");
      return this;
    }

    /** The pause before an event stream connects again after it ended or broke (1 s). */
    public Builder reconnectDelay(Duration delay) {
      this.reconnectDelay = Objects.requireNonNull(delay, "reconnectDelay");
      return this;
    }

    /**
     * How long an event stream may stay silent before it is taken for a dead connection and replaced
     * (45 s: three times the longest keep-alive interval the server allows).
     */
    public Builder eventIdleTimeout(Duration timeout) {
      this.eventIdleTimeout = positive(timeout, "eventIdleTimeout");
      return this;
    }

    public Builder retryPolicy(RetryPolicy policy) {
      this.retryPolicy = Objects.requireNonNull(policy, "retryPolicy");
      return this;
    }

    public LetterboxClient build() {
      if (baseUrls.isEmpty()) {
        throw new IllegalStateException("no base URL: call baseUrls(…)");
      }
      return new LetterboxClient(this);
    }

    private Builder copy() {
      Builder b = new Builder();
      b.baseUrls = baseUrls;
      b.credentials = credentials;
      b.connectTimeout = connectTimeout;
      b.readTimeout = readTimeout;
      b.reconnectDelay = reconnectDelay;
      b.eventIdleTimeout = eventIdleTimeout;
      b.retryPolicy = retryPolicy;
      return b;
    }

    private static Duration positive(Duration d, String name) {
      if (d == null || d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException(name + " must be positive: " + d);
      }
      return d;
    }
  }
}
