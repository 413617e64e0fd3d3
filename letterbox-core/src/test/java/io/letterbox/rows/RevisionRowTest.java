package io.letterbox.rows;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RevisionRowTest {
  @Test
  void aRowReadsBackWithTheTimesOfItsRecallAndEdit() {
    RevisionRow edited = new RevisionRow(0, 1_700_000_000_000L, "编辑后 edited");
    RevisionRow recalled = new RevisionRow(1_700_000_060_000L, 1_700_000_000_000L, "编辑后 edited");

    assertThat(RevisionRow.decode(edited.encode())).isEqualTo(edited);
    assertThat(RevisionRow.decode(recalled.encode())).isEqualTo(recalled);
    assertThat(recalled.recalled()).isTrue();
    assertThat(recalled.revisedAt()).isEqualTo(1_700_000_060_000L);
    assertThat(edited.recalled()).isFalse();
  }

  @Test
  void aRecalledRowWrittenBeforeRecallTimesWereKeptReadsAsRecalledLongAgo() {
    byte[] old = new byte[9];
    old[0] = 1;

    RevisionRow row = RevisionRow.decode(old);

    assertThat(row.recalled()).isTrue();
    assertThat(row.revisedAt()).isLessThan(1_000L);
    assertThat(row.text()).isNull();
  }

  @Test
  void aRowKeepsItsEditsLogIdsAndARemovalDropsThemWithTheText() {
    RevisionRow edited = new RevisionRow(0, 0, null).withEdit(41, "第一 first", 1_700_000_000_000L)
        .withEdit(42, "second", 1_700_000_000_001L);
    RevisionRow removed = new RevisionRow(1_700_000_000_002L, 0, null).withEdit(43, "x", 1_700_000_000_003L)
        .removed(1_700_000_000_004L);

    assertThat(RevisionRow.decode(edited.encode())).isEqualTo(edited);
    assertThat(edited.edits()).containsExactly(41L, 42L);
    assertThat(edited.text()).isEqualTo("second");
    assertThat(RevisionRow.decode(removed.encode())).isEqualTo(removed);
    assertThat(removed.removed()).isTrue();
    assertThat(removed.recalledAt()).isEqualTo(1_700_000_000_002L);
    assertThat(removed.text()).isNull();
    assertThat(removed.edits()).isEmpty();
    assertThat(removed.revisedAt()).isEqualTo(1_700_000_000_004L);
    assertThat(removed.eventType()).isEqualTo(FeedRow.Type.REMOVED);
  }
}
