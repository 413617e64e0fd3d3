package io.letterbox.rows;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * A partition's journal is read at every start: any bytes either decode to an entry that encodes
 * back to the same bytes, or are refused as a corrupt entry before anything is allocated for them.
 */
class JournalEntryFuzzTest {
  @FuzzTest(maxDuration = "5m")
  void anyBytesDecodeToAnEntryThatEncodesTheSameOrAreRefusedAsCorrupt(byte[] bytes) {
    JournalEntry entry;
    try {
      entry = JournalEntry.decode(bytes);
    } catch (IllegalStateException refused) {
      assertThat(refused.getMessage()).startsWith("corrupt journal entry");
      return;
    }
    // An entry of day 0 written with its 4 day bytes reads as one without them.
    byte[] canonical = entry.encode();
    assertThat(JournalEntry.decode(canonical).encode()).isEqualTo(canonical);
    if (entry.day() != 0) {
      assertThat(canonical).isEqualTo(bytes);
    }
  }
}
