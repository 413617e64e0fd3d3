package io.letterbox.engine.apply;

import io.letterbox.blob.BlobReferences;
import io.letterbox.engine.search.SearchPostings;
import io.letterbox.id.Ids;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Message;
import io.letterbox.model.Removal;
import io.letterbox.rows.FeedRow;
import io.letterbox.rows.ImportedRow;
import io.letterbox.rows.RevisionRow;
import java.util.ArrayList;
import java.util.List;

/**
 * Message {@code messageId} ({@code kind}, sent by {@code sender} to {@code to}: its receiver, its
 * group, 0 for a broadcast) had its content removed for {@code reason} at {@code at} (epoch
 * milliseconds), decision 0042. Logged by the partition that owns the message's log entry (its
 * sender's; its group's for a group post), which redacts that entry and those of its edits in
 * place ({@link Redacted}), deletes the message's search postings (the words of every text it
 * had, read before they go) and its blob references. {@code note} is who asked's own words (a
 * moderator's reason), or null. The sender's partition keeps it as the
 * message's revision row (removed, no text, no edits); a one-to-one message's parties get their
 * conversation rows' copy rewritten where it is their last message, and a {@code removed} event;
 * a group post removed for a reason that vanishes vanishes for every member ({@link GroupVanishing}).
 * Replayed over the redacted log, it finds the entry redacted already and redacts nothing.
 */
public record ContentRemoved(long messageId, Message.Kind kind, long sender, long to, Removal.Reason reason, String note,
    long at)
    implements Action {
  public static final byte TAG = 32;

  /** The receiver of a one-to-one message, whose row may show it; 0 otherwise. */
  public long peer() {
    return kind == Message.Kind.SINGLE ? to : 0;
  }

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(messageId).b((byte) kind.ordinal()).l(sender).l(to).b((byte) reason.ordinal()).s(note).l(at);
  }

  static ContentRemoved read(ActionCodec.Reader r) {
    long messageId = r.l();
    byte kind = r.b();
    if (kind < 0 || kind >= Message.Kind.values().length) {
      throw ActionCodec.corrupt("content removed: kind " + kind);
    }
    long sender = r.l();
    long to = r.l();
    byte reason = r.b();
    if (reason < 0 || reason >= Removal.Reason.values().length) {
      throw ActionCodec.corrupt("content removed: reason " + reason);
    }
    return new ContentRemoved(messageId, Message.Kind.values()[kind], sender, to, Removal.Reason.values()[reason],
        r.s(), r.l());
  }

  @Override
  public boolean reachesOtherOwners() {
    return true;
  }

  @Override
  public void apply(Applying to) {
    Removal mark = new Removal(reason, at);
    if (to.home()) {
      redact(to, mark);
      Expiry.stop(to, messageId);
    }
    if (kind == Message.Kind.GROUP && reason.vanishes() && to.owns(this.to)) {
      GroupVanishing.vanish(to, this.to, messageId);
    }
    long peer = peer();
    if (to.owns(sender)) {
      RevisionRow old = to.state().revision(messageId);
      if (old != null) {
        redactEdits(to, old, mark);
      }
      RevisionRow row = (old == null ? new RevisionRow(0, 0, null) : old).removed(at);
      to.batch().put(Spaces.REVISIONS, LogKey.of(messageId), row.encode());
      if (peer != 0) {
        tell(to, sender, peer);
      } else {
        to.event(sender, FeedRow.message(FeedRow.Type.REMOVED, peer, messageId), null);
      }
    }
    if (peer != 0 && to.owns(peer)) {
      tell(to, peer, sender);
    }
  }

  /**
   * Party {@code owner} of a one-to-one message learns of its removal: a message removed for a
   * reason that {@link Removal.Reason#vanishes vanishes} leaves its view as the owner's own delete
   * would (decision 0045; no event if the owner no longer sees it); any other reads
   * {@code removed}. A copy of it that stays in the conversation row (the last message) reads
   * {@code removed}.
   */
  private void tell(Applying to, long owner, long other) {
    if (reason.vanishes()
        && to.state().conversations().visible(owner, other, new Message(messageId, kind, sender, this.to, ""))) {
      to.event(owner, FeedRow.message(FeedRow.Type.DELETED, other, messageId), null);
      MessageDeleted.hide(to, owner, other, messageId);
      return;
    }
    // A copy a replay derives from the redacted entry: removed, whether the owner sees it or not.
    MessageRevised.reviseCopy(to, owner, other, messageId);
    if (!reason.vanishes()) {
      to.event(owner, FeedRow.message(FeedRow.Type.REMOVED, other, messageId), null);
    }
  }

  /**
   * Overwrites the message's log entry with its redacted form and deletes what its words and
   * attachments left elsewhere; nothing if the entry is redacted already.
   */
  private void redact(Applying to, Removal mark) {
    if (Ids.isImported(messageId)) {
      redactImported(to, mark);
      return;
    }
    byte[] logged = to.state().logEntry(messageId);
    Action entry = logged == null ? null : ActionCodec.decode(logged);
    if (entry == null || entry instanceof Redacted) {
      return;
    }
    Message message = ActionCodec.message(logged);
    to.batch().put(Spaces.LOG, LogKey.of(messageId), ActionCodec.encode(Redacted.of(entry, mark)));
    deletePostings(to, List.of(message.text()));
    BlobReferences.delete(to.batch(), messageId, message.extras());
  }

  /**
   * An imported message (logged by the imports' partition, as this is): its content row and the
   * {@link Imported} entry that carries it lose its text; nothing if they did already.
   */
  private void redactImported(Applying to, Removal mark) {
    byte[] key = LogKey.of(messageId);
    byte[] row = to.state().importedRow(messageId);
    if (row == null || ImportedRow.removed(row)) {
      return;
    }
    long logId = ImportedRow.logId(row);
    byte[] logged = to.state().logEntry(logId);
    if (logged != null && ActionCodec.decode(logged) instanceof Imported entry && entry.entry(messageId) != null) {
      to.batch().put(Spaces.LOG, LogKey.of(logId), ActionCodec.encode(entry.redact(messageId, mark)));
    }
    to.batch().put(Spaces.IMPORTED, key, ImportedRow.encode(logId, sender, this.to, true, ""));
    deletePostings(to, List.of(ImportedRow.decode(messageId, row).text()));
  }

  /**
   * Overwrites the entries of the edits the revision row lists (the sender's partition logs
   * them, in order with this) with their redacted forms, and deletes their words' postings.
   */
  private void redactEdits(Applying to, RevisionRow revision, Removal mark) {
    List<String> texts = new ArrayList<>();
    for (long id : revision.edits()) {
      byte[] edit = to.state().logEntry(id);
      Action a = edit == null ? null : ActionCodec.decode(edit);
      if (a instanceof MessageRevised r && !r.recall() && r.messageId() == messageId) {
        texts.add(r.text());
        to.batch().put(Spaces.LOG, LogKey.of(id), ActionCodec.encode(Redacted.of(r, mark)));
      }
    }
    deletePostings(to, texts);
  }

  private void deletePostings(Applying to, List<String> texts) {
    for (byte[] key : SearchPostings.keys(new Message(messageId, kind, sender, this.to, ""), texts)) {
      to.batch().delete(Spaces.POSTINGS, key);
    }
  }
}
