package io.letterbox.engine.apply;

import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.TimelineKey;
import io.letterbox.model.Removal;
import io.letterbox.rows.ImportedRow;
import io.letterbox.rows.TimelineFlags;
import java.util.ArrayList;
import java.util.List;

/**
 * One-to-one messages of an older system were imported, each at an id of its original time: a
 * content row each (they have no log entry of their own; the row names this entry's log id) and a
 * row in each party's timeline. They never count as unread. The action itself is logged at a new
 * id like every other, so the log stays in order.
 *
 * <p>A message whose content was removed (decision 0042) is redacted inside this entry: the entry
 * is rewritten with that message's text empty and the removal's mark ({@link #redact}), written
 * with {@link #REDACTED_TAG}; an entry with no removed message is written as it always was.
 */
public record Imported(List<Entry> messages) implements Action {
  public static final byte TAG = 2;
  /** An entry some of whose messages were removed: each message then carries its mark or none. */
  static final byte REDACTED_TAG = 40;
  /** Three longs and a text's length. */
  private static final int ENTRY_MIN_BYTES = 28;

  public Imported {
    messages = List.copyOf(messages);
  }

  /** @param removed the removal of its content, or null */
  public record Entry(long id, long from, long to, String text, Removal removed) {
    public Entry(long id, long from, long to, String text) {
      this(id, from, to, text, null);
    }
  }

  /** This entry with message {@code id}'s text gone and {@code mark} on it; the same if it carries no such message. */
  public Imported redact(long id, Removal mark) {
    List<Entry> redacted = new ArrayList<>(messages.size());
    for (Entry e : messages) {
      redacted.add(e.id() == id && e.removed() == null ? new Entry(e.id(), e.from(), e.to(), "", mark) : e);
    }
    return new Imported(redacted);
  }

  /** @return the message with id {@code id} this entry carries, or null */
  public Entry entry(long id) {
    for (Entry e : messages) {
      if (e.id() == id) {
        return e;
      }
    }
    return null;
  }

  private boolean anyRemoved() {
    for (Entry e : messages) {
      if (e.removed() != null) {
        return true;
      }
    }
    return false;
  }

  @Override
  public byte tag() {
    return anyRemoved() ? REDACTED_TAG : TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    boolean marked = anyRemoved();
    w.i(messages.size());
    for (Entry e : messages) {
      w.l(e.id()).l(e.from()).l(e.to()).s(e.text());
      if (marked) {
        Removal m = e.removed();
        w.b((byte) (m == null ? 0 : m.reason().ordinal() + 1)).l(m == null ? 0 : m.at());
      }
    }
  }

  static Imported read(ActionCodec.Reader r, boolean marked) {
    int n = r.count(ENTRY_MIN_BYTES);
    List<Entry> entries = new ArrayList<>(n);
    for (int k = 0; k < n; k++) {
      long id = r.l();
      long from = r.l();
      long to = r.l();
      String text = r.s();
      entries.add(new Entry(id, from, to, text, marked ? mark(r) : null));
    }
    return new Imported(entries);
  }

  private static Removal mark(ActionCodec.Reader r) {
    byte reason = r.b();
    long at = r.l();
    if (reason < 0 || reason > Removal.Reason.values().length) {
      throw ActionCodec.corrupt("imported: removal " + reason);
    }
    return reason == 0 ? null : new Removal(Removal.Reason.values()[reason - 1], at);
  }

  @Override
  public boolean reachesOtherOwners() {
    return true;
  }

  @Override
  public void readAhead(java.util.function.BiConsumer<io.letterbox.store.Space, byte[]> want) {
    for (Entry i : messages) {
      readAhead(i.from(), i.to(), want);
    }
  }

  /** The keys applying one imported message reads: those of a send between the same parties. */
  public static void readAhead(long from, long to, java.util.function.BiConsumer<io.letterbox.store.Space, byte[]> want) {
    Sent.readAhead(from, to, want);
  }

  @Override
  public void apply(Applying to) {
    for (Entry i : messages) {
      if (to.home()) {
        to.batch().put(Spaces.IMPORTED, LogKey.of(i.id()),
            ImportedRow.encode(to.id(), i.from(), i.to(), i.removed() != null, i.text()));
      }
      if (to.owns(i.from())) {
        to.batch().put(Spaces.CONVERSATION, TimelineKey.of(i.from(), i.to(), i.id()), TimelineFlags.of(true, true));
        ConversationRows.arrived(to, i.from(), i.to(), i.id(), i.from(), i.text(), null, 0, false, false);
      }
      if (to.owns(i.to())) {
        to.batch().put(Spaces.CONVERSATION, TimelineKey.of(i.to(), i.from(), i.id()), TimelineFlags.of(false, true));
        ConversationRows.arrived(to, i.to(), i.from(), i.id(), i.from(), i.text(), null, 0, false, false);
      }
    }
  }
}
