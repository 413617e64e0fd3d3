package io.letterbox.keys;

import io.letterbox.model.Folder;
import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;

/**
 * An owner's one-to-one conversations in list order (decision 0008): owner(8) folder(1) order(1)
 * rank(8) peer(8) → empty. {@code order} is 0 for pinned conversations and 1 for the others, so
 * pinned ones come first; {@code rank} is {@code Long.MAX_VALUE - lastId}, so a forward scan is
 * newest first. A page is one range scan of its folder.
 */
public final class ActivityKey {
  public static final int OWNER_PREFIX = 8;
  public static final int LENGTH = 26;
  private static final byte PINNED = 0;
  private static final byte UNPINNED = 1;

  private ActivityKey() {}

  public static byte[] of(long owner, Folder folder, boolean pinned, long lastId, long peer) {
    byte[] k = new byte[LENGTH];
    Bytes.putLong(k, 0, owner);
    k[8] = folder.code();
    k[9] = pinned ? PINNED : UNPINNED;
    Bytes.putLong(k, 10, Long.MAX_VALUE - lastId);
    Bytes.putLong(k, 18, peer);
    return k;
  }

  /** The owner's conversations of {@code folder} in list order: the pinned ones, then the others, each newest first. */
  public static KeyRange folder(long owner, Folder folder) {
    byte[] p = new byte[9];
    Bytes.putLong(p, 0, owner);
    p[8] = folder.code();
    return KeyRange.prefix(p);
  }

  /** The rest of the folder strictly after the entry (pinned, lastId, peer). */
  public static KeyRange folderAfter(long owner, Folder folder, boolean pinned, long lastId, long peer) {
    byte[] from = of(owner, folder, pinned, lastId, peer);
    // The next key after `from`: a trailing zero byte.
    byte[] next = java.util.Arrays.copyOf(from, LENGTH + 1);
    return new KeyRange(next, folder(owner, folder).to());
  }

  public static boolean pinned(byte[] key) {
    return key[9] == PINNED;
  }

  public static long lastId(byte[] key) {
    return Long.MAX_VALUE - Bytes.getLong(key, 10);
  }

  public static long peer(byte[] key) {
    return Bytes.getLong(key, 18);
  }
}
