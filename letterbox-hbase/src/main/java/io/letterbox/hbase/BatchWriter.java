package io.letterbox.hbase;

import io.letterbox.hbase.BatchPlan.SectionOp;
import io.letterbox.hbase.BatchPlan.Step;
import io.letterbox.store.FencedException;
import io.letterbox.store.StoreException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;

/**
 * Sends a {@link BatchPlan} stamped with one version: each step, of every section at once, is one
 * multi-row call per table, the tables at once, and each step is acknowledged before the next is
 * sent. The commit points are one multi-row check-and-mutate per table, each result deciding its
 * own section; a section whose commit point was taken is left out of the steps after it. So a
 * batch of hundreds of sections (the journals of as many partitions) costs the round trips of
 * one. The counters the batch increments are read first (one multi-get per table, at the same
 * time as the first step) and set to their new values in the step of their row. A counter stamped
 * after the batch's version would hide the value computed from it: the write then stops before
 * the commit points.
 */
final class BatchWriter {
  /**
   * The most rows of one call: a region server logs a warning for a multi-request of more
   * ({@code hbase.rpc.rows.warning.threshold}), and may be set to refuse them.
   */
  private static final int MAX_CALL_ROWS = 5_000;

  private final BatchPlan plan;
  private final long version;
  private final Durability durability;
  private final Runnable afterCommit;
  /** The counters' stored cells (null: none), completed by their reads; one future per table. */
  private final Map<SpaceTable, CompletableFuture<Map<RowOp, Cell>>> counters = new LinkedHashMap<>();

  private BatchWriter(BatchPlan plan, long version, Durability durability, Runnable afterCommit) {
    this.plan = plan;
    this.version = version;
    this.durability = durability;
    this.afterCommit = afterCommit;
  }

  /**
   * Writes {@code plan}, every cell stamped {@code version}.
   *
   * @param afterCommit run once the commit points are checked, before the rest is sent: tests
   *     pause a writer there
   *
   * @throws FencedException if some commit points were taken, once the other sections are
   *     written: only the first step of those sections was sent
   * @throws StoreException if a step failed: the steps before it landed, some of its mutations
   *     may have, nothing after it was sent
   */
  static void write(BatchPlan plan, long version, Durability durability, Runnable afterCommit) {
    new BatchWriter(plan, version, durability, afterCommit).write();
  }

  private void write() {
    boolean committing = !plan.commits().isEmpty();
    plan.increments().forEach((table, rows) -> counters.put(table, read(table, rows)));
    await(send(plan.step(Step.BEFORE_COMMIT)), tables -> "write failed before the commit points (table " + tables
        + "): some mutations added before them may have landed; the commit points and what follows were not sent");
    await(counters, tables -> "reading the counters the batch increments failed (table " + tables + "): "
        + landedBeforeCommit());
    BitSet taken = new BitSet();
    if (committing) {
      taken = commit();
      afterCommit.run();
    }
    String fenced = taken.isEmpty() ? ""
        : " (the commit points of sections " + taken + " were taken: nothing those sections added after them was sent)";
    String upToRest = committing ? "the mutations up to the commit points landed" + fenced + "; " : "";
    await(send(plan.step(Step.REST, taken)), tables -> "write failed (table " + tables + "): " + upToRest
        + "some of the other mutations may have landed; each section's last mutation was not sent");
    await(send(plan.step(Step.LAST, taken)), tables -> "write of each section's last mutation failed (table " + tables
        + "): every other mutation landed" + fenced + "; some of the last mutations may have");
    if (!taken.isEmpty()) {
      throw new FencedException("the commit points of sections " + taken + " of the batch are taken (table "
          + tablesOf(taken) + "): the mutations those sections added before them landed, nothing after them was sent;"
          + " the other sections were written", taken.stream().toArray(), CompletableFuture.completedFuture(null));
    }
  }

  /** What landed when the write stops before its commit points. */
  private String landedBeforeCommit() {
    return plan.commits().isEmpty() ? "nothing was written"
        : "the mutations before the commit points landed, nothing else was sent";
  }

  private CompletableFuture<Map<RowOp, Cell>> read(SpaceTable table, List<RowOp> rows) {
    List<Get> gets = new ArrayList<>(rows.size());
    for (RowOp row : rows) {
      gets.add(new Get(row.row()).addColumn(SpaceTable.FAMILY, SpaceTable.QUALIFIER));
    }
    return table.table().getAll(gets).thenApply(results -> {
      Map<RowOp, Cell> cells = new IdentityHashMap<>(rows.size());
      long newest = 0;
      for (int i = 0; i < rows.size(); i++) {
        Cell cell = results.get(i).getColumnLatestCell(SpaceTable.FAMILY, SpaceTable.QUALIFIER);
        if (cell != null) {
          newest = Math.max(newest, cell.getTimestamp());
        }
        cells.put(rows.get(i), cell);
      }
      CellClock.observe(newest);
      if (newest > version) {
        // The new value would be hidden by the one it is computed from.
        throw new StoreException("a counter in table " + table.name() + " has a version after this batch's (a writer"
            + " this process had not read, or a clock that went back): " + landedBeforeCommit()
            + "; the clock has moved past it, so the batch written again is stamped later");
      }
      return cells;
    });
  }

