package io.letterbox.blob;

import io.letterbox.keys.BlobRefKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Attachment;
import io.letterbox.model.Extras;
import io.letterbox.store.StoreReads;
import io.letterbox.store.WriteBatch;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The index from a blob to the messages that attach it (decision 0022), by which their readers
 * may read it: one row per message and blob, never one per receiver (a broadcast's receivers and
 * a group's members are found from the message). Derived from the log: written when a message is
 * applied, so {@code rebuild} and {@code migrate} derive it again.
 */
public final class BlobReferences {
  /**
   * How many of a blob's messages, newest first, a read looks at to find one its reader can see:
   * a read costs at most that many message reads, whoever asks.
   */
  public static final int MAX_CHECKED = 100;

  private BlobReferences() {}

  /** Puts a row for each blob message {@code messageId} attaches ({@code extras}) into {@code batch}. */
  public static void put(WriteBatch batch, long messageId, Extras extras) {
    Set<String> seen = new HashSet<>();
    for (Attachment a : extras.attachments()) {
      if (seen.add(a.blob())) {
        BlobId id = BlobId.parse(a.blob());
        batch.put(Spaces.BLOB_REFS, BlobRefKey.of(id.legacy(), id.bytes(), messageId), new byte[0]);
      }
    }
  }

  /** Deletes the rows of the blobs message {@code messageId} attaches ({@code extras}): it attaches none any more. */
  public static void delete(WriteBatch batch, long messageId, Extras extras) {
    for (Attachment a : extras.attachments()) {
      BlobId id = BlobId.parse(a.blob());
      batch.delete(Spaces.BLOB_REFS, BlobRefKey.of(id.legacy(), id.bytes(), messageId));
    }
  }

  /** @return the ids of the newest {@link #MAX_CHECKED} messages that attach blob {@code id}, newest first */
  public static List<Long> newest(StoreReads store, String id) {
    BlobId parsed = BlobId.parse(id);
    List<Long> out = new ArrayList<>();
    store.scan(Spaces.BLOB_REFS, BlobRefKey.messages(parsed.legacy(), parsed.bytes()), true, (k, v) -> {
      out.add(BlobRefKey.message(k));
      return out.size() < MAX_CHECKED;
    });
    return out;
  }
}
