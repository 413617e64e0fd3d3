package io.letterbox.server;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version Maven wrote into {@code version.properties} at build time. */
public final class Version implements IVersionProvider {
  public static String get() {
    Properties p = new Properties();
    try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // fall through to "unknown": a version string is not worth failing over
    }
    return p.getProperty("version", "unknown");
  }

  @Override
  public String[] getVersion() {
    return new String[] {"letterbox " + get()};
  }
}
