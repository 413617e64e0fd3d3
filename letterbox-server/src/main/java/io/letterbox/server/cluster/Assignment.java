package io.letterbox.server.cluster;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Which member owns each of P partitions: a pure function of the set of live member ids and P,
 * so every node that sees the same members computes the same owners, with no message exchanged.
 *
 * <p>Balanced: every member owns ⌊P/N⌋ or ⌈P/N⌉ partitions. Stable: a join or a leave moves the
 * partitions the leaver had or the joiner takes, plus a few that rebalancing shifts between the
 * others; never a reshuffle ({@code AssignmentTest} measures it).
 */
public final class Assignment {
  /** A partition's writer stamps its ids with the partition as a 9-bit node field (decision 0007). */
  public static final int MAX_PARTITIONS = 512;

  /*
   * Rendezvous (highest-random-weight) hashing with a capacity. Every (partition, member) pair has
   * a pseudo-random weight; pairs are taken strongest first, and a pair places its partition if the
   * partition is still free and the member still has room. Room is ⌊P/N⌋ for everyone, and ⌈P/N⌉
   * for the first P mod N members to reach it; together that is exactly P, and the greedy never
   * strands a partition (if it did, every member would have been full when its pair came, which
   * needs more than P places).
   *
   * The result is the unique stable assignment of the weights: no partition and member both prefer
   * each other to what they got. A partition moves only when a member it prefers to its owner gains
   * room or appears, or its owner loses room or leaves. Without capacities only the joiner's or
   * leaver's partitions would move (plain rendezvous), but loads would spread by ±√(P/N); the exact
   * capacity adds a chain of displacements to each change: on average the moves are 1.17x the
   * minimum for P = 512 and 1.41x for P = 64, at worst 2x the changing member's share for P = 512
   * and 4.5x for P = 64 at N = 16 (AssignmentTest). The measured alternatives (partitions placed in
   * index order; capacity ⌈P/N⌉ without the floor; a min-cost optimum of the weights) moved as many
   * or more. Doing better needs history (who owned what before), which nodes can see differently.
   *
   * The weights are part of the cluster's protocol: nodes running different weight functions
   * disagree on owners. Changing them needs a full restart (the store's fences keep that safe).
   */
  private final int partitions;
  private final List<String> members;
  private final String[] owners;

  private Assignment(int partitions, List<String> members, String[] owners) {
    this.partitions = partitions;
    this.members = members;
    this.owners = owners;
  }

  /**
   * @param members    the live member ids, in any order
   * @param partitions P, from 1 to {@link #MAX_PARTITIONS}
   * @return the owners; with no members, no partition has one
   * @throws IllegalArgumentException if an id repeats or P is out of range
   */
  public static Assignment of(Collection<String> members, int partitions) {
    if (partitions < 1 || partitions > MAX_PARTITIONS) {
      throw new IllegalArgumentException(
          "partitions must be from 1 to " + MAX_PARTITIONS + ": " + partitions);
    }
    TreeSet<String> distinct = new TreeSet<>(members);
    if (distinct.size() != members.size()) {
      throw new IllegalArgumentException("member ids repeat: " + members);
    }
    List<String> sorted = List.copyOf(distinct);
    return new Assignment(partitions, sorted, place(sorted, partitions));
  }

  private static String[] place(List<String> members, int partitions) {
    String[] owners = new String[partitions];
    int n = members.size();
    if (n == 0) {
      return owners;
    }
    List<Pair> pairs = new ArrayList<>(n * partitions);
    for (int m = 0; m < n; m++) {
      long memberHash = hash(members.get(m));
      for (int p = 0; p < partitions; p++) {
        pairs.add(new Pair(weight(memberHash, p), p, m));
      }
    }
    Collections.sort(pairs);
    int floor = partitions / n;
    int ceilings = partitions % n;
    int[] load = new int[n];
    int placed = 0;
    for (Pair pair : pairs) {
      int m = pair.member();
      if (owners[pair.partition()] != null || load[m] > floor || load[m] == floor && ceilings == 0) {
        continue;
      }
      if (load[m]++ == floor) {
        ceilings--;
      }
      owners[pair.partition()] = members.get(m);
      if (++placed == partitions) {
        break;
      }
    }
    return owners;
  }

  /** Strongest first; ties (astronomically rare) by partition, then member, so still one order. */
  private record Pair(long weight, int partition, int member) implements Comparable<Pair> {
    @Override
    public int compareTo(Pair o) {
      int c = Long.compareUnsigned(o.weight, weight);
      if (c != 0) {
        return c;
      }
      c = Integer.compare(partition, o.partition);
      return c != 0 ? c : Integer.compare(member, o.member);
    }
  }

  /** FNV-1a over the id's UTF-8 bytes, finished by a 64-bit mixer. */
  static long hash(String id) {
    long h = 0xcbf29ce484222325L;
    for (byte b : id.getBytes(StandardCharsets.UTF_8)) {
      h = (h ^ (b & 0xff)) * 0x100000001b3L;
    }
    return mix(h);
  }

  static long weight(long memberHash, int partition) {
    return mix(memberHash ^ mix((partition + 1) * 0x9e3779b97f4a7c15L));
  }

  /** MurmurHash3's 64-bit finalizer. */
  private static long mix(long z) {
    z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
    z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
    return z ^ (z >>> 33);
  }

  public int partitions() {
    return partitions;
  }

  /** @return the member ids, sorted */
  public List<String> members() {
    return members;
  }

  /** @return the partition's owner; empty only when there are no members */
  public Optional<String> ownerOf(int partition) {
    if (partition < 0 || partition >= partitions) {
      throw new IllegalArgumentException(
          "partition must be from 0 to " + (partitions - 1) + ": " + partition);
    }
    return Optional.ofNullable(owners[partition]);
  }

  /** @return the partitions {@code member} owns, ascending; empty for a non-member */
  public SortedSet<Integer> partitionsOf(String member) {
    TreeSet<Integer> owned = new TreeSet<>();
    for (int p = 0; p < partitions; p++) {
      if (member.equals(owners[p])) {
        owned.add(p);
      }
    }
    return Collections.unmodifiableSortedSet(owned);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Assignment a && partitions == a.partitions && members.equals(a.members)
        && java.util.Arrays.equals(owners, a.owners);
  }

  @Override
  public int hashCode() {
    return 31 * members.hashCode() + java.util.Arrays.hashCode(owners);
  }

  @Override
  public String toString() {
    return "Assignment[" + partitions + " partitions over " + members + "]";
  }
}
