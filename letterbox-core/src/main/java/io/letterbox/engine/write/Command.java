package io.letterbox.engine.write;

import java.util.concurrent.CompletableFuture;

/**
 * A mutation waiting for the {@link Sequencer}. {@link #decide} runs on the sequencer thread,
 * checks the request against the state (which includes every earlier command's actions, written
 * or still pending) and returns what to log, or throws a
 * {@link io.letterbox.engine.LetterboxException} to refuse it. It must not write.
 */
public abstract class Command<R> {
  final CompletableFuture<R> future = new CompletableFuture<>();

  abstract Decision<R> decide(EngineContext context);

  /** Names the keys {@link #decide} will read, to be read with the group's others; by default none. */
  void readAhead(ReadAhead readAhead) {}
}
