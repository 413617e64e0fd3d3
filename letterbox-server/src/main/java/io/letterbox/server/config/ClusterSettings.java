package io.letterbox.server.config;

import java.net.URI;
import java.time.Duration;

/**
 * How a server takes part in a cluster of nodes on one HBase namespace (decision 0007, and
 * docs/hbase.md). Membership goes through the HBase cluster's ZooKeeper ({@code hbase-quorum}).
 *
 * @param node           this member's id, unique among live members ({@code cluster-node})
 * @param url            the base URL other members reach this one at ({@code cluster-url})
 * @param secret         shared by the members; their internal calls carry it ({@code cluster-secret})
 * @param sessionTimeout how long ZooKeeper waits before it counts a silent member gone, and its
 *                       partitions move ({@code cluster-session-timeout})
 */
public record ClusterSettings(String node, URI url, String secret, Duration sessionTimeout) {}
