package io.letterbox.bench.wrk;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.letterbox.bench.workload.Texts;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The Lua scripts wrk runs, packaged in the jar under {@code /wrk/}: each operation's file is
 * {@code common.lua} (settings from the environment, pacing, failure counts, the JSON summary)
 * followed by the operation's own {@code request()}, written as one file for wrk's {@code -s}.
 */
public final class WrkScripts {
  private static final ObjectMapper JSON = new ObjectMapper();
  private WrkScripts() {}

  /** Writes {@code <dir>/<operation>.lua} and returns its path. */
  public static Path write(Path dir, WrkOperation operation) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(operation.script() + ".lua");
    Files.writeString(file, resource("common.lua") + "\n" + resource(operation.script() + ".lua"));
    return file;
  }

  /**
   * Writes {@code <dir>/texts.txt}: {@code count} message texts of the other scenarios' model
   * ({@link Texts}: real words by corpus frequency, realistic lengths), each a JSON string literal
   * on its own line, for the scripts that send (env {@code LB_TEXTS}). Texts number {@code
   * first} on, so that they are not the seeded history's.
   */
  public static Path writeTexts(Path dir, long first, int count) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve("texts.txt");
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int i = 0; i < count; i++) {
        out.write(JSON.writeValueAsString(Texts.at(first + i)));
        out.write('\n');
      }
    }
    return file;
  }

  /**
   * Writes {@code <dir>/tokens.txt}: a token for each of {@code users} uids from {@code base}, line
   * i for uid base + i, for requests that act as their users (env {@code LB_TOKENS}).
   */
  public static Path writeTokens(Path dir, UserTokenMint mint, long base, int users) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve("tokens.txt");
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
      for (int i = 0; i < users; i++) {
        out.write(mint.issue(base + i));
        out.write('\n');
      }
    }
    return file;
  }

  static String resource(String name) {
    try (InputStream in = WrkScripts.class.getResourceAsStream("/wrk/" + name)) {
      if (in == null) {
        throw new IllegalStateException("the jar has no /wrk/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
