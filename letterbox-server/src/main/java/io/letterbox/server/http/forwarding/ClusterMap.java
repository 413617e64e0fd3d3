package io.letterbox.server.http.forwarding;

import io.letterbox.server.cluster.ClusterSecret;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/** What the HTTP layer needs to know of the cluster this node is part of (decision 0007). */
public interface ClusterMap {
  /** This node's member id. */
  String self();

  /**
   * @return the base URL of the node that owns {@code partition} now, empty if none is known or it
   *     is this one; only a member that proved it holds the cluster secret owns partitions
   */
  Optional<URI> urlOf(int partition);

  /** The base URLs of the other live members, each proven to hold the cluster secret. */
  List<URI> others();

  /** Signs this node's calls to the others and checks theirs. */
  ClusterSecret secret();

  /** The port of the members' own listener, the only one serving internal routes; 0: none, the API's port serves them. */
  default int internalPort() {
    return 0;
  }

  /** The document of {@code GET /v1/cluster}: members, their partitions, and epochs. */
  Object describe();

  /** Whether this node holds its membership and has taken every partition it owns. */
  boolean ready();
}
