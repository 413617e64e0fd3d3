package io.letterbox.engine.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.letterbox.engine.partition.Partitioning;
import io.letterbox.keys.Spaces;
import io.letterbox.store.MemoryStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class SearchIndexerThreadsTest {
  /** The nice values of this process's threads named {@code letterbox-index…} (Linux keeps 15 characters of a name). */
  private static List<Integer> indexerNiceValues() {
    List<Integer> nice = new ArrayList<>();
    try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
      for (Path task : tasks.toList()) {
        try {
          String stat = Files.readString(task.resolve("stat"));
          String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          if (name.equals("letterbox-index")) {
            nice.add(Integer.parseInt(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16]));
          }
        } catch (IOException | StringIndexOutOfBoundsException gone) {
          // the thread ended while listed
        }
      }
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return nice;
  }

  private static int niceOfCurrentThread() {
    try {
      String stat = Files.readString(Path.of("/proc/thread-self/stat"));
      return Integer.parseInt(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[16]);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void theAnalyserRunsAtNiceNineteenWhileTheLoaderKeepsTheEnginesPriority() {
    assumeTrue(Files.exists(Path.of("/proc/self/task")), "Linux only");
    assumeTrue(indexerNiceValues().isEmpty(), "no other indexer in this JVM");
    try (SearchIndexer indexer = new SearchIndexer(new MemoryStore(Spaces.ALL), new Partitioning(1), p -> 0)) {
      // Waited for as a condition: until the analyser has lowered itself, and past the moments a
      // thread it starts (the JDK's process reaper, for renice) still bears its name and nice value.
      List<Integer> expected = Stream.of(LowPriority.NICE, niceOfCurrentThread()).sorted().toList();
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
      while (!indexerNiceValues().stream().sorted().toList().equals(expected) && System.nanoTime() < deadline) {
        LockSupport.parkNanos(10_000_000L);
      }

      assertThat(indexerNiceValues()).containsExactlyInAnyOrder(LowPriority.NICE, niceOfCurrentThread());
    }
  }
}
