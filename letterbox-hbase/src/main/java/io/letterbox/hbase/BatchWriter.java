package io.letterbox.hbase;

import io.letterbox.hbase.BatchPlan.Step;
import io.letterbox.store.FencedException;
import io.letterbox.store.StoreException;
import java.util.ArrayList;
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
import org.apache.hadoop.hbase.client.Result;

/**
 * Sends a {@link BatchPlan} stamped with one version: each step is one multi-row call per table,
 * the tables at once, and each step is acknowledged before the next is sent. The counters the
 * batch increments are read first (one multi-get per table, at the same time as the first step)
 * and set to their new values in the step of their row. A counter stamped after the batch's
 * version would hide the value computed from it: the write then stops before the commit point.
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
   * @param afterCommit run once the commit point is taken, before the rest is sent: tests pause
   *     a writer there
   *
   * @throws FencedException if the commit point was taken: only the first step was sent
   * @throws StoreException if a step failed: the steps before it landed, some of its mutations
   *     may have, nothing after it was sent
   */
  static void write(BatchPlan plan, long version, Durability durability, Runnable afterCommit) {
    new BatchWriter(plan, version, durability, afterCommit).write();
  }

  private void write() {
    boolean committed = plan.commit() != null;
    String before = committed ? "the mutations before the commit point landed" : "nothing was written";
    plan.increments().forEach((table, rows) -> counters.put(table, read(table, rows)));
    await(send(Step.BEFORE_COMMIT), tables -> "write failed before the commit point (table " + tables
        + "): some mutations added before it may have landed; the commit point and what follows were not sent");
    await(counters, tables -> "reading the counters the batch increments failed (table " + tables + "): " + before
        + "; nothing else was sent");
    if (committed) {
      commit(plan.commit());
      afterCommit.run();
    }
    String upToRest = committed ? "the mutations up to the commit point landed; " : "";
    await(send(Step.REST), tables -> "write failed (table " + tables + "): " + upToRest
        + "some of the other mutations may have landed; the batch's last mutation was not sent");
    await(send(Step.LAST), tables -> "write of the batch's last mutation failed (table " + tables
        + "): every other mutation landed; it may have");
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
            + " this process had not read, or a clock that went back): " + (plan.commit() != null
            ? "the mutations before the commit point landed, nothing else was sent" : "nothing was written")
            + "; the clock has moved past it, so the batch written again is stamped later");
      }
      return cells;
    });
  }

  /**
   * Sends the step's mutations, one call per table (split at {@link #MAX_CALL_ROWS}); a table with
   * counters first waits for their reads.
   */
  private Map<SpaceTable, CompletableFuture<?>> send(Step step) {
    Map<SpaceTable, CompletableFuture<?>> calls = new LinkedHashMap<>();
    plan.step(step).forEach((table, ops) -> {
      CompletableFuture<Map<RowOp, Cell>> stored = counters.getOrDefault(table, CompletableFuture.completedFuture(Map.of()));
      calls.put(table, stored.thenCompose(cells -> {
        List<Mutation> all = mutations(ops, cells);
        List<CompletableFuture<?>> parts = new ArrayList<>();
        for (int from = 0; from < all.size(); from += MAX_CALL_ROWS) {
          parts.add(table.table().batchAll(all.subList(from, Math.min(all.size(), from + MAX_CALL_ROWS))));
        }
        return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new));
      }));
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

  private void commit(RowOp commit) {
    Put put = (Put) commit.toMutation(version, durability);
    CheckAndMutate putIfAbsent = CheckAndMutate.newBuilder(commit.row())
        .ifNotExists(SpaceTable.FAMILY, SpaceTable.QUALIFIER).build(put);
    CheckAndMutateResult result = Futures.await(commit.table().table().checkAndMutate(putIfAbsent),
        () -> "the commit point's check-and-mutate failed (table " + commit.table().name() + "): it may have been"
            + " applied; the mutations before it landed, nothing after it was sent");
    if (!result.isSuccess()) {
      throw new FencedException("the commit point of the batch is taken (table " + commit.table().name()
          + "): the mutations before it landed, nothing after it was sent");
    }
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
