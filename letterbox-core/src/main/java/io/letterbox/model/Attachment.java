package io.letterbox.model;

/**
 * A blob a message refers to.
 *
 * @param blob        the blob's id ({@code sha256:…})
 * @param name        a file name to show; null for none
 * @param contentType its media type (the blob's unless the sender named another)
 * @param size        the blob's length in bytes
 */
public record Attachment(String blob, String name, String contentType, long size) {
  /** Roughly what it holds on the heap, for cache weighers. */
  public int weight() {
    return 64 + 2 * (blob.length() + (name == null ? 0 : name.length()) + contentType.length());
  }
}
