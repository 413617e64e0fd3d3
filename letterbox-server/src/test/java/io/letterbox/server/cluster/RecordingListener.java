package io.letterbox.server.cluster;

import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** Keeps what a Membership told it, and on which thread. */
final class RecordingListener implements Membership.Listener {
  record Call(boolean gained, Set<Integer> partitions, String thread) {}

  private final List<Call> calls = new CopyOnWriteArrayList<>();
  private final SortedSet<Integer> owned = new TreeSet<>();
  private volatile Consumer<Set<Integer>> onLost = lost -> {};

  @Override
  public void gained(Set<Integer> partitions) {
    record(true, partitions);
  }

  @Override
  public void lost(Set<Integer> partitions) {
    onLost.accept(partitions);
    record(false, partitions);
  }

  private synchronized void record(boolean gained, Set<Integer> partitions) {
    calls.add(new Call(gained, Set.copyOf(partitions), Thread.currentThread().getName()));
    if (gained) {
      owned.addAll(partitions);
    } else {
      owned.removeAll(partitions);
    }
  }

  /** Runs {@code action} at the start of each lost call, on the listener's thread. */
  void onLost(Consumer<Set<Integer>> action) {
    onLost = action;
  }

  /** @return what the listener was told it owns now */
  synchronized SortedSet<Integer> owned() {
    return new TreeSet<>(owned);
  }

  List<Call> calls() {
    return List.copyOf(calls);
  }

  Call lastCall() {
    return calls.get(calls.size() - 1);
  }

  /** @return every partition it was ever told it gained */
  SortedSet<Integer> everGained() {
    SortedSet<Integer> all = new TreeSet<>();
    calls.stream().filter(Call::gained).forEach(c -> all.addAll(c.partitions()));
    return all;
  }
}
