/**
 * The wire format of the API: Jackson's mapper with ids as decimal strings and times as RFC 3339
 * ({@link io.letterbox.server.http.json.Json}, {@link io.letterbox.server.http.json.Ids64},
 * {@link io.letterbox.server.http.json.Times}), request bodies read strictly
 * ({@link io.letterbox.server.http.json.JsonBody}), the views of the engine's model that answers
 * carry ({@link io.letterbox.server.http.json.JsonViews}) and, for the busiest answers, the same
 * documents written straight from the model ({@link io.letterbox.server.http.json.StreamedJson},
 * decision 0033). Uses Jackson, the model and
 * {@code errors}' {@code ApiException}; no routes.
 */
package io.letterbox.server.http.json;
