package io.letterbox.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.letterbox.hbase.BatchPlan.SectionOp;
import io.letterbox.hbase.BatchPlan.Step;
import io.letterbox.store.Bytes;
import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.util.BitSet;
import java.util.Comparator;
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

    assertThat(describeCommits(plan)).containsExactly("section 0: journal 7 PUT 7");
    assertThat(describe(plan.step(Step.BEFORE_COMMIT))).containsExactly("values 1 PUT 1");
    assertThat(describe(plan.step(Step.REST))).containsExactly("values 2 PUT 2", "counts 3 INCREMENT 1");
    assertThat(describe(plan.step(Step.LAST))).containsExactly("values 0 PUT 4");
  }

  @Test
  void withoutACommitPointTheLastMutationIsSentAfterTheRest() {
    BatchPlan plan = planOf(batch().put(VALUES, key(1), key(1)).put(VALUES, key(2), key(2)).put(VALUES, key(0), key(3)));

    assertThat(plan.commits()).isEmpty();
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
  void eachStepCarriesThatStepOfEverySection() {
    BatchPlan plan = planOf(batch()
        .put(VALUES, key(1), key(1)).commit(JOURNAL, key(1), key(1)).increment(COUNTS, key(1), 1)
        .put(VALUES, key(11), key(1))
        .section()
        .section().put(VALUES, key(2), key(2)).commit(JOURNAL, key(2), key(2)).put(VALUES, key(12), key(2))
        .section().put(VALUES, key(3), key(3)).put(VALUES, key(13), key(3)));

    assertThat(describeCommits(plan)).as("numbered from 0, the empty section too")
        .containsExactly("section 0: journal 1 PUT 1", "section 2: journal 2 PUT 2");
    assertThat(describe(plan.step(Step.BEFORE_COMMIT))).containsExactly("values 1 PUT 1", "values 2 PUT 2");
    assertThat(describe(plan.step(Step.REST))).containsExactly("counts 1 INCREMENT 1", "values 3 PUT 3");
    assertThat(describe(plan.step(Step.LAST))).containsExactly("values 11 PUT 1", "values 12 PUT 2", "values 13 PUT 3");
    assertThat(describe(plan.increments())).containsExactly("counts 1 INCREMENT 1");
  }

  @Test
  void aSectionWhoseCommitPointIsTakenIsLeftOutOfTheStepsAfterIt() {
    BatchPlan plan = planOf(batch()
        .put(VALUES, key(1), key(1)).commit(JOURNAL, key(1), key(1)).put(VALUES, key(21), key(1))
        .put(VALUES, key(11), key(1))
        .section().put(VALUES, key(2), key(2)).commit(JOURNAL, key(2), key(2)).increment(COUNTS, key(2), 1)
        .put(VALUES, key(12), key(2))
        .section().put(VALUES, key(23), key(3)).put(VALUES, key(13), key(3)));
    BitSet taken = new BitSet();
    taken.set(1);

    assertThat(describe(plan.step(Step.BEFORE_COMMIT))).as("sent before the commit points are checked")
        .containsExactly("values 1 PUT 1", "values 2 PUT 2");
    assertThat(describe(plan.step(Step.REST, taken))).containsExactly("values 21 PUT 1", "values 23 PUT 3");
    assertThat(describe(plan.step(Step.LAST, taken))).containsExactly("values 11 PUT 1", "values 13 PUT 3");
  }

  @Test
  void theStepsOfManySectionsAreOneListPerTable() {
    HBaseBatch batch = batch();
    for (int section = 0; section < 512; section++) {
      batch.put(VALUES, key(section), key(1)).commit(JOURNAL, key(section), key(1))
          .increment(COUNTS, key(section), 1).put(VALUES, key(1000 + section), key(1)).section();
    }
    BatchPlan plan = batch.plan();

    assertThat(plan.commits()).containsOnlyKeys(TABLES.of(JOURNAL));
    assertThat(plan.commits().get(TABLES.of(JOURNAL))).hasSize(512);
    assertThat(plan.step(Step.BEFORE_COMMIT)).containsOnlyKeys(TABLES.of(VALUES));
    assertThat(plan.step(Step.REST)).containsOnlyKeys(TABLES.of(COUNTS));
    assertThat(plan.step(Step.LAST)).containsOnlyKeys(TABLES.of(VALUES));
    assertThat(plan.step(Step.LAST).get(TABLES.of(VALUES))).hasSize(512);
  }

  @Test
  void aKeyMutatedByTwoSectionsIsRefusedWhenTheBatchIsPlanned() {
    HBaseBatch batch = batch();
    batch.put(VALUES, key(1), key(1)).commit(JOURNAL, key(1), key(1)).section().increment(COUNTS, key(2), 1)
        .put(VALUES, key(1), key(2));

    assertThatIllegalArgumentException().isThrownBy(batch::plan).withMessageContaining("sections 0 and 1");
  }

  @Test
  void aCommitPointWhoseKeyTheSectionMutatedBeforeIsRefused() {
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
    return step.values().stream().flatMap(List::stream).map(BatchPlanTest::describe).toList();
  }

  /** "section n: " and the commit point described, in the order of the sections. */
  private static List<String> describeCommits(BatchPlan plan) {
    return plan.commits().values().stream().flatMap(List::stream).sorted(Comparator.comparingInt(SectionOp::section))
        .map(commit -> "section " + commit.section() + ": " + describe(commit.op())).toList();
  }

  private static String describe(RowOp op) {
    return op.table().space().name() + " " + Bytes.getLong(Salt.key(op.row()), 0) + " " + op.kind()
        + switch (op.kind()) {
          case PUT -> " " + Bytes.getLong(op.value(), 0);
          case INCREMENT -> " " + op.delta();
          case DELETE -> "";
        };
  }

  private static byte[] key(long n) {
    return Bytes.ofLong(n);
  }
}
