package io.letterbox.server.cluster;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * How a node joins its namespace's cluster. Built with {@link #builder()}; every value's default
 * and meaning is in {@link Builder}.
 *
 * @param connectString     the ZooKeeper ensemble, {@code host:port,host:port}: the HBase cluster's
 *                          quorum
 * @param namespace         the Letterbox namespace whose partitions the members share
 * @param partitions        P, the namespace's partition count, from 1 to 512; every member must use
 *                          the same (the store keeps it)
 * @param nodeId            this node's member id; letters, digits, '.', '_' and '-'
 * @param internalUrl       where other nodes forward requests for this node's partitions
 * @param sessionTimeout    the ZooKeeper session timeout: how long a silent node keeps its
 *                          partitions before the others take them
 * @param connectionTimeout how long {@link Membership#start} waits to reach ZooKeeper
 * @param secret            the cluster secret: this node publishes a proof made with it, and
 *                          counts as members only nodes whose proof verifies
 * @param zookeeperAuth     {@code scheme:credentials} (e.g. {@code digest:user:password}) the
 *                          node authenticates to ZooKeeper with, creating the cluster's znodes
 *                          writable by that identity only; null: open ACLs
 */
public record MembershipConfig(
    String connectString,
    String namespace,
    int partitions,
    String nodeId,
    URI internalUrl,
    Duration sessionTimeout,
    Duration connectionTimeout,
    String secret,
    String zookeeperAuth) {

  private static final Pattern ZNODE_NAME = Pattern.compile("[A-Za-z0-9._-]{1,128}");

  public MembershipConfig {
    Objects.requireNonNull(connectString, "connectString");
    Objects.requireNonNull(internalUrl, "internalUrl");
    Objects.requireNonNull(secret, "secret");
    require(zookeeperAuth == null || zookeeperAuth.indexOf(':') > 0,
        "zookeeper auth must be scheme:credentials, e.g. digest:user:password");
    require(!connectString.isBlank(), "connect-string must be set (the HBase quorum)");
    require(isZnodeName(namespace), "namespace must be 1-128 letters, digits, '.', '_' or '-': %s",
        namespace);
    require(isZnodeName(nodeId), "node id must be 1-128 letters, digits, '.', '_' or '-': %s",
        nodeId);
    require(partitions >= 1 && partitions <= Assignment.MAX_PARTITIONS,
        "partitions must be from 1 to %s: %s", Assignment.MAX_PARTITIONS, partitions);
    require(internalUrl.isAbsolute(), "internal url must be absolute: %s", internalUrl);
    require(!sessionTimeout.isNegative() && !sessionTimeout.isZero(),
        "session timeout must be positive: %s", sessionTimeout);
    require(!connectionTimeout.isNegative() && !connectionTimeout.isZero(),
        "connection timeout must be positive: %s", connectionTimeout);
  }

  /** Without the secret and the ZooKeeper credentials, which logs must not show. */
  @Override
  public String toString() {
    return "MembershipConfig[connectString=" + connectString + ", namespace=" + namespace + ", partitions="
        + partitions + ", nodeId=" + nodeId + ", internalUrl=" + internalUrl + ", sessionTimeout=" + sessionTimeout
        + ", connectionTimeout=" + connectionTimeout + ", zookeeperAuth=" + (zookeeperAuth == null ? "none" : "set") + "]";
  }

  public static Builder builder() {
    return new Builder();
  }

  /** @return a builder holding these values, to change some */
  public Builder newBuilder() {
    return new Builder().connectString(connectString).namespace(namespace).partitions(partitions)
        .nodeId(nodeId).internalUrl(internalUrl).sessionTimeout(sessionTimeout)
        .connectionTimeout(connectionTimeout).secret(secret).zookeeperAuth(zookeeperAuth);
  }

  /** @return the znode whose children are the live members: {@code /letterbox/<namespace>/members} */
  public String membersPath() {
    return "/letterbox/" + namespace + "/members";
  }

  /** @return this node's ephemeral znode */
  public String memberPath() {
    return membersPath() + "/" + nodeId;
  }

  private static boolean isZnodeName(String s) {
    return s != null && ZNODE_NAME.matcher(s).matches() && !s.equals(".") && !s.equals("..");
  }

  private static void require(boolean ok, String message, Object... args) {
    if (!ok) {
      throw new IllegalArgumentException(String.format(message, args));
    }
  }

  public static final class Builder {
    /*
     * Chosen once per process: a restarted process joins as a new member at once, even while the
     * ZooKeeper session of its previous life has not expired yet (that member then just leaves).
     */
    private static final String PROCESS_NODE_ID = hostName() + "-"
        + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()).substring(2);

    // No default: it is the HBase cluster's quorum, e.g. "zk1:2181,zk2:2181,zk3:2181".
    private String connectString;
    private String namespace = "default";
    // No default: the namespace's P comes from the store.
    private int partitions;
    private String nodeId = PROCESS_NODE_ID;
    // No default: it must be reachable by the other nodes.
    private URI internalUrl;
    // 10 s: a crashed or partitioned node's partitions stall for up to this long, and a node must
    // not pause (GC) for more than ~2/3 of it, or it loses its session and drops its partitions
    // (the store's fence keeps that safe, only slower). HBase's own default is 90 s; ZooKeeper
    // clamps the value to 2-20 ticks of its server (HBase's tick: 2 s, so 4-40 s).
    private Duration sessionTimeout = Duration.ofSeconds(10);
    // 15 s: start fails rather than waiting for an unreachable ZooKeeper forever.
    private Duration connectionTimeout = Duration.ofSeconds(15);
    // No default: the members' shared secret.
    private String secret;
    // None: the znodes are open to every ZooKeeper client, as HBase's own are by default.
    private String zookeeperAuth;

    public Builder connectString(String v) { connectString = v; return this; }
    public Builder namespace(String v) { namespace = v; return this; }
    public Builder partitions(int v) { partitions = v; return this; }
    public Builder nodeId(String v) { nodeId = v; return this; }
    public Builder internalUrl(URI v) { internalUrl = v; return this; }
    public Builder sessionTimeout(Duration v) { sessionTimeout = v; return this; }
    public Builder connectionTimeout(Duration v) { connectionTimeout = v; return this; }
    public Builder secret(String v) { secret = v; return this; }
    public Builder zookeeperAuth(String v) { zookeeperAuth = v; return this; }

    public MembershipConfig build() {
      return new MembershipConfig(connectString, namespace, partitions, nodeId, internalUrl,
          sessionTimeout, connectionTimeout, secret, zookeeperAuth);
    }

    private static String hostName() {
      try {
        String name = InetAddress.getLocalHost().getHostName().replaceAll("[^A-Za-z0-9._-]", "-");
        return name.isEmpty() || name.length() > 100 ? "node" : name;
      } catch (UnknownHostException e) {
        return "node";
      }
    }
  }
}
