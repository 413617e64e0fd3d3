package io.letterbox.server.http;

import io.letterbox.server.cluster.ClusterSecret;
import io.letterbox.server.http.forwarding.ClusterMap;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/** A cluster, seen from node {@code node-a}, whose every partition is owned by one other node at {@code owner}. */
record OneOwnerCluster(URI owner, String clusterSecret) implements ClusterMap {
  @Override
  public String self() {
    return "node-a";
  }

  @Override
  public Optional<URI> urlOf(int partition) {
    return Optional.of(owner);
  }

  @Override
  public List<URI> others() {
    return List.of(owner);
  }

  @Override
  public ClusterSecret secret() {
    return new ClusterSecret(clusterSecret);
  }

  @Override
  public Object describe() {
    return "";
  }

  @Override
  public boolean ready() {
    return true;
  }
}
