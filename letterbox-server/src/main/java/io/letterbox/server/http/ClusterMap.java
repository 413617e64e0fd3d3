package io.letterbox.server.http;

import java.net.URI;
import java.util.List;
import java.util.Optional;

/** What the HTTP layer needs to know of the cluster this node is part of (decision 0007). */
public interface ClusterMap {
  /** This node's member id. */
  String self();

  /** @return the base URL of the node that owns {@code partition} now, empty if none is known or it is this one */
  Optional<URI> urlOf(int partition);

  /** The base URLs of the other live members. */
  List<URI> others();

  /** The shared secret the members' internal calls carry. */
  String secret();

  /** The document of {@code GET /v1/cluster}: members, their partitions, and epochs. */
  Object describe();

  /** Whether this node holds its membership and has taken every partition it owns. */
  boolean ready();
}
