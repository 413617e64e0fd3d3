package io.letterbox.rows;

import io.letterbox.model.Folder;
import io.letterbox.store.Bytes;

/**
 * One conversation of an owner as its list needs it (decision 0008): the newest visible one-to-one
 * message ({@code lastId}, 0 for none), the owner's settings, whether it waits in the requests
 * folder, whether the owner blocked the peer (read by every send from the peer, with the row the
 * send's applier reads anyway), how far the peer has read (read receipts), and whether the owner
 * ever wrote to the peer ({@code wrote}: kept when the conversation is deleted, so that the peer
 * is no stranger to the requests folder). Kept by the owner's partition only.
 */
public record ConversationRow(long lastId, long peerReadUpTo, boolean pinned, boolean muted, boolean archived,
    boolean request, boolean blocked, boolean wrote) {
  public static final ConversationRow NONE = new ConversationRow(0, 0, false, false, false, false, false, false);

  private static final byte VERSION = 1;
  private static final int PINNED = 1;
  private static final int MUTED = 2;
  private static final int ARCHIVED = 4;
  private static final int REQUEST = 8;
  private static final int BLOCKED = 16;
  private static final int WROTE = 32;

  /** The folder it is listed in. */
  public Folder folder() {
    return archived ? Folder.ARCHIVED : request ? Folder.REQUESTS : Folder.DEFAULT;
  }

  public ConversationRow withLastId(long id) {
    return new ConversationRow(id, peerReadUpTo, pinned, muted, archived, request, blocked, wrote);
  }

  public ConversationRow withPeerReadUpTo(long id) {
    return new ConversationRow(lastId, id, pinned, muted, archived, request, blocked, wrote);
  }

  public ConversationRow withSettings(boolean pinned, boolean muted, boolean archived) {
    return new ConversationRow(lastId, peerReadUpTo, pinned, muted, archived, request, blocked, wrote);
  }

  public ConversationRow withRequest(boolean request) {
    return new ConversationRow(lastId, peerReadUpTo, pinned, muted, archived, request, blocked, wrote);
  }

  public ConversationRow withBlocked(boolean blocked) {
    return new ConversationRow(lastId, peerReadUpTo, pinned, muted, archived, request, blocked, wrote);
  }

  /** The owner wrote to the peer. */
  public ConversationRow withWrote() {
    return new ConversationRow(lastId, peerReadUpTo, pinned, muted, archived, request, blocked, true);
  }

  public byte[] encode() {
    byte[] v = new byte[18];
    v[0] = VERSION;
    v[1] = (byte) ((pinned ? PINNED : 0) | (muted ? MUTED : 0) | (archived ? ARCHIVED : 0) | (request ? REQUEST : 0)
        | (blocked ? BLOCKED : 0) | (wrote ? WROTE : 0));
    Bytes.putLong(v, 2, lastId);
    Bytes.putLong(v, 10, peerReadUpTo);
    return v;
  }

  /** @return the row, or {@link #NONE} for none */
  public static ConversationRow decode(byte[] v) {
    if (v == null) {
      return NONE;
    }
    if (v[0] != VERSION) {
      throw new IllegalStateException("conversation row of unknown version " + v[0]);
    }
    int f = v[1];
    return new ConversationRow(Bytes.getLong(v, 2), Bytes.getLong(v, 10), (f & PINNED) != 0, (f & MUTED) != 0,
        (f & ARCHIVED) != 0, (f & REQUEST) != 0, (f & BLOCKED) != 0, (f & WROTE) != 0);
  }
}
