package io.letterbox.server.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's configuration table is the declarations of {@link ServerSettings} rendered: a
 * setting missing from it, one it lists that does not exist, or a default or meaning that differs
 * fails here, with the table to paste.
 */
class ReadmeSettingsTableTest {
  private static final Path README = Path.of("..", "README.md");

  @Test
  void theReadmeConfigurationTableIsTheDeclaredSettingsRendered() throws Exception {
    List<String> readme = Files.readAllLines(README);
    int start = readme.indexOf(SettingsTable.HEADING.get(0));
    assertThat(start).as("README.md has a configuration table headed %s", SettingsTable.HEADING.get(0))
        .isNotNegative();
    int end = start;
    while (end < readme.size() && readme.get(end).startsWith("|")) {
      end++;
    }
    List<String> expected = SettingsTable.lines();

    assertThat(readme.subList(start, end))
        .as("README.md's configuration table; rendered from ServerSettings it reads:%n%s", String.join("\n", expected))
        .containsExactlyElementsOf(expected);
  }
}
