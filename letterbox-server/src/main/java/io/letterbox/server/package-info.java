/**
 * The {@code letterbox} process: {@link io.letterbox.server.Main} (the command line, exit codes)
 * and {@link io.letterbox.server.LetterboxServer}, which opens the store, the engine, the cluster
 * membership and the HTTP listeners in that order and closes them in the reverse one. Wires the
 * other packages of the server together; holds no HTTP or engine logic of its own.
 */
package io.letterbox.server;
