package io.letterbox.server.config;

import io.letterbox.engine.LetterboxConfig;
import io.letterbox.hbase.HBaseStoreOptions;
import java.time.Duration;
import java.util.Collection;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * One setting, declared once in {@link ServerSettings}: its key (dashed lower-case, as in the
 * properties file), how its text becomes a value, its default, what it means and, where a reason
 * is worth keeping, why that default. The parser of the file, {@code serve --help} and the
 * README's configuration table all read it from here.
 *
 * @param <T> the type of its value
 */
public final class Setting<T> {
  /** Text to value; a refusal is a {@link ConfigException} that names the key. */
  @FunctionalInterface
  public interface Parser<T> {
    T parse(String key, String text);
  }

  /** Where a value goes besides the server's own settings: the engine's or an HBase store's options. */
  record Targets(LetterboxConfig.Builder engine, HBaseStoreOptions.Builder hbase) {}

  private final String key;
  private final Parser<T> parser;
  private final T byDefault;
  private final String meaning;
  private final String because;
  private final String shownDefault;
  private final boolean shownLiterally;
  private final BiConsumer<Targets, T> target;

  private Setting(String key, Parser<T> parser, T byDefault, String meaning, String because, String shownDefault,
      boolean shownLiterally, BiConsumer<Targets, T> target) {
    this.key = Objects.requireNonNull(key);
    this.parser = parser;
    this.byDefault = byDefault;
    this.meaning = meaning;
    this.because = because;
    this.shownDefault = shownDefault;
    this.shownLiterally = shownLiterally;
    this.target = target;
  }

  /** A setting of the server itself, read through {@link ServerConfig}. */
  static <T> Setting<T> of(String key, Parser<T> parser, T byDefault) {
    return new Setting<>(key, parser, byDefault, "", null, null, true, null);
  }

  /** A setting handed to {@code target} as the options are built; its default is the target's own. */
  static <T> Setting<T> passedOn(String key, Parser<T> parser, T byDefault, BiConsumer<Targets, T> target) {
    return new Setting<>(key, parser, byDefault, "", null, null, true, target);
  }

  /** What the setting means, as an operator reads it (Markdown code spans allowed). */
  Setting<T> meaning(String text) {
    return new Setting<>(key, parser, byDefault, text, because, shownDefault, shownLiterally, target);
  }

  /** Why the default is what it is. */
  Setting<T> because(String text) {
    return new Setting<>(key, parser, byDefault, meaning, text, shownDefault, shownLiterally, target);
  }

  /** Shows the default as these words instead of a value (it is worked out when the server starts). */
  Setting<T> defaultDescribedAs(String words) {
    return new Setting<>(key, parser, byDefault, meaning, because, words, false, target);
  }

  /** Shows the default as this value instead of {@link #byDefault()}'s text. */
  Setting<T> defaultShownAs(String value) {
    return new Setting<>(key, parser, byDefault, meaning, because, value, true, target);
  }

  public String key() {
    return key;
  }

  public String meaning() {
    return meaning;
  }

  /** Why the default is what it is; null where the meaning says enough. */
  public String because() {
    return because;
  }

  /** The value when the setting is not set; null where it has none. */
  public T byDefault() {
    return byDefault;
  }

  /** The default as an operator reads it: a value, words such as "a quarter of the heap", or "(none)". */
  public String shownDefault() {
    if (shownDefault != null) {
      return shownDefault;
    }
    if (byDefault == null || byDefault instanceof Collection<?> c && c.isEmpty()) {
      return "(none)";
    }
    if (byDefault instanceof Collection<?> c) {
      return String.join(",", c.stream().map(String::valueOf).toList());
    }
    if (byDefault instanceof Duration d && !d.isZero() && d.toSeconds() % 86_400 == 0 && d.toNanosPart() == 0) {
      return "P" + d.toDays() + "D";
    }
    return String.valueOf(byDefault);
  }

  /** Whether {@link #shownDefault()} is a value (code in Markdown) rather than words. */
  public boolean defaultIsLiteral() {
    return shownLiterally && !(shownDefault == null
        && (byDefault == null || byDefault instanceof Collection<?> c && c.isEmpty()));
  }

  T parse(String text) {
    return parser.parse(key, text);
  }

  @SuppressWarnings("unchecked")
  void passOn(Targets targets, Object value) {
    if (target != null) {
      target.accept(targets, (T) value);
    }
  }

  @Override
  public String toString() {
    return key;
  }
}
