package io.letterbox.store;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

/**
 * A small tmpfs of its own, for tests of a full disk. Mounting needs root: without it the test is
 * skipped, saying so.
 */
public final class SmallDisk implements AutoCloseable {
  private final Path path;

  private SmallDisk(Path path) {
    this.path = path;
  }

  /** Mounts a tmpfs of {@code size} (e.g. {@code 16m}) at {@code at}, created if needed; skips the test without root. */
  public static SmallDisk mount(Path at, String size) throws IOException, InterruptedException {
    Files.createDirectories(at);
    assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", at.toString()) == 0,
        "needs root to mount a small tmpfs");
    return new SmallDisk(at);
  }

  public Path path() {
    return path;
  }

  /** Writes a file until the disk has no room left. @return the file; deleting it gives the room back */
  public Path fill() throws IOException {
    Path filler = path.resolve("filler");
    ByteBuffer chunk = ByteBuffer.allocate(1 << 16);
    try (FileChannel out = FileChannel.open(filler, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      while (true) {
        chunk.clear();
        out.write(chunk);
      }
    } catch (IOException full) {
      if (!String.valueOf(full.getMessage()).toLowerCase(java.util.Locale.ROOT).contains("space")) {
        throw full;
      }
    }
    return filler;
  }

  /** Unmounts it, lazily: a store still open on it does not hold the unmount up. */
  @Override
  public void close() throws IOException, InterruptedException {
    run("umount", "-l", path.toString());
  }

  private static int run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
  }
}
