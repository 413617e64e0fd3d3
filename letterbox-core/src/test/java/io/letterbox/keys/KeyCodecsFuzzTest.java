package io.letterbox.keys;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.letterbox.model.Folder;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Every scan rests on two promises of the key codecs: a key reads back as the fields it was made
 * of, and byte order is the order the readers need (numeric, or newest first where the codec says
 * so), so a range holds exactly the keys whose fields are within it. Checked on the key families
 * that page (timelines, conversation lists, postings, the change feed, the journal, the messages
 * that attach a blob) with the
 * values ids, uids and positions take: 0 to 2^63-1.
 */
class KeyCodecsFuzzTest {
  @FuzzTest(maxDuration = "5m")
  void keysReadBackAsTheirFieldsAndSortAsTheirReadersNeed(FuzzedDataProvider data) {
    long[] a = {id(data), id(data), id(data)};
    long[] b = {id(data), data.consumeBoolean() ? a[1] : id(data), data.consumeBoolean() ? a[2] : id(data)};

    byte[] ta = TimelineKey.of(a[0], a[1], a[2]);
    assertThat(new long[] {TimelineKey.owner(ta), TimelineKey.peer(ta), TimelineKey.id(ta)}).containsExactly(a);
    assertSameOrder(ta, TimelineKey.of(a[0], b[1], b[2]), compare(a[1], b[1], a[2], b[2]));
    // [from, to): the key of the smaller id is in, the larger one's is not.
    assertThat(TimelineKey.range(a[0], a[1], Math.min(a[2], b[2]), Math.max(a[2], b[2])).contains(ta))
        .isEqualTo(a[2] < b[2]);

    Folder folder = data.pickValue(Folder.values());
    boolean pa = data.consumeBoolean();
    boolean pb = data.consumeBoolean();
    byte[] ka = ActivityKey.of(a[0], folder, pa, a[1], a[2]);
    byte[] kb = ActivityKey.of(a[0], folder, pb, b[1], b[2]);
    assertThat(List.of(ActivityKey.pinned(ka), ActivityKey.lastId(ka), ActivityKey.peer(ka))).containsExactly(pa, a[1], a[2]);
    // Pinned first, then newest activity first, then by peer.
    int listOrder = pa != pb ? (pa ? -1 : 1) : compare(b[1], a[1], a[2], b[2]);
    assertSameOrder(ka, kb, listOrder);
    assertThat(ActivityKey.folder(a[0], folder).contains(kb)).isTrue();
    assertThat(ActivityKey.folderAfter(a[0], folder, pa, a[1], a[2]).contains(kb)).isEqualTo(listOrder < 0);

    byte kind = data.pickValue(new Byte[] {PostingKey.OWNER, PostingKey.BROADCASTS, PostingKey.GROUP});
    int word = data.consumeInt();
    byte[] posting = PostingKey.of(a[0], kind, word, b[2]);
    assertThat(PostingKey.id(posting)).isEqualTo(b[2]);
    long from = Math.min(a[1], a[2]);
    long to = Math.max(a[1], a[2]);
    assertThat(PostingKey.range(a[0], kind, word, from, to).contains(posting)).isEqualTo(from <= b[2] && b[2] <= to);
    assertSameOrder(PostingKey.of(a[0], kind, word, a[2]), posting, Long.compare(a[2], b[2]));

    int day = data.consumeInt(0, Integer.MAX_VALUE);
    int oa = data.consumeInt(0, Integer.MAX_VALUE - 1);
    int ob = data.consumeInt(0, Integer.MAX_VALUE - 1);
    byte[] fa = FeedKey.of(day, a[0], a[1], oa);
    assertThat(new long[] {FeedKey.day(fa), FeedKey.seq(fa), FeedKey.ordinal(fa)}).containsExactly(day, a[1], oa);
    assertSameOrder(fa, FeedKey.of(day, a[0], b[1], ob), compare(a[1], b[1], oa, ob));
    long toSeq = Math.max(a[1], b[1]) == Long.MAX_VALUE ? Long.MAX_VALUE - 1 : Math.max(a[1], b[1]);
    assertThat(FeedKey.after(day, a[0], a[1], oa, toSeq).contains(FeedKey.of(day, a[0], b[1], ob)))
        .isEqualTo(compare(a[1], b[1], oa, ob) < 0 && b[1] <= toSeq);

    int partition = data.consumeInt(0, 0xFFFF);
    byte[] ja = JournalKey.of(partition, a[1]);
    assertThat(JournalKey.seq(ja)).isEqualTo(a[1]);
    assertThat(JournalKey.from(partition, b[1]).contains(ja)).isEqualTo(a[1] >= b[1]);

    boolean legacy = data.consumeBoolean();
    byte[] blob = Arrays.copyOf(data.consumeBytes(32), legacy ? 32 : 16);
    byte[] other = Arrays.copyOf(data.consumeBytes(32), legacy ? 32 : 16);
    byte[] ra = BlobRefKey.of(legacy, blob, a[1]);
    assertThat(BlobRefKey.message(ra)).isEqualTo(a[1]);
    assertSameOrder(ra, BlobRefKey.of(legacy, blob, b[1]), Long.compare(a[1], b[1]));
    assertThat(BlobRefKey.messages(legacy, other).contains(ra)).isEqualTo(Arrays.equals(blob, other));
    assertThat(BlobRefKey.messages(!legacy, Arrays.copyOf(blob, legacy ? 16 : 32)).contains(ra)).isFalse();
  }

  private static long id(FuzzedDataProvider data) {
    return data.consumeLong(0, Long.MAX_VALUE);
  }

  /** Compares (x1, y1) with (x2, y2). */
  private static int compare(long x1, long x2, long y1, long y2) {
    return Comparator.<long[]>comparingLong(t -> t[0]).thenComparingLong(t -> t[1])
        .compare(new long[] {x1, y1}, new long[] {x2, y2});
  }

  private static void assertSameOrder(byte[] a, byte[] b, int fieldOrder) {
    assertThat(Integer.signum(Arrays.compareUnsigned(a, b))).as("byte order").isEqualTo(Integer.signum(fieldOrder));
  }
}
