/**
 * Calls between the members of a cluster (decision 0007):
 * {@link io.letterbox.server.http.forwarding.Forwarder} sends a request this node cannot answer
 * to the node that owns its partition and relays the answer;
 * {@link io.letterbox.server.http.forwarding.HttpPeers} is the engine's view of the other nodes
 * (deliveries, published broadcasts, revocations) over their internal routes;
 * {@link io.letterbox.server.http.forwarding.InternalChannel} is the HTTP/2 client they share, and
 * {@link io.letterbox.server.http.forwarding.ClusterMap} what this layer needs to know of the
 * cluster. Calls are signed with the cluster secret ({@code cluster}); uses {@code errors} and
 * {@code access}'s counts of forwarded requests.
 */
package io.letterbox.server.http.forwarding;
