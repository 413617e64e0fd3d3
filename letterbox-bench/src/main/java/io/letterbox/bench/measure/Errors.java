package io.letterbox.bench.measure;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/** Counts failures of a phase and keeps the first one's message for the report. */
final class Errors {
  private final AtomicLong count = new AtomicLong();
  private final AtomicReference<String> first = new AtomicReference<>();

  void add(Throwable t) {
    while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    count.incrementAndGet();
    first.compareAndSet(null, t.getClass().getSimpleName() + ": " + t.getMessage());
  }

  long count() {
    return count.get();
  }

  String first() {
    return first.get();
  }
}
