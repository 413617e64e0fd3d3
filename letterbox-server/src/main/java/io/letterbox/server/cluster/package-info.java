/**
 * Cluster membership and partition ownership (decision 0007): {@link
 * io.letterbox.server.cluster.Membership} registers this node in the HBase cluster's ZooKeeper
 * through Apache Curator and tells a listener which partitions it gains and loses; {@link
 * io.letterbox.server.cluster.Assignment} is the pure function from live members to owners that
 * every node computes alike; {@link io.letterbox.server.cluster.ClusterView} is one node's view,
 * for routing. Uses Curator, ZooKeeper, Jackson and SLF4J only: no engine, store or HTTP types, so
 * the server wires it to the engine rather than the other way round.
 */
package io.letterbox.server.cluster;
