package io.letterbox.store;

/**
 * The storage product failed (I/O error, corruption, a closed database): not the caller's fault,
 * and whether the operation took effect is unknown unless the method says otherwise. Backends
 * wrap their product's checked exceptions in it so that nothing above the SPI sees them.
 */
public class StoreException extends RuntimeException {
  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }

  public StoreException(String message) {
    super(message);
  }
}
