package io.letterbox.server.kafka;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One open partition of the change stream: its producer, used from one thread of its own, in the
 * order calls arrive, and what became of it (open, fenced, or broken until opened again).
 */
final class PartitionStream {
  private static final Logger LOG = LoggerFactory.getLogger(PartitionStream.class);

  private final int partition;
  private final PartitionProducer producer;
  private final int batch;
  private final ExecutorService thread;
  /** Set on the stream's thread once it may no longer publish; every later publish fails with it. */
  private RuntimeException stopped;

  PartitionStream(int partition, PartitionProducer producer, int batch) {
    this.partition = partition;
    this.producer = producer;
    this.batch = batch;
    this.thread = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "letterbox-kafka-" + partition);
      t.setDaemon(true);
      return t;
    });
  }

  CompletableFuture<Optional<String>> open() {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return producer.open();
      } catch (RuntimeException e) {
        throw stop(e);
      }
    }, thread);
  }

  CompletableFuture<Void> publish(List<ChangeEvent> events) {
    return onThread(() -> {
      for (int from = 0; from < events.size(); from += batch) {
        try {
          commit(events.subList(from, Math.min(events.size(), from + batch)));
        } catch (KafkaException e) {
          // Part of the batch committed: only a new open tells the reader where to go on.
          throw from == 0 ? e : stop(e);
        }
      }
    });
  }

  /** Runs {@code task} on the stream's thread; fails at once once the partition was closed. */
  private CompletableFuture<Void> onThread(Runnable task) {
    try {
      return CompletableFuture.runAsync(task, thread);
    } catch (RejectedExecutionException closed) {
      return CompletableFuture.failedFuture(new IllegalStateException("partition " + partition + " was closed"));
    }
  }

  private void commit(List<ChangeEvent> events) {
    if (stopped != null) {
      throw stopped;
    }
    try {
      producer.write(events);
      producer.commit();
    } catch (KafkaException e) {
      if (fenced(e)) {
        throw stop(e);
      }
      try {
        producer.abort();
      } catch (KafkaException abortFailed) {
        e.addSuppressed(abortFailed);
        throw stop(e);
      }
      throw e;
    }
  }

  /** Stops the stream for good: fenced, or in a state only a new {@link #open} settles. */
  private RuntimeException stop(RuntimeException cause) {
    stopped = fenced(cause) ? new PartitionFencedException(partition, cause)
        : new IllegalStateException("partition " + partition + "'s change stream must be opened again", cause);
    if (stopped instanceof PartitionFencedException) {
      LOG.warn("change stream of partition {}: another owner took it over; stopping", partition);
    } else {
      LOG.warn("change stream of partition {}: stopped until opened again", partition, cause);
    }
    producer.abandon();
    return stopped;
  }

  private static boolean fenced(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ProducerFencedException || t instanceof InvalidProducerEpochException) {
        return true;
      }
      for (Throwable s : t.getSuppressed()) {
        if (fenced(s)) {
          return true;
        }
      }
    }
    return false;
  }

  CompletableFuture<Void> close() {
    return onThread(() -> {
      if (stopped == null) {
        producer.close();
      }
    }).whenComplete((ok, failed) -> thread.shutdown());
  }
}
