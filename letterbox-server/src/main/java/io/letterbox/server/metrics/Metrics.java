package io.letterbox.server.metrics;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/** The server's meters, exposed in the Prometheus text format: JVM, process and HTTP. */
public final class Metrics implements AutoCloseable {
  /** How long one reading of the spaces' sizes serves the gauges: a scrape reads them all at once. */
  private static final Duration SPACE_BYTES_FRESH = Duration.ofSeconds(5);
  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final JvmGcMetrics gc = new JvmGcMetrics();

  public Metrics() {
    new JvmMemoryMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    gc.bindTo(registry);
  }

  /** Exposes the store's size on disk as {@code letterbox_store_disk_bytes}. */
  public void storeDiskBytes(LongSupplier diskBytes) {
    Gauge.builder("letterbox.store.disk.bytes", () -> diskBytes.getAsLong())
        .description("approximate bytes the store occupies on disk")
        .baseUnit("bytes")
        .register(registry);
  }

  /**
   * Exposes each space's data at rest as {@code letterbox_store_space_bytes{space="…"}}: read once
   * for all spaces and kept a few seconds, since on HBase it is a call to the master.
   */
  public void storeSpaceBytes(Supplier<Map<String, Long>> bySpace) {
    LoadingCache<Boolean, Map<String, Long>> latest = Caffeine.newBuilder()
        .expireAfterWrite(SPACE_BYTES_FRESH)
        .build(any -> bySpace.get());
    for (String space : bySpace.get().keySet()) {
      Gauge.builder("letterbox.store.space.bytes", () -> latest.get(true).getOrDefault(space, 0L))
          .tag("space", space)
          .description("approximate bytes of the space's data at rest: its table files, without logs and memory")
          .baseUnit("bytes")
          .register(registry);
    }
  }

  /** Exposes each of the engine's caches' heap as {@code letterbox_cache_bytes{cache="…"}}. */
  public void engineCaches(java.util.function.Supplier<java.util.Map<String, Long>> bytes) {
    for (String cache : bytes.get().keySet()) {
      Gauge.builder("letterbox.cache.bytes", () -> bytes.get().getOrDefault(cache, 0L))
          .tag("cache", cache)
          .description("heap the engine's cache holds, as its weigher counts it")
          .baseUnit("bytes")
          .register(registry);
    }
  }

  /** Exposes the live event streams open on this node as {@code letterbox_event_streams}. */
  public void eventStreams(java.util.function.IntSupplier open) {
    Gauge.builder("letterbox.event.streams", () -> open.getAsInt())
        .description("live event streams (SSE and WebSocket) open on this node")
        .register(registry);
  }

  /**
   * Exposes the bytes of events handed to the live streams and not yet written to their clients,
   * all streams together, as {@code letterbox_event_buffer_bytes} (bounded by event-buffer-total-bytes).
   */
  public void eventBufferBytes(LongSupplier bytes) {
    Gauge.builder("letterbox.event.buffer.bytes", () -> bytes.getAsLong())
        .description("bytes of events waiting to be written to the clients of all live streams")
        .baseUnit("bytes")
        .register(registry);
  }

  /** Exposes the journal entries the search index has yet to cover here as {@code letterbox_search_lag_entries}. */
  public void searchLag(LongSupplier entries) {
    Gauge.builder("letterbox.search.lag.entries", () -> entries.getAsLong())
        .description("journal entries durable on this node that the search index does not cover yet")
        .register(registry);
  }

  /** Exposes the feed events not yet delivered to the webhook endpoint here as {@code letterbox_webhook_lag_events}. */
  public void webhookLag(LongSupplier events) {
    feedLag("letterbox.webhook.lag.events", "webhook-url", events);
  }

  /** Exposes the feed events not yet committed to the Kafka change stream here as {@code letterbox_kafka_lag_events}. */
  public void kafkaLag(LongSupplier events) {
    feedLag("letterbox.kafka.lag.events", "kafka-topic", events);
  }

  private void feedLag(String name, String destination, LongSupplier events) {
    Gauge.builder(name, () -> events.getAsLong())
        .description("events of the partitions hosted on this node not yet delivered to " + destination)
        .register(registry);
  }

  /**
   * Exposes the offline pushes push-url took as {@code letterbox_push_sent_total}, and those it
   * did not (another answer, no answer in time) as {@code letterbox_push_failed_total}.
   */
  public void pushes(LongSupplier sent, LongSupplier failed) {
    // A function counter holds its object weakly: it is this registry's owner, which lives as long
    // as the counters, never the supplier itself, which nothing else holds and a GC would take.
    io.micrometer.core.instrument.FunctionCounter.builder("letterbox.push.sent", this, m -> sent.getAsLong())
        .description("offline pushes push-url answered 2xx")
        .register(registry);
    io.micrometer.core.instrument.FunctionCounter.builder("letterbox.push.failed", this, m -> failed.getAsLong())
        .description("offline pushes push-url did not take, or that could not be made")
        .register(registry);
  }

  public MeterRegistry registry() {
    return registry;
  }

  public String scrape() {
    return registry.scrape();
  }

  @Override
  public void close() {
    gc.close();
    registry.close();
  }
}
