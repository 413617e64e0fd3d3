/**
 * Clients that mean harm, one test class per behaviour that keeps them from hurting other users
 * or the server: bodies that stall, bodies of the wrong type, web pages of other sites reaching a
 * loopback server, responses a browser could take for something else.
 */
package io.letterbox.server.hostile;
