/**
 * The commands of {@code letterbox}, on picocli: {@code serve}, {@code migrate}, {@code rebuild},
 * {@code backup}, {@code restore} and {@code token}. Each reads its settings through {@code config} (a flag's help is its
 * setting's, {@link io.letterbox.server.cli.SettingsHelp}) and calls the engine's replay, the
 * stores or the token signer; no HTTP.
 */
package io.letterbox.server.cli;
