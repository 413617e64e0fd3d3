package io.letterbox.engine.feed;

import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.read.Cursors;
import java.util.Arrays;

/**
 * A place in an owner's events (decision 0010): after feed event (day, seq, ordinal) of the
 * owner's partition ({@code ordinal} {@link Integer#MAX_VALUE}: after every event of entry
 * {@code seq}), and every broadcast to the owner with an id up to {@code mark} given, as well as
 * those in {@code given} above it. {@code partitions} is the store's partition count it was made
 * for: seqs mean nothing under another.
 */
public record FeedPosition(int partitions, int day, long seq, int ordinal, long mark, long[] given) {
  /** Broadcast ids kept above the mark; past it the mark moves up to the oldest kept. */
  static final int MAX_GIVEN = 256;
  private static final char KIND = 'e';

  /** This position after feed event (day, seq, ordinal). */
  FeedPosition after(int day, long seq, int ordinal) {
    return new FeedPosition(partitions, day, seq, ordinal, mark, given);
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

  /** This position with broadcast {@code id} given and the mark at least {@code mark}. */
  FeedPosition withBroadcast(long id, long mark) {
    long floor = Math.max(this.mark, mark);
    long m = floor;
    long[] kept = Arrays.stream(given).filter(g -> g > floor).toArray();
    if (id > m) {
      kept = Arrays.copyOf(kept, kept.length + 1);
      kept[kept.length - 1] = id;
    }
    if (kept.length > MAX_GIVEN) {
      Arrays.sort(kept);
      m = kept[kept.length - MAX_GIVEN - 1];
      kept = Arrays.copyOfRange(kept, kept.length - MAX_GIVEN, kept.length);
    }
    return new FeedPosition(partitions, day, seq, ordinal, m, kept);
  }

  /** This position with the mark at least {@code mark}. */
  FeedPosition withMark(long mark) {
    if (mark <= this.mark) {
      return this;
    }
    return new FeedPosition(partitions, day, seq, ordinal, mark, Arrays.stream(given).filter(g -> g > mark).toArray());
  }

  String encode(Cursors cursors, long owner) {
    long[] longs = new long[5 + given.length];
    longs[0] = partitions;
    longs[1] = day;
    longs[2] = seq;
    longs[3] = ordinal;
    longs[4] = mark;
    System.arraycopy(given, 0, longs, 5, given.length);
    return cursors.encode(KIND, owner, 0, longs);
  }

  static FeedPosition decode(Cursors cursors, long owner, String position) {
    long[] l;
    try {
      l = cursors.decodeAny(position, KIND, owner, 0);
    } catch (LetterboxException e) {
      throw LetterboxException.invalid("position is not one this server issued for this user");
    }
    if (l.length < 5) {
      throw LetterboxException.invalid("position is not one this server issued for this user");
    }
    return new FeedPosition((int) l[0], (int) l[1], l[2], (int) l[3], l[4], Arrays.copyOfRange(l, 5, l.length));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FeedPosition p && p.partitions == partitions && p.day == day && p.seq == seq
        && p.ordinal == ordinal && p.mark == mark && Arrays.equals(p.given, given);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(partitions, day, seq, ordinal, mark, Arrays.hashCode(given));
  }

  @Override
  public String toString() {
    return "FeedPosition[" + partitions + "/" + day + "/" + seq + "/" + ordinal + ", mark " + mark + ", given "
        + Arrays.toString(given) + "]";
  }
}
