/**
 * The server's settings. Each is declared once in {@link io.letterbox.server.config.ServerSettings}
 * (key, parser, default, meaning, why that default) as a {@link io.letterbox.server.config.Setting};
 * {@link io.letterbox.server.config.ServerConfig} parses the properties file by those
 * declarations, checks how the values fit together and builds the engine's and the store's
 * options; {@link io.letterbox.server.config.SettingsTable} renders the README's table. Uses the
 * engine's, RocksDB's and HBase's option types only; nothing here opens or serves anything.
 */
package io.letterbox.server.config;
