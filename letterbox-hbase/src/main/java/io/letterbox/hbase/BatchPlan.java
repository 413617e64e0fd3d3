package io.letterbox.hbase;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A batch as {@link HBaseStore#write} sends it: one mutation per row, each in its section's step
 * of the last mutation the section added to that row, and each step of every section sent
 * together.
 *
 * <p>A section's steps: the mutations it added before its commit point; the commit point; the
 * others but the section's last mutation; the last mutation. A row mutated on both sides of the
 * commit point is sent once, after it, with its last value; a row mutated after the commit point,
 * including the commit point's own row, folds onto the commit point's value. A section without a
 * commit point has the last two steps only.
 *
 * <p>No row belongs to two sections (a batch that mutates one in two is refused): so the sections
 * fold apart, a section whose commit point is taken can be left out of the later steps, and a
 * step of any number of sections is one list of mutations per table.
 */
final class BatchPlan {
  /** When a row's mutation is sent, in order. */
  enum Step { BEFORE_COMMIT, COMMIT, REST, LAST }

  /** A section's mutations in the order they were added, and its commit point's position among them (-1: none). */
  record Section(List<RowOp> ops, int commitIndex) {}

  /** A row's mutation and the section it belongs to, numbered from 0. */
  record SectionOp(int section, RowOp op) {}

  private record RowKey(SpaceTable table, ByteBuffer row) {}

  private static final class Folded {
    final int section;
    RowOp op;
    Step step;

    Folded(int section, RowOp op, Step step) {
      this.section = section;
      this.op = op;
      this.step = step;
    }
  }

  private final Map<SpaceTable, List<SectionOp>> commits = new LinkedHashMap<>();
  private final Map<Step, Map<SpaceTable, List<SectionOp>>> steps = new EnumMap<>(Step.class);
  private final Map<SpaceTable, List<RowOp>> increments = new LinkedHashMap<>();

  private BatchPlan() {}

  /**
   * @param sections the batch's sections in the order it started them
   * @throws IllegalArgumentException if two sections mutate one row
   */
  static BatchPlan of(List<Section> sections) {
    BatchPlan plan = new BatchPlan();
    Map<RowKey, Folded> rows = new LinkedHashMap<>();
    for (int section = 0; section < sections.size(); section++) {
      List<RowOp> ops = sections.get(section).ops();
      int commitIndex = sections.get(section).commitIndex();
      if (commitIndex >= 0) {
        add(plan.commits, new SectionOp(section, ops.get(commitIndex)));
      }
      int last = ops.size() - 1;
      for (int i = 0; i < ops.size(); i++) {
        RowOp op = ops.get(i);
        Step step = i < commitIndex ? Step.BEFORE_COMMIT
            : i == commitIndex ? Step.COMMIT : i == last ? Step.LAST : Step.REST;
        rows.merge(new RowKey(op.table(), ByteBuffer.wrap(op.row())), new Folded(section, op, step), BatchPlan::fold);
      }
    }
    for (Folded row : rows.values()) {
      if (row.step == Step.COMMIT) {
        continue; // the commit point's row, not mutated after it: the commit point writes it
      }
      add(plan.steps.computeIfAbsent(row.step, s -> new LinkedHashMap<>()), new SectionOp(row.section, row.op));
      if (row.op.kind() == RowOp.Kind.INCREMENT) {
        plan.increments.computeIfAbsent(row.op.table(), t -> new ArrayList<>()).add(row.op);
      }
    }
    return plan;
  }

  /** Steps only grow within a section: a row's step is that of the section's last mutation of it. */
  private static Folded fold(Folded before, Folded now) {
    if (before.section != now.section) {
      throw new IllegalArgumentException("sections " + before.section + " and " + now.section + " of the batch both"
          + " mutate a row of table " + now.op.table().name() + ": a key may be mutated by one section only");
    }
    before.op = before.op.then(now.op);
    before.step = now.step;
    return before;
  }

  /** @return the sections' commit points (puts), by table; empty if the batch has none */
  Map<SpaceTable, List<SectionOp>> commits() {
    return commits;
  }

  /** @return the mutations every section sends in {@code step}, by table; empty if none */
  Map<SpaceTable, List<RowOp>> step(Step step) {
    return step(step, new BitSet());
  }

  /**
   * @return the mutations sent in {@code step} by the sections not in {@code taken}, by table;
   *     empty if none
   */
  Map<SpaceTable, List<RowOp>> step(Step step, BitSet taken) {
    Map<SpaceTable, List<RowOp>> sent = new LinkedHashMap<>();
    steps.getOrDefault(step, Map.of()).forEach((table, ops) -> {
      for (SectionOp op : ops) {
        if (!taken.get(op.section())) {
          sent.computeIfAbsent(table, t -> new ArrayList<>()).add(op.op());
        }
      }
    });
    return sent;
  }

  /**
   * @return the rows, by table, whose counters must be read to be set: increments of stored
   *     values, in every section
   */
  Map<SpaceTable, List<RowOp>> increments() {
    return increments;
  }

  private static void add(Map<SpaceTable, List<SectionOp>> byTable, SectionOp op) {
    byTable.computeIfAbsent(op.op().table(), t -> new ArrayList<>()).add(op);
  }
}
