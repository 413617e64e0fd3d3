/**
 * How the client works, not part of its API: requests built as a {@link
 * io.letterbox.client.internal.Spec} of a {@link io.letterbox.client.internal.Route}, sent by the
 * {@link io.letterbox.client.internal.Transport} to the nodes in turn, retried by the pure rules of
 * {@link io.letterbox.client.internal.Retries} (decision 0015), decoded with the one
 * {@link io.letterbox.client.internal.Json} mapper, failures turned into the one exception by
 * {@link io.letterbox.client.internal.Errors}, and live events read by {@link
 * io.letterbox.client.internal.EventStream}. Uses the JDK's HTTP client and Jackson; may change
 * between versions without notice.
 */
package io.letterbox.client.internal;
