package io.letterbox.server.config;

import static io.letterbox.server.config.ServerSettings.*;

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

  /** The settings of this node's membership, checked; null when {@code cluster} is false. */
  static ClusterSettings of(SettingValues values) {
    if (!values.get(CLUSTER)) {
      return null;
    }
    if (!"hbase".equals(values.get(STORE))) {
      throw new ConfigException("cluster=true needs store=hbase: the nodes share one HBase namespace");
    }
    String clusterSecret = values.get(CLUSTER_SECRET);
    if (clusterSecret == null || clusterSecret.length() < 16) {
      throw new ConfigException("cluster=true needs cluster-secret, at least 16 characters, the same on every node");
    }
    String host = values.get(HOST);
    int port = values.get(PORT);
    int clusterPort = values.get(CLUSTER_PORT);
    String listenHost = values.get(CLUSTER_HOST) != null ? values.get(CLUSTER_HOST) : host;
    int listenPort = clusterPort > 0 ? clusterPort : port;
    if (clusterPort > 0 && clusterPort == port && listenHost.equals(host)) {
      throw new ConfigException("cluster-port must differ from port: it is a listener of its own");
    }
    String url = values.get(CLUSTER_URL);
    if (url == null) {
      if (listenPort == 0 || listenHost.equals("0.0.0.0") || listenHost.equals("::")) {
        throw new ConfigException("cluster=true needs cluster-url (how the other nodes reach this one) when "
            + "host (or cluster-host) is a wildcard address or port is 0");
      }
      url = "http://" + (listenHost.contains(":") ? "[" + listenHost + "]" : listenHost) + ":" + listenPort;
    }
    URI uri;
    try {
      uri = URI.create(url);
    } catch (IllegalArgumentException e) {
      throw new ConfigException("cluster-url is not a URL: '" + url + "'");
    }
    if (!"http".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() <= 0) {
      throw new ConfigException("cluster-url must look like http://host:port: '" + url + "'");
    }
    String node = values.get(CLUSTER_NODE) != null ? values.get(CLUSTER_NODE) : uri.getHost() + "-" + uri.getPort();
    if (!node.matches("[A-Za-z0-9._-]{1,64}")) {
      throw new ConfigException("cluster-node must be 1-64 letters, digits, dots, dashes or underscores: '" + node + "'");
    }
    String zookeeperAuth = values.get(ZOOKEEPER_AUTH);
    if (zookeeperAuth != null && zookeeperAuth.indexOf(':') <= 0) {
      throw new ConfigException("zookeeper-auth must be scheme:credentials, e.g. digest:user:password");
    }
    return new ClusterSettings(node, uri, clusterSecret, values.get(CLUSTER_SESSION_TIMEOUT), zookeeperAuth, listenHost,
        clusterPort);
  }
}
