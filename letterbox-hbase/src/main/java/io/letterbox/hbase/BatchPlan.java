package io.letterbox.hbase;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A batch as {@link HBaseStore#write} sends it: one mutation per row, each in the step of the
 * last mutation the batch added to that row.
 *
 * <p>The steps: the mutations added before the commit point; the commit point; the others but
 * the batch's last mutation; the last mutation. A row mutated on both sides of the commit point
 * is sent once, after it, with its last value; a row mutated after the commit point, including
 * the commit point's own row, folds onto the commit point's value. A batch without a commit point
 * has the last two steps only.
 */
final class BatchPlan {
  /** When a row's mutation is sent, in order. */
  enum Step { BEFORE_COMMIT, COMMIT, REST, LAST }

  private record RowKey(SpaceTable table, ByteBuffer row) {}

  private static final class Folded {
    RowOp op;
    Step step;

    Folded(RowOp op, Step step) {
      this.op = op;
      this.step = step;
    }
  }

  private final RowOp commit;
  private final Map<Step, Map<SpaceTable, List<RowOp>>> steps = new EnumMap<>(Step.class);
  private final Map<SpaceTable, List<RowOp>> increments = new LinkedHashMap<>();

  private BatchPlan(RowOp commit) {
    this.commit = commit;
  }

  /**
   * @param ops the batch's mutations in the order they were added, its commit point among them
   * @param commitIndex the commit point's position in {@code ops}, or -1 if it has none
   */
  static BatchPlan of(List<RowOp> ops, int commitIndex) {
    BatchPlan plan = new BatchPlan(commitIndex < 0 ? null : ops.get(commitIndex));
    int last = ops.size() - 1;
    Map<RowKey, Folded> rows = new LinkedHashMap<>();
    for (int i = 0; i < ops.size(); i++) {
      RowOp op = ops.get(i);
      Step step = i < commitIndex ? Step.BEFORE_COMMIT : i == commitIndex ? Step.COMMIT : i == last ? Step.LAST : Step.REST;
      // Steps only grow with i: a row's step is that of its last mutation.
      rows.merge(new RowKey(op.table(), ByteBuffer.wrap(op.row())), new Folded(op, step), (before, now) -> {
        before.op = before.op.then(now.op);
        before.step = now.step;
        return before;
      });
    }
    for (Folded row : rows.values()) {
      if (row.step == Step.COMMIT) {
        continue; // the commit point's row, not mutated after it: the commit point writes it
      }
      plan.steps.computeIfAbsent(row.step, s -> new LinkedHashMap<>())
          .computeIfAbsent(row.op.table(), t -> new ArrayList<>()).add(row.op);
      if (row.op.kind() == RowOp.Kind.INCREMENT) {
        plan.increments.computeIfAbsent(row.op.table(), t -> new ArrayList<>()).add(row.op);
      }
    }
    return plan;
  }

  /** @return the commit point (a put), or null if the batch has none */
  RowOp commit() {
    return commit;
  }

  /** @return the mutations sent in {@code step}, by table; empty if none */
  Map<SpaceTable, List<RowOp>> step(Step step) {
    return steps.getOrDefault(step, Map.of());
  }

  /** @return the rows, by table, whose counters must be read to be set: increments of stored values */
  Map<SpaceTable, List<RowOp>> increments() {
    return increments;
  }
}
