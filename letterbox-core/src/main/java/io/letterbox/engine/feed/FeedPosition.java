package io.letterbox.engine.feed;

import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.read.Cursors;
import io.letterbox.id.Ids;
import java.util.Arrays;

/**
 * A place in an owner's events (decision 0010): after feed event (day, seq, ordinal) of the
 * owner's partition ({@code ordinal} {@link Integer#MAX_VALUE}: after every event of entry
 * {@code seq}); every broadcast to the owner with an id up to {@code mark} given, as well as
 * those in {@code given} above it; every revision of a broadcast made at or before the mark's
 * time given, as well as those in {@code revised} after it (pairs of broadcast id and revision
 * time). {@code partitions} is the store's partition count it was made for: seqs mean nothing
 * under another.
 */
public record FeedPosition(int partitions, int day, long seq, int ordinal, long mark, long[] given, long[] revised) {
  /** Broadcast ids kept above the mark; past it the mark moves up to the oldest kept. */
  static final int MAX_GIVEN = 256;
  /** Revisions kept after the mark's time; past it the oldest are dropped (and may be given again). */
  static final int MAX_REVISED = 64;
  private static final char KIND = 'e';

  FeedPosition(int partitions, int day, long seq, int ordinal, long mark) {
    this(partitions, day, seq, ordinal, mark, new long[0], new long[0]);
  }

  /** This position after feed event (day, seq, ordinal). */
  FeedPosition after(int day, long seq, int ordinal) {
    return new FeedPosition(partitions, day, seq, ordinal, mark, given, revised);
  }

  /** Whether feed event (seq, ordinal) is at or before this position. */
  boolean covers(long seq, int ordinal) {
    return seq < this.seq || (seq == this.seq && ordinal <= this.ordinal);
  }

  /** Whether broadcast {@code id} was given. */
  boolean gave(long id) {
    if (id <= mark) {
      return true;
    }
    for (long g : given) {
      if (g == id) {
        return true;
      }
    }
    return false;
  }

  /** Whether the revision of broadcast {@code id} made at {@code at} (epoch milliseconds) was given. */
  boolean gaveRevision(long id, long at) {
    if (at <= Ids.epochMillis(mark)) {
      return true;
    }
    for (int i = 0; i < revised.length; i += 2) {
      if (revised[i] == id && revised[i + 1] == at) {
        return true;
      }
    }
    return false;
  }

  /** The smallest id a broadcast revised after this position's mark can have, for revisions up to {@code horizon} after sending. */
  long revisableFrom(long horizonMillis) {
    return revisableAfter(mark, horizonMillis);
  }

  /** The smallest id a broadcast revised after mark {@code mark} can have, for revisions up to {@code horizon} after sending. */
  static long revisableAfter(long mark, long horizonMillis) {
    return Ids.firstIdAt(Math.max(Ids.EPOCH, Ids.epochMillis(mark) - horizonMillis));
  }

  /** This position with broadcast {@code id} given and the mark at least {@code mark}. */
  FeedPosition withBroadcast(long id, long mark) {
    FeedPosition p = withMark(mark);
    if (id <= p.mark) {
      return p;
    }
    long[] kept = Arrays.copyOf(p.given, p.given.length + 1);
    kept[kept.length - 1] = id;
    long m = p.mark;
    if (kept.length > MAX_GIVEN) {
      Arrays.sort(kept);
      m = kept[kept.length - MAX_GIVEN - 1];
      kept = Arrays.copyOfRange(kept, kept.length - MAX_GIVEN, kept.length);
    }
    return new FeedPosition(partitions, day, seq, ordinal, p.mark, kept, p.revised).withMark(m);
  }

  /**
   * This position with the revision of broadcast {@code id} made at {@code at} given: the mark
   * moves up to its time if that is at most {@code mark}, else it is kept.
   */
  FeedPosition withRevision(long id, long at, long mark) {
    long last = Ids.firstIdAt(at + 1) - 1;
    return last <= mark ? withMark(last) : keepingRevision(id, at);
  }

  /** This position with the revision of broadcast {@code id} made at {@code at} given, the mark unmoved. */
  FeedPosition keepingRevision(long id, long at) {
    if (gaveRevision(id, at)) {
      return this;
    }
    long[] kept = Arrays.copyOf(revised, revised.length + 2);
    kept[kept.length - 2] = id;
    kept[kept.length - 1] = at;
    if (kept.length > 2 * MAX_REVISED) {
      kept = Arrays.copyOfRange(kept, 2, kept.length);
    }
    return new FeedPosition(partitions, day, seq, ordinal, mark, given, kept);
  }

  /** This position with the mark at least {@code mark}: what it covers is dropped from the lists. */
  FeedPosition withMark(long mark) {
    if (mark <= this.mark) {
      return this;
    }
    long time = Ids.epochMillis(mark);
    long[] kept = new long[revised.length];
    int n = 0;
    for (int i = 0; i < revised.length; i += 2) {
      if (revised[i + 1] > time) {
        kept[n++] = revised[i];
        kept[n++] = revised[i + 1];
      }
    }
    return new FeedPosition(partitions, day, seq, ordinal, mark, Arrays.stream(given).filter(g -> g > mark).toArray(),
        Arrays.copyOf(kept, n));
  }

  /** Encoded as longs: the five fields, then given ids, then each revision as its negated id and its time. */
  String encode(Cursors cursors, long owner) {
    long[] longs = new long[5 + given.length + revised.length];
    longs[0] = partitions;
    longs[1] = day;
    longs[2] = seq;
    longs[3] = ordinal;
    longs[4] = mark;
    System.arraycopy(given, 0, longs, 5, given.length);
    for (int i = 0; i < revised.length; i += 2) {
      longs[5 + given.length + i] = -revised[i];
      longs[5 + given.length + i + 1] = revised[i + 1];
    }
    return cursors.encode(KIND, owner, 0, longs);
  }

  static FeedPosition decode(Cursors cursors, long owner, String position) {
    long[] l;
    try {
      l = cursors.decodeAny(position, KIND, owner, 0);
    } catch (LetterboxException e) {
      throw notIssued();
    }
    if (l.length < 5) {
      throw notIssued();
    }
    int g = 5;
    while (g < l.length && l[g] > 0) {
      g++;
    }
    if ((l.length - g) % 2 != 0) {
      throw notIssued();
    }
    long[] revised = new long[l.length - g];
    for (int i = 0; i < revised.length; i += 2) {
      revised[i] = -l[g + i];
      revised[i + 1] = l[g + i + 1];
    }
    return new FeedPosition((int) l[0], (int) l[1], l[2], (int) l[3], l[4], Arrays.copyOfRange(l, 5, g), revised);
  }

  private static LetterboxException notIssued() {
    return LetterboxException.invalid("position is not one this server issued for this user");
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FeedPosition p && p.partitions == partitions && p.day == day && p.seq == seq
        && p.ordinal == ordinal && p.mark == mark && Arrays.equals(p.given, given) && Arrays.equals(p.revised, revised);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(partitions, day, seq, ordinal, mark, Arrays.hashCode(given), Arrays.hashCode(revised));
  }

  @Override
  public String toString() {
    return "FeedPosition[" + partitions + "/" + day + "/" + seq + "/" + ordinal + ", mark " + mark + ", given "
        + Arrays.toString(given) + ", revised " + Arrays.toString(revised) + "]";
  }
}
