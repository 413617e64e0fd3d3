/**
 * Tests of what a hostile client, user or process tries, one class per behaviour: each says what
 * is tried and that it gets nothing.
 */
package io.letterbox.server.hostile;
