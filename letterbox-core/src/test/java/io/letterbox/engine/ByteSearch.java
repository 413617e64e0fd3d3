package io.letterbox.engine;

/** Whether bytes hold other bytes: how tests look for a text that must be gone from rows or files. */
public final class ByteSearch {
  private ByteSearch() {}

  /** @return whether {@code needle} occurs in {@code hay} */
  public static boolean holds(byte[] hay, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }
}
