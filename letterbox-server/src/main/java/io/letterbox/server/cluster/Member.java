package io.letterbox.server.cluster;

import java.net.URI;
import java.util.Objects;

/**
 * A live node of the cluster, as it registered itself.
 *
 * @param id  its member id, unique among live members
 * @param url   the base URL other nodes forward requests to, e.g. {@code http://10.0.0.7:8081}
 * @param proof that it holds the cluster secret ({@link ClusterSecret#proof}); null when it gave none
 */
public record Member(String id, URI url, String proof) {
  public Member {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(url, "url");
  }

  /** A member that gave no proof. */
  public Member(String id, URI url) {
    this(id, url, null);
  }
}
