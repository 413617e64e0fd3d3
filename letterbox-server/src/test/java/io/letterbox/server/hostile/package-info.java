/**
 * Tests of what a hostile or careless client may try over real HTTP: one class per behaviour
 * Letterbox keeps in front of such clients.
 */
package io.letterbox.server.hostile;
