package io.letterbox.server.cli;

import io.letterbox.server.config.ServerSettings;
import io.letterbox.server.config.Setting;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Writes a command's help from the declarations of {@link ServerSettings}: a flag named after a
 * setting ({@code --port} for {@code port}) gets that setting's meaning and default, and the help
 * ends with every setting of the {@code --config} file.
 */
public final class SettingsHelp implements IModelTransformer {
  /** Picocli wraps its help at 80 columns. */
  private static final int WIDTH = 79;
  private static final String INDENT = "      ";

  @Override
  public CommandSpec transform(CommandSpec command) {
    Map<String, Setting<?>> byKey = ServerSettings.all().stream()
        .collect(Collectors.toMap(Setting::key, Function.identity()));
    for (OptionSpec option : List.copyOf(command.options())) {
      Setting<?> setting = byKey.get(option.longestName().replaceFirst("^--", ""));
      if (setting != null) {
        command.remove(option);
        command.addOption(option.toBuilder()
            .description(escaped(plain(setting.meaning()) + " (default: " + setting.shownDefault() + ")")).build());
      }
    }
    command.usageMessage().footerHeading("%nSettings of the --config file (key = default), each overridden by its flag:%n");
    command.usageMessage().footer(footer().toArray(String[]::new));
    return command;
  }

  private static List<String> footer() {
    List<String> lines = new ArrayList<>();
    for (Setting<?> s : ServerSettings.all()) {
      String shown = s.shownDefault();
      String line = "  " + s.key() + (shown.isEmpty() ? "" : " = " + shown);
      if (line.length() <= WIDTH) {
        lines.add(escaped(line));
      } else {
        lines.add(escaped("  " + s.key() + " ="));
        lines.add(escaped(INDENT + shown));
      }
      lines.addAll(wrapped(escaped(plain(s.meaning()))));
    }
    return lines;
  }

  /** Markdown code spans read as plain text in a terminal. */
  private static String plain(String markdown) {
    return markdown.replace("`", "");
  }

  /** Picocli formats help texts with {@link String#format}. */
  private static String escaped(String text) {
    return text.replace("%", "%%");
  }

  private static List<String> wrapped(String text) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder(INDENT);
    for (String word : text.split(" ")) {
      if (line.length() > INDENT.length() && line.length() + 1 + word.length() > WIDTH) {
        lines.add(line.toString());
        line = new StringBuilder(INDENT);
      }
      if (line.length() > INDENT.length()) {
        line.append(' ');
      }
      line.append(word);
    }
    lines.add(line.toString());
    return lines;
  }
}
