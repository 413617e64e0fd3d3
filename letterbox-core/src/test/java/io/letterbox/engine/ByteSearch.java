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

  /** @return the names of the spaces of {@code store} with a key or value that holds {@code text}'s bytes */
  public static java.util.List<String> spacesHolding(io.letterbox.store.StoreReads store, String text) {
    byte[] needle = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    java.util.List<String> found = new java.util.ArrayList<>();
    for (io.letterbox.store.Space space : Letterbox.SPACES) {
      store.scan(space, new io.letterbox.store.KeyRange(new byte[0], null), false, (k, v) -> {
        if (holds(k, needle) || holds(v, needle)) {
          found.add(space.name());
          return false;
        }
        return true;
      });
    }
    return found;
  }
}
