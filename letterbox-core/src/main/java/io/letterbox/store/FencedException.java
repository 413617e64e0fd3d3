package io.letterbox.store;

/**
 * A batch's commit point was taken already: another writer owns what the batch was for, and
 * nothing after the commit point was written.
 */
public final class FencedException extends StoreException {
  public FencedException(String message) {
    super(message);
  }
}
