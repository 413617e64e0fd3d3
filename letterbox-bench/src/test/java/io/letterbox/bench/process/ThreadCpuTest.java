package io.letterbox.bench.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadCpuTest {
  private static final long PID = 4242;

  @TempDir
  Path proc;

  @Test
  void utimeAndStimeAreReadAfterTheNameEvenWhenTheNameHoldsSpacesAndParentheses() {
    String stat = "4250 (x) 2 3 (y) S 1 4242 4242 0 -1 4194368 120 0 0 0 731 269 0 0 20 0 61 0 1234 0 0";
    assertThat(ThreadCpu.ticks(stat)).isEqualTo(731 + 269);
  }

  @Test
  void eachThreadsPartOfTheProcessCpuIsItsTicksOverTheRunBusiestFirst() throws Exception {
    thread(4243, "vert.x-eventloo", 100, 50);
    thread(4244, "letterbox-engin", 10, 0);
    ThreadCpu before = ThreadCpu.read(proc, PID).orElseThrow();

    thread(4243, "vert.x-eventloo", 400, 150);   // +400
    thread(4244, "letterbox-engin", 60, 50);     // +100
    thread(4245, "rocksdb:low", 300, 200);       // started since: +500
    ThreadCpu after = ThreadCpu.read(proc, PID).orElseThrow();

    List<ThreadCpu.Share> shares = after.sharesSince(before);
    assertThat(shares).extracting(ThreadCpu.Share::name)
        .containsExactly("rocksdb:low", "vert.x-eventloo", "letterbox-engin");
    assertThat(shares).extracting(ThreadCpu.Share::ticks).containsExactly(500L, 400L, 100L);
    assertThat(shares.get(0).share()).isCloseTo(0.5, within(1e-9));
    assertThat(shares.get(1).share()).isCloseTo(0.4, within(1e-9));
  }

  @Test
  void aProcessThatIsNotThereGivesNoReading() {
    assertThat(ThreadCpu.read(proc, 1)).isEmpty();
  }

  private void thread(long tid, String name, long utime, long stime) throws Exception {
    Path task = Files.createDirectories(proc.resolve(Long.toString(PID)).resolve("task").resolve(Long.toString(tid)));
    Files.writeString(task.resolve("comm"), name + "\n");
    Files.writeString(task.resolve("stat"), tid + " (" + name + ") S 1 " + PID + " " + PID
        + " 0 -1 4194368 120 0 0 0 " + utime + " " + stime + " 0 0 20 0 61 0 1234 0 0\n");
  }
}
