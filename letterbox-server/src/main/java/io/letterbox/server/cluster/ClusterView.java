package io.letterbox.server.cluster;

import java.util.Collections;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One node's view of the cluster at one moment: who is live, who owns what, and what this node
 * owns. Immutable.
 *
 * @param self       this node's member id
 * @param members    the live members by id, as this node last saw them
 * @param assignment the owners those members imply
 * @param owned      the partitions this node owns now: its share of {@code assignment} while it
 *                   holds a ZooKeeper session and its registration, else none. Exactly what its
 *                   listener has been told.
 */
public record ClusterView(
    String self,
    SortedMap<String, Member> members,
    Assignment assignment,
    SortedSet<Integer> owned) {

  public ClusterView {
    members = Collections.unmodifiableSortedMap(new TreeMap<>(members));
    owned = Collections.unmodifiableSortedSet(new TreeSet<>(owned));
  }

  /** @return the member requests for {@code partition} go to; empty when no member is known */
  public Optional<Member> ownerOf(int partition) {
    return assignment.ownerOf(partition).map(members::get);
  }

  /** @return whether this node owns {@code partition} now */
  public boolean owns(int partition) {
    return owned.contains(partition);
  }
}
