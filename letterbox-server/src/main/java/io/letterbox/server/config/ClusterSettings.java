package io.letterbox.server.config;

import java.net.URI;
import java.time.Duration;

/**
 * How a server takes part in a cluster of nodes on one HBase namespace (decision 0007, and
 * docs/hbase.md). Membership goes through the HBase cluster's ZooKeeper ({@code hbase-quorum}).
 *
 * @param node           this member's id, unique among live members ({@code cluster-node})
 * @param url            the base URL other members reach this one at ({@code cluster-url})
 * @param secret         shared by the members, never sent: each proves it holds it in its znode
 *                       and signs its calls with it ({@code cluster-secret}, decision 0024)
 * @param sessionTimeout how long ZooKeeper waits before it counts a silent member gone, and its
 *                       partitions move ({@code cluster-session-timeout})
 * @param zookeeperAuth  {@code scheme:credentials} for ZooKeeper, e.g. {@code digest:user:password}:
 *                       the cluster's znodes are then writable by that identity only
 *                       ({@code zookeeper-auth}); null: open znodes
 * @param listenHost     the interface of the members' own listener ({@code cluster-host})
 * @param listenPort     the port of the members' own listener, which alone serves the internal
 *                       routes ({@code cluster-port}); 0: none, they share the API's port
 */
public record ClusterSettings(String node, URI url, String secret, Duration sessionTimeout, String zookeeperAuth,
    String listenHost, int listenPort) {
  /** Without the secret and the ZooKeeper credentials, which logs must not show. */
  @Override
  public String toString() {
    return "ClusterSettings[node=" + node + ", url=" + url + ", sessionTimeout=" + sessionTimeout
        + ", zookeeperAuth=" + (zookeeperAuth == null ? "none" : "set") + ", listenHost=" + listenHost
        + ", listenPort=" + listenPort + "]";
  }
}
