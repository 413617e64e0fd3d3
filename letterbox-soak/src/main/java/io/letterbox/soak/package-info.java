/**
 * The crash soak, a correctness tool: {@link io.letterbox.soak.SoakCommand} runs the server jar in
 * a child process, cells of users ({@link io.letterbox.soak.Cell}, {@link io.letterbox.soak.CellLoad})
 * write to it over HTTP ({@link io.letterbox.soak.SoakHttp}, the JDK's client), the process is
 * SIGKILLed at seeded moments and restarted, and each cell's {@link io.letterbox.soak.Ledger} is
 * checked against what the server answers ({@link io.letterbox.soak.CellVerifier}). Uses only the
 * JDK, Jackson and picocli: it knows the server only by its HTTP API.
 */
package io.letterbox.soak;
