package io.letterbox.server.support;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A test of the server in a child process on a fresh directory ({@link ChildServer}), killed after the test. */
public abstract class ChildServerTestBase {
  @TempDir
  protected Path dir;
  protected ChildServer server;

  @BeforeEach
  void newServer() throws IOException {
    server = new ChildServer(dir);
  }

  @AfterEach
  void killChild() {
    server.close();
  }
}
