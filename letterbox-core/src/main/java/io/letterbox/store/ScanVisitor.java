package io.letterbox.store;

/** Receives the entries of a scan in order; returns false to stop it. */
@FunctionalInterface
public interface ScanVisitor {
  boolean visit(byte[] key, byte[] value);
}
