package io.letterbox.server.config;

import java.util.ArrayList;
import java.util.List;

/** The README's configuration table, rendered from the declarations of {@link ServerSettings}. */
public final class SettingsTable {
  /** The table's heading and the line under it. */
  public static final List<String> HEADING = List.of("| key | default | meaning |", "|---|---|---|");

  private SettingsTable() {}

  /** The table in Markdown, heading first, one line per setting in declaration order. */
  public static List<String> lines() {
    List<String> lines = new ArrayList<>(HEADING);
    for (Setting<?> s : ServerSettings.all()) {
      String shown = s.defaultIsLiteral() ? "`" + s.shownDefault() + "`" : s.shownDefault();
      lines.add("| `" + s.key() + "` | " + shown + " | " + s.meaning() + " |");
    }
    return lines;
  }
}
