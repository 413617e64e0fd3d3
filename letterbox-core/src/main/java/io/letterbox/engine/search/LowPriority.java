package io.letterbox.engine.search;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lowers the calling thread's CPU priority to the lowest (nice 19), so that it runs on what the
 * other threads leave. On Linux a thread has a nice value of its own: the thread's id is read from
 * {@code /proc/thread-self} and handed to {@code renice}, which any user may run to lower a
 * priority (raising it back needs privileges, so it is not done). Elsewhere, or where that
 * fails, the thread keeps its priority and says so in the log.
 */
final class LowPriority {
  private static final Logger log = LoggerFactory.getLogger(LowPriority.class);
  static final int NICE = 19;

  private LowPriority() {}

  /** @return whether the calling thread now runs at nice {@value #NICE} */
  static boolean lowerCurrentThread() {
    String why;
    try {
      Path self = Files.readSymbolicLink(Path.of("/proc/thread-self")); // "<pid>/task/<tid>"
      String tid = self.getFileName().toString();
      Process renice = new ProcessBuilder("renice", "-n", Integer.toString(NICE), "-p", tid)
          .redirectErrorStream(true).start();
      String output = new String(renice.getInputStream().readAllBytes()).trim();
      if (renice.waitFor(10, TimeUnit.SECONDS) && renice.exitValue() == 0) {
        return true;
      }
      why = "renice answered " + output;
    } catch (IOException | UnsupportedOperationException e) {
      why = e.toString();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      why = "interrupted";
    }
    log.info("{} keeps its CPU priority ({}): it competes with the writers for the CPU",
        Thread.currentThread().getName(), why);
    return false;
  }
}
