package io.letterbox.engine;

/**
 * The request belongs to a partition this node does not host now (decision 0007): another node
 * answers it, or, while the partition moves, nobody for a moment. Retrying shortly succeeds.
 */
public final class NotOwnerException extends LetterboxException {
  private final int partition;

  public NotOwnerException(int partition, String message) {
    super(ErrorCode.NOT_OWNER, message);
    this.partition = partition;
  }

  /** The partition the request belongs to. */
  public int partition() {
    return partition;
  }
}
