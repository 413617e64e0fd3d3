package io.letterbox.engine.read;

import io.letterbox.model.Message;
import io.letterbox.model.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Pages one conversation newest first: the owner's one-to-one rows (a reverse range scan below the
 * cursor and above the watermarks, minus the owner's tombstones) merged with the peer's
 * broadcasts that reached the owner, then the contents by id. The cursor is the last id shown, so
 * messages that arrive meanwhile never shift a page.
 */
public final class HistoryReader {
  static final char KIND = 'h';

  private final StateReader state;
  private final Cursors cursors;

  public HistoryReader(StateReader state, Cursors cursors) {
    this.state = state;
    this.cursors = cursors;
  }

  public Page<Message> page(long owner, long peer, String cursor, int limit) {
    long before = cursor == null ? Long.MAX_VALUE : cursors.decode(cursor, KIND, owner, peer, 1)[0];
    long watermark = state.conversations().watermark(owner, peer);
    List<Long> ids = new ArrayList<>(limit + 1);
    long upper = before;
    while (ids.size() <= limit && upper > watermark + 1) {
      int want = limit + 1 - ids.size();
      List<Long> rows = state.conversations().timeline(owner, peer, watermark + 1, upper, want);
      if (rows.isEmpty()) {
        break;
      }
      long lowest = rows.get(rows.size() - 1);
      Set<Long> hidden = state.conversations().hiddenIds(owner, peer, lowest, upper);
      for (long id : rows) {
        if (!hidden.contains(id)) {
          ids.add(id);
        }
      }
      if (rows.size() < want) {
        break;
      }
      upper = lowest;
    }
    long floor = watermark;
    List<Long> broadcasts =
        state.broadcasts().reaching(peer, owner, floor, before, limit + 1, id -> state.conversations().hidden(owner, peer, id));
    // A blocked peer's broadcasts are not shown to the owner. Asked only when there are some: most
    // peers never broadcast, and the conversation row's read was 6 % of a page's CPU.
    if (!broadcasts.isEmpty() && !state.conversations().blocked(owner, peer)) {
      ids = merge(ids, broadcasts, limit + 1);
    }
    boolean more = ids.size() > limit;
    List<Long> shown = more ? ids.subList(0, limit) : ids;
    List<Message> messages = state.messages(shown);
    String next = more ? cursors.encode(KIND, owner, peer, shown.get(shown.size() - 1)) : null;
    messages.removeIf(java.util.Objects::isNull);
    return new Page<>(List.copyOf(messages), next);
  }

  /** Merges two newest-first id lists, keeping the first {@code max}. */
  private static List<Long> merge(List<Long> a, List<Long> b, int max) {
    List<Long> out = new ArrayList<>(Math.min(max, a.size() + b.size()));
    int i = 0;
    int j = 0;
    while (out.size() < max && (i < a.size() || j < b.size())) {
      if (j >= b.size() || (i < a.size() && a.get(i) > b.get(j))) {
        out.add(a.get(i++));
      } else {
        out.add(b.get(j++));
      }
    }
    return out;
  }
}
