package io.letterbox.engine.apply;

import io.letterbox.keys.LogKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.TimelineKey;
import io.letterbox.rows.ImportedRow;
import io.letterbox.rows.TimelineFlags;
import java.util.ArrayList;
import java.util.List;

/**
 * One-to-one messages of an older system were imported, each at an id of its original time: a
 * content row each (they have no log entry of their own) and a row in each party's timeline.
 * They never count as unread. The action itself is logged at a new id like every other, so the
 * log stays in order.
 */
public record Imported(List<Entry> messages) implements Action {
  static final byte TAG = 2;
  /** Three longs and a text's length. */
  private static final int ENTRY_MIN_BYTES = 28;

  public Imported {
    messages = List.copyOf(messages);
  }

  public record Entry(long id, long from, long to, String text) {}

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.i(messages.size());
    for (Entry e : messages) {
      w.l(e.id()).l(e.from()).l(e.to()).s(e.text());
    }
  }

  static Imported read(ActionCodec.Reader r) {
    int n = r.count(ENTRY_MIN_BYTES);
    List<Entry> entries = new ArrayList<>(n);
    for (int k = 0; k < n; k++) {
      entries.add(new Entry(r.l(), r.l(), r.l(), r.s()));
    }
    return new Imported(entries);
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
        to.batch().put(Spaces.IMPORTED, LogKey.of(i.id()), ImportedRow.encode(i.from(), i.to(), i.text()));
      }
      if (to.owns(i.from())) {
        to.batch().put(Spaces.CONVERSATION, TimelineKey.of(i.from(), i.to(), i.id()), TimelineFlags.of(true, true));
        ConversationRows.arrived(to, i.from(), i.to(), i.id(), i.from(), i.text(), null, false, false);
      }
      if (to.owns(i.to())) {
        to.batch().put(Spaces.CONVERSATION, TimelineKey.of(i.to(), i.from(), i.id()), TimelineFlags.of(false, true));
        ConversationRows.arrived(to, i.to(), i.from(), i.id(), i.from(), i.text(), null, false, false);
      }
    }
  }
}
