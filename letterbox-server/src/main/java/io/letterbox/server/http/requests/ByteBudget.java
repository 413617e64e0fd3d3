package io.letterbox.server.http.requests;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Bytes of memory that requests or streams share, all together (decision 0014): a reservation that
 * would pass the capacity is refused, and the caller refuses its work instead of holding more.
 */
public final class ByteBudget {
  private final long capacity;
  private final AtomicLong reserved = new AtomicLong();

  public ByteBudget(long capacity) {
    this.capacity = capacity;
  }

  /** @return whether {@code bytes} fit beside what is reserved; then they are reserved until {@link #release} */
  public boolean tryReserve(long bytes) {
    while (true) {
      long now = reserved.get();
      if (bytes > 0 && now + bytes > capacity) {
        return false;
      }
      if (reserved.compareAndSet(now, now + bytes)) {
        return true;
      }
    }
  }

  public void release(long bytes) {
    reserved.addAndGet(-bytes);
  }

  /** @return the bytes reserved now */
  public long reserved() {
    return reserved.get();
  }
}
