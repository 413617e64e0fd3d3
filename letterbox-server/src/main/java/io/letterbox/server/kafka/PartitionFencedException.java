package io.letterbox.server.kafka;

/**
 * A partition's producer was fenced: another owner opened the same partition since. The sink has
 * stopped producing for it and never retries; the partition's new owner carries on.
 */
public final class PartitionFencedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  PartitionFencedException(int partition, Throwable cause) {
    super("partition " + partition + " was opened by another owner: its change stream stops here", cause);
  }
}
