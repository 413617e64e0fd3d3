/**
 * How answers are written, and the one place where failures become HTTP answers:
 * {@link io.letterbox.server.http.errors.ErrorResponder} maps engine refusals
 * ({@link io.letterbox.engine.ErrorCode}), the HTTP layer's own
 * ({@link io.letterbox.server.http.errors.HttpCode}, {@link
 * io.letterbox.server.http.errors.ApiException}) and the router's to
 * {@code {"error":{"code","message"}}} with the status of
 * {@link io.letterbox.server.http.errors.HttpStatuses}; {@link io.letterbox.server.http.errors.Replies}
 * writes JSON answers and makes sure a failure reaches that mapping. Uses the engine's error codes,
 * {@code json}, and {@code access}'s refusal of a user's limit for its {@code Retry-After}; no routes.
 */
package io.letterbox.server.http.errors;
