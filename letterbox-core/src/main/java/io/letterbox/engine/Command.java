package io.letterbox.engine;

import java.util.concurrent.CompletableFuture;

/**
 * A mutation waiting for the {@link Sequencer}. {@link #decide} runs on the sequencer thread,
 * checks the request against the stored state and returns what to log, or throws a
 * {@link LetterboxException} to refuse it. It must not write.
 *
 * <p>{@link #reads} and {@link #writes} name, as {@link Conflicts} keys, the state the command
 * reads and the state its actions change. The sequencer groups many commands into one storage
 * batch, and flushes the batch before a command that reads what the batch already changes, so
 * that every decision sees every earlier one.
 */
abstract class Command<R> {
  final CompletableFuture<R> future = new CompletableFuture<>();

  abstract long[] reads();

  abstract long[] writes();

  abstract Decision<R> decide(EngineContext context);
}
