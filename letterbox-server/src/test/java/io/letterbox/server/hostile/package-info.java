/**
 * Hostile clients against a real server: each class one behaviour that a client trying to harm the
 * server or other users must not get past.
 */
package io.letterbox.server.hostile;
