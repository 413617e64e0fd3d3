package io.letterbox.server.config;

/** Values of settings, read by the declarations of {@link ServerSettings}: a builder's, or a built config's. */
public interface SettingValues {
  /** The value of {@code setting}: as set, else its default. */
  <T> T get(Setting<T> setting);
}
