package io.letterbox.engine.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class LowPriorityTest {
  /** The nice value of the calling thread: field 19 of its {@code stat}, after the command in parentheses. */
  private static int niceOfCurrentThread() {
    try {
      String stat = Files.readString(Path.of("/proc/thread-self/stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Integer.parseInt(fields[16]); // fields from the state on: 3 is [0], so 19 is [16]
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void aThreadLoweredRunsAtNiceNineteenAndTheOthersKeepTheirs() throws Exception {
    assumeTrue(Files.exists(Path.of("/proc/thread-self/stat")), "Linux only");
    int before = niceOfCurrentThread();
    CompletableFuture<Integer> lowered = new CompletableFuture<>();
    Thread t = new Thread(() -> {
      boolean done = LowPriority.lowerCurrentThread();
      lowered.complete(done ? niceOfCurrentThread() : null);
    });
    t.start();
    t.join();
    assertThat(lowered.get()).isEqualTo(LowPriority.NICE);
    assertThat(niceOfCurrentThread()).isEqualTo(before);
  }
}