  /**
   * Sends a step's mutations, one call per table (split at {@link #MAX_CALL_ROWS}); a table with
   * counters first waits for their reads.
   */
  private Map<SpaceTable, CompletableFuture<?>> send(Map<SpaceTable, List<RowOp>> step) {
    Map<SpaceTable, CompletableFuture<?>> calls = new LinkedHashMap<>();
    step.forEach((table, ops) -> {
      CompletableFuture<Map<RowOp, Cell>> stored = counters.getOrDefault(table, CompletableFuture.completedFuture(Map.of()));
      calls.put(table, stored.thenCompose(cells ->
          inCalls(mutations(ops, cells), part -> table.table().batchAll(part))));
    });
    return calls;
  }

  private List<Mutation> mutations(List<RowOp> ops, Map<RowOp, Cell> counterCells) {
    List<Mutation> out = new ArrayList<>(ops.size());
    for (RowOp op : ops) {
      out.add(op.kind() == RowOp.Kind.INCREMENT
          ? op.counterPut(counterCells.get(op), version, durability)
          : op.toMutation(version, durability));
    }
    return out;
  }

  /**
   * Sends every section's commit point, one check-and-mutate call per table (split at
   * {@link #MAX_CALL_ROWS}).
   *
   * @return the sections whose commit points were taken
   */
  private BitSet commit() {
    Map<SpaceTable, CompletableFuture<List<CheckAndMutateResult>>> calls = new LinkedHashMap<>();
    plan.commits().forEach((table, commits) -> {
      List<CheckAndMutate> putsIfAbsent = new ArrayList<>(commits.size());
      for (SectionOp commit : commits) {
        Put put = (Put) commit.op().toMutation(version, durability);
        putsIfAbsent.add(CheckAndMutate.newBuilder(commit.op().row())
            .ifNotExists(SpaceTable.FAMILY, SpaceTable.QUALIFIER).build(put));
      }
      calls.put(table, inCalls(putsIfAbsent, table.table()::checkAndMutateAll));
    });
    await(calls, tables -> "the commit points' check-and-mutate failed (table " + tables + "): any of them may have"
        + " been applied; the mutations before them landed, nothing after them was sent");
    BitSet taken = new BitSet();
    plan.commits().forEach((table, commits) -> {
      List<CheckAndMutateResult> results = calls.get(table).join();
      for (int i = 0; i < commits.size(); i++) {
        if (!results.get(i).isSuccess()) {
          taken.set(commits.get(i).section());
        }
      }
    });
    return taken;
  }

  /** @return the tables of the commit points of the sections {@code taken} */
  private String tablesOf(BitSet taken) {
    return plan.commits().entrySet().stream()
        .filter(e -> e.getValue().stream().anyMatch(commit -> taken.get(commit.section())))
        .map(e -> e.getKey().name().getNameAsString()).collect(Collectors.joining(", "));
  }

  /**
   * Sends {@code rows} in calls of at most {@link #MAX_CALL_ROWS}, at once.
   *
   * @return the results of every call, in the order of {@code rows}
   */
  private static <R, T> CompletableFuture<List<T>> inCalls(List<R> rows,
      Function<List<R>, CompletableFuture<List<T>>> call) {
    List<CompletableFuture<List<T>>> parts = new ArrayList<>();
    for (int from = 0; from < rows.size(); from += MAX_CALL_ROWS) {
      parts.add(call.apply(rows.subList(from, Math.min(rows.size(), from + MAX_CALL_ROWS))));
    }
    return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new))
        .thenApply(done -> parts.stream().flatMap(part -> part.join().stream()).toList());
  }

  /**
   * Waits for every call, then throws if any failed.
   *
   * @param failure the exception's message, given the tables whose calls failed
   */
  private static void await(Map<SpaceTable, ? extends CompletableFuture<?>> calls, Function<String, String> failure) {
    if (calls.isEmpty()) {
      return;
    }
    Futures.await(CompletableFuture.allOf(calls.values().toArray(CompletableFuture[]::new)),
        () -> failure.apply(calls.entrySet().stream().filter(e -> e.getValue().isCompletedExceptionally())
            .map(e -> e.getKey().name().getNameAsString()).collect(Collectors.joining(", "))));
  }
}
