package io.letterbox.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.NumericChars;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;

/** Assignment's promises over arbitrary member ids (jqwik). */
class AssignmentPropertiesTest {

  @Property
  void everyPartitionHasOneOwnerAndNoMemberMoreThanTheCeilingOfItsShare(
      @ForAll @Size(min = 1, max = 20) Set<@AlphaChars @NumericChars @StringLength(min = 1, max = 24) String> ids,
      @ForAll("partitionCounts") int partitions) {
    Assignment assignment = Assignment.of(ids, partitions);
    int n = ids.size();
    int total = 0;
    for (String id : ids) {
      int owned = assignment.partitionsOf(id).size();
      assertThat(owned).isBetween(partitions / n, (partitions + n - 1) / n);
      total += owned;
    }
    assertThat(total).isEqualTo(partitions);
  }

  @Property
  void everyNodeComputesTheSameOwnersFromTheSameMembers(
      @ForAll @Size(min = 1, max = 20) List<@AlphaChars @StringLength(min = 1, max = 12) String> ids,
      @ForAll("partitionCounts") int partitions) {
    List<String> distinct = ids.stream().distinct().toList();
    List<String> reversed = new ArrayList<>(distinct);
    java.util.Collections.reverse(reversed);
    assertThat(Assignment.of(reversed, partitions)).isEqualTo(Assignment.of(distinct, partitions));
  }

  @Property
  void aJoinOrLeaveMovesTheSharesOfTheMemberThatComesOrGoesAndFewMore(
      @ForAll @Size(min = 2, max = 21) Set<@AlphaChars @NumericChars @StringLength(min = 1, max = 24) String> ids,
      @ForAll("partitionCounts") int partitions) {
    List<String> with = List.copyOf(ids);
    String changing = with.get(0);
    Assignment after = Assignment.of(with, partitions);
    Assignment before = Assignment.of(with.subList(1, with.size()), partitions);
    int moved = AssignmentTest.moves(before, after);
    assertThat(moved).isGreaterThanOrEqualTo(after.partitionsOf(changing).size())
        .isLessThanOrEqualTo(AssignmentTest.bound(partitions, with.size()));
  }

  @Provide
  Arbitrary<Integer> partitionCounts() {
    return Arbitraries.of(1, 7, 64, 512);
  }
}
