package io.letterbox.store;

/**
 * A read run by {@link KeyValueStore#fromMemory} would have waited: for the disk, or for the
 * store's own lifecycle. It carries no stack trace and is one shared instance, since it is an
 * answer ("run it where waiting is allowed"), not a failure.
 */
public final class NotInMemory extends RuntimeException {
  public static final NotInMemory INSTANCE = new NotInMemory();

  private NotInMemory() {
    super("the read needs the disk", null, false, false);
  }
}
