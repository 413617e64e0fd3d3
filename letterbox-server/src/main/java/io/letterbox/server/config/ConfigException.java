package io.letterbox.server.config;

/** A setting that cannot be used; the server refuses to start and says which one. */
public final class ConfigException extends RuntimeException {
  public ConfigException(String message) {
    super(message);
  }
}
