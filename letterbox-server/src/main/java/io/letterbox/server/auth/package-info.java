/** Who a request acts as: service keys and user tokens (JWTs), and what a user may do. */
package io.letterbox.server.auth;
