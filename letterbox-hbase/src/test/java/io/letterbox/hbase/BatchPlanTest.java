package io.letterbox.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.letterbox.hbase.BatchPlan.Step;
import io.letterbox.store.Bytes;
import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.junit.jupiter.api.Test;

/** How a batch's mutations become the steps the HBase store sends: one mutation per row, in order. */
class BatchPlanTest {
  private static final Space VALUES = Space.plain("values", 0);
  private static final Space COUNTS = Space.counters("counts", 0);
  private static final Space JOURNAL = Space.plain("journal", 0);
  private static final SpaceTables TABLES = new SpaceTables(List.of(table(VALUES), table(COUNTS), table(JOURNAL)));

  @Test
  void theLastPutOrDeleteOfARowWins() {
    BatchPlan plan = planOf(batch().put(VALUES, key(1), key(10)).delete(VALUES, key(1)).put(VALUES, key(1), key(30))
        .put(VALUES, key(2), key(20)).delete(VALUES, key(2))
        .put(VALUES, key(9), key(9)));

    assertThat(describe(plan.step(Step.REST))).containsExactly("values 1 PUT 30", "values 2 DELETE");
  }

  @Test
  void incrementsAddUpOntoWhatTheBatchSetBefore() {
    BatchPlan plan = planOf(batch().increment(COUNTS, key(1), 2).increment(COUNTS, key(1), 3)
        .put(COUNTS, key(2), Bytes.ofLong(40)).increment(COUNTS, key(2), 2)
        .increment(COUNTS, key(3), 5).delete(COUNTS, key(3)).increment(COUNTS, key(3), 3)
        .increment(COUNTS, key(4), 7).put(COUNTS, key(4), Bytes.ofLong(1))
        .put(VALUES, key(9), key(9)));

    assertThat(describe(plan.step(Step.REST)))
        .containsExactly("counts 1 INCREMENT 5", "counts 2 PUT 42", "counts 3 PUT 3", "counts 4 PUT 1");
    assertThat(describe(plan.increments())).as("only counters the batch did not set are read")
        .containsExactly("counts 1 INCREMENT 5");
  }

  @Test
  void withACommitPointFourStepsFollowTheOrderTheMutationsWereAdded() {
    BatchPlan plan = planOf(batch().put(VALUES, key(1), key(1)).commit(JOURNAL, key(7), key(7))
        .put(VALUES, key(2), key(2)).increment(COUNTS, key(3), 1).put(VALUES, key(0), key(4)));

    assertThat(plan.commit().row()).isEqualTo(TABLES.of(JOURNAL).row(key(7)));
    assertThat(describe(plan.step(Step.BEFORE_COMMIT))).containsExactly("values 1 PUT 1");
    assertThat(describe(plan.step(Step.REST))).containsExactly("values 2 PUT 2", "counts 3 INCREMENT 1");
    assertThat(describe(plan.step(Step.LAST))).containsExactly("values 0 PUT 4");
  }

  @Test
  void withoutACommitPointTheLastMutationIsSentAfterTheRest() {
    BatchPlan plan = planOf(batch().put(VALUES, key(1), key(1)).put(VALUES, key(2), key(2)).put(VALUES, key(0), key(3)));

    assertThat(plan.commit()).isNull();
    assertThat(plan.step(Step.BEFORE_COMMIT)).isEmpty();
    assertThat(describe(plan.step(Step.REST))).containsExactly("values 1 PUT 1", "values 2 PUT 2");
    assertThat(describe(plan.step(Step.LAST))).containsExactly("values 0 PUT 3");
  }

  @Test
  void aRowIsSentInTheStepOfItsLastMutation() {
    BatchPlan plan = planOf(batch().put(VALUES, key(1), key(1)).put(VALUES, key(0), key(1)).commit(JOURNAL, key(7), key(7))
        .put(VALUES, key(1), key(2)).put(VALUES, key(2), key(2)).put(VALUES, key(0), key(3)));

    assertThat(plan.step(Step.BEFORE_COMMIT)).isEmpty();
    assertThat(describe(plan.step(Step.REST))).containsExactly("values 1 PUT 2", "values 2 PUT 2");
    assertThat(describe(plan.step(Step.LAST))).containsExactly("values 0 PUT 3");
  }

  @Test
  void mutationsOfTheCommitPointsRowAfterItFoldOntoItsValue() {
    BatchPlan plan = planOf(batch().commit(COUNTS, key(7), Bytes.ofLong(7)).increment(COUNTS, key(7), 1)
        .put(VALUES, key(0), key(0)));

    assertThat(describe(plan.step(Step.REST))).containsExactly("counts 7 PUT 8");
    assertThat(plan.increments()).isEmpty();
  }

  @Test
  void aCommitPointWithAnEmptyValueIsRefused() {
    assertThatIllegalArgumentException().isThrownBy(() -> batch().commit(JOURNAL, key(7), new byte[0]))
        .withMessageContaining("empty");
  }

  @Test
  void aCommitPointWhoseKeyTheBatchMutatedBeforeIsRefused() {
    HBaseBatch batch = batch();
    batch.put(JOURNAL, key(7), key(1)).put(JOURNAL, key(8), key(1));

    assertThatIllegalArgumentException().isThrownBy(() -> batch.commit(JOURNAL, key(7), key(2)))
        .withMessageContaining("before the commit point");
    batch.commit(JOURNAL, key(9), key(2));
    assertThat(batch.size()).isEqualTo(3);
  }

  private static BatchPlan planOf(WriteBatch batch) {
    return ((HBaseBatch) batch).plan();
  }

  private static HBaseBatch batch() {
    return new HBaseBatch(TABLES, 0);
  }

  private static SpaceTable table(Space space) {
    return new SpaceTable(space, TableName.valueOf("plan", space.name()), 16, null);
  }

  /** "space key KIND value-or-delta", keys and values as the long they encode. */
  private static List<String> describe(Map<SpaceTable, List<RowOp>> step) {
    return step.values().stream().flatMap(List::stream).map(op -> op.table().space().name() + " "
        + Bytes.getLong(Salt.key(op.row()), 0) + " " + op.kind()
        + switch (op.kind()) {
          case PUT -> " " + Bytes.getLong(op.value(), 0);
          case INCREMENT -> " " + op.delta();
          case DELETE -> "";
        }).toList();
  }

  private static byte[] key(long n) {
    return Bytes.ofLong(n);
  }
}
