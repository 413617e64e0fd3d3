package io.letterbox.engine;

import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.id.Ids;
import io.letterbox.engine.read.Cursors;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.write.RemoveContentCommand;
import io.letterbox.engine.write.ReportCommand;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.Removal;
import io.letterbox.model.Report;
import io.letterbox.rows.ReportRow;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValue;
import io.letterbox.store.StoreReads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What the platform's moderators work from (API.md, Moderation and platform hooks): users report
 * messages they can see, the platform's services page through the reports, oldest first, and
 * take messages down (a removal of their content, decision 0042).
 */
public final class Moderation {
  /** API.md: a report's note is at most this many characters. */
  static final int MAX_NOTE = 1_000;
  private static final char REPORTS = 'r';

  private final PartitionCommands commands;
  private final StateReader state;
  private final StoreReads store;
  private final VisibleMessages visible;
  private final Cursors cursors;
  private final Peers peers;
  private final java.util.concurrent.Executor replies;

  Moderation(PartitionCommands commands, StateReader state, StoreReads store, VisibleMessages visible, Cursors cursors,
      Peers peers, java.util.concurrent.Executor replies) {
    this.commands = commands;
    this.peers = peers;
    this.replies = replies;
    this.state = state;
    this.store = store;
    this.visible = visible;
    this.cursors = cursors;
  }

  /**
   * {@code by} reports message {@code messageId}, which it must be able to see (NOT_FOUND
   * otherwise, as for a message that does not exist).
   *
   * @param note what the reporter adds, or null
   * @return the report's id, once it is durable
   */
  public CompletableFuture<Long> report(long by, long messageId, Report.Reason reason, String note) {
    Validate.uid("uid", by);
    Validate.messageId(messageId);
    if (reason == null) {
      throw LetterboxException.invalid("reason must be spam, abuse or other");
    }
    String kept = note("note", note);
    commands.requireHosted(by);
    if (visible.find(by, messageId).isEmpty()) {
      throw LetterboxException.notFound("no message %d for user %d", messageId, by);
    }
    return commands.submit(by, new ReportCommand(by, messageId, reason, kept));
  }

  /**
   * Removes message {@code messageId}'s content for {@code reason} (decision 0042): every party
   * then reads it {@code removed}, with no text, payload or attachments, whatever its age and
   * kind; search no longer finds it, and its content goes from the store's files with their next
   * compaction. Removing it again answers the same.
   *
   * @param note why, in the words of who asked (a moderator's reason), or null
   * @return the message as removed, once every partition it reaches applied the removal (or
   *     deliveryWait passed); fails with NOT_FOUND for no such message
   */
  public CompletableFuture<Message> remove(long messageId, Removal.Reason reason, String note) {
    Validate.messageId(messageId);
    if (reason == null) {
      throw LetterboxException.invalid("a removal needs a reason");
    }
    String kept = note("reason", note);
    Message m = state.message(messageId);
    if (m == null) {
      throw LetterboxException.notFound("no message %d", messageId);
    }
    long owner = m.kind() == Message.Kind.GROUP ? m.to() : m.from();
    // Imported history is logged, and so redacted, by the imports' partition.
    int home = Ids.isImported(messageId) ? Partitioning.IMPORTS : commands.partitioning().of(owner);
    return commands.afterDelivery(home, commands.submitTo(home, new RemoveContentCommand(messageId, reason, kept)),
        Long::longValue).thenApplyAsync(done -> {
          // Other nodes drop what they cached of it, and tell a group's members connected there.
          peers.published(owner, messageId);
          state.removed(messageId);
          return state.message(messageId);
        }, replies);
  }

  /** A service takes message {@code messageId} down (API.md, Takedown): {@link #remove} for {@code takedown}. */
  public CompletableFuture<Message> takeDown(long messageId, String note) {
    return remove(messageId, Removal.Reason.TAKEDOWN, note);
  }

  /** @return a person's words ({@code field} in the API) as kept: null for none; at most {@link #MAX_NOTE} characters */
  private static String note(String field, String words) {
    String kept = words == null || words.isEmpty() ? null : words;
    if (kept != null && kept.codePointCount(0, kept.length()) > MAX_NOTE) {
      throw LetterboxException.invalid("%s must be at most %d characters", field, MAX_NOTE);
    }
    return kept;
  }

  /** The reports of every user, oldest first, each with its message as it is now. */
  public Page<Report> reports(String cursor, int limit) {
    Validate.limit(limit);
    long after = cursor == null ? 0 : cursors.decode(cursor, REPORTS, 0, 0, 1)[0];
    List<KeyValue> rows = store.scan(Spaces.REPORTS, new KeyRange(LogKey.of(after + 1), null), false, limit + 1);
    boolean more = rows.size() > limit;
    List<KeyValue> shown = more ? rows.subList(0, limit) : rows;
    List<ReportRow> decoded = new ArrayList<>(shown.size());
    List<Long> messageIds = new ArrayList<>(shown.size());
    for (KeyValue kv : shown) {
      ReportRow row = ReportRow.decode(kv.value());
      decoded.add(row);
      messageIds.add(row.messageId());
    }
    List<Message> messages = state.messages(messageIds);
    List<Report> items = new ArrayList<>(shown.size());
    for (int i = 0; i < shown.size(); i++) {
      ReportRow row = decoded.get(i);
      items.add(new Report(LogKey.id(shown.get(i).key()), row.by(), messages.get(i), row.reason(), row.note(),
          row.createdAt()));
    }
    String next = more ? cursors.encode(REPORTS, 0, 0, items.get(items.size() - 1).id()) : null;
    return new Page<>(items, next);
  }
}
