/**
 * Webhooks (API.md, "Moderation and platform hooks"; decision 0040): a consumer of the owner feed
 * that POSTs each batch of events, signed, to {@code webhook-url} with Vert.x's web client, and
 * its status for {@code GET /v1/webhooks} and {@code /metrics}. The engine's feed followers give
 * the batches, keep the positions and back off while the endpoint fails.
 */
package io.letterbox.server.webhooks;
