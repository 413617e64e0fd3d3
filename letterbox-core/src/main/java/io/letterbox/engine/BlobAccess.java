package io.letterbox.engine;

import io.letterbox.blob.BlobReferences;
import io.letterbox.blob.Blobs;
import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.model.Blob;
import io.letterbox.model.Message;
import io.letterbox.store.KeyValueStore;
import java.util.Optional;

/**
 * Who may read a blob (decision 0022): its uploader, a user who can see a message that attaches
 * it, or a service. The bytes themselves are in {@link Blobs}.
 */
public final class BlobAccess {
  private final KeyValueStore store;
  private final Blobs blobs;
  private final VisibleMessages visible;
  private final PartitionCommands commands;

  BlobAccess(KeyValueStore store, Blobs blobs, VisibleMessages visible, PartitionCommands commands) {
    this.store = store;
    this.blobs = blobs;
    this.visible = visible;
    this.commands = commands;
  }

  /**
   * Reads a blob for {@code reader}: its uploader, a user who can see one of the newest
   * {@link BlobReferences#MAX_CHECKED} messages that attach it, or a service.
   *
   * @param reader a uid, or {@link Blobs#SERVICE}
   * @return the blob; empty if none is stored under {@code id} or {@code reader} may not read it
   *     (the same answer: no one learns that a blob it may not read exists)
   * @throws LetterboxException INVALID_ARGUMENT if {@code id} is not a blob id
   */
  public Optional<Blob> read(long reader, String id) {
    if (reader != Blobs.SERVICE) {
      Validate.uid("reader", reader);
      commands.requireHosted(reader);
    }
    return readable(reader, id);
  }

  /**
   * @return the blob {@code id} names if {@code reader} (a uid, or {@link Blobs#SERVICE}) may read
   *     it: a service, its uploader, or a user who can see a message that still attaches it
   */
  Optional<Blob> readable(long reader, String id) {
    Optional<Blob> blob = blobs.find(id);
    if (blob.isEmpty() || reader == Blobs.SERVICE || blob.get().uploader() == reader) {
      return blob;
    }
    for (long message : BlobReferences.newest(store, id)) {
      Optional<Message> seen = visible.find(reader, message);
      if (seen.isPresent() && seen.get().extras().attachments().stream().anyMatch(a -> a.blob().equals(id))) {
        return blob;
      }
    }
    return Optional.empty();
  }
}
