package io.letterbox.bench.process;

import io.letterbox.bench.targets.Unavailable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the programs a server baseline runs. The bench installs nothing: a missing program makes
 * the baseline unavailable (skipped, with the reason), and the reason names the script that
 * installs it, {@value #PROVISION}.
 */
public final class Programs {
  /** The script that installs every server baseline's programs. */
  public static final String PROVISION = "letterbox-bench/provision-baselines";
  private static final List<String> DIRS = List.of("/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin", "/sbin", "/bin");

  private Programs() {}

  /** @return the first of {@code programs} found; unavailable, naming the script to run, if none is */
  public static Path require(String... programs) throws Unavailable {
    Path found = find(programs);
    if (found == null) {
      throw new Unavailable(String.join("/", programs) + " not found: run " + PROVISION + " (as root)");
    }
    return found;
  }

  /** @return the program's path in the usual directories or on PATH, or null */
  public static Path find(String... programs) {
    List<String> dirs = new ArrayList<>(DIRS);
    String path = System.getenv("PATH");
    if (path != null) {
      dirs.addAll(List.of(path.split(":")));
    }
    for (String program : programs) {
      for (String dir : dirs) {
        Path p = Path.of(dir, program);
        if (Files.isExecutable(p)) {
          return p;
        }
      }
    }
    return null;
  }
}
