/**
 * The hostile-client suite: what a user, a web page or a process that means harm tries over the
 * real HTTP API, one class per behaviour that keeps it from hurting other users or the server;
 * each test does what an attacker would and checks that it gains nothing.
 */
package io.letterbox.server.hostile;
