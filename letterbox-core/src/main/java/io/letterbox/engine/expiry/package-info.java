/**
 * Messages with a lifetime (decision 0045): the retention sweep, which removes messages older than
 * {@code message-retention} for everyone through the one removal of decision 0042, walking the
 * action log by id (ids are time-ordered) from a durable position per partition, and the
 * {@link io.letterbox.engine.expiry.Holds} it consults. Uses {@code apply} (the log's entries),
 * {@code store} and {@code keys}.
 */
package io.letterbox.engine.expiry;
